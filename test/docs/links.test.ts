/**
 * Every relative link and #anchor in README.md and docs/**\/*.md resolves: the file exists, and an
 * anchor names a heading of the file it points into, as GitHub makes heading anchors.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** GitHub's anchor of a heading: lower case, punctuation but "-" and "_" dropped, spaces as "-". */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The text outside fenced code blocks, with inline code spans blanked. */
function prose(text: string): string[] {
  let fence = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fence = !fence;
      return '';
    }
    return fence ? '' : line.replace(/(`+)[^`]*?\1/g, '');
  });
}

/** The anchors of a markdown file's headings (a repeated heading gets -1, -2, … as on GitHub). */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const m = fence ? null : /^#{1,6} (.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The broken relative links of one markdown file, as "file:line: target (why)". */
export function brokenLinks(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const problems: string[] = [];
  prose(text).forEach((line, i) => {
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const at = `${relative(root, file)}:${i + 1}: ${target}`;
      const [path = '', anchor] = target.split('#', 2);
      const into = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
      if (!existsSync(into)) {
        problems.push(`${at} (no such file)`);
        continue;
      }
      if (anchor === undefined) continue;
      if (statSync(into).isDirectory() || !into.endsWith('.md')) {
        problems.push(`${at} (an anchor into a file that is not markdown)`);
        continue;
      }
      if (!anchors(readFileSync(into, 'utf8')).has(decodeURIComponent(anchor))) problems.push(`${at} (no heading with this anchor)`);
    }
  });
  return problems;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

describe('documentation links', () => {
  const files = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

  it('covers the README and the docs folder', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))('%s: every relative link and anchor resolves', (_name, file) => {
    expect(brokenLinks(file, ROOT)).toEqual([]);
  });

  it('the README links every guide and reference page', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const file of markdownFiles(join(ROOT, 'docs'))) expect(readme, relative(ROOT, file)).toContain(`](${relative(ROOT, file)})`);
  });

  it('reports a missing file, a missing anchor and a wrong anchor in another file, not a good link or one in code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'specforge-links-'));
    try {
      writeFileSync(join(dir, 'other.md'), '# Other page\n\n## `specforge test`: a run\n');
      writeFileSync(
        join(dir, 'a.md'),
        [
          '# Title, with: punctuation',
          '[ok](#title-with-punctuation) [ok](other.md#specforge-test-a-run) [ok](other.md) [web](https://example.com/x#y)',
          '[gone](missing.md) [bad anchor](#nope)',
          '[wrong](other.md#other-pages)',
          '`[in code](nowhere.md)`',
          '```',
          '[in a fence](nowhere.md)',
          '```',
        ].join('\n'),
      );
      expect(brokenLinks(join(dir, 'a.md'), dir)).toEqual([
        'a.md:3: missing.md (no such file)',
        'a.md:3: #nope (no heading with this anchor)',
        'a.md:4: other.md#other-pages (no heading with this anchor)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
