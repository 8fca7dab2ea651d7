/**
 * `specforge/operation-error-response`: every operation declares at least one 4xx response, and one
 * of them answers a body in the interface's error schema: the schema that the root
 * `x-specforge-error` declares and the generated server builds every error body in. Responses to
 * HEAD carry no body, so for HEAD a 4xx response without content is enough.
 */
import { dequal, isRef, type Oas3Rule, type UserContext } from '@redocly/openapi-core';
import { isRecord, operationName } from './common.js';

interface ErrorSchema {
  /** Where a referenced error schema lives: "<file>#<pointer>", after every $ref is followed. */
  id?: string;
  /** An error schema written inline in x-specforge-error. */
  inline?: unknown;
  label: string;
}

const FOUR_XX = /^4(\d\d|XX)$/i;

function isErrorSchema(schema: unknown, from: string | undefined, error: ErrorSchema, ctx: UserContext): boolean {
  if (isRef(schema)) {
    const target = ctx.resolve(schema, from);
    return error.id !== undefined && target.location?.absolutePointer === error.id;
  }
  return error.inline !== undefined && dequal(schema, error.inline);
}

export const OperationErrorResponse: Oas3Rule = () => {
  let error: ErrorSchema | undefined;
  return {
    Root: {
      enter(root, ctx) {
        const ext: unknown = (root as unknown as Record<string, unknown>)['x-specforge-error'];
        const schema = isRecord(ext) ? ext['schema'] : undefined;
        const paths: unknown = (root as unknown as Record<string, unknown>)['paths'];
        const webhooks: unknown = (root as unknown as Record<string, unknown>)['webhooks'];
        const serves = (isRecord(paths) && Object.keys(paths).length > 0) || (isRecord(webhooks) && Object.keys(webhooks).length > 0);
        if (schema === undefined && !serves) {
          // A contract with no operations (a command line) answers no HTTP errors.
          error = undefined;
        } else if (schema === undefined) {
          error = undefined;
          ctx.report({
            message:
              "the contract declares no error schema: add x-specforge-error with the schema of the interface's error body, which every 4xx response answers",
            location: ctx.location,
          });
          return;
        }
        if (!isRef(schema)) {
          error = { inline: schema, label: 'the x-specforge-error schema' };
          return;
        }
        const id = ctx.resolve(schema).location?.absolutePointer;
        error = id === undefined ? { label: schema.$ref } : { label: schema.$ref, id };
      },
    },
    Operation(op, ctx) {
      const responses: unknown = op.responses;
      const errors = isRecord(responses) ? Object.entries(responses).filter(([code]) => FOUR_XX.test(code)) : [];
      const where = isRecord(responses) ? ctx.location.child('responses').key() : ctx.location.key();
      if (errors.length === 0) {
        ctx.report({ message: `${operationName(op, ctx)} declares no 4xx response: document how it answers a request it refuses`, location: where });
        return;
      }
      if (!error || ctx.key === 'head') return;
      for (const [, raw] of errors) {
        const response = ctx.resolve(raw as object);
        const content = isRecord(response.node) ? response.node['content'] : undefined;
        if (!isRecord(content)) continue;
        const from = response.location?.source.absoluteRef;
        for (const media of Object.values(content)) {
          if (isRecord(media) && isErrorSchema(media['schema'], from, error, ctx)) return;
        }
      }
      ctx.report({
        message: `${operationName(op, ctx)}: none of its 4xx responses (${errors.map(([c]) => c).join(', ')}) has a body in the interface's error schema (${error.label}, declared by x-specforge-error)`,
        location: where,
      });
    },
  };
};
