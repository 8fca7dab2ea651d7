/**
 * Reading the (sanitized) bundled contract for the static docs: internal `$ref`s followed by JSON
 * pointer, the name a reference gives a schema, and example values sampled from a schema (the
 * mock's sampler: valid values, bounded in depth and size, a cycle ends in a short value).
 */
import type { JsonSchema } from '../../contract/model-types.js';
import { isRecord } from '../../contract/pointer.js';
import { normalizeSchema } from '../../contract/schema-normalize.js';
import type { OpenApiVersion } from '../../contract/validate.js';
import { SampleError, sampleSchema } from '../../runtime/shared/sample.js';
import { fits } from '../../runtime/shared/sample-check.js';

export type Node = Record<string, unknown>;

/** The node a local JSON pointer ("#/components/schemas/Pet") names, or undefined. */
export function atPointer(document: Node, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = document;
  const body = ref.slice(1);
  if (body === '') return document;
  for (const raw of body.split('/').slice(1)) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node) && Object.prototype.hasOwnProperty.call(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** The last segment of a reference: the name of a component ("Pet"). */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  try {
    return decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return last;
  }
}

/** A node with its `$ref` chain followed (at most 16 steps); `ref` is the last reference taken. */
export function deref(document: Node, node: unknown): { node: unknown; ref?: string } {
  let current = node;
  let ref: string | undefined;
  for (let i = 0; i < 16 && isRecord(current) && typeof current['$ref'] === 'string'; i++) {
    ref = current['$ref'];
    current = atPointer(document, ref);
  }
  return ref === undefined ? { node: current } : { node: current, ref };
}

/** The schema's types as a list ("string", "null"), from `type` or the 3.0 `nullable`. */
export function typesOf(schema: Node): string[] {
  const t = schema['type'];
  const types = Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : typeof t === 'string' ? [t] : [];
  if (schema['nullable'] === true && !types.includes('null')) types.push('null');
  if (types.length === 0 && isRecord(schema['properties'])) types.push('object');
  if (types.length === 0 && schema['items'] !== undefined) types.push('array');
  return types;
}

/** Optional properties an example of a body or response shows at its top level, besides the required ones. */
export const EXAMPLE_OPTIONAL_PROPERTIES = 3;

/** Each document's $ref resolver for the sampler: the schema a reference names, normalized to JSON Schema 2020-12. */
const resolvers = new WeakMap<Node, (ref: string) => JsonSchema | undefined>();

function resolverOf(document: Node): (ref: string) => JsonSchema | undefined {
  let resolve = resolvers.get(document);
  if (resolve === undefined) {
    const openapi = typeof document['openapi'] === 'string' ? document['openapi'] : '3.0';
    const version: OpenApiVersion = openapi.startsWith('3.2') ? '3.2' : openapi.startsWith('3.1') ? '3.1' : '3.0';
    const cache = new Map<string, JsonSchema | undefined>();
    resolve = (ref) => {
      if (!cache.has(ref)) {
        const node = atPointer(document, ref);
        cache.set(ref, node === undefined ? undefined : normalizeSchema(node, version));
      }
      return cache.get(ref);
    };
    resolvers.set(document, resolve);
  }
  return resolve;
}

/**
 * An example value for a (model, normalized) schema, made by the sampler the mock uses
 * (runtime/shared/sample.ts), so an example meets its schema: its documented values where they
 * fit, else values a person would write by format and name; the required properties and a few
 * optional ones at the top (EXAMPLE_OPTIONAL_PROPERTIES), none deeper; bounded in size. A schema no
 * finite value meets (one that requires itself) gives an empty object.
 */
export function sampleOf(document: Node, schema: unknown): unknown {
  const root = schema === undefined ? {} : (schema as JsonSchema);
  try {
    const options = { resolve: resolverOf(document), seed: 1, realistic: true, budget: EXAMPLE_BUDGET };
    const value = sampleSchema(root, { ...options, optionalProperties: EXAMPLE_OPTIONAL_PROPERTIES });
    // Fewer properties can make a value match two alternatives of a oneOf: then every property is shown.
    return fits(root, value, options.resolve) ? value : sampleSchema(root, options);
  } catch (err) {
    if (err instanceof SampleError) return {};
    throw err;
  }
}

/** The most one example holds (values and bytes): a page shows it whole. */
const EXAMPLE_BUDGET = { values: 2000, bytes: 64 * 1024 };
