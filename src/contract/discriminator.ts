/**
 * The names a Discriminator Object uses (its `mapping` values and OpenAPI 3.2's `defaultMapping`),
 * read one way by the validators, the types, `diff` and the docs: a value starting with `#` is a
 * reference as written; any other is a component schema's name (the specification recommends
 * reading an ambiguous value as a name).
 */

/** The `$ref` a mapping value stands for. */
export function mappingRef(target: string): string {
  return target.startsWith('#') ? target : `#/components/schemas/${target.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** The component schema's name a `$ref` names (`#/components/schemas/a~1b` is `a/b`); undefined for another reference. */
export function componentName(ref: string): string | undefined {
  const m = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
  return m?.[1] === undefined ? undefined : m[1].replace(/~1/g, '/').replace(/~0/g, '~');
}

/** How a mapping value is shown to a reader: the component's name, else the reference as written. */
export function mappingName(target: string): string {
  return componentName(mappingRef(target)) ?? target;
}
