/**
 * Schemas normalized to JSON Schema 2020-12: 3.0's `nullable` and boolean `exclusiveMinimum` and
 * `exclusiveMaximum` rewritten, siblings of a 3.0 `$ref` dropped.
 */
import type { JsonSchema } from './model-types.js';
import { isRecord, setOwn } from './pointer.js';
import type { OpenApiVersion } from './validate.js';

/** Normalizes an OpenAPI schema object to JSON Schema 2020-12 (copying; the input is not changed). */
export function normalizeSchema(schema: unknown, version: OpenApiVersion): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (!isRecord(schema)) return {};
  if (version !== '3.0') return schema;
  return normalize30(schema);
}

export const SCHEMA_MAP_KEYS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
export const SCHEMA_KEYS = new Set([
  'items',
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
export const SCHEMA_LIST_KEYS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

function normalize30(schema: Record<string, unknown>): JsonSchema {
  if (typeof schema['$ref'] === 'string') {
    // In 3.0, siblings of $ref are ignored.
    const ref: Record<string, unknown> = { $ref: schema['$ref'] };
    return schema['nullable'] === true ? { anyOf: [ref, { type: 'null' }] } : ref;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (SCHEMA_MAP_KEYS.has(k) && isRecord(v)) {
      const m: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(v)) setOwn(m, name, normalizeSchema(sub, '3.0'));
      out[k] = m;
    } else if (SCHEMA_KEYS.has(k) && (isRecord(v) || typeof v === 'boolean')) {
      out[k] = normalizeSchema(v, '3.0');
    } else if (SCHEMA_LIST_KEYS.has(k) && Array.isArray(v)) {
      out[k] = v.map((s) => normalizeSchema(s, '3.0'));
    } else if (k !== 'nullable' && k !== 'exclusiveMinimum' && k !== 'exclusiveMaximum') {
      setOwn(out, k, v);
    }
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const v = schema[flag];
    if (v === true && typeof schema[bound] === 'number') {
      out[flag] = schema[bound];
      delete out[bound];
    } else if (typeof v === 'number') out[flag] = v;
  }
  if (schema['nullable'] === true) {
    const t = out['type'];
    if (typeof t === 'string') out['type'] = [t, 'null'];
    else if (Array.isArray(t) && !t.includes('null')) out['type'] = [...t, 'null'];
    if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null];
    if (t === undefined) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
