/** Which response of an operation is its answer: response keys as statuses, and the primary response. */
import type { OperationModel, ResponseModel } from '../model.js';

/** A response key as a status: `404` as 404, `4XX` as 400; undefined for `default`. */
export function statusNumber(status: string): number | undefined {
  if (/^\d{3}$/.test(status)) return Number(status);
  if (/^[1-5]XX$/.test(status)) return Number(status[0]) * 100;
  return undefined;
}

/** The lowest 2xx response (then the lowest 3xx: a redirect, then default, then the lowest declared). */
export function primaryResponse(op: OperationModel): { response: ResponseModel; status: number } | undefined {
  const numbered = op.responses
    .map((r) => ({ response: r, status: statusNumber(r.status) }))
    .filter((r): r is { response: ResponseModel; status: number } => r.status !== undefined)
    .sort((a, b) => a.status - b.status || (a.response.status.endsWith('XX') ? 1 : -1));
  const success = numbered.find((r) => r.status >= 200 && r.status < 300) ?? numbered.find((r) => r.status >= 300 && r.status < 400);
  if (success) return success;
  const def = op.responses.find((r) => r.status === 'default');
  if (def) return { response: def, status: 200 };
  return numbered[0];
}
