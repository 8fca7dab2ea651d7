/**
 * types: openapi-typescript's output (`paths`, `components`, `operations`), produced from the
 * already loaded and validated contract so the document is not parsed, linted or bundled again.
 */
import type { GlobalContext, OpenAPI3 } from 'openapi-typescript';
import type { ContractModel } from '../src/contract/model.js';
import { isRecord, resolveLocalRef, setOwn } from '../src/contract/pointer.js';
import type { GeneratedFile, GeneratorContext } from './context.js';
import { loadOpenApiTypeScript } from './openapi-typescript.js';
import { hasReadWriteMarkers } from './read-write.js';
import { markQuerystrings, unmarkQuerystrings } from './types-querystring.js';
import { withExtraMethods } from './types-methods.js';
import { itemBytesType, markItemSchemas } from './types-streams.js';
import { untagDefaultMappings } from './types-discriminators.js';

/** A `$ref` openapi-typescript can print as a type: one naming a whole component. */
// With specforge's own TypeScript, whatever version the project installed (openapi-typescript.ts).
const { astToString, resolveRef, scanDiscriminators, transformSchema } = loadOpenApiTypeScript(import.meta.url);

const COMPONENT_REF = /^#\/components\/[^/]+\/[^/]+$/;

/**
 * Inlines the `$ref`s that point inside something (`#/paths/~1a/get/parameters/1`,
 * `#/components/schemas/A/properties/b`): openapi-typescript prints them as index types into its own
 * output (`paths["/a"]["get"]["parameters"][1]`), which that output does not have, so the types
 * would not compile. The target is copied in place; a reference back into a target being copied
 * (a cycle) becomes an unconstrained schema.
 */
export function inlineDeepRefs(document: Record<string, unknown>, copied = false): Record<string, unknown> {
  // A native structured clone is the copy (unless the caller already has one, such as a worker that
  // received the document as a message); only the deep references in it are replaced.
  const out = copied ? document : structuredClone(document);
  // Targets are read as they were before any inlining: from the original document, or, when that is
  // the copy being changed, from snapshots of every deep reference's target taken first.
  let targetOf = (ref: string): { value: unknown } | undefined => resolveLocalRef(document, ref);
  if (copied) {
    const snapshots = new Map<string, { value: unknown } | undefined>();
    const collect = (node: unknown): void => {
      if (isDeepRef(node)) {
        if (!snapshots.has(node.$ref)) {
          const target = resolveLocalRef(document, node.$ref);
          snapshots.set(node.$ref, target && { value: structuredClone(target.value) });
        }
      } else if (Array.isArray(node)) node.forEach(collect);
      else if (isRecord(node)) for (const v of Object.values(node)) collect(v);
    };
    collect(document);
    targetOf = (ref) => snapshots.get(ref);
  }
  /** A copy of a reference's target with its own deep references inlined (a cycle becomes `{}`). */
  const inline = (ref: string, active: Set<string>): unknown => {
    if (active.has(ref)) return {};
    const target = targetOf(ref);
    if (target === undefined) return { $ref: ref };
    active.add(ref);
    const copy = structuredClone(target.value);
    const result = isDeepRef(copy) ? inline((copy as { $ref: string }).$ref, active) : (visit(copy, active), copy);
    active.delete(ref);
    return result;
  };
  const visit = (node: unknown, active: Set<string>): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        if (isDeepRef(item)) node[i] = inline(item.$ref, active);
        else visit(item, active);
      });
    } else if (isRecord(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (isDeepRef(v)) setOwn(node, k, inline(v.$ref, active));
        else visit(v, active);
      }
    }
  };
  if (isDeepRef(out)) return out;
  visit(out, new Set());
  return out;
}

/** Components openapi-typescript does not print (OpenAPI 3.2's `components.mediaTypes`): their references are inlined too. */
const UNPRINTED_COMPONENT_REF = /^#\/components\/mediaTypes\//;

function isDeepRef(node: unknown): node is { $ref: string } {
  if (!isRecord(node)) return false;
  const ref = node['$ref'];
  return typeof ref === 'string' && ref.startsWith('#/') && (!COMPONENT_REF.test(ref) || UNPRINTED_COMPONENT_REF.test(ref));
}

/**
 * The types of a contract document. openapi-typescript's transforms may annotate the nodes they
 * visit, so they get a copy (with deep refs inlined); `copied` says the document is already one.
 */
export function typesSource(document: Record<string, unknown>, copied = false): string {
  const inlined = inlineDeepRefs(document, copied);
  markReferencedProperties(inlined);
  const querystrings = markQuerystrings(inlined);
  markItemSchemas(inlined);
  untagDefaultMappings(inlined);
  const marked = hasReadWriteMarkers(inlined);
  const schema = inlined as unknown as OpenAPI3;
  const ctx: GlobalContext = {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    // A property with a default is optional: the server does not fill defaults in, and a client may leave it out.
    defaultNonNullable: false,
    // Silent as the rest: a mapping it cannot annotate (one naming a oneOf schema) is no problem of the types.
    discriminators: scanDiscriminators(schema, { silent: true }),
    // `type: object` with no properties admits any properties (JSON Schema), so its type does too.
    emptyObjectsUnknown: true,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    redoc: undefined as unknown as GlobalContext['redoc'],
    silent: true,
    transform: itemBytesType,
    transformProperty: undefined,
    resolve<T>($ref: string): T | undefined {
      return resolveRef<T>(schema, $ref, { silent: true });
    },
    makePathsEnum: false,
    generatePathParams: false,
    // readOnly properties are wrapped in $Read and writeOnly ones in $Write: the client (openapi-fetch)
    // and the server's handler types leave the first out of request bodies, the second out of responses.
    // Only where a property keeps such a marker: other contracts' types stay as they were.
    readWriteMarkers: marked,
  };
  // openapi-typescript prints U+2028/U+2029 and `</script` raw inside string literal types and
  // comments; escape them as escape.ts does for every literal (the same value in a literal, plain
  // text in a comment), so generated files follow one rule.
  const nodes = withExtraMethods(transformSchema(schema, ctx), schema, ctx);
  return astToString(querystrings ? unmarkQuerystrings(nodes) : nodes)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(/<\/(script)/gi, '<\\/$1');
}

/**
 * Marks a property whose `$ref` names a readOnly (writeOnly) schema as readOnly (writeOnly) itself:
 * openapi-typescript reads the markers on properties only, and the validators read them through
 * references too.
 */
export function markReferencedProperties(document: Record<string, unknown>): void {
  const seen = new Set<object>();
  const markerOf = (schema: Record<string, unknown>): 'readOnly' | 'writeOnly' | undefined => {
    let node: unknown = schema;
    for (let i = 0; i < 16 && isRecord(node); i++) {
      if (node['readOnly'] === true) return 'readOnly';
      if (node['writeOnly'] === true) return 'writeOnly';
      const ref = node['$ref'];
      if (typeof ref !== 'string') return undefined;
      node = resolveLocalRef(document, ref)?.value;
    }
    return undefined;
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isRecord(node) || seen.has(node)) return;
    seen.add(node);
    const properties = node['properties'];
    if (isRecord(properties)) {
      for (const property of Object.values(properties)) {
        if (!isRecord(property) || typeof property['$ref'] !== 'string' || property['readOnly'] === true || property['writeOnly'] === true) continue;
        const marker = markerOf(property);
        if (marker !== undefined) property[marker] = true;
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
}

export function generateTypes(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  return [{ path: 'types.ts', content: ctx.header('//') + typesSource(model.document) }];
}
