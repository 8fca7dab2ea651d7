/** `specforge/operation-operationid`: every operation has an operationId (it names the handler, the validators and the client method). */
import type { Oas3Rule } from '@redocly/openapi-core';
import { nonEmptyString, operationName } from './common.js';

export const OperationOperationId: Oas3Rule = () => ({
  Operation(op, ctx) {
    if (nonEmptyString(op.operationId)) return;
    ctx.report({
      message: `${operationName(op, ctx)} has no operationId: add one; it names the operation's handler, validators and client method`,
      location: op.operationId === undefined ? ctx.location.key() : ctx.location.child('operationId'),
    });
  },
});
