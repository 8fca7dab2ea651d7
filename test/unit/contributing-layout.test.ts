/**
 * docs/contributing.md's Layout table is the map of the tree: one row per folder of the top level
 * (src/ itself through its rooms), of src/ and of src/runtime/, no row for a folder that does not
 * exist, and the rooms of src/ and src/runtime/ in their order, lowest first (test/support/rooms.ts,
 * the order test/unit/room-order.test.ts holds the imports to).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME, TOOLCHAIN, type Ladder } from '../support/rooms.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The rows of the `## Layout` section's table: the folder of the first cell (backticked, ending in "/") and the rest. */
function layoutRows(markdown: string): Array<{ folder: string; contents: string }> {
  const start = markdown.indexOf('\n## Layout\n');
  if (start < 0) return [];
  const next = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, next < 0 ? undefined : next);
  const rows: Array<{ folder: string; contents: string }> = [];
  for (const line of section.split('\n')) {
    const m = /^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/.exec(line);
    if (m) rows.push({ folder: m[1] as string, contents: (m[2] as string).trim() });
  }
  return rows;
}

/** Names .gitignore leaves out at every level (`name/` lines without another slash or a wildcard), and .git. */
function ignoredNames(root: string): Set<string> {
  const names = new Set(['.git']);
  const file = join(root, '.gitignore');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^\/?([^/*?[\]!#\s]+)\/$/.exec(line.trim());
      if (m) names.add(m[1] as string);
    }
  }
  return names;
}

/** The folders the table must name: top level (but src/), src/*, src/runtime/*, each as `path/`. */
function treeFolders(root: string): string[] {
  const ignored = ignoredNames(root);
  const folders = (dir: string): string[] =>
    existsSync(join(root, dir)) ? readdirSync(join(root, dir)).filter((n) => !ignored.has(n) && statSync(join(root, dir, n)).isDirectory()) : [];
  return [
    ...folders('.')
      .filter((n) => n !== 'src')
      .map((n) => `${n}/`),
    ...folders('src').map((n) => `src/${n}/`),
    ...folders('src/runtime').map((n) => `src/runtime/${n}/`),
  ].sort();
}

/** The floors of `ladder`'s rooms in the order the table lists them (rows of its base's direct subfolders only). */
function floorsInTableOrder(rows: ReadonlyArray<{ folder: string }>, ladder: Ladder): Array<{ room: string; floor: number }> {
  const prefix = `${ladder.base}/`;
  const out: Array<{ room: string; floor: number }> = [];
  for (const { folder } of rows) {
    if (!folder.startsWith(prefix)) continue;
    const rest = folder.slice(prefix.length).replace(/\/$/, '');
    if (rest.includes('/') || rest === '') continue;
    out.push({ room: rest, floor: ladder.floors.findIndex((f) => f.includes(rest)) });
  }
  return out;
}

/** Rooms listed before a lower one: `a (floor 3) before b (floor 1)`. */
function outOfOrder(all: ReadonlyArray<{ room: string; floor: number }>): string[] {
  // A room without a floor is reported on its own.
  const listed = all.filter((l) => l.floor >= 0);
  const out: string[] = [];
  for (let i = 1; i < listed.length; i++) {
    const before = listed[i - 1] as { room: string; floor: number };
    const here = listed[i] as { room: string; floor: number };
    if (here.floor < before.floor) out.push(`${before.room} (floor ${before.floor}) before ${here.room} (floor ${here.floor})`);
  }
  return out;
}

describe("docs/contributing.md's Layout table", () => {
  const rows = layoutRows(readFileSync(join(ROOT, 'docs', 'contributing.md'), 'utf8'));

  it('names every folder of the top level, of src/ and of src/runtime/, once, and no folder that does not exist', () => {
    expect(rows.length).toBeGreaterThan(10);
    const named = rows.map((r) => r.folder);
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(treeFolders(ROOT));
    for (const r of rows) expect(r.contents, r.folder).not.toBe('');
  });

  it('lists the rooms of src/ and of src/runtime/ lowest first, as the imports run', () => {
    for (const ladder of [TOOLCHAIN, RUNTIME]) {
      const listed = floorsInTableOrder(rows, ladder);
      expect(listed.filter((l) => l.floor < 0).map((l) => l.room)).toEqual([]);
      expect(outOfOrder(listed)).toEqual([]);
    }
  });

  it('the check itself: a missing row, a stale row and a room out of order are found', () => {
    const doc = [
      '# x',
      '## Layout',
      '| folder | contents |',
      '|---|---|',
      '| `src/cli/` | commands |',
      '| `src/contract/` | model |',
      '| `src/gone/` | nothing |',
      '## Next',
      '| `src/late/` | not in the section |',
    ].join('\n');
    const found = layoutRows(doc);
    expect(found.map((r) => r.folder)).toEqual(['src/cli/', 'src/contract/', 'src/gone/']);
    const tree = treeFolders(ROOT);
    const named = found.map((r) => r.folder);
    expect(tree.filter((f) => !named.includes(f))).toContain('src/runtime/');
    expect(named.filter((f) => !tree.includes(f))).toEqual(['src/gone/']);
    expect(outOfOrder(floorsInTableOrder(found, TOOLCHAIN))).toEqual([
      `cli (floor ${TOOLCHAIN.floors.findIndex((f) => f.includes('cli'))}) before contract (floor ${TOOLCHAIN.floors.findIndex((f) => f.includes('contract'))})`,
    ]);
  });
});
