/**
 * No import circle in the toolchain's sources: every .ts file under src/ and generators/, its static
 * relative imports and re-exports (`import … from './x.js'`, `import './x.js'`, `export … from
 * './x.js'`), type-only imports left out (they vanish at run time).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from '../support/import-graph.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SCANNED = ['src', 'generators'];

/** Folders left out of the scan (paths relative to the repository, with a trailing slash): none. */
const EXCLUDED: readonly string[] = [];

/** One circle per strongly connected component of more than one file (or a file that imports itself). */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative (no recursion depth to exhaust on a large tree).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++] as string;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  // A concrete circle through each component: from its first file (sorted), the shortest way back.
  return components.map((component) => {
    const members = new Set(component);
    const first = [...component].sort()[0] as string;
    const previous = new Map<string, string>();
    const queue = [first];
    for (let i = 0; i < queue.length; i++) {
      const node = queue[i] as string;
      for (const to of graph.get(node) ?? []) {
        if (!members.has(to)) continue;
        if (to === first) {
          const path = [first];
          for (let at: string | undefined = node; at !== undefined && at !== first; at = previous.get(at)) path.splice(1, 0, at);
          return [...path, first];
        }
        if (!previous.has(to)) {
          previous.set(to, node);
          queue.push(to);
        }
      }
    }
    return [...component, component[0] as string];
  });
}

function cyclesUnder(root: string, dirs: readonly string[], excluded: readonly string[], types = false): string[] {
  const files = sourceFiles(root, dirs).filter((f) => !excluded.some((e) => relative(root, f).split('\\').join('/').startsWith(e)));
  return findCycles(importGraph(files, { types }))
    .map((c) => c.map((f) => relative(root, f).split('\\').join('/')).join(' -> '))
    .sort();
}

describe('import cycles', () => {
  it(`no module under ${SCANNED.join('/ and ')}/ imports itself through others${EXCLUDED.length ? ` (${EXCLUDED.join(', ')} left out for now)` : ''}`, () => {
    const files = sourceFiles(ROOT, SCANNED);
    // The scan sees the tree: the contract model and the conformance engine are in it.
    expect(files.some((f) => f.endsWith(join('src', 'contract', 'model.ts')))).toBe(true);
    expect(files.some((f) => f.endsWith(join('src', 'conformance', 'run.ts')))).toBe(true);
    expect(cyclesUnder(ROOT, SCANNED, EXCLUDED)).toEqual([]);
  });

  it("nor through type-only imports: what two modules share lives in a third (the model's types in model-types.ts)", () => {
    expect(cyclesUnder(ROOT, SCANNED, EXCLUDED, true)).toEqual([]);
  });

  describe('the scan itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'specforge-cycles-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string): void => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };

    it('finds a circle of static imports and re-exports, multi-line lists and side-effect imports included', () => {
      write('a/one.ts', "import {\n  two,\n  twoToo,\n} from './two.js';\nexport const one = two;\n");
      write('a/two.ts', "export { three as two, twoToo } from '../b/three.js';\n");
      write('b/three.ts', "import '../a/one.js';\nexport const three = 3;\nexport const twoToo = 2;\n");
      write('b/self.ts', "import { x } from './self.js';\nexport const y = x;\n");
      expect(cyclesUnder(dir, ['a', 'b'], [])).toEqual(['a/one.ts -> a/two.ts -> b/three.ts -> a/one.ts', 'b/self.ts -> b/self.ts']);
      // A folder left out takes its circles with it.
      expect(cyclesUnder(dir, ['a', 'b'], ['b/'])).toEqual([]);
    });

    it('does not count type-only imports, dynamic imports or imports in comments', () => {
      write('c/model.ts', "import type { Cli } from './cli.js';\nexport interface Model { cli?: Cli }\n");
      write(
        'c/cli.ts',
        "import { type Model, type Other } from './model.js';\n/**\n * import { x } from './model.js';\n */\nexport interface Cli { m?: Model }\nexport const later = () => import('./model.js');\n",
      );
      expect(cyclesUnder(dir, ['c'], [])).toEqual([]);
      // Counted when asked: the circle a reader follows through the types.
      expect(cyclesUnder(dir, ['c'], [], true)).toEqual(['c/cli.ts -> c/model.ts -> c/cli.ts']);
      write('c/cli.ts', "import { type Model, isModel } from './model.js';\nexport interface Cli { m?: Model }\nexport const ok = isModel;\n");
      write('c/model.ts', "import { readCli } from './cli.js';\nexport const isModel = readCli;\n");
      expect(cyclesUnder(dir, ['c'], [])).toEqual(['c/cli.ts -> c/model.ts -> c/cli.ts']);
    });
  });
});
