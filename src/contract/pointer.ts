/** RFC 6901 JSON pointers. */

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
