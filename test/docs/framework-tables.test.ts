/**
 * The framework tables of README.md, docs/guides/frameworks.md (frameworks, limits) and examples/README.md are the
 * registry's (src/cli/frameworks.ts), written by `node dist/src/cli/framework-table.js`: a block
 * that differs, or a page without its markers, fails here. So does a table of frameworks left
 * beside them by hand: a page row naming a framework's adapter outside the block.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameworkTable, TABLE_PAGES, tableEnd, tableStart, withFrameworkTable } from '../../src/cli/framework-table.js';
import { FRAMEWORKS, type FrameworkInfo } from '../../src/cli/frameworks.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

describe.each(TABLE_PAGES)('$file ($table)', ({ file, table }) => {
  const text = readFileSync(join(ROOT, file), 'utf8');

  it('holds the table the registry writes (node dist/src/cli/framework-table.js rewrites it)', () => {
    expect(text).toContain(tableStart(table));
    expect(withFrameworkTable(text, table)).toBe(text);
  });

  it('lists every framework of the registry once, and no framework row outside the block', () => {
    const block = frameworkTable(table);
    // The page without any of its framework blocks.
    let outside = text;
    for (const other of TABLE_PAGES.filter((p) => p.file === file)) {
      outside = outside.slice(0, outside.indexOf(tableStart(other.table))) + outside.slice(outside.indexOf(tableEnd(other.table)));
    }
    for (const f of FRAMEWORKS as readonly FrameworkInfo[]) {
      if (table === 'examples' && f.example === undefined) continue;
      expect(block.split('\n').filter((row) => row.startsWith(`| ${f.name} |`) || row.includes(`](${f.example ?? '\0'})`))).toHaveLength(1);
      // A hand-written table row naming the adapter: the list written a second time.
      const rows = outside.split('\n').filter((line) => line.startsWith('|') && line.includes(`\`${f.adapter}\``));
      expect(rows, `${file}: a table row outside the block names ${f.adapter}`).toEqual([]);
    }
  });
});

describe('withFrameworkTable', () => {
  it('replaces a stale block and refuses a page without markers', () => {
    const stale = `a\n${tableStart('readme')}\n| Framework | The three commands |\n| Express | old |\n${tableEnd('readme')}\nb`;
    expect(withFrameworkTable(stale, 'readme')).toBe(`a\n${tableStart('readme')}\n${frameworkTable('readme')}\n${tableEnd('readme')}\nb`);
    expect(() => withFrameworkTable('no markers', 'guide')).toThrow('has no block');
  });
});
