/**
 * The application: the generated fetch handler, `(request: Request) => Promise<Response>`, with the
 * pet handlers and an API key check. No node: module in its imports (asserted on its bundle): the
 * same file serves on Node (main.ts), Bun (`Bun.serve({ fetch: app })`), Deno (`Deno.serve(app)`)
 * and workers (`export default { fetch: app }`).
 */
import { createFetchHandler } from './generated/fetch.js';
import { petHandlers } from '../../shared/registry-pets.js';

export interface AppOptions {
  apiKey: string;
  fault?: boolean;
}

export function createApp(options: AppOptions): (request: Request) => Promise<Response> {
  return createFetchHandler(petHandlers({ fault: options.fault === true }), {
    security: { apiKey: (credential) => credential.credential === options.apiKey },
  });
}
