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
