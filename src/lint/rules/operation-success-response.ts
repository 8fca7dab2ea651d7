/** `specforge/operation-success-response`: every operation declares at least one 2xx response. */
import type { Oas3Rule } from '@redocly/openapi-core';
import { isRecord, operationName } from './common.js';

export const OperationSuccessResponse: Oas3Rule = () => ({
  Operation(op, ctx) {
    const responses: unknown = op.responses;
    const codes = isRecord(responses) ? Object.keys(responses) : [];
    if (codes.some((c) => /^2(\d\d|XX)$/i.test(c))) return;
    ctx.report({
      message: `${operationName(op, ctx)} declares no 2xx response: document what it answers when it succeeds`,
      location: isRecord(responses) ? ctx.location.child('responses').key() : ctx.location.key(),
    });
  },
});
