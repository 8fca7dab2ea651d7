/**
 * Error bodies in the interface's own shape (`x-specforge-error`), or specforge's default
 * `{ message, errors }` when the contract declares none.
 */
import type { ErrorObject } from './ajv.js';
import type { ErrorBodySpec } from './spec.js';

export interface ProblemDetail {
  /** "path", "query", "header", "cookie", "body", "response" or "security". */
  in: string;
  /** Parameter name, or a JSON pointer inside the body. */
  name?: string;
  pointer?: string;
  message: string;
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  500: 'internal_error',
  501: 'not_implemented',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: ProblemDetail[] = [],
    readonly headers: Record<string, string> = {},
    readonly code: string = CODES[status] ?? `http_${status}`,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorBody(spec: ErrorBodySpec | undefined, err: HttpError): Record<string, unknown> {
  if (!spec) {
    const body: Record<string, unknown> = { message: err.message, code: err.code };
    if (err.details.length > 0) body['errors'] = err.details;
    return body;
  }
  const f = spec.fields;
  const body: Record<string, unknown> = {};
  const detailText = err.details.length > 0 ? `: ${err.details.map(describeDetail).join('; ')}` : '';
  if (f.message) put(body, f.message, f.details ? err.message : err.message + detailText);
  if (f.status) put(body, f.status, err.status);
  if (f.code) put(body, f.code, err.code);
  if (f.details && err.details.length > 0) put(body, f.details, err.details);
  return body;
}

/** Sets a property named by a dotted path ("error.message": an error wrapped in an envelope). */
function put(body: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = body;
  for (const key of keys.slice(0, -1)) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (next === null || typeof next !== 'object' || Array.isArray(next)) {
      const created: Record<string, unknown> = {};
      Object.defineProperty(node, key, { value: created, enumerable: true, writable: true, configurable: true });
      node = created;
    } else node = next as Record<string, unknown>;
  }
  Object.defineProperty(node, keys[keys.length - 1] as string, { value, enumerable: true, writable: true, configurable: true });
}

export function describeDetail(d: ProblemDetail): string {
  const where = d.in === 'body' || d.in === 'response' ? `${d.in}${d.pointer ? ` ${d.pointer}` : ''}` : `${d.in} parameter "${d.name ?? ''}"${d.pointer ? ` ${d.pointer}` : ''}`;
  return `${where} ${d.message}`;
}

function escapePointerSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointerSegment(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Ajv errors as problem details; parameter errors are named by parameter. A missing or unexpected
 * property is pointed at by its own pointer ("/size", "/extra"), not by the object that holds it.
 */
export function detailsFromAjv(where: string, errors: readonly ErrorObject[] | null | undefined): ProblemDetail[] {
  if (!errors) return [];
  const out: ProblemDetail[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'enum' && Array.isArray((e.params as { allowedValues?: unknown[] }).allowedValues)) {
      message += `: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    let instancePath = e.instancePath;
    if (e.keyword === 'required') {
      instancePath += `/${escapePointerSegment(String((e.params as { missingProperty?: string }).missingProperty))}`;
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      const extra = String((e.params as { additionalProperty?: string }).additionalProperty);
      instancePath += `/${escapePointerSegment(extra)}`;
      message += ` (${extra})`;
    }
    let detail: ProblemDetail;
    if (where === 'body' || where === 'response') {
      detail = { in: where, pointer: instancePath || '/', message };
    } else {
      // The validated instance is the object of one location's parameters: the first segment names the parameter.
      const segments = instancePath.split('/').slice(1);
      detail = { in: where, name: unescapePointerSegment(segments[0] ?? ''), message };
      if (segments.length > 1) detail.pointer = `/${segments.slice(1).join('/')}`;
    }
    const key = JSON.stringify(detail);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(detail);
    }
  }
  return out;
}
