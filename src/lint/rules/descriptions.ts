/**
 * `specforge/descriptions`: the contract describes itself: `info`, every declared tag, operation,
 * parameter, response, component schema and security scheme has a non-empty description. The
 * option `skip` (a list of those kinds) leaves some out.
 */
import type { Location, Oas3Rule, UserContext } from '@redocly/openapi-core';
import { nonEmptyString, operationName, redoclySegments } from './common.js';

export const DESCRIBED = ['info', 'tag', 'operation', 'parameter', 'response', 'schema', 'securityScheme'] as const;
export type Described = (typeof DESCRIBED)[number];

function where(node: { description?: unknown }, location: Location): Location {
  return node.description === undefined ? location.key() : location.child('description');
}

export const Descriptions: Oas3Rule = (options) => {
  const skip: unknown = options['skip'];
  const skipped = new Set(Array.isArray(skip) ? skip.map(String) : []);
  const check = (kind: Described, node: { description?: unknown }, ctx: UserContext, what: string): void => {
    if (skipped.has(kind) || nonEmptyString(node.description)) return;
    ctx.report({ message: `${what} has no description`, location: where(node, ctx.location) });
  };
  return {
    Info(info, ctx) {
      check('info', info, ctx, 'the contract (info)');
    },
    Tag(tag, ctx) {
      check('tag', tag, ctx, `tag "${String(tag.name)}"`);
    },
    Operation(op, ctx) {
      check('operation', op, ctx, operationName(op, ctx));
    },
    Parameter(parameter, ctx) {
      check('parameter', parameter, ctx, `${String(parameter.in ?? '')} parameter "${String(parameter.name)}"`.trim());
    },
    Response(response, ctx) {
      check('response', response, ctx, `response ${String(ctx.key)}`);
    },
    Schema(schema, ctx) {
      // Component schemas of every file (split contracts keep theirs next to the paths that use them).
      const [top, section, name, ...rest] = redoclySegments(ctx.location.pointer);
      if (top === 'components' && section === 'schemas' && name !== undefined && rest.length === 0 && typeof schema === 'object') {
        check('schema', schema, ctx, `schema "${name}"`);
      }
    },
    NamedSecuritySchemes: {
      SecurityScheme(scheme, ctx) {
        check('securityScheme', scheme, ctx, `security scheme "${String(ctx.key)}"`);
      },
    },
  };
};
