/** Helpers shared by specforge's lint rules. */
import type { UserContext } from '@redocly/openapi-core';
import { decodeUriText, joinPointer, unescapeSegment } from '../../contract/pointer.js';
import { DEFAULT_STRICT, type StrictLevel } from '../../runtime/validation/ajv.js';

export { isRecord } from '../../contract/pointer.js';

/** A rule's `strict` option (true, false or "schema", as in specforge.config.yaml); unset is the default level. */
export function strictOption(value: unknown): StrictLevel {
  return value === true || value === false || value === 'schema' ? value : DEFAULT_STRICT;
}

export function nonEmptyString(v: unknown): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

/** The segments of a Redocly location pointer ("#/paths/~1echo/post"). */
export function redoclySegments(pointer: string): string[] {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((s) => {
      const unescaped = unescapeSegment(s);
      return decodeUriText(unescaped) ?? unescaped;
    });
}

/** An RFC 6901 pointer ("/paths/~1echo/post") from a Redocly location pointer. */
export function plainPointer(redoclyPointer: string): string {
  return joinPointer('', ...redoclySegments(redoclyPointer));
}

/** A Redocly location pointer from an RFC 6901 pointer: "#" and each "%" escaped (Redocly URI-decodes segments). */
export function redoclyPointer(pointer: string): string {
  return '#' + pointer.replace(/%/g, '%25');
}

/** How messages name an operation: `operation "echo"`, or `operation POST /echo` without an operationId. */
export function operationName(op: { operationId?: unknown }, ctx: Pick<UserContext, 'location' | 'key'>): string {
  if (nonEmptyString(op.operationId)) return `operation "${op.operationId}"`;
  const segments = redoclySegments(ctx.location.pointer);
  const at = segments.indexOf('paths');
  const path = at >= 0 ? segments[at + 1] : undefined;
  const method = String(ctx.key).toUpperCase();
  return path === undefined ? `operation ${method}` : `operation ${method} ${path}`;
}
