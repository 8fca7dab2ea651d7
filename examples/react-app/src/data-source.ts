/**
 * Where the application's data comes from: the one module to change to point it elsewhere.
 *
 * By default, the stateful mock runs in the page: the generated MSW handlers (`msw.ts`, over the
 * contract's mock tables and the browser-safe mock engine) behind MSW's service worker answer
 * every request under `/api`, so the application needs no server. With `?api=<url>` in the page's
 * address it calls that server instead (`specforge mock --stateful --cors`, or the real one).
 */
import { createSdkClient, type Client } from './api/sdk.js';

/** Where the MSW handlers answer: the page's own origin, under this path. */
export const MOCK_BASE = '/api';

/** Resolves once requests can be sent; the client every hook of the application is given. */
export async function startDataSource(): Promise<Client> {
  const api = new URLSearchParams(window.location.search).get('api');
  if (api !== null) return createSdkClient({ baseUrl: api });
  // Loaded only when used: a build pointed at a server keeps MSW in a chunk it never fetches.
  const [{ setupWorker }, { createMswHandlers }] = await Promise.all([import('msw/browser'), import('./api/msw.js')]);
  const { handlers } = createMswHandlers({ baseUrl: MOCK_BASE, stateful: true });
  await setupWorker(...handlers).start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return createSdkClient({ baseUrl: MOCK_BASE });
}
