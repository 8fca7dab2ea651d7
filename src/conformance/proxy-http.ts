/**
 * What the proxy reads of HTTP itself: a request's headers as the checks read them, the headers of
 * one connection (never forwarded), Node's own check of a header and of a status line, and request
 * targets with a dot segment.
 */
import { validateHeaderName, validateHeaderValue, type IncomingMessage } from 'node:http';
import { HOP_BY_HOP } from './observe.js';

/** Request headers of a node:http request as the checks read them: lower-case names, repeated values joined. */
export function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * The headers of one connection: the hop-by-hop ones of RFC 9110 §7.6.1 and every name the
 * `Connection` header lists (lower-case). Never forwarded, either way.
 */
export function connectionHeaders(connection: string | string[] | undefined): Set<string> {
  const out = new Set(HOP_BY_HOP);
  for (const value of Array.isArray(connection) ? connection : connection === undefined ? [] : [connection]) {
    for (const token of value.split(',')) {
      const name = token.trim().toLowerCase();
      if (name !== '') out.add(name);
    }
  }
  return out;
}

/** Node's check of a header (what writeHead would throw on), as a reason, or undefined when it is fine. */
export function invalidHeader(name: string, value: string): string | undefined {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return undefined;
  } catch {
    return `the header ${JSON.stringify(name.slice(0, 60))} is not a valid HTTP header`;
  }
}

/** What is wrong with an upstream's status line, if anything: a status outside 100-599, a reason phrase with control characters. */
export function invalidStatusLine(status: number | undefined, reason: string | undefined): string | undefined {
  if (status === undefined || !Number.isInteger(status) || status < 100 || status > 599)
    return `its status ${JSON.stringify(String(status ?? ''))} is not an HTTP status (100-599)`;
  if (reason !== undefined && /[^\t\x20-\x7e\x80-\xff]/.test(reason)) return 'its reason phrase holds control characters';
  return undefined;
}

/**
 * Whether a request target holds a dot segment (`.`, `..`) in any spelling a server may read as
 * one (`%2e`, `%2E`, a `\` or an encoded `/` or `\` as the separator): such a path could leave the
 * upstream's base path, and upstreams resolve it differently, so the proxy does not forward it.
 */
export function hasDotSegment(url: string): boolean {
  const path = (url.split(/[?#]/)[0] ?? '').replace(/%2e/gi, '.').replace(/%2f/gi, '/').replace(/%5c/gi, '\\');
  return path.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');
}
