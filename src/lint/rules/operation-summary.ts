/** `specforge/operation-summary`: every operation has a one-line summary (docs and generated code use it as the title). */
import type { Oas3Rule } from '@redocly/openapi-core';
import { nonEmptyString, operationName } from './common.js';

export const OperationSummary: Oas3Rule = () => ({
  Operation(op, ctx) {
    if (nonEmptyString(op.summary)) return;
    ctx.report({
      message: `${operationName(op, ctx)} has no summary: add a one-line summary; docs and generated code use it as the operation's title`,
      location: op.summary === undefined ? ctx.location.key() : ctx.location.child('summary'),
    });
  },
});
