/**
 * OpenAPI 3.2's `discriminator.defaultMapping` in the types. openapi-typescript writes each
 * alternative a discriminator names with the discriminating property required, as the literal that
 * names it (`petType: "OtherPet"`); the schema a defaultMapping names is the one a payload WITHOUT
 * that property is read as, so that alternative is left as its schema says (the property optional,
 * or absent), and `{ nickname: "Rex" }` is a Pet as the validators find.
 */
import { mappingRef } from '../src/contract/discriminator.js';
import { isRecord } from '../src/contract/pointer.js';

/**
 * Rewrites, in `document` (the copy handed to openapi-typescript), the alternative each
 * defaultMapping names from `{ $ref }` to `{ allOf: [{ $ref }] }`: the same schema, which
 * openapi-typescript then does not tag with the discriminating property. Whether there was any.
 */
export function untagDefaultMappings(document: unknown): boolean {
  let found = false;
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isRecord(node) || seen.has(node)) return;
    seen.add(node);
    const discriminator = node['discriminator'];
    const target = isRecord(discriminator) && typeof discriminator['defaultMapping'] === 'string' ? mappingRef(discriminator['defaultMapping']) : undefined;
    for (const key of ['oneOf', 'anyOf']) {
      const list = node[key];
      if (target === undefined || !Array.isArray(list)) continue;
      node[key] = list.map((item: unknown) => {
        if (!isRecord(item) || item['$ref'] !== target || Object.keys(item).length !== 1) return item;
        found = true;
        return { allOf: [item] };
      });
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
  return found;
}
