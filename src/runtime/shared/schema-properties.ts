/**
 * The property names a schema's objects have, read through `$ref`, `allOf`, `oneOf` and `anyOf`
 * (16 deep at most, each schema visited once): one walk for the mock's streams and the contract's
 * querystring pagination.
 */
import { isRecord } from './object.js';

export function schemaPropertyNames(
  schema: unknown,
  resolve: (ref: string) => unknown,
  depth = 0,
  out = new Set<string>(),
  seen = new Set<object>(),
): Set<string> {
  if (!isRecord(schema) || depth > 16 || seen.has(schema)) return out;
  seen.add(schema);
  if (typeof schema['$ref'] === 'string') schemaPropertyNames(resolve(schema['$ref']), resolve, depth + 1, out, seen);
  if (isRecord(schema['properties'])) for (const name of Object.keys(schema['properties'])) out.add(name);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const part of list) schemaPropertyNames(part, resolve, depth + 1, out, seen);
  }
  return out;
}
