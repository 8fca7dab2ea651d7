/** `specforge generate` and `specforge check`. */
import { resolve } from 'node:path';
import { formatDiagnostic, UsageError } from '../../contract/errors.js';
import { displayPath } from '../../contract/resolve.js';
import { loadConfig, parseTargets, type SpecEntry, type SpecforgeConfig } from '../../pipeline/config.js';
import { generateSpec, type SpecResult } from '../../pipeline/generate.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { dirname } from 'node:path';
import { unifiedDiff } from '../diff-text.js';

export interface GenerateOptions {
  cwd?: string;
  config?: string;
  spec?: string;
  out?: string;
  targets?: string;
  strict?: string;
  force?: boolean;
  quiet?: boolean;
  write?: (text: string) => void;
}

/** The cache folder: $SPECFORGE_CACHE_DIR, or .specforge-cache in the working directory. */
export function cacheDirFor(options: { cwd?: string }): string {
  return resolve(options.cwd ?? process.cwd(), process.env['SPECFORGE_CACHE_DIR'] ?? '.specforge-cache');
}

export function entriesFor(options: GenerateOptions): { config?: SpecforgeConfig; entries: SpecEntry[] } {
  const cwd = options.cwd ?? process.cwd();
  if (options.out && !options.spec) throw new UsageError('--out needs --spec');
  if (options.spec) {
    const path = resolve(cwd, options.spec);
    const api = dirname(path).split(/[\\/]/).pop() ?? 'api';
    const strict = options.strict === undefined ? true : options.strict === 'schema' ? 'schema' : options.strict === 'true';
    if (options.strict !== undefined && !['true', 'false', 'schema'].includes(options.strict)) throw new UsageError('--strict takes true, false or schema');
    return {
      entries: [{ path, api, out: resolve(cwd, options.out ?? `generated/${api}`), targets: parseTargets(options.targets, '--targets'), strict }],
    };
  }
  const config = loadConfig(cwd, options.config);
  let entries = config.specs;
  if (options.targets) {
    const targets = parseTargets(options.targets, '--targets');
    entries = entries.map((e) => ({ ...e, targets }));
  }
  return { config, entries };
}

function report(results: SpecResult[], write: (t: string) => void, quiet: boolean): void {
  for (const r of results) {
    for (const w of r.warnings) write(formatDiagnostic(w) + '\n');
    if (quiet) continue;
    const written = r.files.filter((f) => f.state === 'written').length;
    const where = displayPath(r.entry.out);
    write(r.cached ? `${where}: up to date (cached)\n` : `${where}: ${written} written, ${r.files.length - written} unchanged\n`);
  }
}

export async function runGenerate(options: GenerateOptions): Promise<number> {
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const { entries } = entriesFor(options);
  const results: SpecResult[] = [];
  for (const entry of entries) results.push(await generateSpec(entry, { force: options.force === true, cacheDir: cacheDirFor(options) }));
  report(results, write, options.quiet === true);
  return EXIT_OK;
}

export interface CheckOptions extends GenerateOptions {
  /** Lines of diff shown per stale file (0 for none). */
  diffLines?: number;
}

export async function runCheck(options: CheckOptions): Promise<number> {
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const { entries } = entriesFor(options);
  let stale = 0;
  for (const entry of entries) {
    const result = await generateSpec(entry, { check: true, cacheDir: cacheDirFor(options) });
    for (const f of result.files) {
      if (f.state === 'unchanged' || f.state === 'written') continue;
      stale++;
      const path = displayPath(resolve(entry.out, f.path));
      write(`${f.state}: ${path}${f.notExecutable ? ' (not executable)' : ''}\n`);
      if (f.state === 'stale' && !f.notExecutable && f.expected !== undefined && (options.diffLines ?? 20) > 0) {
        const { readFileSync } = await import('node:fs');
        const current = readFileSync(resolve(entry.out, f.path), 'utf8');
        write(unifiedDiff(current, f.expected, path, options.diffLines ?? 20));
      }
    }
  }
  if (stale > 0) {
    write(`${stale} generated file(s) differ from what the contracts produce; run "specforge generate"\n`);
    return EXIT_FINDINGS;
  }
  if (options.quiet !== true) write('generated files are up to date\n');
  return EXIT_OK;
}
