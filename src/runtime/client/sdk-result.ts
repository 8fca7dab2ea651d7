/**
 * An answer read into the SDK's result: the declared status it falls under, its body read as the
 * contract says, and ApiError for what the contract declares as an error or does not declare.
 */
import { cleanMessage, errorMessage } from './error-message.js';
import { discard } from './sdk-retry.js';
import type { SdkBodyKind, SdkOperation } from './sdk-types.js';
import type { StreamItemsTable } from './stream-items.js';

/** The message readResult found in an error answer where the operation's table says it is. */
const found = new WeakMap<Response, string>();

/**
 * An answer the contract declares as an error (on a client that throws, or through `unwrap`), or one
 * it does not declare at all. `message` is `operationId: status` and the server's own message
 * (`getFile: 404 File not found`), read where the contract's error schema puts it, else from the
 * common places (`message`, `err`, `error`, `error.message`, `detail`, `title`, `errors[0].message`),
 * else the status text; one line of plain text, at most 200 characters. `status` narrows `body`
 * where the type is a union over the declared statuses (ApiErrorOf).
 */
export class ApiError<E = unknown, S extends number = number> extends Error {
  override readonly name = 'ApiError';
  /** The answer's body, read as the contract says (JSON, text), or as text when undeclared; the same value as `error`. */
  readonly body: E;
  constructor(
    readonly operationId: string,
    readonly status: S,
    /** The answer's body, read as the contract says (JSON, text), or as text when undeclared. */
    readonly error: E,
    readonly response: Response,
    /** False when the contract declares no answer for this status. */
    readonly declared: boolean,
  ) {
    const text = found.get(response) ?? errorMessage(error) ?? cleanMessage(response.statusText);
    super(`${operationId}: ${declared ? '' : 'undeclared '}${status}${text === '' ? '' : ` ${text}`}`);
    this.body = error;
  }
}

/** Each declared failure of a result type as an ApiError of its own status and body: `status` narrows `body`. */
type Failures<Result> = Result extends { ok: false; status: infer S extends number; error: infer E } ? ApiError<E, S> : never;

/**
 * The ApiError an operation's call throws for a declared error answer, from its result type
 * (`ApiErrorOf<GetFileResult>`): a union over the declared statuses, so `if (e.status === 404)`
 * narrows `e.body` to the 404's body. A status only a range or `default` declares keeps
 * `status: number`. ApiError of unknown body for an operation that declares no error.
 */
export type ApiErrorOf<Result> = [Failures<Result>] extends [never] ? ApiError<unknown, number> : Failures<Result>;

/** The data of a success result, or an ApiError thrown with the error of a declared failure. */
export async function unwrap<Result extends { ok: boolean; status: number; data?: unknown; error?: unknown; response: Response }>(
  pending: Promise<Result> | Result,
  operationId = 'request',
): Promise<Extract<Result, { ok: true }>['data']> {
  const result = await pending;
  if (result.ok) return result.data;
  throw new ApiError(operationId, result.status, result.error, result.response, true);
}

export type AnyResult = { ok: boolean; status: number; data?: unknown; error?: unknown; response: Response };

/** The declared answer `status` falls under: itself, its range ("4XX"), or "default". */
export function declaredStatus(responses: Readonly<Record<string, SdkBodyKind>>, status: number): string | undefined {
  const exact = String(status);
  if (Object.hasOwn(responses, exact)) return exact;
  const range = `${exact[0] ?? ''}XX`;
  if (Object.hasOwn(responses, range)) return range;
  if (!Object.hasOwn(responses, 'default')) return undefined;
  // A success only `default` covers, where the contract names its successes, is not declared.
  const successes = Object.keys(responses).some((k) => k.startsWith('2'));
  return status >= 200 && status < 300 && successes ? undefined : 'default';
}

/** Hands out the items of a stream answer (OpenAPI 3.2) described by the table given. */
export type ItemsOf = (table: StreamItemsTable, status: string) => AsyncIterable<unknown>;

export async function readResult(operation: SdkOperation, response: Response, itemsOf?: ItemsOf): Promise<AnyResult> {
  const key = declaredStatus(operation.responses, response.status);
  if (key === undefined) {
    const body = await response.text().catch(() => '');
    throw new ApiError(operation.id, response.status, body, response, false);
  }
  const items = operation.items !== undefined && Object.hasOwn(operation.items, key) ? operation.items[key] : undefined;
  if (items !== undefined && itemsOf === undefined) {
    // A table written by hand, or by an older generator, without its reader: say so, never hand out bytes as items.
    discard(response);
    throw new Error(
      `${operation.id}: the ${key} answer is a stream of items and the operation's table gives no reader (readItems: streamItems); regenerate sdk.ts`,
    );
  }
  const value = items !== undefined && itemsOf !== undefined ? itemsOf(items, key) : await readBody(operation.responses[key] ?? 'none', response, operation);
  if (response.ok) return { ok: true, status: response.status, data: value, response };
  const pointer = operation.messages && Object.hasOwn(operation.messages, key) ? operation.messages[key] : undefined;
  const message = pointer === undefined ? undefined : errorMessage(value, pointer);
  if (message !== undefined) found.set(response, message);
  return { ok: false, status: response.status, error: value, response };
}

async function readBody(kind: SdkBodyKind, response: Response, operation: SdkOperation): Promise<unknown> {
  if (kind === 'stream') return response.body;
  if (kind === 'blob') return response.blob();
  const text = await response.text();
  if (kind === 'none' || (kind === 'json' && text === '')) return kind === 'none' && text !== '' ? text : undefined;
  if (kind === 'text') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(operation.id, response.status, text, response, true);
  }
}
