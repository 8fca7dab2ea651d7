/**
 * docs/security.md names, for every promise it makes about untrusted input, the tests that hold it:
 * each row's test file must exist and hold each named test title, and every surface the model
 * covers must have its section. A promise whose test is renamed or removed fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DOC = readFileSync(join(ROOT, 'docs', 'security.md'), 'utf8');

interface Row {
  section: string;
  promise: string;
  file: string;
  titles: string[];
}

/** The rows of every `| promise | held by |` table, by section. */
function rows(markdown: string): Row[] {
  const out: Row[] = [];
  let section = '';
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) {
      section = line.slice(3).trim();
      inTable = false;
      continue;
    }
    if (/^\|\s*promise\s*\|\s*held by\s*\|$/.test(line)) {
      inTable = true;
      continue;
    }
    if (!inTable || !line.startsWith('|') || /^\|[-\s|]+\|$/.test(line)) {
      if (!line.startsWith('|')) inTable = false;
      continue;
    }
    const cells = line.split(/(?<!\\)\|/).slice(1, -1);
    const promise = (cells.slice(0, -1).join('|') ?? '').trim();
    const held = (cells.at(-1) ?? '').trim();
    // A cell names one or more files, each followed by the titles of its tests in double quotes.
    for (const part of held.split(/(?=`test\/)/)) {
      const file = /^`([^`]+)`/.exec(part)?.[1];
      if (file === undefined) continue;
      const titles = [...part.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
      out.push({ section, promise, file, titles });
    }
  }
  return out;
}

const ALL = rows(DOC);

describe('docs/security.md', () => {
  it('has a table of promises and the tests that hold them', () => {
    expect(ALL.length).toBeGreaterThan(20);
  });

  it.each(ALL.map((r) => [`${r.section}: ${r.file} ${r.titles.join(' / ')}`, r] as const))('%s exists', (_name, row) => {
    const path = join(ROOT, row.file);
    expect(existsSync(path), `${row.file} (named in "${row.section}")`).toBe(true);
    expect(row.titles.length, `a row of "${row.section}" names ${row.file} but no test title`).toBeGreaterThan(0);
    // Titles are compared as they read: a quote escaped in the test's string literal counts as the quote.
    const text = readFileSync(path, 'utf8').replace(/\\(['"`])/g, '$1');
    for (const title of row.titles) expect(text.includes(title), `${row.file} has no test titled "${title}"`).toBe(true);
  });

  it('every row of every table names at least one test', () => {
    const tableRows = DOC.split('\n').filter((l) => l.startsWith('| ') && !/^\|\s*promise\s*\|/.test(l) && !/^\|[-\s|]+\|$/.test(l));
    const promises = new Set(ALL.map((r) => r.promise));
    const without = tableRows.filter((l) => ![...promises].some((p) => p !== '' && l.includes(p)));
    expect(without).toEqual([]);
  });

  it.each(['server adapters', 'proxy', 'replay', 'docs samples and console', 'review and the Action'])('has a section on %s', (surface) => {
    const sections = new Set(ALL.map((r) => r.section.toLowerCase()));
    expect([...sections].some((s) => s.includes(surface.toLowerCase()))).toBe(true);
  });
});
