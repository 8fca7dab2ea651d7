/**
 * `specforge/operation-success-response`: every operation declares at least one 2xx response, or,
 * for an operation whose success is a redirect (an archive download that answers 302), a 3xx
 * response that declares its `Location` header.
 */
import type { Oas3Rule } from '@redocly/openapi-core';
import { isRecord, operationName } from './common.js';

function redirects(response: unknown): boolean {
  const headers = isRecord(response) ? response['headers'] : undefined;
  return isRecord(headers) && Object.keys(headers).some((h) => h.toLowerCase() === 'location');
}

export const OperationSuccessResponse: Oas3Rule = () => ({
  Operation(op, ctx) {
    const responses: unknown = op.responses;
    const codes = isRecord(responses) ? Object.keys(responses) : [];
    if (codes.some((c) => /^2(\d\d|XX)$/i.test(c))) return;
    if (isRecord(responses) && codes.some((c) => /^3\d\d$/.test(c) && redirects(responses[c]))) return;
    ctx.report({
      message: `${operationName(op, ctx)} declares no 2xx response (nor a 3xx redirect with a Location header): document what it answers when it succeeds`,
      location: isRecord(responses) ? ctx.location.child('responses').key() : ctx.location.key(),
    });
  },
});
