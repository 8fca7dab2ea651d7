/**
 * Where the application's data comes from: the one module to change to point it elsewhere.
 *
 * Here, the stateful mock specforge serves in Node.js (`specforge mock --stateful --cors`): the page
 * calls the URL given as `?api=` in its address, else the contract's first server.
 */
import { createSdkClient, defaultBaseUrl, type Client } from './api/sdk.js';

/** Resolves once requests can be sent; the client every hook of the application is given. */
export async function startDataSource(): Promise<Client> {
  const api = new URLSearchParams(window.location.search).get('api');
  return createSdkClient({ baseUrl: api ?? defaultBaseUrl });
}
