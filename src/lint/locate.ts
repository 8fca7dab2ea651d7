/**
 * Line and column of a Redocly lint problem, as Redocly's getLineColLocation computes them (the same
 * AST, the same node, the same columns), with an index built once per document: Redocly finds each
 * pointer's segment by a linear search of every mapping's keys, so a contract of n operations with a
 * finding each cost n² key comparisons (60,000 operations: minutes). Here each mapping's keys are
 * indexed the first time a pointer passes through it, and each source's line starts once. The AST
 * is Redocly's own (cached on the source), parsed without the parser's quadratic duplicate-key check.
 */
import type { LocationObject } from '@redocly/openapi-core';
import { Kind, safeLoad, type LoadOptions, type YAMLMapping, type YAMLNode, type YamlMap } from 'yaml-ast-parser';

interface LineCol {
  line: number;
  col: number;
}

type Source = LocationObject['source'];

/**
 * Redocly's parser without its duplicate-key check, which compares each key with every earlier key
 * of its mapping (quadratic in a mapping's size). The loader has refused duplicate keys already.
 */
function loadAst(input: string, options?: LoadOptions): YAMLNode {
  return safeLoad(input, { ...options, ignoreDuplicateKeys: true });
}

function unescapeSegment(fragment: string): string {
  const unescaped = fragment.indexOf('~') === -1 ? fragment : fragment.replaceAll('~1', '/').replaceAll('~0', '~');
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}

export class ProblemLocator {
  private readonly keys = new WeakMap<YAMLNode, Map<unknown, YAMLMapping>>();
  private readonly lineStarts = new WeakMap<Source, number[]>();

  private mapping(map: YamlMap, key: string): YAMLMapping | undefined {
    let index = this.keys.get(map);
    if (!index) {
      index = new Map();
      // The first mapping of a key wins, as Array.prototype.find does in Redocly's walk.
      for (const m of map.mappings) if (!index.has(m.key?.value)) index.set(m.key?.value, m);
      this.keys.set(map, index);
    }
    return index.get(key);
  }

  private node(root: YAMLNode | undefined, pointer: string, reportOnKey: boolean): YAMLNode | undefined {
    if (root === undefined) return undefined;
    const segments = pointer
      .slice(2)
      .split('/')
      .map(unescapeSegment)
      .filter((s) => s !== '');
    let current = root;
    for (const key of segments) {
      if (current.kind === Kind.MAP) {
        const mapping = this.mapping(current as YamlMap, key);
        if (!mapping) break;
        current = mapping;
        if (!mapping.value) break;
        current = mapping.value;
      } else if (current.kind === Kind.SEQ) {
        const items = (current as YAMLNode & { items: YAMLNode[] }).items;
        const elem = items[parseInt(key, 10)];
        if (!elem) break;
        current = elem;
      }
    }
    if (!reportOnKey) return current;
    const parent = current.parent;
    if (!parent) return current;
    if (parent.kind === Kind.MAPPING) return (parent as YAMLMapping).key;
    return current;
  }

  private offsetToLoc(source: Source, offset: number): LineCol {
    let starts = this.lineStarts.get(source);
    const body = source.body;
    if (!starts) {
      starts = [0];
      for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts.set(source, starts);
    }
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.floor((low + high + 1) / 2);
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    const lineStart = starts[low] as number;
    const skipped = low > 0 && body[lineStart] === '\r' && offset > lineStart ? 1 : 0;
    return { line: low + 1, col: offset - lineStart + 1 - skipped };
  }

  /** The start of the problem's location, exactly where Redocly's getLineColLocation puts it. */
  start(location: LocationObject): LineCol {
    return this.range(location).start;
  }

  /** Start and end of the problem's location, as Redocly's getLineColLocation gives them. */
  range(location: LocationObject): { start: LineCol; end: LineCol } {
    const { source, reportOnKey } = location;
    const pointer = location.pointer ?? '#/';
    const ast = source.getAst(loadAst) as YAMLNode | undefined;
    const node = this.node(ast, pointer, !!reportOnKey);
    const start = node?.startPosition ?? 1;
    const end = node?.endPosition ?? 1;
    if (start === end) return { start: { line: 1, col: 1 }, end: { line: 1, col: 1 } };
    return { start: this.offsetToLoc(source, start), end: this.offsetToLoc(source, end) };
  }
}
