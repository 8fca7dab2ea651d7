/**
 * Finding the offset of a JSON pointer in JSON text in one pass, without building a tree: large
 * JSON contracts (tens of megabytes) get positions for their diagnostics in milliseconds.
 */
import { parsePointer } from './pointer.js';

/** Offset of the key of the member at `pointer` (or of the array item), or of the deepest ancestor found. */
export function locateJsonPointer(text: string, pointer: string): number {
  let target: string[];
  try {
    target = parsePointer(pointer);
  } catch {
    return 0;
  }
  let i = 0;
  const n = text.length;
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
  };
  const readString = (): string => {
    // i at opening quote
    const start = i;
    i++;
    let simple = true;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 92) {
        simple = false;
        i += 2;
        continue;
      }
      if (c === 34) break;
      i++;
    }
    i++;
    const raw = text.slice(start, i);
    if (simple) return raw.slice(1, -1);
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  };
  const skipValue = (): void => {
    ws();
    const c = text[i];
    if (c === '"') {
      readString();
      return;
    }
    if (c === '{' || c === '[') {
      let depth = 0;
      while (i < n) {
        const d = text[i];
        if (d === '"') {
          readString();
          continue;
        }
        if (d === '{' || d === '[') depth++;
        else if (d === '}' || d === ']') {
          depth--;
          if (depth === 0) {
            i++;
            return;
          }
        }
        i++;
      }
      return;
    }
    while (i < n && !/[,}\]\s]/.test(text[i] as string)) i++;
  };
  ws();
  let best = i;
  for (const seg of target) {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      let found = false;
      for (;;) {
        ws();
        if (text[i] === '}' || i >= n) break;
        const keyAt = i;
        const key = readString();
        ws();
        i++; // colon
        if (key === seg) {
          best = keyAt;
          found = true;
          ws();
          break;
        }
        skipValue();
        ws();
        if (text[i] === ',') i++;
      }
      if (!found) return best;
    } else if (c === '[') {
      if (!/^(0|[1-9]\d*)$/.test(seg)) return best;
      const index = Number(seg);
      i++;
      let k = 0;
      let found = false;
      for (;;) {
        ws();
        if (text[i] === ']' || i >= n) break;
        if (k === index) {
          best = i;
          found = true;
          break;
        }
        skipValue();
        ws();
        if (text[i] === ',') i++;
        k++;
      }
      if (!found) return best;
    } else {
      return best;
    }
  }
  return best;
}

interface PointerTrie {
  children: Map<string, PointerTrie>;
  /** Offset of this node's key (or array item), once the scan has found it. */
  at?: number;
}

/**
 * Offsets of many JSON pointers in one pass over the text (as `locateJsonPointer` for each, which
 * would scan the text once per pointer): only the members on the way to a target are entered.
 */
export function locateJsonPointers(text: string, pointers: readonly string[]): Map<string, number> {
  const root: PointerTrie = { children: new Map() };
  const paths = new Map<string, string[] | undefined>();
  for (const p of pointers) {
    let segments: string[] | undefined;
    try {
      segments = parsePointer(p);
    } catch {
      segments = undefined;
    }
    paths.set(p, segments);
    let node = root;
    for (const s of segments ?? []) {
      let child = node.children.get(s);
      if (!child) {
        child = { children: new Map() };
        node.children.set(s, child);
      }
      node = child;
    }
  }
  let i = 0;
  const n = text.length;
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
  };
  const readString = (): string => {
    const start = i;
    i++;
    let simple = true;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 92) {
        simple = false;
        i += 2;
        continue;
      }
      if (c === 34) break;
      i++;
    }
    i++;
    const raw = text.slice(start, i);
    if (simple) return raw.slice(1, -1);
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  };
  const skipValue = (): void => {
    ws();
    const c = text.charCodeAt(i);
    if (c === 34) {
      readString();
      return;
    }
    if (c === 123 || c === 91) {
      let depth = 0;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 34) {
          readString();
          continue;
        }
        if (d === 123 || d === 91) depth++;
        else if (d === 125 || d === 93) {
          depth--;
          if (depth === 0) {
            i++;
            return;
          }
        }
        i++;
      }
      return;
    }
    while (i < n && !/[,}\]\s]/.test(text[i] as string)) i++;
  };
  const visit = (node: PointerTrie, at: number): void => {
    node.at = at;
    if (node.children.size === 0) {
      skipValue();
      return;
    }
    ws();
    const c = text.charCodeAt(i);
    if (c !== 123 && c !== 91) {
      skipValue();
      return;
    }
    const isObject = c === 123;
    i++;
    for (let k = 0; i < n; k++) {
      ws();
      const d = text.charCodeAt(i);
      if (d === 125 || d === 93) {
        i++;
        return;
      }
      const itemAt = i;
      let child: PointerTrie | undefined;
      if (isObject) {
        const key = readString();
        ws();
        i++; // colon
        child = node.children.get(key);
      } else child = node.children.get(String(k));
      if (child) visit(child, itemAt);
      else skipValue();
      ws();
      if (text.charCodeAt(i) === 44) i++;
    }
  };
  ws();
  visit(root, i);
  const out = new Map<string, number>();
  for (const [p, segments] of paths) {
    let node: PointerTrie | undefined = root;
    let best = root.at ?? 0;
    for (const s of segments ?? []) {
      node = node.children.get(s);
      if (node?.at === undefined) break;
      best = node.at;
    }
    out.set(p, best);
  }
  return out;
}
