/**
 * Helpers of the sampler (sample.ts): merging the properties of allOf parts, and the name a message
 * gives a schema.
 */
/**
 * Adds `more` to `properties`; a property both declare must meet both schemas (an allOf that narrows
 * a property of a $ref'd base keeps the base's required fields).
 */
export function mergeProperties(properties: Record<string, unknown>, more: Record<string, unknown>): Record<string, unknown> {
  for (const [name, schema] of Object.entries(more)) {
    const had = Object.hasOwn(properties, name) ? properties[name] : undefined;
    const value = had === undefined || had === true ? schema : schema === true ? had : { allOf: [had, schema] };
    Object.defineProperty(properties, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return properties;
}

/** The name a message gives a schema: the last segment of its $ref. */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  try {
    return decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return last;
  }
}
