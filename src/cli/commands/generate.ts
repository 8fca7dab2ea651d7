/** `specforge generate` and `specforge check`. */
import { spawnSync } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ContractError, UsageError } from '../../contract/errors.js';
import { displayPath } from '../../contract/resolve.js';
import { configEntryFor, loadConfig, parseTargets, type SpecEntry, type SpecforgeConfig } from '../../config/config.js';
import { DEFAULT_STRICT } from '../../runtime/validation/ajv.js';
import { defaultCacheDir, generateSpec, type SpecResult } from '../../pipeline/generate.js';
import { DRIFT_RULES, driftFindings } from '../../pipeline/drift.js';
import type { Finding } from '../../report/findings.js';
import { formatFindings, REPORT_FORMATS } from '../../report/format.js';
import { EXIT_FINDINGS, EXIT_OK, formatDiagnostics, handleError } from '../errors.js';
import { formatOption, strictFlag } from '../format-option.js';
import { specforgeVersion } from '../version.js';
import { dirname } from 'node:path';

export interface GenerateOptions {
  cwd?: string;
  config?: string;
  spec?: string;
  out?: string;
  targets?: string;
  /** true, false or schema: over the strict level of every contract (or of the config entry of --spec). */
  strict?: string;
  /** ts or js: over the emit of every contract (or of the config entry of --spec). */
  emit?: 'ts' | 'js';
  force?: boolean;
  quiet?: boolean;
  write?: (text: string) => void;
}

/** The cache folder (see defaultCacheDir). */
export function cacheDirFor(options: { cwd?: string }): string {
  return defaultCacheDir(options.cwd ?? process.cwd());
}

/**
 * The contracts to generate: every entry of the config, or the one `--spec` names (with its config
 * entry's settings when the config lists it, else the defaults). `--targets`, `--strict` and `--emit` apply
 * over either; `partial` is set when `--targets` stands for targets a config entry lists (see
 * RunOptions.partial: the files of the config's other targets stay).
 */
export function entriesFor(options: GenerateOptions): { config?: SpecforgeConfig; entries: SpecEntry[]; partial: boolean } {
  const cwd = options.cwd ?? process.cwd();
  if (options.out && !options.spec) throw new UsageError('--out needs --spec');
  const strict = strictFlag(options.strict);
  const targets = options.targets === undefined ? undefined : parseTargets(options.targets, '--targets');
  const over = (e: SpecEntry): SpecEntry => {
    const given: SpecEntry = { ...e, ...(targets ? { targets } : {}), ...(strict !== undefined ? { strict } : {}) };
    if (options.emit === 'js') given.emit = 'js';
    else if (options.emit === 'ts') delete given.emit;
    return given;
  };
  if (options.spec) {
    const path = resolve(cwd, options.spec);
    const api = dirname(path).split(/[\\/]/).pop() ?? 'api';
    const listed = configEntryFor(path, cwd, options.config);
    const entry = listed ?? {
      path,
      api,
      out: resolve(cwd, `generated/${api}`),
      targets: parseTargets(undefined, '--targets'),
      strict: DEFAULT_STRICT,
    };
    return {
      entries: [over({ ...entry, ...(options.out ? { out: resolve(cwd, options.out) } : {}) })],
      partial: targets !== undefined && listed !== undefined,
    };
  }
  const config = loadConfig(cwd, options.config);
  return { config, entries: config.specs.map(over), partial: targets !== undefined };
}

function report(results: SpecResult[], write: (t: string) => void, quiet: boolean): void {
  for (const r of results) {
    write(formatDiagnostics(r.warnings));
    if (quiet) continue;
    const written = r.files.filter((f) => f.state === 'written').length;
    const where = displayPath(r.entry.out);
    const removed = r.removed.length > 0 ? `, ${r.removed.length} removed` : '';
    write(r.cached ? `${where}: up to date (cached)\n` : `${where}: ${written} written${removed}, ${r.files.length - written} unchanged\n`);
  }
}

/** A path as one shell word. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_./@+-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/** Runs the config's `hooks.afterWrite` commands from its folder, each with the written files appended. */
function runHooks(config: SpecforgeConfig, results: SpecResult[], write: (t: string) => void): void {
  const written = results.flatMap((r) => r.files.filter((f) => f.state === 'written').map((f) => relative(config.root, join(r.entry.out, f.path))));
  if (written.length === 0 || config.afterWrite.length === 0) return;
  for (const command of config.afterWrite) {
    const line = `${command} ${written.map(shellWord).join(' ')}`;
    const r = spawnSync(line, { cwd: config.root, shell: true, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.stdout) write(r.stdout);
    if (r.error || r.status !== 0) {
      const why = r.error ? r.error.message : r.signal ? `was stopped by ${r.signal}` : `exited with ${String(r.status)}`;
      const output = `${r.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
      throw ContractError.single('SPECFORGE_HOOK', `hooks.afterWrite command "${command}" ${why}${output ? `:\n${output}` : ''}`, {
        file: config.file ?? config.root,
      });
    }
  }
}

export interface WatchOptions extends GenerateOptions {
  /** Stops watching (the CLI stops on SIGINT or SIGTERM). */
  signal: AbortSignal;
  /** Where errors go (default stderr): a broken contract is reported and watched until it is mended. */
  writeError?: (text: string) => void;
}

/**
 * `generate --watch`: generates, then regenerates each contract when its entry file or a file it
 * refers to changes (the folders are watched, so editors that replace files are seen), until the
 * signal aborts. A contract that fails to load is reported and watched as before.
 */
export async function runWatch(options: WatchOptions): Promise<number> {
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const writeError = options.writeError ?? ((t: string) => process.stderr.write(t));
  const { config, entries, partial } = entriesFor(options);
  const inputs = new Map<SpecEntry, Set<string>>(entries.map((e) => [e, new Set([e.path])]));
  const generateAll = async (which: readonly SpecEntry[], force: boolean): Promise<void> => {
    const results = await generateEntries(which, config, { ...options, force, write, partial }, (err) => handleError(err, writeError));
    for (const r of results) inputs.set(r.entry, new Set([r.entry.path, ...r.inputs]));
  };
  await generateAll(entries, options.force === true);
  const watchers = new Map<string, FSWatcher>();
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const refresh = (): void => {
    const dirs = new Set([...inputs.values()].flatMap((files) => [...files].map((f) => dirname(f))));
    for (const [dir, w] of watchers) if (!dirs.has(dir)) (w.close(), watchers.delete(dir));
    for (const dir of dirs) {
      if (watchers.has(dir)) continue;
      try {
        watchers.set(
          dir,
          watch(dir, (_event, name) => {
            if (name === null) return;
            pending.add(join(dir, name.toString()));
            clearTimeout(timer);
            // Editors write a file in several steps: regenerate once they are done.
            timer = setTimeout(() => {
              const changed = pending;
              pending = new Set();
              const affected = entries.filter((e) => [...changed].some((f) => inputs.get(e)?.has(f)));
              if (affected.length > 0) running = running.then(() => generateAll(affected, false)).then(refresh);
            }, 150);
          }),
        );
      } catch (err) {
        handleError(err, writeError);
      }
    }
  };
  refresh();
  write(`watching ${watchers.size} folder(s); Ctrl-C stops\n`);
  await new Promise<void>((done) => {
    if (options.signal.aborted) done();
    options.signal.addEventListener('abort', () => done(), { once: true });
  });
  clearTimeout(timer);
  for (const w of watchers.values()) w.close();
  await running;
  return EXIT_OK;
}

/**
 * Generates the entries, reports them and runs the config's hooks: what `generate` does once and
 * `generate --watch` on every change. `onError` given, a failing contract or hook is passed to it
 * and the others go on (watch); else the first failure is thrown (exit 2).
 */
async function generateEntries(
  entries: readonly SpecEntry[],
  config: SpecforgeConfig | undefined,
  options: GenerateOptions & { write: (t: string) => void; partial: boolean },
  onError?: (err: unknown) => void,
): Promise<SpecResult[]> {
  const guard = async <T>(step: () => T | Promise<T>): Promise<T | undefined> => {
    if (!onError) return step();
    try {
      return await step();
    } catch (err) {
      onError(err);
      return undefined;
    }
  };
  const results: SpecResult[] = [];
  for (const entry of entries) {
    const r = await guard(() => generateSpec(entry, { force: options.force === true, cacheDir: cacheDirFor(options), partial: options.partial }));
    if (r) results.push(r);
  }
  report(results, options.write, options.quiet === true);
  if (config) await guard(() => runHooks(config, results, options.write));
  return results;
}

export async function runGenerate(options: GenerateOptions): Promise<number> {
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const { config, entries, partial } = entriesFor(options);
  await generateEntries(entries, config, { ...options, write, partial });
  return EXIT_OK;
}

export interface CheckOptions extends GenerateOptions {
  /** Lines of diff shown per stale file (0 for none). */
  diffLines?: number;
  /** stylish (default), json, github-actions, markdown or sarif. */
  format?: string;
}

export async function runCheck(options: CheckOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const format = formatOption(options.format, REPORT_FORMATS, 'stylish');
  const { entries, partial } = entriesFor(options);
  const findings: Finding[] = [];
  for (const entry of entries) {
    const result = await generateSpec(entry, { check: true, cacheDir: cacheDirFor(options), partial });
    findings.push(...driftFindings(entry, result.files, { cwd, diffLines: options.diffLines ?? 20 }));
  }
  if (format !== 'stylish') write(formatFindings(findings, format, { title: 'specforge check', toolVersion: specforgeVersion(), srcRoot: cwd }));
  else if (findings.length > 0) {
    write(formatFindings(findings, format, { title: 'specforge check' }));
    const stray = findings.filter((f) => f.rule === DRIFT_RULES.stray).length;
    const drift = findings.length - stray;
    if (drift > 0) write(`${drift} generated file(s) differ from what the contracts produce; run "specforge generate"\n`);
    if (stray > 0) write(`${stray} file(s) in output folders are not produced by their contract; remove them\n`);
  } else if (options.quiet !== true) write('generated files are up to date\n');
  return findings.length > 0 ? EXIT_FINDINGS : EXIT_OK;
}
