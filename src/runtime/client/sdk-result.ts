/**
 * An answer read into the SDK's result: the declared status it falls under, its body read as the
 * contract says, and ApiError for what the contract declares as an error or does not declare.
 */
import type { SdkBodyKind, SdkOperation } from './sdk-types.js';

/** An answer the contract declares as an error (on a client that throws), or one it does not declare at all. */
export class ApiError<E = unknown> extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly operationId: string,
    readonly status: number,
    /** The answer's body, read as the contract says (JSON, text), or as text when undeclared. */
    readonly error: E,
    readonly response: Response,
    /** False when the contract declares no answer for this status. */
    readonly declared: boolean,
  ) {
    super(`${operationId}: ${declared ? '' : 'undeclared '}status ${status}${summary(error)}`);
  }
}

function summary(body: unknown): string {
  if (typeof body === 'string') return body === '' ? '' : `: ${body.slice(0, 200)}`;
  if (body !== null && typeof body === 'object') {
    const message = (body as Record<string, unknown>)['message'] ?? (body as Record<string, unknown>)['detail'] ?? (body as Record<string, unknown>)['title'];
    if (typeof message === 'string') return `: ${message.slice(0, 200)}`;
  }
  return '';
}

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

export async function readResult(operation: SdkOperation, response: Response): Promise<AnyResult> {
  const key = declaredStatus(operation.responses, response.status);
  if (key === undefined) {
    const body = await response.text().catch(() => '');
    throw new ApiError(operation.id, response.status, body, response, false);
  }
  const value = await readBody(operation.responses[key] ?? 'none', response, operation);
  return response.ok ? { ok: true, status: response.status, data: value, response } : { ok: false, status: response.status, error: value, response };
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
