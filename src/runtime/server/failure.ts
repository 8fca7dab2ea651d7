/**
 * The error stage without its transport: a failure as the interface's error body and content
 * type, a 5xx reported to onError. node:http (fail.ts) and fetch (fetch.ts) write what this decides.
 */
import { HttpError, interfaceErrorBody, templatedErrorBody } from '../shared/errors.js';
import type { ApiSpec, OperationSpec } from '../shared/spec.js';
import type { ServerOptions } from './context.js';
import { responseKey } from './media.js';

/** What the error stage reads of the server. */
export interface Failer {
  readonly api: ApiSpec;
  readonly byId: ReadonlyMap<string, OperationSpec>;
  readonly options: ServerOptions<never>;
}

/**
 * The content type of an error answer: the JSON media type the operation declares for that status
 * (`application/problem+json`, a vendor's `application/vnd.x+json`), else application/json.
 */
function errorContentType(op: OperationSpec | undefined, key: string | undefined): string {
  if (!op) return 'application/json';
  const json = key ? op.responses[key]?.types.find((t) => /^application\/([\w.-]+\+)?json$/i.test(t)) : undefined;
  return json ?? 'application/json';
}

/**
 * The error body: built from the template of the operation's declared response for the status
 * (decided when the tables were made), else in the interface's error shape.
 */
function errorPayload(p: Failer, op: OperationSpec | undefined, key: string | undefined, err: HttpError): string {
  const template = op?.errors && key !== undefined && Object.hasOwn(op.errors, key) ? op.errors[key] : undefined;
  return JSON.stringify(template ? templatedErrorBody(template, err) : interfaceErrorBody(p.api, err));
}

/** An error answer: its status, headers (without Content-Length) and body. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  payload: string;
}

/** The answer to a failure (anything thrown but an HttpError is a 500, reported to onError with every 5xx). */
export function errorAnswer(p: Failer, err: unknown, operationId: string | undefined): ErrorAnswer {
  const httpError = err instanceof HttpError ? err : new HttpError(500, 'the handler failed');
  if (httpError.status >= 500) p.options.onError?.(err, operationId);
  const op = operationId === undefined ? undefined : p.byId.get(operationId);
  const key = op ? responseKey(op.responses, httpError.status) : undefined;
  return {
    status: httpError.status,
    headers: { ...httpError.headers, 'content-type': errorContentType(op, key) },
    payload: errorPayload(p, op, key, httpError),
  };
}
