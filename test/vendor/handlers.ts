/**
 * The hand-written part of each vendor contract's server: three handlers, written as a user would
 * against the generated `Handlers` type, the rest left unimplemented (they answer 501). Each source
 * is written next to the generated code (as `main.ts`) and type-checked with it, then imported.
 *
 * The three handlers go to the generated `createPartialServer` without a cast; the handlers
 * themselves are checked with `satisfies Partial<Handlers>`.
 */
const head = `import { createPartialServer, type Handlers } from './server.js';\n`;
const tail = `
export const implemented = Object.keys(handlers);
export const listener = createPartialServer(handlers, { validateResponses: true });
`;

export const HANDLER_SOURCES: Record<string, string> = {
  netlify:
    head +
    `const handlers = {
  getSiteMetadata: () => ({ status: 200, body: { vendor: 'specforge' } }),
  deleteSite: () => ({ status: 204 }),
  createSiteSnippet: ({ body, params }) => ({
    status: 201,
    body: { id: 1, site_id: params.path.site_id, title: body.title ?? 'snippet', general: body.general ?? '' },
  }),
} satisfies Partial<Handlers>;
` +
    tail,
  directus:
    head +
    `const handlers = {
  // The body is optional: a client may log out without one.
  logout: ({ body }) => ({ status: 200, headers: { 'x-mode': body?.mode ?? 'json' } }),
  deleteItem: () => ({ status: 200 }),
  updateItem: ({ params, body }) => ({ status: 200, body: { data: { id: params.path.id, ...(body ?? {}) } } }),
} satisfies Partial<Handlers>;
` +
    tail,
  blockfrost:
    head +
    `const handlers = {
  get: () => ({ status: 200, body: { url: 'https://blockfrost.io/', version: '0.1.93' } }),
  getHealth: () => ({ status: 200, body: { is_healthy: true } }),
  getHealthClock: () => ({ status: 200, body: { server_time: 1_700_000_000_000 } }),
} satisfies Partial<Handlers>;
` +
    tail,
  gitbook:
    head +
    `const handlers = {
  getApiInformation: () => ({ status: 200, body: { version: '0.202.0', build: 'specforge' } }),
  deleteSpaceById: () => ({ status: 204 }),
  getEmbedByUrlInSpace: ({ params }) => ({ status: 200, body: { type: 'link', title: params.query.url, site: 'example.com', url: params.query.url } }),
} satisfies Partial<Handlers>;
` +
    tail,
  rclone:
    head +
    `const handlers = {
  // rc/noop echoes its input; the body is optional.
  rcNoop: ({ body }) => ({ status: 200, body: { ...(body ?? {}) } }),
  coreGc: () => ({ status: 200, body: {} }),
  coreDisks: () => ({ status: 200, body: { disks: [] } }),
} satisfies Partial<Handlers>;
` +
    tail,
};
