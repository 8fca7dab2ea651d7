/**
 * Media types: matching a request's or a response's content type to the declared ones, the
 * response key a status falls under, the Content-Type header sent, and body limits by type.
 */
import type { ServerOptions } from './context.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The body limit for a request's content type: its media type's, its type's (`image/*`), or the default. */
export function bodyLimitFor(options: Pick<ServerOptions, 'bodyLimit' | 'bodyLimits'>, contentType: string | undefined): number {
  const fallback = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const limits = options.bodyLimits;
  if (!limits) return fallback;
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const exact = Object.hasOwn(limits, media) ? limits[media] : undefined;
  const wildcard = `${media.split('/')[0] ?? ''}/*`;
  const family = Object.hasOwn(limits, wildcard) ? limits[wildcard] : undefined;
  return exact ?? family ?? fallback;
}

export function isJsonMediaType(type: string): boolean {
  const t = type.toLowerCase();
  return t === 'application/json' || t.endsWith('+json') || t === '*/*';
}

const mediaTypes = new Map<string, string | undefined>();
export function mediaTypeOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let type = mediaTypes.get(header);
  if (type === undefined && !mediaTypes.has(header)) {
    type = header.split(';')[0]?.trim().toLowerCase() || undefined;
    if (mediaTypes.size < 256) mediaTypes.set(header, type);
  }
  return type;
}

const contentTypeHeaders = new Map<string, string>();
/** The Content-Type sent for a declared media type (a wildcard answered as JSON), computed once per type. */
export function contentTypeHeader(type: string): string {
  let header = contentTypeHeaders.get(type);
  if (header === undefined) {
    header = isJsonMediaType(type) && !/charset/i.test(type) ? type.replace('*/*', 'application/json') : type;
    if (contentTypeHeaders.size < 256) contentTypeHeaders.set(type, header);
  }
  return header;
}

/** Declared media types without their parameters, lowercased, per declaration list (lists are the contract's, read once). */
const bareTypes = new WeakMap<readonly string[], string[]>();

/** Picks the declared media type that serves `actual` (exact, then type/*, then * / *). */
export function matchMediaType(declared: readonly string[], actual: string): string | undefined {
  // A declared type's parameters (`application/json;charset=UTF-8`) do not change what it matches.
  let lower = bareTypes.get(declared);
  if (lower === undefined) {
    lower = declared.map((d) => d.split(';')[0]?.trim().toLowerCase() ?? '');
    bareTypes.set(declared, lower);
  }
  let i = lower.indexOf(actual);
  if (i >= 0) return declared[i];
  const [type] = actual.split('/');
  i = lower.indexOf(`${type}/*`);
  if (i >= 0) return declared[i];
  i = lower.indexOf('*/*');
  return i >= 0 ? declared[i] : undefined;
}

/** The response key a status falls under: "201", then "2XX", then "default". */
export function responseKey(responses: Readonly<Record<string, unknown>>, status: number): string | undefined {
  const exact = String(status);
  if (exact in responses) return exact;
  const range = `${exact[0]}XX`;
  if (range in responses) return range;
  return 'default' in responses ? 'default' : undefined;
}
