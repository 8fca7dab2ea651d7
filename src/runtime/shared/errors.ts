/**
 * Error bodies in the interface's own shape (`x-specforge-error`), or specforge's default
 * `{ message, errors }` when the contract declares none.
 */
import type { ErrorObject } from './error-object.js';
import { escapePointerSegment, unescapePointerSegment } from './object.js';
import type { ErrorBodySpec, ErrorTemplate } from './spec.js';

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
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  410: 'gone',
  412: 'precondition_failed',
  422: 'unprocessable_entity',
  428: 'precondition_required',
  429: 'too_many_requests',
  431: 'request_header_fields_too_large',
  500: 'internal_error',
  501: 'not_implemented',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
  507: 'insufficient_storage',
};

/** What a status means, in words ("not found" for 404, "status 418" for one without a code of its own). */
export function statusReason(status: number): string {
  const code = CODES[status];
  return code === undefined ? `status ${status}` : code.replace(/_/g, ' ');
}

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

/**
 * Puts `value` at `field` of `body`: a property name, or a JSON pointer whose missing containers are
 * created (an array where the next segment is a number). Own properties only, so "__proto__" stays data.
 */
function place(body: Record<string, unknown>, path: string, value: unknown): void {
  // A dotted path (`error.message`) is a pointer into nested objects.
  const field = !path.startsWith('/') && path.includes('.') ? `/${path.split('.').map(escapePointerSegment).join('/')}` : path;
  if (!field.startsWith('/')) {
    Object.defineProperty(body, field, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  const keys = field.slice(1).split('/').map(unescapePointerSegment);
  let node: Record<string, unknown> | unknown[] = body;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const next = keys[i + 1];
    const container = (): Record<string, unknown> | unknown[] => (next !== undefined && /^\d+$/.test(next) ? [] : {});
    const current: unknown = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
    const child = last ? value : current !== null && typeof current === 'object' ? current : container();
    Object.defineProperty(node, key, { value: child, enumerable: true, writable: true, configurable: true });
    if (!last) node = child as Record<string, unknown> | unknown[];
  });
}

/** A fresh id for one error body, so a caller can quote it and an operator can find the request. */
function requestId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return prefix + hex;
}

/**
 * The error body of an answer no operation declares a schema for: in the explicit shape
 * (x-specforge-error), else in the interface's inferred shape, else specforge's own.
 */
export function interfaceErrorBody(api: { errorBody?: ErrorBodySpec | undefined; errorTemplate?: ErrorTemplate | undefined }, err: HttpError): unknown {
  return api.errorTemplate && !api.errorBody
    ? fillTemplate(api.errorTemplate, err, undefined, templateHasDetails(api.errorTemplate), true)
    : errorBody(api.errorBody, err);
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
  const code = spec.codes && Object.hasOwn(spec.codes, err.code) ? (spec.codes[err.code] as string) : err.code;
  if (f.message) place(body, f.message, f.details ? err.message : err.message + detailText);
  if (f.status) place(body, f.status, spec.statusAsString ? String(err.status) : err.status);
  if (f.code) place(body, f.code, code);
  if (f.details && err.details.length > 0) place(body, f.details, err.details);
  if (f.requestId) place(body, f.requestId, requestId(spec.requestIdPrefix ?? ''));
  const first = err.details[0];
  if (f.field && first !== undefined && first.in !== 'security' && first.in !== 'request') place(body, f.field, first.name ?? fieldName(first.pointer));
  return body;
}

/** Sets a property named by a dotted path ("error.message": an error wrapped in an envelope). */
export function describeDetail(d: ProblemDetail): string {
  if (d.in === 'security') return d.message;
  const where =
    d.in === 'body' || d.in === 'response'
      ? `${d.in}${d.pointer ? ` ${d.pointer}` : ''}`
      : `${d.in} parameter "${d.name ?? ''}"${d.pointer ? ` ${d.pointer}` : ''}`;
  return `${where} ${d.message}`;
}

/**
 * Ajv errors as problem details; parameter errors are named by parameter. A missing or unexpected
 * property is pointed at by its own pointer ("/size", "/extra"), not by the object that holds it.
 */
export function detailsFromAjv(where: string, errors: readonly ErrorObject[] | null | undefined): ProblemDetail[] {
  if (!errors) return [];
  const out: ProblemDetail[] = [];
  const seen = new Set<string>();
  for (const e of withoutSummaries(errors)) {
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

/** Ajv's keywords whose error only sums up errors reported beside it. */
const SUMMARIES = new Set(['if', 'oneOf', 'anyOf']);

/**
 * Drops summary errors ("must match "then" schema", "must match exactly one schema in oneOf") when
 * an error at or below the same place says what is wrong; a summary that stands alone (a oneOf that
 * matches two alternatives) stays. Unions the contract lets specforge narrow are compiled so that
 * only the chosen alternative reports (src/contract/tables/alternatives.ts).
 */
function withoutSummaries(errors: readonly ErrorObject[]): readonly ErrorObject[] {
  if (!errors.some((e) => SUMMARIES.has(e.keyword))) return errors;
  const specific = errors.filter((e) => !SUMMARIES.has(e.keyword)).map((e) => e.instancePath);
  return errors.filter((e) => !SUMMARIES.has(e.keyword) || !specific.some((p) => p === e.instancePath || p.startsWith(e.instancePath + '/')));
}

/**
 * An error answer built from the template of its operation and status (see ErrorTemplate): the
 * body the contract declares for that status, filled with what maps and sampled elsewhere.
 */
export function templatedErrorBody(template: ErrorTemplate, err: HttpError): unknown {
  return fillTemplate(template, err, undefined, templateHasDetails(template), false);
}

/** A text cut to the schema's bound, never inside a surrogate pair. */
function cut(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

function templateHasDetails(t: ErrorTemplate): boolean {
  if (t.t === 'details') return true;
  return t.t === 'object' && t.props.some(([, child]) => templateHasDetails(child));
}

/** A body field named by its pointer, as a `param` or `field` property names it ("/address/city" → "address.city"). */
function fieldName(pointer: string | undefined): string {
  if (pointer === undefined || pointer === '/') return '';
  return pointer.slice(1).split('/').map(unescapePointerSegment).join('.');
}

/** `undeclared`: no schema of the contract describes this answer, so a status list (`only`) does not bind it. */
function fillTemplate(t: ErrorTemplate, err: HttpError, detail: ProblemDetail | undefined, detailsPlaced: boolean, undeclared: boolean): unknown {
  switch (t.t) {
    case 'value':
      return structuredClone(t.value);
    case 'message':
      return cut(detailsPlaced || err.details.length === 0 ? err.message : `${err.message}: ${err.details.map(describeDetail).join('; ')}`, t.max);
    case 'title':
      return cut(err.message, t.max);
    case 'status': {
      const status = t.only && !undeclared && !t.only.includes(err.status) ? (t.only[0] as number) : err.status;
      return t.string ? String(status) : status;
    }
    case 'code':
      return err.code;
    case 'requestId':
      return requestId('');
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of t.props) {
        const value = fillTemplate(child, err, detail, detailsPlaced, undeclared);
        if (value !== undefined) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'details': {
      const details: ProblemDetail[] =
        err.details.length > 0
          ? err.details
          : t.min > 0
            ? [{ in: err.status === 401 || err.status === 403 ? 'security' : 'request', message: err.message }]
            : [];
      return details.map((d) => fillTemplate(t.item, err, d, detailsPlaced, undeclared));
    }
    case 'detail': {
      // Outside a details array: the error's first detail, or nothing.
      const d = detail ?? err.details[0];
      if (d === undefined) return undefined;
      if (t.field === 'message') return d.in === 'security' || d.in === 'request' ? d.message : describeDetail(d);
      if (t.field === 'in') return d.in;
      if (t.field === 'pointer') return d.pointer ?? (d.name !== undefined ? d.name : '');
      return d.name ?? fieldName(d.pointer);
    }
  }
}
