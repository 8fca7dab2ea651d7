/**
 * The import scanner shared by the import-cycles and room-order tests: the .ts sources of a tree and
 * the relative specifiers each names (static imports and re-exports, side-effect imports, and on
 * request type-only imports and `import('…')` expressions), resolved to files of the tree.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Every .ts source file under `dirs` of `root` (declaration files, dist/ and node_modules/ left out). */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const d of dirs) if (existsSync(join(root, d))) walk(join(root, d));
  return out.sort();
}

export interface ScanOptions {
  /** Count type-only imports and re-exports too (they vanish at run time, but a reader follows them). */
  types?: boolean;
  /** Count `import('./x.js')` too: dynamic imports and import types. */
  dynamic?: boolean;
}

/**
 * The relative specifiers a module loads at run time (type-only imports and re-exports left out),
 * or with `types`, every relative specifier it names in an import or re-export; with `dynamic`,
 * those of its `import('…')` expressions as well.
 */
export function relativeImports(text: string, options: ScanOptions = {}): string[] {
  const types = options.types === true;
  const out: string[] = [];
  // Statements at the start of a line; `[^;]*?` spans the lines of a multi-line import list.
  const statement = /^(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) {
    if (m[2] && !types) continue;
    const clause = (m[3] ?? '').trim();
    // `import { type A, type B } from` loads nothing either.
    const braces = /^\{([^}]*)\}$/.exec(clause);
    if (braces && !types) {
      const names = (braces[1] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    }
    out.push(m[4] as string);
  }
  for (const m of text.matchAll(/^import\s*['"](\.{1,2}\/[^'"]+)['"]/gm)) out.push(m[1] as string);
  if (options.dynamic === true) {
    // Outside comments only: a line whose first characters open or continue a comment is skipped.
    for (const line of text.split('\n')) {
      if (/^\s*(\/\/|\/\*|\*)/.test(line)) continue;
      for (const m of line.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) out.push(m[1] as string);
    }
  }
  return out;
}

/** The file of `files` a specifier of `from` names (`./x.js` is `./x.ts`, a folder its index.ts), if any. */
export function resolveSpecifier(known: ReadonlySet<string>, from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base.replace(/\.js$/, '.ts'), base, join(base, 'index.ts')].find((c) => known.has(c));
}

/** The import graph of `files`: file -> the files (of the set) it names. */
export function importGraph(files: readonly string[], options: ScanOptions = {}): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const spec of relativeImports(readFileSync(file, 'utf8'), options)) {
      const target = resolveSpecifier(known, file, spec);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}
