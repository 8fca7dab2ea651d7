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
  if (f.message) body[f.message] = f.details ? err.message : err.message + detailText;
  if (f.status) body[f.status] = err.status;
  if (f.code) body[f.code] = err.code;
  if (f.details && err.details.length > 0) body[f.details] = err.details;
  return body;
}

export function describeDetail(d: ProblemDetail): string {
  const where = d.in === 'body' || d.in === 'response' ? `${d.in}${d.pointer ? ` ${d.pointer}` : ''}` : `${d.in} parameter "${d.name ?? ''}"${d.pointer ? ` ${d.pointer}` : ''}`;
  return `${where} ${d.message}`;
}

/** Ajv errors as problem details; parameter errors are named by parameter. */
export function detailsFromAjv(where: string, errors: readonly ErrorObject[] | null | undefined): ProblemDetail[] {
  if (!errors) return [];
  const out: ProblemDetail[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'enum' && Array.isArray((e.params as { allowedValues?: unknown[] }).allowedValues)) {
      message += `: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    if (e.keyword === 'additionalProperties') message += ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`;
    let detail: ProblemDetail;
    if (where === 'body' || where === 'response') {
      const pointer = e.keyword === 'required' ? `${e.instancePath}/${String((e.params as { missingProperty?: string }).missingProperty)}` : e.instancePath;
      detail = { in: where, pointer: pointer || '/', message: e.keyword === 'required' ? 'is required' : message };
    } else {
      const segments = e.instancePath.split('/').slice(1);
      const name = e.keyword === 'required' ? String((e.params as { missingProperty?: string }).missingProperty) : (segments[0] ?? '');
      const rest = segments.slice(1).join('/');
      detail = { in: where, name, message: e.keyword === 'required' ? 'is required' : message };
      if (rest) detail.pointer = `/${rest}`;
    }
    const key = JSON.stringify(detail);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(detail);
    }
  }
  return out;
}
