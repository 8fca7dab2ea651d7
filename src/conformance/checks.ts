/**
 * The checks a conformance run applies to each answer, named as Schemathesis names them so that
 * users of both recognize them.
 */
import type { HeaderModel, JsonSchema, MediaTypeModel, OperationModel, ResponseModel } from '../contract/model.js';
import { isRecord } from '../contract/pointer.js';
import type { ValidateFunction } from '../runtime/validation/standalone.js';
import { onlyRedacted } from './redacted.js';
import { itemText, ordinal, type StreamRead } from './stream-check.js';

export const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
  'positive_data_acceptance',
  'use_after_free',
  'ensure_resource_availability',
  'ignored_auth',
  'auth_challenge',
  'transition_precondition',
  'example_schema_conformance',
  'unsupported_method',
  'content_type_negotiation',
  'max_response_time',
] as const;

export type CheckName = (typeof CHECKS)[number];

/** Ends the message of a failure counted once for the contract (an undeclared 401 of the security phase). */
export const CONTRACT_WIDE_NOTE = '(counted once for the contract, whichever operation answers it)';

export function isCheckName(name: string): name is CheckName {
  return (CHECKS as readonly string[]).includes(name);
}

/** What was sent, as the report shows it. */
export interface SentRequest {
  operationId: string;
  method: string;
  /** Path and query, relative to the base URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Where the request came from: an example's name, a mutation, a generated case. */
  origin: string;
}

/** What came back. */
export interface ReceivedResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text (cut to 4 KiB in reports). */
  text: string;
  contentType: string;
  /** The body parsed as JSON when its type says JSON and it parses. */
  json?: unknown;
  /** Why the body is not checked (larger than the size limit, nested too deeply): a finding. */
  unchecked?: string;
  /** Milliseconds from sending the request to the end of its body. */
  elapsedMs?: number;
  /** An OpenAPI 3.2 stream of items, as read item by item within bounds (stream-check.ts). */
  stream?: StreamRead;
}

export interface CheckFailure {
  check: CheckName;
  message: string;
  /** The contract location the answer breaks (a JSON pointer into the document). */
  location?: string;
  /**
   * What makes two failures of a check the same fault when their messages differ (the status a
   * valid request was refused with): failures are reported once per operation, check and cause
   * (the message, numbers blurred, when there is none). Not part of the report.
   */
  cause?: string;
  /** `contract`: the fault is the contract's, counted once for the whole run (not per operation). */
  scope?: 'contract';
}

/** The response object of the operation that covers a status: exact, then range (4XX), then default. */
export function declaredResponse(op: OperationModel, status: number): ResponseModel | undefined {
  const exact = op.responses.find((r) => r.status === String(status));
  if (exact) return exact;
  const range = op.responses.find((r) => r.status.toUpperCase() === `${String(status)[0]}XX`);
  return range ?? op.responses.find((r) => r.status === 'default');
}

/** The media type the contract declares for an answer's status and content type, if any. */
export function declaredMedia(op: OperationModel, status: number, contentType: string): MediaTypeModel | undefined {
  const actual = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return declaredResponse(op, status)?.content.find((c) => mediaMatches(c.type, actual));
}

export function mediaMatches(declared: string, actual: string): boolean {
  // Parameters (`;charset=UTF-8`) do not change the media type.
  const [dt, ds] = (declared.split(';')[0] ?? '').trim().toLowerCase().split('/');
  const [at, as] = actual.toLowerCase().split('/');
  return (dt === '*' || dt === at) && (ds === '*' || ds === as || (ds?.startsWith('*+') === true && as?.endsWith(ds.slice(1)) === true));
}

function headerValueProblem(header: HeaderModel, value: string): string | undefined {
  const schema = header.schema;
  if (!isRecord(schema)) return undefined;
  const t = schema['type'];
  if (t === 'integer' && !/^-?\d+$/.test(value.trim())) return `is "${value}", not an integer`;
  if (t === 'number' && !Number.isFinite(Number(value.trim()))) return `is "${value}", not a number`;
  if (t === 'boolean' && !/^(true|false)$/.test(value.trim())) return `is "${value}", not a boolean`;
  if (Array.isArray(schema['enum']) && !schema['enum'].map(String).includes(value.trim()))
    return `is "${value}", not one of ${schema['enum'].map(String).join(', ')}`;
  return undefined;
}

export interface AnswerContext {
  op: OperationModel;
  response: ReceivedResponse;
  validator?: ValidateFunction | undefined;
  method: string;
  /** Resolves a "#/..." $ref of the contract (to find the writeOnly properties an answer need not carry). */
  resolve?: (ref: string) => JsonSchema | undefined;
}

/**
 * The names of the properties a schema marks with `flag` anywhere (properties, items, compositions,
 * $ref targets, each visited once): `readOnly` ones a request need not send, `writeOnly` ones an
 * answer need not carry, even where `required` lists them.
 */
export function flaggedProperties(
  schema: JsonSchema | undefined,
  resolve: ((ref: string) => JsonSchema | undefined) | undefined,
  flag: 'readOnly' | 'writeOnly',
): Set<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (s: unknown, depth: number): void => {
    if (depth > 64 || !isRecord(s) || seen.has(s) || seen.size > 10_000) return;
    seen.add(s);
    if (typeof s['$ref'] === 'string' && resolve) visit(resolve(s['$ref']), depth + 1);
    if (isRecord(s['properties'])) {
      for (const [name, sub] of Object.entries(s['properties'])) {
        const target = isRecord(sub) && typeof sub['$ref'] === 'string' && resolve ? resolve(sub['$ref']) : sub;
        if ((isRecord(sub) && sub[flag] === true) || (isRecord(target) && target[flag] === true)) names.add(name);
        visit(sub, depth + 1);
      }
    }
    for (const key of ['items', 'additionalProperties', 'not']) visit(s[key], depth + 1);
    for (const key of ['allOf', 'oneOf', 'anyOf', 'prefixItems']) if (Array.isArray(s[key])) for (const sub of s[key]) visit(sub, depth + 1);
  };
  visit(schema, 0);
  return names;
}

/** Whether a validator's errors are only `required` properties of the given names (not demanded in this direction). */
export function onlyMissing(errors: ValidateFunction['errors'], names: ReadonlySet<string>): boolean {
  if (!errors || errors.length === 0 || names.size === 0) return false;
  return errors.every(
    (e) =>
      e.keyword === 'required' &&
      typeof (e.params as { missingProperty?: unknown }).missingProperty === 'string' &&
      names.has((e.params as { missingProperty: string }).missingProperty),
  );
}

/** The checks every answer gets: status, content type, headers and body against the contract. */
export function answerChecks(ctx: AnswerContext): Array<{ check: CheckName; failure?: CheckFailure }> {
  const { op, response } = ctx;
  const out: Array<{ check: CheckName; failure?: CheckFailure }> = [];
  out.push({
    check: 'not_a_server_error',
    ...(response.status >= 500
      ? { failure: { check: 'not_a_server_error', message: `server error ${response.status}${summary(response)}`, location: op.pointer } }
      : {}),
  });
  const declared = declaredResponse(op, response.status);
  // An undeclared server error is one fault, reported once (by not_a_server_error).
  if (!declared && response.status >= 500) return out;
  out.push({
    check: 'status_code_conformance',
    ...(declared
      ? {}
      : {
          failure: {
            check: 'status_code_conformance',
            message: `status ${response.status} is not declared (declared: ${op.responses.map((r) => r.status).join(', ')})${summary(response)}`,
            location: `${op.pointer}/responses`,
            cause: `status ${response.status}`,
          },
        }),
  });
  if (!declared) return out;
  const hasBody = response.text.length > 0 && ctx.method !== 'HEAD' && response.status !== 204 && response.status !== 304;
  const actual = response.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const media = declared.content.find((c) => mediaMatches(c.type, actual));
  if (hasBody && declared.content.length > 0) {
    out.push({
      check: 'content_type_conformance',
      ...(media
        ? {}
        : {
            failure: {
              check: 'content_type_conformance',
              message: `content type "${actual || '(none)'}" is not declared for ${declared.status} (declared: ${declared.content.map((c) => c.type).join(', ')})`,
              location: `${declared.pointer}/content`,
            },
          }),
    });
  }
  if (declared.headers.length > 0) {
    const problems: string[] = [];
    for (const h of declared.headers) {
      const value = response.headers[h.name.toLowerCase()];
      if (value === undefined) {
        if (h.required) problems.push(`required header ${h.name} is missing`);
        continue;
      }
      const problem = headerValueProblem(h, value);
      if (problem) problems.push(`header ${h.name} ${problem}`);
    }
    out.push({
      check: 'response_headers_conformance',
      ...(problems.length > 0
        ? { failure: { check: 'response_headers_conformance', message: problems.join('; '), location: `${declared.pointer}/headers` } }
        : {}),
    });
  }
  if (response.unchecked !== undefined) {
    out.push({
      check: 'response_schema_conformance',
      failure: { check: 'response_schema_conformance', message: response.unchecked, location: media ? media.pointer : declared.pointer },
    });
  } else if (response.stream !== undefined && media) {
    const failure = streamFailure(response.stream, media, ctx.validator);
    out.push({ check: 'response_schema_conformance', ...(failure ? { failure } : {}) });
  } else if (hasBody && media && ctx.validator && /json/i.test(actual) && media.stream !== undefined) {
    // A stream of JSON values (one event per line): each complete value is checked; a value cut
    // off where reading stopped is not.
    const lines = response.text.split('\n').filter((l) => l.trim() !== '');
    if (!response.text.endsWith('\n')) lines.pop();
    const problems: string[] = [];
    for (const line of lines) {
      let value: unknown;
      try {
        value = JSON.parse(line) as unknown;
      } catch {
        problems.push(`a line is not JSON: ${line.slice(0, 80)}`);
        continue;
      }
      if (!ctx.validator(value)) problems.push(...(ctx.validator.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()));
    }
    out.push({
      check: 'response_schema_conformance',
      ...(problems.length > 0
        ? {
            failure: {
              check: 'response_schema_conformance',
              message: `the stream does not match the schema: ${problems.slice(0, 5).join('; ')}`,
              location: `${media.pointer}/schema`,
            },
          }
        : {}),
    });
  } else if (hasBody && media && ctx.validator && /json/i.test(actual)) {
    if (response.json === undefined) {
      out.push({
        check: 'response_schema_conformance',
        failure: { check: 'response_schema_conformance', message: `the body is not JSON: ${response.text.slice(0, 120)}`, location: media.pointer },
      });
    } else if (
      !ctx.validator(response.json) &&
      !onlyMissing(ctx.validator.errors, flaggedProperties(media.schema, ctx.resolve, 'writeOnly')) &&
      // A credential a recording redacted is not judged against its schema (its form is not known).
      !onlyRedacted(ctx.validator.errors, response.json)
    ) {
      // A writeOnly property (a password) is never in an answer, even where `required` lists it.
      const errors = (ctx.validator.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
      out.push({
        check: 'response_schema_conformance',
        failure: {
          check: 'response_schema_conformance',
          message: `the body does not match the schema: ${errors.join('; ')}`,
          location: `${media.pointer}/schema`,
        },
      });
    } else out.push({ check: 'response_schema_conformance' });
  }
  return out;
}

/**
 * What is wrong with a stream of items, if anything: its first item the item validator refuses
 * (its index, from 0, and its text), else a break of its framing. Items read before a bound cut
 * the stream are checked; the rest was not read (the run says so in `skipped`).
 */
function streamFailure(stream: StreamRead, media: MediaTypeModel, validator: ValidateFunction | undefined): CheckFailure | undefined {
  if (validator) {
    for (let i = 0; i < stream.items.length; i++) {
      const item = stream.items[i];
      // A binary multipart part (bytes) is not judged: JSON Schema asserts nothing on bytes.
      if (item instanceof Uint8Array || validator(item)) continue;
      const errors = (validator.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
      return {
        check: 'response_schema_conformance',
        message: `stream item ${i} (the ${ordinal(i + 1)}) does not match the item schema: ${errors.join('; ')}; the item: ${itemText(item)}`,
        location: `${media.pointer}/itemSchema`,
        cause: 'a stream item does not match the item schema',
      };
    }
  }
  if (stream.end.kind === 'broken') {
    return {
      check: 'response_schema_conformance',
      message: `the stream breaks at item ${stream.end.index} (the ${ordinal(stream.end.index + 1)}): ${stream.end.reason}`,
      location: media.pointer,
      cause: 'the stream breaks',
    };
  }
  return undefined;
}

function summary(response: ReceivedResponse): string {
  const text = response.text.replace(/\s+/g, ' ').trim();
  return text ? `: ${text.slice(0, 200)}` : '';
}

/** A request as a curl command that reproduces it (single-quoted for POSIX shells). */
export function curlCommand(base: string, request: SentRequest): string {
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const url = base.replace(/\/$/, '') + request.url;
  // curl reads [ ] and { } in a URL as a glob unless told not to ([REDACTED] in a query, for one).
  const parts = ['curl', ...(/[[\]{}]/.test(url) ? ['--globoff'] : []), '-X', request.method, q(url)];
  for (const [k, v] of Object.entries(request.headers).sort(([a], [b]) => a.localeCompare(b))) parts.push('-H', q(`${k}: ${v}`));
  if (request.body === undefined) return parts.join(' ');
  // A body with control characters (a multipart body's CRLFs) never goes raw on the line: printf
  // writes it exactly from escapes, and curl reads it from standard input as bytes.
  if (/[\x00-\x08\x0b-\x1f\x7f]/.test(request.body)) {
    const escaped = request.body.replace(/[\\%\x00-\x1f\x7f]/g, (c) =>
      c === '\\' ? '\\\\' : c === '%' ? '%%' : `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`,
    );
    return `printf -- ${q(escaped)} | ${parts.join(' ')} --data-binary @-`;
  }
  parts.push('--data-raw', q(request.body));
  return parts.join(' ');
}

/** The JSON type a schema names at its root (the first non-null one), if it names one. */
export function schemaType(schema: JsonSchema | undefined): string | undefined {
  if (!isRecord(schema)) return undefined;
  const t = schema['type'];
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  return undefined;
}

/**
 * How an answer to invalid data is judged (negative_data_rejection): a 4xx refuses it, except a
 * 409 (a conflict: a reused idempotency key, a duplicate; the request got past validation, so the
 * data was not refused) and a 429 (rate limited: the data was never looked at). A 429 is no
 * verdict: the text returned says why the case is not tried (RunContext.judge reports it in
 * `skipped`); a request is sent again after a short Retry-After before it comes to that
 * (send-request.ts). Below 400 is an acceptance; a 5xx is not_a_server_error's to report.
 */
export function invalidDataJudged(op: OperationModel, response: ReceivedResponse, origin: string): { check: CheckName; failure?: CheckFailure } | string {
  const status = response.status;
  if (status === 429)
    return `invalid data was answered 429 (too many requests, after any short Retry-After was waited for): the server did not judge it, so those cases are not tried`;
  if (status !== 409 && status >= 400) return { check: 'negative_data_rejection' };
  const message =
    status === 409
      ? `invalid data (${origin}) was answered 409, a conflict, not a refusal of the data: the request got past validation (a reused key, a duplicate)`
      : `invalid data (${origin}) was accepted with ${status}`;
  return { check: 'negative_data_rejection', failure: { check: 'negative_data_rejection', message, location: op.pointer } };
}
