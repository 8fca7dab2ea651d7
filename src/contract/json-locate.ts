/**
 * Finding the offset of a JSON pointer in JSON text in one pass, without building a tree: large
 * JSON contracts (tens of megabytes) get positions for their diagnostics in milliseconds.
 */
import { parsePointer } from './pointer.js';

/** A cursor over JSON text: whitespace, strings and whole values skipped without building anything. */
class JsonScanner {
  i = 0;
  readonly n: number;
  constructor(readonly text: string) {
    this.n = text.length;
  }

  ws(): void {
    const { text, n } = this;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.i++;
      else break;
    }
  }

  /** The string at the cursor (on its opening quote), decoded; the cursor moves past it. */
  readString(): string {
    const { text, n } = this;
    const start = this.i;
    this.i++;
    let simple = true;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (c === 92) {
        simple = false;
        this.i += 2;
        continue;
      }
      if (c === 34) break;
      this.i++;
    }
    this.i++;
    const raw = text.slice(start, this.i);
    if (simple) return raw.slice(1, -1);
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }

  /** Moves the cursor past the value at it. */
  skipValue(): void {
    const { text, n } = this;
    this.ws();
    const c = text.charCodeAt(this.i);
    if (c === 34) {
      this.readString();
      return;
    }
    if (c === 123 || c === 91) {
      let depth = 0;
      while (this.i < n) {
        const d = text.charCodeAt(this.i);
        if (d === 34) {
          this.readString();
          continue;
        }
        if (d === 123 || d === 91) depth++;
        else if (d === 125 || d === 93) {
          depth--;
          if (depth === 0) {
            this.i++;
            return;
          }
        }
        this.i++;
      }
      return;
    }
    while (this.i < n && !/[,}\]\s]/.test(text[this.i] as string)) this.i++;
  }
}

/** Offset of the key of the member at `pointer` (or of the array item), or of the deepest ancestor found. */
export function locateJsonPointer(text: string, pointer: string): number {
  return new JsonLocator(text).offset(pointer);
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
    for (const seg of segments ?? []) {
      let child = node.children.get(seg);
      if (!child) {
        child = { children: new Map() };
        node.children.set(seg, child);
      }
      node = child;
    }
  }
  const s = new JsonScanner(text);
  const visit = (node: PointerTrie, at: number): void => {
    node.at = at;
    if (node.children.size === 0) {
      s.skipValue();
      return;
    }
    s.ws();
    const c = text.charCodeAt(s.i);
    if (c !== 123 && c !== 91) {
      s.skipValue();
      return;
    }
    const isObject = c === 123;
    s.i++;
    for (let k = 0; s.i < s.n; k++) {
      s.ws();
      const d = text.charCodeAt(s.i);
      if (d === 125 || d === 93) {
        s.i++;
        return;
      }
      const itemAt = s.i;
      let child: PointerTrie | undefined;
      if (isObject) {
        const key = s.readString();
        s.ws();
        s.i++; // colon
        child = node.children.get(key);
      } else child = node.children.get(String(k));
      if (child) visit(child, itemAt);
      else s.skipValue();
      s.ws();
      if (text.charCodeAt(s.i) === 44) s.i++;
    }
  };
  s.ws();
  visit(root, s.i);
  const out = new Map<string, number>();
  for (const [p, segments] of paths) {
    let node: PointerTrie | undefined = root;
    let best = root.at ?? 0;
    for (const seg of segments ?? []) {
      node = node.children.get(seg);
      if (node?.at === undefined) break;
      best = node.at;
    }
    out.set(p, best);
  }
  return out;
}

/** Members of one container: key (or index) -> offset of its key (or item) and of its value. */
type Members = Map<string, { keyAt: number; valueAt: number }>;

/**
 * Offsets of JSON pointers for many lookups over the same text (a diff locating thousands of
 * findings in a 13 MB contract): each container on the way to a target is scanned once, and its
 * members' offsets kept, so a lookup costs the depth of the pointer once the way is known.
 */
export class JsonLocator {
  private readonly containers = new Map<number, Members | null>();
  private newlines: Uint32Array | undefined;

  constructor(private readonly text: string) {}

  /** Offset of the key of the member at `pointer` (or of the array item), or of the deepest ancestor found. */
  offset(pointer: string): number {
    let target: string[];
    try {
      target = parsePointer(pointer);
    } catch {
      return 0;
    }
    const s = new JsonScanner(this.text);
    s.ws();
    let best = s.i;
    let valueAt = s.i;
    for (const seg of target) {
      const member = this.members(valueAt)?.get(seg);
      if (!member) return best;
      best = member.keyAt;
      valueAt = member.valueAt;
    }
    return best;
  }

  /** 1-based line and column of an offset (binary search over the line starts). */
  lineCol(offset: number): { line: number; col: number } {
    if (!this.newlines) {
      const list: number[] = [];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) list.push(i);
      this.newlines = Uint32Array.from(list);
    }
    const nl = this.newlines;
    let lo = 0;
    let hi = nl.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((nl[mid] as number) < offset) lo = mid + 1;
      else hi = mid;
    }
    const last = lo === 0 ? -1 : (nl[lo - 1] as number);
    return { line: lo + 1, col: offset - last };
  }

  private members(at: number): Members | null {
    const known = this.containers.get(at);
    if (known !== undefined) return known;
    const { text } = this;
    const s = new JsonScanner(text);
    s.i = at;
    s.ws();
    const c = text.charCodeAt(s.i);
    let out: Members | null = null;
    if (c === 123 || c === 91) {
      out = new Map();
      const isObject = c === 123;
      s.i++;
      for (let k = 0; s.i < s.n; k++) {
        s.ws();
        const d = text.charCodeAt(s.i);
        if (d === 125 || d === 93) break;
        const keyAt = s.i;
        let key = String(k);
        if (isObject) {
          key = s.readString();
          s.ws();
          s.i++; // colon
        }
        s.ws();
        if (!out.has(key)) out.set(key, { keyAt, valueAt: s.i });
        s.skipValue();
        s.ws();
        if (text.charCodeAt(s.i) === 44) s.i++;
      }
    }
    this.containers.set(at, out);
    return out;
  }
}
