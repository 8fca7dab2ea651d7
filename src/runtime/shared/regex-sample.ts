/**
 * Strings that match a regular expression, for sampling `pattern` values: a small parser for the
 * ECMAScript subset contracts use (literals, escapes, classes with ranges and negation, groups,
 * alternation, quantifiers, anchors; lookarounds and word boundaries generate nothing, and the
 * candidates they refuse are retried with other choices). Backreferences give undefined, and every
 * result is checked against the real RegExp before it is returned.
 */

type Node =
  | { kind: 'chars'; set: string[]; negated: boolean }
  | { kind: 'seq'; items: Array<{ node: Node; min: number; max: number }> }
  | { kind: 'alt'; options: Node[] };

const DIGITS = '0123456789'.split('');
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'.split('');
const SPACE = [' '];
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

class Unsupported extends Error {}

/** What a zero-width assertion (lookaround, word boundary) generates: nothing. */
const EMPTY: Node = { kind: 'seq', items: [] };

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw new Unsupported('trailing input');
    return node;
  }

  private peek(): string | undefined {
    return this.src[this.i];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Array<{ node: Node; min: number; max: number }> = [];
    while (this.i < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      if (!atom) continue;
      const [min, max] = this.quantifier();
      items.push({ node: atom, min, max });
    }
    return { kind: 'seq', items };
  }

  private quantifier(): [number, number] {
    const c = this.peek();
    let q: [number, number] = [1, 1];
    if (c === '*') q = [0, 3];
    else if (c === '+') q = [1, 3];
    else if (c === '?') q = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return q;
      this.i += m[0].length;
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' || m[3] === undefined ? min + 3 : Number(m[3]);
      if (this.peek() === '?') this.i++;
      return [min, max];
    } else return q;
    this.i++;
    if (this.peek() === '?') this.i++;
    return q;
  }

  private atom(): Node | undefined {
    const c = this.src[this.i++] as string;
    switch (c) {
      case '^':
      case '$':
        return undefined;
      case '.':
        return { kind: 'chars', set: WORD, negated: false };
      case '(': {
        // A lookaround asserts without consuming: parsed (so the group closes where it should) and
        // generated as nothing; the real RegExp then judges each candidate (see sampleFromPattern).
        const look = /^\?<?[=!]/.exec(this.src.slice(this.i));
        if (look) this.i += look[0].length;
        else if (this.src.startsWith('?:', this.i)) this.i += 2;
        else if (this.src[this.i] === '?') {
          if (this.src.startsWith('?<', this.i)) {
            this.i = this.src.indexOf('>', this.i) + 1;
          } else throw new Unsupported('group modifier');
        }
        const inner = this.alternation();
        if (this.src[this.i++] !== ')') throw new Unsupported('unclosed group');
        return look ? EMPTY : inner;
      }
      case '[':
        return this.charClass();
      case '\\':
        return this.escape();
      default:
        return { kind: 'chars', set: [c], negated: false };
    }
  }

  private escape(): Node {
    const e = this.src[this.i++] as string;
    switch (e) {
      case 'd':
        return { kind: 'chars', set: DIGITS, negated: false };
      case 'D':
        return { kind: 'chars', set: DIGITS, negated: true };
      case 'w':
        return { kind: 'chars', set: WORD, negated: false };
      case 'W':
        return { kind: 'chars', set: WORD, negated: true };
      case 's':
        return { kind: 'chars', set: SPACE, negated: false };
      case 'S':
        return { kind: 'chars', set: SPACE, negated: true };
      case 'n':
        return { kind: 'chars', set: ['\n'], negated: false };
      case 't':
        return { kind: 'chars', set: ['\t'], negated: false };
      case 'u': {
        const m = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.i));
        if (!m) throw new Unsupported('bad \\u');
        this.i += 4;
        return { kind: 'chars', set: [String.fromCharCode(parseInt(m[0], 16))], negated: false };
      }
      case 'b':
      case 'B':
        // A word boundary consumes nothing either: candidates are judged by the real RegExp.
        return EMPTY;
      default:
        if (/[1-9]/.test(e)) throw new Unsupported('backreference');
        return { kind: 'chars', set: [e], negated: false };
    }
  }

  private charClass(): Node {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i++;
    }
    const set: string[] = [];
    let first = true;
    while (this.i < this.src.length && (this.peek() !== ']' || first)) {
      first = false;
      let c = this.src[this.i++] as string;
      if (c === '\\') {
        const e = this.src[this.i++] as string;
        if (e === 'd') {
          set.push(...DIGITS);
          continue;
        }
        if (e === 'w') {
          set.push(...WORD);
          continue;
        }
        if (e === 's') {
          set.push(...SPACE);
          continue;
        }
        c = e === 'n' ? '\n' : e === 't' ? '\t' : e;
      }
      if (this.peek() === '-' && this.src[this.i + 1] !== ']' && this.src[this.i + 1] !== undefined) {
        this.i++;
        let end = this.src[this.i++] as string;
        if (end === '\\') end = this.src[this.i++] as string;
        const a = c.charCodeAt(0);
        const b = end.charCodeAt(0);
        if (b < a || b - a > 5000) throw new Unsupported('range');
        for (let code = a; code <= b; code++) set.push(String.fromCharCode(code));
      } else set.push(c);
    }
    if (this.src[this.i++] !== ']') throw new Unsupported('unclosed class');
    return { kind: 'chars', set, negated };
  }
}

function generate(node: Node, pick: (n: number) => number): string {
  switch (node.kind) {
    case 'chars': {
      const pool = node.negated ? PRINTABLE.filter((c) => !node.set.includes(c)) : node.set;
      if (pool.length === 0) throw new Unsupported('empty class');
      return pool[pick(pool.length)] as string;
    }
    case 'alt':
      return generate(node.options[pick(node.options.length)] as Node, pick);
    case 'seq':
      return node.items
        .map(({ node: n, min, max }) => {
          const count = min + pick(max - min + 1);
          let out = '';
          for (let k = 0; k < count; k++) out += generate(n, pick);
          return out;
        })
        .join('');
  }
}

/** A string matching `pattern` (searched, as JSON Schema does), or undefined. `next()` gives values in [0, 1). */
export function sampleFromPattern(pattern: string, next: () => number = () => 0): string | undefined {
  let re: RegExp;
  let node: Node;
  try {
    re = new RegExp(pattern, 'u');
    node = new Parser(pattern).parse();
  } catch {
    return undefined;
  }
  // The first candidate from the caller's choices; then (a lookahead or boundary refused it, say)
  // candidates from seeded choices of their own, a bounded number of times.
  let state = 0x2545f491;
  const seeded = (): number => {
    let t = (state += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const source = attempt === 0 ? next : seeded;
    const pick = (n: number): number => (n > 0 ? Math.min(n - 1, Math.floor(source() * n)) : 0);
    try {
      const value = generate(node, pick);
      if (re.test(value)) return value;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Candidates tried per pattern before giving up. */
const ATTEMPTS = 64;
