/** RFC 6901 JSON pointers, and the local `$ref`s of a contract that are written with them. */

/** A JSON/YAML mapping: an object that is neither null nor an array. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `decodeURIComponent`, or undefined for a malformed escape ("%E0%A4%A"), where it throws URIError. */
export function decodeUriText(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function joinPointer(base: string, ...segments: Array<string | number>): string {
  return base + segments.map((s) => '/' + escapeSegment(String(s))).join('');
}

/** Parses a pointer ("" or "/a/b"); a URI fragment's percent-escapes are decoded by the caller. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`JSON pointer must start with "/": ${pointer}`);
  return pointer.slice(1).split('/').map(unescapeSegment);
}

/**
 * The target of a local `$ref` ("#/components/schemas/Pet"): the JSON pointer its fragment decodes
 * to, and the value there. Undefined when the reference is not local, its fragment is not a pointer
 * or has a malformed percent-escape, or nothing is there; callers report that at their own location.
 */
export function resolveLocalRef(doc: unknown, ref: string): { pointer: string; value: unknown } | undefined {
  if (!ref.startsWith('#')) return undefined;
  const pointer = decodeUriText(ref.slice(1));
  if (pointer === undefined || (pointer !== '' && !pointer.startsWith('/'))) return undefined;
  const found = getAtPointer(doc, pointer);
  return found.found ? { pointer, value: found.value } : undefined;
}

export function getAtPointer(root: unknown, pointer: string): { found: boolean; value: unknown } {
  let node = root;
  for (const seg of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(seg) || Number(seg) >= node.length) return { found: false, value: undefined };
      node = node[Number(seg)];
    } else if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, seg)) {
      node = (node as Record<string, unknown>)[seg];
    } else {
      return { found: false, value: undefined };
    }
  }
  return { found: true, value: node };
}

/**
 * Sets an own, enumerable data property, also for the key "__proto__", which `obj[key] = value`
 * would turn into a change of prototype (losing the key). Contract data is keyed by user text.
 */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}
