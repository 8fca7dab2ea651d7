/**
 * The contract's base path (the path of its first `servers[].url`) and how a request path is
 * matched against it. No `node:` import: the node:http listener, the fetch handler and the
 * framework adapters share it.
 *
 * `basePath` (ServerOptions) is the contract's base path by default; `false` or '' turns it off; a
 * string replaces it. A request whose path does not start with it (at a segment boundary) matches no
 * operation: a 404, or the next middleware under a framework adapter.
 */

/** A base path as compared: leading slash, no trailing slash; '' for none. */
export function normalizeBasePath(path: string): string {
  let p = path.trim();
  if (p === '' || p === '/') return '';
  if (!p.startsWith('/')) p = `/${p}`;
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p === '/' ? '' : p;
}

/**
 * The base path of a server URL: the path of an absolute URL (`https://api.example.com/v1` →
 * `/v1`) or a path (`/api/v1`), after its variables take their defaults; '' when it has none, names
 * a variable without a default, or is neither (a relative `v1`).
 */
export function basePathOfServerUrl(url: string, variables?: Readonly<Record<string, { default?: unknown }>>): string {
  const filled = url.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    const value = variables !== undefined && Object.hasOwn(variables, name) ? variables[name]?.default : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
  let path: string;
  if (filled.startsWith('/') && !filled.startsWith('//')) path = filled;
  else {
    // The scheme and authority, variables left in them or not (`{scheme}://{host}`).
    const scheme = /^[^/?#]*:\/\/[^/?#]*/.exec(filled);
    if (!scheme) return '';
    path = filled.slice(scheme[0].length);
  }
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  // A variable left without a value, or characters a path cannot carry as they are: no base path.
  if (/[{}\s]/.test(path)) return '';
  return normalizeBasePath(path);
}

/** The base path in force: the option when given (false or '' for none), else the contract's. */
export function resolveBasePath(option: string | false | undefined, contract: string | undefined): string {
  if (option === false) return '';
  if (typeof option === 'string') return normalizeBasePath(option);
  return contract === undefined ? '' : normalizeBasePath(contract);
}

/** Whether `path` is `base` or starts with `base/`. */
function under(path: string, base: string): boolean {
  return path === base || (path.startsWith(base) && path.charCodeAt(base.length) === 47);
}

/**
 * The path to route once the base path is taken off, or undefined when the request is not under
 * it. `mount` is what a framework already consumed in front of `path` (Express's `req.baseUrl`, a
 * Fastify prefix, koa-mount's path): the base path may be part of it (mounted at `/api`, base path
 * `/api/v1`: `/api/v1/pets` is `/pets`), all of it (mounted at `/api/v1`), or come after it
 * (mounted at `/svc`: `/svc/api/v1/pets`).
 */
export function stripBasePath(path: string, base: string, mount = ''): string | undefined {
  if (base === '') return path;
  const m = normalizeBasePath(mount);
  if (m !== '') {
    const full = m + (path === '/' ? '' : path);
    if (under(full, base) && base.length >= m.length) return full.slice(base.length) || '/';
    // The base path starts with '/': a mount point that ends with it ends at a segment boundary.
    if (m.endsWith(base)) return path;
  }
  if (!under(path, base)) return undefined;
  return path.slice(base.length) || '/';
}
