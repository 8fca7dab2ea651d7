/**
 * `specforge/security-defined`: every operation states its security requirements, its own or the
 * root's (`security: []` says it needs none), and every security scheme a requirement names is
 * declared. It replaces Redocly's rule of the same name, which reports both at one level: an
 * operation without requirements is valid OpenAPI (none are declared: a convention, reported at the
 * rule's severity), while a requirement naming no scheme is a broken reference, always an error.
 */
import type { Location, Oas2Rule, Oas3Rule, UserContext } from '@redocly/openapi-core';
import { operationName } from './common.js';

interface Named {
  name: string;
  location: Location;
}

/** The visitor, typed for what it reads, so that it serves OpenAPI 3 and Swagger 2.0 documents alike. */
function securityDefined() {
  const declared = new Set<string>();
  const named: Named[] = [];
  const unsecured: Array<{ what: string; location: Location }> = [];
  let rootSecurity = false;
  return {
    Root: {
      enter(root: { security?: unknown }) {
        rootSecurity = root.security !== undefined;
      },
      leave(_root: unknown, ctx: UserContext) {
        for (const { name, location } of named) {
          if (declared.has(name)) continue;
          ctx.report({
            message: `security scheme "${name}" is not declared: a requirement can only name a scheme of the security schemes`,
            location: location.key(),
            forceSeverity: 'error',
          });
        }
        if (rootSecurity) return;
        for (const { what, location } of unsecured) {
          ctx.report({
            message: `${what} states no security requirements, nor does the root: declare them (security: [] when it needs none)`,
            location: location.key(),
          });
        }
      },
    },
    NamedSecuritySchemes: {
      SecurityScheme(_scheme: unknown, ctx: UserContext) {
        declared.add(String(ctx.key));
      },
    },
    SecurityRequirement(requirement: object, ctx: UserContext) {
      for (const name of Object.keys(requirement)) named.push({ name, location: ctx.location.child([name]) });
    },
    Operation(op: { security?: unknown; operationId?: unknown }, ctx: UserContext) {
      if (op.security === undefined) unsecured.push({ what: operationName(op, ctx), location: ctx.location });
    },
  };
}

export const SecurityDefined: Oas3Rule = securityDefined;
export const SecurityDefinedOas2: Oas2Rule = securityDefined;
