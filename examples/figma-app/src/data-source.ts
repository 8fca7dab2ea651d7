/**
 * Where the file page's data comes from: the one module to change to point it elsewhere.
 *
 * By default Figma's API is mocked in the page: the generated MSW handlers (`api/msw.ts`, over the
 * contract's mock tables) behind MSW's service worker answer every request under `/figma`, statefully
 * (a posted comment is in the next list). `?prefer=code=404` (or any `Prefer` the mock reads:
 * `code=429`, `example=...`) sends that header with every call, to see the page's error states.
 * With `?api=<url>` it calls that server instead (`specforge mock --stateful --cors`, or Figma's
 * own with a token in `VITE_FIGMA_TOKEN`).
 */
import { createSdkClient, type Client } from './api/sdk.js';

/** Where the MSW handlers answer: the page's own origin, under this path. */
export const MOCK_BASE = '/figma';

/** Resolves once requests can be sent; the client every hook of the page is given. */
export async function startDataSource(): Promise<Client> {
  const search = new URLSearchParams(window.location.search);
  const api = search.get('api');
  const prefer = search.get('prefer');
  // Every call sends a personal access token (the mock asks for one as Figma does).
  const options = {
    auth: { PersonalAccessToken: import.meta.env.VITE_FIGMA_TOKEN ?? 'figd_mock-token' },
    ...(prefer === null ? {} : { headers: { Prefer: prefer } }),
  };
  if (api !== null) return createSdkClient({ baseUrl: api, ...options });
  // Loaded only when used: a build pointed at a server keeps MSW in a chunk it never fetches.
  const [{ setupWorker }, { createMswHandlers }] = await Promise.all([import('msw/browser'), import('./api/msw.js')]);
  const { handlers } = createMswHandlers({ baseUrl: MOCK_BASE, stateful: true });
  await setupWorker(...handlers).start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return createSdkClient({ baseUrl: MOCK_BASE, ...options });
}
