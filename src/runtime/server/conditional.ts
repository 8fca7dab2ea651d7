/** x-specforge-required-when: optional parameters that a request must carry in some conditions. */
import { HttpError } from '../shared/errors.js';
import { ownValue } from '../shared/object.js';
import type { OperationSpec, ParameterSpec } from '../shared/spec.js';
import type { AuthInfo } from './context.js';
import type { RequestHead } from './head.js';

/** Whether a request carries a parameter (a non-empty value; path parameters always). */
function carries(req: RequestHead, query: ReadonlyArray<[string, string]>, cookies: () => Map<string, string>, where: { in: string; name: string }): boolean {
  if (where.in === 'header') {
    const v = ownValue(req.headers, where.name.toLowerCase());
    return Array.isArray(v) ? v.some((x) => x !== '') : v !== undefined && v !== '';
  }
  if (where.in === 'query') return query.some(([k]) => k === where.name);
  if (where.in === 'cookie') return cookies().has(where.name);
  return true;
}

/** x-specforge-required-when: an optional parameter that this request must carry. */
export function checkConditional(
  conditional: readonly ParameterSpec[] | undefined,
  op: OperationSpec,
  req: RequestHead,
  query: Array<[string, string]>,
  cookies: () => Map<string, string>,
  auth: AuthInfo | undefined,
): void {
  for (const p of conditional ?? []) {
    const rule = p.requiredWhen;
    if (!rule || carries(req, query, cookies, p)) continue;
    const byKind = auth?.kind !== undefined && rule.credentialKinds?.includes(auth.kind) === true;
    const byParameter = rule.present?.some((other) => carries(req, query, cookies, other)) === true;
    if (!byKind && !byParameter) continue;
    const because = byKind
      ? `a credential of kind ${auth?.kind ?? ''}`
      : `the ${
          rule.present
            ?.filter((o) => carries(req, query, cookies, o))
            .map((o) => `${o.in} parameter ${o.name}`)
            .join(', ') ?? ''
        }`;
    throw new HttpError(rule.status, rule.message, [{ in: p.in, name: p.name, message: `is required with ${because}` }], {}, rule.code);
  }
}
