/**
 * No upward import: the rooms of src/ (and of the run-time package, src/runtime/) stand in an order,
 * lowest first, and a module imports only from its own room and from rooms below it. Every relative
 * import counts: static, type-only, re-exports, side-effect imports and `import('…')` (a type import
 * ties two rooms as surely as a value). Circles between files are import-cycles.test.ts's concern;
 * this test keeps the map of docs/contributing.md true: the config below every command that reads
 * it, the run-time package below the toolchain, and generators/ beside the ladder, reading only the
 * model, the codegen helpers and the run-time package, run only by the pipeline (DESIGN.md).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from '../support/import-graph.js';
import { GENERATORS, RUNTIME, TOOLCHAIN, type Ladder } from '../support/rooms.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Upward imports allowed on purpose, file to file, each with its reason. Keep this list short: move
 * the shared piece down instead where that is in reach.
 */
const ALLOWED: ReadonlyArray<{ from: string; to: string; why: string }> = [
  {
    from: 'src/config/config-sections.ts',
    to: 'src/lint/style.ts',
    why:
      'the config checks a `lint.ruleset` name (and expands it) against the one definition of the rulesets, ' +
      'which lives in lint/style.ts and imports nothing from src/ (one-ruleset-definition.test.ts holds it there)',
  },
];

type Room = string;

/** The room of `file` in `ladder` (a subfolder or top-level file of its base), or undefined outside the base. */
function roomOf(root: string, ladder: Ladder, file: string): Room | undefined {
  const rel = relative(join(root, ladder.base), file).split('\\').join('/');
  if (rel.startsWith('..')) return undefined;
  return rel.split('/')[0];
}

/** Every upward import of `files` in `ladder` (and the generators' rule), as `from -> to (why)` lines. */
function upwardImports(root: string, files: readonly string[], ladder: Ladder, allowed = ALLOWED): string[] {
  const floorOf = new Map<Room, number>();
  ladder.floors.forEach((rooms, i) => rooms.forEach((r) => floorOf.set(r, i)));
  const rel = (f: string): string => relative(root, f).split('\\').join('/');
  const inGenerators = (f: string): boolean => rel(f).startsWith(`${GENERATORS.folder}/`);
  const out: string[] = [];
  for (const [from, targets] of importGraph(files, { types: true, dynamic: true })) {
    for (const to of targets) {
      if (allowed.some((a) => a.from === rel(from) && a.to === rel(to))) continue;
      const a = roomOf(root, ladder, from);
      const b = roomOf(root, ladder, to);
      if (ladder.base === TOOLCHAIN.base && (inGenerators(from) || inGenerators(to))) {
        if (inGenerators(from) && b !== undefined && !(GENERATORS.reads as readonly string[]).includes(b))
          out.push(`${rel(from)} -> ${rel(to)} (generators/ import only ${GENERATORS.reads.join(', ')})`);
        if (inGenerators(to) && a !== undefined && !(GENERATORS.readBy as readonly string[]).includes(a))
          out.push(`${rel(from)} -> ${rel(to)} (only ${GENERATORS.readBy.join(', ')} imports generators/)`);
        continue;
      }
      if (a === undefined || b === undefined || a === b) continue;
      const fa = floorOf.get(a);
      const fb = floorOf.get(b);
      if (fa === undefined || fb === undefined) out.push(`${rel(from)} -> ${rel(to)} (a room without a floor: ${fa === undefined ? a : b})`);
      else if (fb > fa) out.push(`${rel(from)} -> ${rel(to)} (upward: ${a} is below ${b})`);
      else if (fb === fa) out.push(`${rel(from)} -> ${rel(to)} (${a} and ${b} share a floor: neither imports the other)`);
    }
  }
  return out.sort();
}

/** The rooms of a ladder's base in the tree: its subfolders and its .ts files. */
function roomsInTree(root: string, base: string): string[] {
  const dir = join(root, base);
  return readdirSync(dir)
    .filter((n) => n !== 'dist' && n !== 'node_modules' && (statSync(join(dir, n)).isDirectory() || (n.endsWith('.ts') && !n.endsWith('.d.ts'))))
    .sort();
}

describe('room order', () => {
  const files = sourceFiles(ROOT, ['src', 'generators']);

  for (const ladder of [TOOLCHAIN, RUNTIME]) {
    it(`every room of ${ladder.base}/ has one floor, and each floor names rooms of the tree`, () => {
      const placed = ladder.floors.flat();
      expect([...placed].sort()).toEqual(roomsInTree(ROOT, ladder.base));
      expect(new Set(placed).size).toBe(placed.length);
    });
  }

  it('no module of src/ imports from a room above its own (the run-time package imports nothing from the toolchain)', () => {
    expect(files.some((f) => f.endsWith(join('src', 'config', 'config.ts')))).toBe(true);
    expect(upwardImports(ROOT, files, TOOLCHAIN)).toEqual([]);
  });

  it('inside the run-time package, shared/ is the floor and the entries the top', () => {
    const runtime = files.filter((f) => roomOf(ROOT, RUNTIME, f) !== undefined);
    expect(runtime.length).toBeGreaterThan(20);
    expect(upwardImports(ROOT, runtime, RUNTIME)).toEqual([]);
  });

  it('each allowed exception is still an import of the tree (a stale entry is removed)', () => {
    const graph = importGraph(files, { types: true, dynamic: true });
    for (const a of ALLOWED) expect(graph.get(join(ROOT, a.from)) ?? [], `${a.from} -> ${a.to}`).toContain(join(ROOT, a.to));
  });

  describe('the check itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'specforge-rooms-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string): string => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
      return join(dir, path);
    };
    const ladder: Ladder = { base: 'src', floors: [['runtime'], ['contract'], ['lint', 'diff'], ['cli']] };

    it('finds an upward import, type-only, re-exported, multi-line or dynamic, and an import between rooms of one floor', () => {
      const tree = [
        write('src/runtime/a.ts', "import type { M } from '../contract/model.js';\nexport type A = M;\n"),
        write('src/contract/model.ts', "export {\n  run,\n} from '../cli/run.js';\nexport type M = string;\nimport '../runtime/a.js';\n"),
        write('src/lint/x.ts', "export const x = () => import('../diff/y.js');\n// import('../cli/run.js') in a comment\n"),
        write('src/diff/y.ts', "import { type M } from '../contract/model.js';\nexport const y: M = '';\n"),
        write('src/cli/run.ts', "import { x } from '../lint/x.js';\nexport const run = x;\n"),
      ];
      expect(upwardImports(dir, tree, ladder, [])).toEqual([
        'src/contract/model.ts -> src/cli/run.ts (upward: contract is below cli)',
        'src/lint/x.ts -> src/diff/y.ts (lint and diff share a floor: neither imports the other)',
        'src/runtime/a.ts -> src/contract/model.ts (upward: runtime is below contract)',
      ]);
      // An allowed exception lets exactly that pair through.
      expect(upwardImports(dir, tree, ladder, [{ from: 'src/runtime/a.ts', to: 'src/contract/model.ts', why: 'test' }])).toHaveLength(2);
    });

    it('names a room that has no floor, and holds generators/ to their rule', () => {
      const tree = [
        write('src/extra/z.ts', 'export const z = 1;\n'),
        write('src/cli/main.ts', "import { z } from '../extra/z.js';\nimport { g } from '../../generators/g.js';\nexport const m = z + g;\n"),
        write(
          'generators/g.ts',
          "import { run } from '../src/cli/run.js';\nimport type { M } from '../src/contract/model.js';\nexport const g = 1;\nexport type G = M;\nexport const r = run;\n",
        ),
        write('src/contract/model.ts', 'export type M = string;\n'),
        write('src/cli/run.ts', 'export const run = 1;\n'),
      ];
      expect(upwardImports(dir, tree, { base: 'src', floors: [['contract'], ['pipeline'], ['cli']] }, [])).toEqual([
        'generators/g.ts -> src/cli/run.ts (generators/ import only contract, codegen, runtime)',
        'src/cli/main.ts -> generators/g.ts (only pipeline imports generators/)',
        'src/cli/main.ts -> src/extra/z.ts (a room without a floor: extra)',
      ]);
    });
  });
});
