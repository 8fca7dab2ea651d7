/**
 * Reading one contract file: YAML or JSON into plain data, with positions looked up lazily.
 * Parsing for data is the fast path (JSON.parse for .json); the position tree is built only when a
 * problem needs a line and column.
 */
import { createHash } from 'node:crypto';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode, type Pair, type YAMLMap } from 'yaml';
import { ContractError, type SourceLocation } from './errors.js';
import { parsePointer } from './pointer.js';
import { JsonLocator } from './json-locate.js';

export interface SourceFile {
  /** Absolute path. */
  readonly path: string;
  /** Path as shown to users (relative to the working directory). */
  readonly display: string;
  readonly text: string;
  readonly hash: string;
  readonly data: unknown;
  /** Line and column of the node at `pointer`, or of its nearest existing ancestor. */
  locate(pointer: string): SourceLocation;
}

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

function lineColAt(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, col: offset - last };
}

class JsonStop {
  constructor(readonly offset: number) {}
}

const JSON_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Offset of the first JSON syntax error in `text`, or undefined when the scanner finds none. */
function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const fail = (at = i): never => {
    throw new JsonStop(at);
  };
  const ws = (): void => {
    for (let c = text.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = text.charCodeAt(++i));
  };
  const literal = (word: string): void => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = (): void => {
    i++;
    for (;;) {
      if (i >= text.length) fail();
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail();
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          for (let k = 2; k <= 5; k++) if (!/^[0-9a-fA-F]$/.test(text[i + k] ?? '')) fail(i + k);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(i + 1);
      } else i++;
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else {
      JSON_NUMBER.lastIndex = i;
      const m = JSON_NUMBER.exec(text);
      if (!m) fail();
      else i += m[0].length;
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return undefined;
  } catch (err) {
    if (err instanceof JsonStop) return err.offset;
    return undefined; // e.g. nesting too deep for the stack: fall back to the parser's message
  }
}

const MAX_ALIASES = 1000;

/** Parses `text` from `path`; throws a ContractError with the syntax error's position. */
export function parseSource(path: string, display: string, text: string): SourceFile {
  const isJson = path.endsWith('.json');
  let data: unknown;
  if (isJson) {
    try {
      data = JSON.parse(text);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const m = /position (\d+)/.exec(message);
      const loc: SourceLocation = { file: display };
      // V8's messages do not always carry a position ("Unexpected token '}', ... is not valid JSON"):
      // find the offending offset ourselves, so every JSON syntax error has a line and column.
      const offset = jsonErrorOffset(text) ?? (m ? Number(m[1]) : undefined);
      if (offset !== undefined) Object.assign(loc, lineColAt(text, offset));
      else {
        const lc = /line (\d+) column (\d+)/.exec(message);
        if (lc) Object.assign(loc, { line: Number(lc[1]), col: Number(lc[2]) });
      }
      throw ContractError.single('SPECFORGE_JSON_SYNTAX', message.replace(/^JSON\.parse: /, ''), loc);
    }
  } else {
    const lineCounter = new LineCounter();
    // Duplicate keys are found by duplicateKeys below, in one pass: the parser's own check
    // (uniqueKeys: true) compares each key with every earlier key of its map, quadratic in a map's size.
    const doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false, strict: true });
    const problems: Array<{ offset: number; message: string }> = doc.errors.map((e) => ({ offset: e.pos[0], message: e.message }));
    if (problems.length === 0) problems.push(...duplicateKeys(doc.contents as YamlNode | null));
    if (problems.length > 0) {
      throw new ContractError(
        problems.map((e) => {
          const pos = lineCounter.linePos(e.offset);
          return {
            code: 'SPECFORGE_YAML_SYNTAX' as const,
            severity: 'error' as const,
            message: e.message.split('\n')[0] ?? e.message,
            location: { file: display, line: pos.line, col: pos.col },
          };
        }),
      );
    }
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIASES });
    } catch (err) {
      throw ContractError.single('SPECFORGE_YAML_SYNTAX', err instanceof Error ? err.message : String(err), {
        file: display,
      });
    }
  }
  let tree: { root: YamlNode | null; lines: LineCounter } | undefined;
  let json: JsonLocator | undefined;
  return {
    path,
    display,
    text,
    hash: sha256(text),
    data,
    locate(pointer: string): SourceLocation {
      if (isJson) {
        json ??= new JsonLocator(text);
        const at = json.lineCol(json.offset(pointer));
        return { file: display, line: at.line, col: at.col, pointer };
      }
      if (!tree) {
        const lines = new LineCounter();
        const doc = parseDocument(text, { lineCounter: lines, keepSourceTokens: false, uniqueKeys: false });
        tree = { root: (doc.contents as YamlNode | null) ?? null, lines };
      }
      const offset = findOffset(tree.root, pointer);
      const pos = tree.lines.linePos(offset);
      return { file: display, line: pos.line, col: pos.col, pointer };
    },
  };
}

/**
 * Every key that repeats an earlier key of its map (scalar keys compared by value, as the YAML
 * parser's uniqueKeys does), in one pass over the tree: a Set per map.
 */
function duplicateKeys(root: YamlNode | null): Array<{ offset: number; message: string }> {
  const found: Array<{ offset: number; message: string }> = [];
  const stack: unknown[] = root ? [root] : [];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = pair.key;
        if (isScalar(key)) {
          if (seen.has(key.value)) found.push({ offset: key.range?.[0] ?? 0, message: 'Map keys must be unique' });
          else seen.add(key.value);
        }
        if (key && typeof key === 'object') stack.push(key);
        if (pair.value && typeof pair.value === 'object') stack.push(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) if (item && typeof item === 'object') stack.push(item);
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** Each map's pairs by scalar key, built the first time a pointer passes through the map. */
const pairIndex = new WeakMap<object, Map<string, Pair>>();

function pairOf(map: YAMLMap, seg: string): Pair | undefined {
  let index = pairIndex.get(map);
  if (!index) {
    index = new Map();
    for (const p of map.items) {
      if (!isPair(p) || !isScalar(p.key)) continue;
      const k = String(p.key.value);
      if (!index.has(k)) index.set(k, p);
    }
    pairIndex.set(map, index);
  }
  return index.get(seg);
}

/** Offset of the node at `pointer` (of its key, for a map entry), or of the deepest ancestor found. */
function findOffset(root: YamlNode | null, pointer: string): number {
  let node: unknown = root;
  let offset = root?.range?.[0] ?? 0;
  let segments: string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    return offset;
  }
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = pairOf(node, seg);
      if (!pair) return offset;
      const key = pair.key as YamlNode;
      offset = key.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)] as YamlNode | undefined;
      if (!item || !/^\d+$/.test(seg)) return offset;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      return offset;
    }
  }
  return offset;
}
