/**
 * The generate pipeline: model once per contract, run each target, write byte-identical files, and
 * keep a local cache of input and output hashes so an unchanged contract is not generated again.
 * `check` uses the same path without writing, to report stale generated files.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContractError, type Diagnostic } from '../contract/errors.js';
import { displayPath } from '../contract/resolve.js';
import { patchesFor } from '../contract/patches.js';
import { sha256 } from '../contract/source.js';
import type { GeneratedFile } from '../../generators/context.js';
import type { SpecEntry } from '../config/config.js';
import type { Target } from '../codegen/targets.js';
import { contractLabel, keptFiles, manifestFile, readManifest, strings, type ContractUnits } from './manifest.js';
import { emittedFiles, typescriptVersion } from './emit-js.js';

export interface FileStatus {
  path: string;
  state: 'written' | 'unchanged' | 'stale' | 'missing' | 'extra' | 'stray';
  /** For stale files in check mode: what the contract produces now. */
  expected?: string;
  /** Set when only the file's mode is wrong: a launcher that is not executable. */
  notExecutable?: boolean;
}

export interface SpecResult {
  entry: SpecEntry;
  /** True when the cache showed nothing to do. */
  cached: boolean;
  files: FileStatus[];
  warnings: Diagnostic[];
  /** Absolute paths of the contract's files (its entry and every file it refers to). */
  inputs: string[];
  /** Files specforge wrote in the folder before that this run removed (its targets no longer produce them). */
  removed: string[];
}

interface CacheEntry {
  fingerprint: string;
  options: string;
  inputs: Record<string, string>;
  outputs: Record<string, string>;
  /**
   * Size and modification time of each input and output (absolute input paths, output paths relative
   * to the output folder) when the cache was written, and when that was: a file whose stat still
   * matches, and was last modified well before, is not read and hashed again.
   */
  stats?: Record<string, string>;
  writtenAt?: number;
}

/** Timestamps of a file system lag the clock by a few milliseconds: a file changed this close to the cache write is hashed. */
const RACY_MS = 50;

function statKey(path: string): string | undefined {
  try {
    const st = statSync(path);
    return `${st.size}:${st.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** True when the file's stat matches the cache's and it was not modified near the cache write. */
function statUnchanged(cache: CacheEntry, key: string, abs: string): boolean {
  const recorded = cache.stats?.[key];
  if (recorded === undefined || cache.writtenAt === undefined || statKey(abs) !== recorded) return false;
  const mtime = Number(recorded.slice(recorded.indexOf(':') + 1));
  return mtime < cache.writtenAt - RACY_MS;
}

const HERE = dirname(fileURLToPath(import.meta.url));

function packageRoot(): string {
  let dir = HERE;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return HERE;
    dir = parent;
  }
  return dir;
}

function hashTree(dir: string, into: string[]): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) hashTree(p, into);
    else if (/\.(js|ts|hbs|json)$/.test(name) && !name.endsWith('.d.ts')) into.push(`${name}:${sha256(readFileSync(p))}`);
  }
}

/** The version in the toolchain's package.json ("" when unreadable). */
function toolchainVersion(root: string): string {
  try {
    const parsed = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : '';
  } catch {
    return '';
  }
}

let fingerprintMemo: string | undefined;
/** Identifies the running toolchain: its code and templates. A change invalidates the cache. */
export function toolchainFingerprint(): string {
  if (fingerprintMemo) return fingerprintMemo;
  const root = packageRoot();
  const parts: string[] = [];
  const srcRoot = resolve(HERE, '..');
  hashTree(join(root, 'templates'), parts);
  hashTree(resolve(srcRoot, '..', 'generators'), parts);
  for (const sub of ['contract', 'codegen', 'config', 'pipeline', 'runtime']) hashTree(join(srcRoot, sub), parts);
  parts.push(`version:${toolchainVersion(root)}`);
  fingerprintMemo = sha256(parts.join('\n'));
  return fingerprintMemo;
}

/**
 * The cache folder: $SPECFORGE_CACHE_DIR, else `node_modules/.cache/specforge` of the nearest folder
 * at or above `cwd` that has node_modules (where build tools keep their caches), else
 * `.specforge-cache` in `cwd`.
 */
export function defaultCacheDir(cwd = process.cwd()): string {
  const configured = process.env['SPECFORGE_CACHE_DIR'];
  if (configured) return resolve(cwd, configured);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) return join(dir, 'node_modules', '.cache', 'specforge');
    if (dirname(dir) === dir) return resolve(cwd, '.specforge-cache');
  }
}

export { MANIFEST, type ContractUnits } from './manifest.js';

/** The targets of the cache's run (undefined when it does not say). */
function cachedTargets(cache: CacheEntry | undefined): string[] | undefined {
  if (!cache) return undefined;
  try {
    return strings((JSON.parse(cache.options) as { targets?: unknown }).targets);
  } catch {
    return undefined;
  }
}

/** Cache keys are paths relative to the cache folder: the cache holds no absolute path and moves with the repository. */
function cacheKey(cacheDir: string, path: string): string {
  return relativeTo(cacheDir, path);
}

/** One cache entry per contract and output folder: two contracts never share one, nor one contract two folders. */
function cacheFile(entry: SpecEntry, cacheDir: string): string {
  return join(cacheDir, `${sha256(`${cacheKey(cacheDir, entry.out)}\0${cacheKey(cacheDir, entry.path)}`).slice(0, 16)}.json`);
}

/** Every file under `dir` (relative, with "/"), symbolic links included as files and not followed. */
function filesUnder(dir: string, prefix = '', into: string[] = []): string[] {
  let names: import('node:fs').Dirent[];
  try {
    names = readdirSync(dir, { withFileTypes: true });
  } catch {
    return into;
  }
  for (const d of names) {
    const rel = prefix + d.name;
    if (d.isDirectory()) filesUnder(join(dir, d.name), `${rel}/`, into);
    else into.push(rel);
  }
  return into;
}

/** Files in the output folder that the contract does not produce (a hand-added file, or another tool's). */
function strayFiles(out: string, produced: Iterable<string>): FileStatus[] {
  const known = new Set(produced);
  return filesUnder(out)
    .filter((rel) => !known.has(rel))
    .sort()
    .map((path) => ({ path, state: 'stray' as const }));
}

function readCache(path: string): CacheEntry | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as CacheEntry;
  } catch {
    return undefined;
  }
}

/** True when the file at `path` has an executable bit set. */
function isExecutable(path: string): boolean {
  try {
    return (statSync(path).mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** The cache's fingerprint of an output file: its content, and whether it is executable. */
function outputHash(content: string | Buffer, executable: boolean): string {
  return sha256(content) + (executable ? ':x' : '');
}

function safeJoin(out: string, rel: string): string {
  const abs = resolve(out, rel);
  if (abs !== out && !abs.startsWith(out + sep)) {
    throw ContractError.single('SPECFORGE_OUTPUT_ESCAPE', `generated file "${rel}" would land outside ${displayPath(out)}`, { file: displayPath(out) });
  }
  return abs;
}

function readBytes(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * True when no input or output changed since the cache was written: a file whose size and
 * modification time are those recorded is taken as unchanged; any other is read and hashed.
 * `verified` is set when some file had to be hashed (and matched), so the caller can refresh the stats.
 */
function cacheIsFresh(entry: SpecEntry, cacheDir: string, cache: CacheEntry | undefined, options: string, verified: { hashed: boolean }): boolean {
  if (!cache || cache.fingerprint !== toolchainFingerprint() || cache.options !== options) return false;
  for (const [key, hash] of Object.entries(cache.inputs)) {
    const file = resolve(cacheDir, key);
    if (statUnchanged(cache, key, file)) continue;
    const bytes = readBytes(file);
    if (bytes === undefined || sha256(bytes) !== hash) return false;
    verified.hashed = true;
  }
  for (const [rel, hash] of Object.entries(cache.outputs)) {
    const abs = join(entry.out, rel);
    const executable = hash.endsWith(':x');
    if (executable && !isExecutable(abs)) return false;
    if (statUnchanged(cache, `out:${rel}`, abs)) continue;
    const bytes = readBytes(abs);
    if (bytes === undefined || outputHash(bytes, executable) !== hash) return false;
    verified.hashed = true;
  }
  return true;
}

/** Writes the cache with the current stats of its inputs and outputs (inputs keyed relative to the cache folder). */
function writeCache(path: string, cacheDir: string, entry: SpecEntry, cache: CacheEntry): void {
  const stats: Record<string, string> = {};
  for (const file of Object.keys(cache.inputs)) {
    const key = statKey(resolve(cacheDir, file));
    if (key !== undefined) stats[file] = key;
  }
  for (const rel of Object.keys(cache.outputs)) {
    const key = statKey(join(entry.out, rel));
    if (key !== undefined) stats[`out:${rel}`] = key;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ ...cache, stats, writtenAt: Date.now() }));
}

/**
 * Runs every target of the entry in memory and returns the files, sorted by path. Validators of a
 * large contract compile in worker threads while this thread validates the document's structure
 * and generates the other targets.
 */
export async function produce(
  entry: SpecEntry,
): Promise<{ files: GeneratedFile[]; inputs: Record<string, string>; warnings: Diagnostic[]; units: ContractUnits; wrote: Target[] }> {
  const { buildModel } = await import('../contract/model.js');
  const { validateStructure } = await import('../contract/validate.js');
  const { loadContractAsync } = await import('../contract/resolve.js');
  const { createContext, GENERATORS } = await import('../../generators/index.js');
  const { planValidators } = await import('../contract/tables/validators.js');
  const { validatorFiles } = await import('../../generators/validators.js');
  const { WorkerPool } = await import('./workers.js');
  const timings = process.env['SPECFORGE_TIMINGS'] ? { t: performance.now() } : undefined;
  const lap = (label: string): void => {
    if (!timings) return;
    const now = performance.now();
    process.stderr.write(`specforge: ${label} ${Math.round(now - timings.t)} ms\n`);
    timings.t = now;
  };
  lap('modules');
  const wantsWorkers = entry.targets.includes('types') || entry.targets.includes('validators');
  const pool = WorkerPool.forFile(wantsWorkers ? fileSize(entry.path) : 0);
  try {
    let model: Awaited<ReturnType<typeof buildModel>>;
    try {
      model = await buildModel(entry.path, { api: entry.api, skipValidation: true });
    } catch (err) {
      // A structural problem explains most model errors better: report it first when there is one.
      await validateStructure(await loadContractAsync(entry.path));
      throw err;
    }
    lap('model');
    const ctx = createContext(entry.root === undefined ? model.specPath : contractLabel(entry.path, entry.root), {
      strict: entry.strict,
      deferUnused: entry.deferUnused ?? 'auto',
      targets: entry.targets,
      dates: entry.dates === true,
    });
    // split: tag (split.ts) runs every target on each tag's part of the contract, in this thread.
    const splitting = entry.split === 'tag' && model.operations.length > 0;
    const types = entry.targets.includes('types') && !splitting ? pool.typesInWorker(model.document, model.schemas.length) : undefined;
    types?.catch(() => undefined);
    let validators: Promise<GeneratedFile[]> | undefined;
    if (entry.targets.includes('validators') && !splitting) {
      const plan = planValidators(model);
      ctx.warnings.push(...plan.warnings);
      validators = validatorFiles(model, plan, ctx, pool.compilerFor(Object.keys(plan.root.$defs).length));
      validators.catch(() => undefined);
    }
    lap('validator plan');
    if (entry.targets.includes('server') || entry.targets.includes('mocks')) {
      const { errorShapes } = await import('../contract/tables/error-shapes.js');
      const { schemaResolver } = await import('../contract/tables/api.js');
      ctx.warnings.push(...errorShapes(model, schemaResolver(model)).warnings);
    }
    const structural = await validateStructure(model.loaded);
    lap('structure');
    // The targets that write at least one file: the manifest names them.
    const wrote = new Set<Target>();
    const run = async (target: Target, sub: typeof model): Promise<GeneratedFile[]> => {
      const out = await GENERATORS[target](sub, ctx);
      if (out.length > 0) wrote.add(target);
      return out;
    };
    if (splitting) {
      const { splitFiles } = await import('./split.js');
      const split = await splitFiles(model, ctx, entry.targets, run);
      if (split) {
        const { units, inputs } = await contractUnits(model);
        split.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        const seen = new Set<string>();
        const warnings = [...structural, ...model.warnings, ...ctx.warnings].filter((w) => {
          const key = JSON.stringify(w);
          return seen.has(key) ? false : (seen.add(key), true);
        });
        const emitted = emittedFiles(entry, split);
        emitted.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        warnings.push(...emitted.warnings);
        return { files: emitted.files, inputs, warnings, units, wrote: [...wrote] };
      }
    }
    const files: GeneratedFile[] = [];
    for (const target of entry.targets) {
      if (target !== 'validators' && !(target === 'types' && types)) {
        files.push(...(await run(target, model)));
        lap(target);
      }
    }
    if (types) (files.push({ path: 'types.ts', content: ctx.header('//') + (await types) }), wrote.add('types'));
    lap('types (waited)');
    const validatorOutput = validators ? await validators : [];
    if (validatorOutput.length > 0) (files.push(...validatorOutput), wrote.add('validators'));
    lap('validators (waited)');
    const emitted = emittedFiles(entry, files);
    emitted.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const { units, inputs } = await contractUnits(model);
    return { files: emitted.files, inputs, warnings: [...structural, ...model.warnings, ...ctx.warnings, ...emitted.warnings], units, wrote: [...wrote] };
  } finally {
    pool.release();
  }
}

/** The contract's input files with their hashes, and a hash of each operation and named schema. */
async function contractUnits(model: import('../contract/model-types.js').ContractModel): Promise<{ units: ContractUnits; inputs: Record<string, string> }> {
  const inputs: Record<string, string> = {};
  for (const f of model.loaded.files) inputs[f.path] = f.hash;
  const { getAtPointer } = await import('../contract/pointer.js');
  const unitHash = (pointer: string): string => sha256(JSON.stringify(getAtPointer(model.document, pointer).value) ?? '').slice(0, 16);
  const units: ContractUnits = { operations: {}, schemas: {} };
  for (const op of model.operations) Object.defineProperty(units.operations, op.id, { value: unitHash(op.pointer), enumerable: true });
  for (const s of model.schemas) Object.defineProperty(units.schemas, s.name, { value: unitHash(s.pointer), enumerable: true });
  return { units, inputs };
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export interface RunOptions {
  /** Compare only; write nothing. */
  check?: boolean;
  /** Ignore the cache. */
  force?: boolean;
  cacheDir?: string;
  /**
   * The run's targets were given on the command line over the config's: the files the folder's
   * previous run wrote are removed (or, checking, reported) only when every target of that run is
   * among this run's, so a run of other targets never deletes the files of targets it did not run;
   * the manifest it writes then still names those files and targets (so `check` over the config
   * stays clean after a run of some of its targets).
   */
  partial?: boolean;
}

/**
 * Everything besides the contract's files and the toolchain that shapes the output, as the cache
 * compares it: the entry's settings, the folder generated files name the contract from, and the
 * patches applied on load (the overlays in order, each with a hash of its content, and the
 * config's `errors:`), so adding, reordering or editing any of them regenerates.
 */
function cacheOptions(entry: SpecEntry, cacheDir: string): string {
  const patches = patchesFor(entry.path);
  const overlays = patches.overlays.map((path) => {
    const bytes = readBytes(path);
    return [cacheKey(cacheDir, path), bytes === undefined ? 'missing' : sha256(bytes)];
  });
  return JSON.stringify({
    targets: entry.targets,
    strict: entry.strict,
    api: entry.api,
    defer: entry.deferUnused ?? 'auto',
    ...(entry.split === 'tag' ? { split: 'tag' } : {}),
    ...(entry.dates === true ? { dates: true } : {}),
    ...(entry.emit === 'js' ? { emit: `js, TypeScript ${typescriptVersion()}` } : {}),
    ...(entry.root === undefined ? {} : { root: cacheKey(cacheDir, entry.root) }),
    ...(overlays.length > 0 ? { overlays } : {}),
    ...(patches.errors === undefined ? {} : { errors: patches.errors }),
  });
}

export async function generateSpec(given: SpecEntry, options: RunOptions = {}): Promise<SpecResult> {
  // Relative paths (a caller of the API; the CLI passes absolute ones) are the working directory's.
  const entry = isAbsolute(given.path) && isAbsolute(given.out) ? given : { ...given, path: resolve(given.path), out: resolve(given.out) };
  const cacheDir = resolve(options.cacheDir ?? defaultCacheDir());
  const cachePath = cacheFile(entry, cacheDir);
  const optionKey = cacheOptions(entry, cacheDir);
  const previous = readCache(cachePath);
  const verified = { hashed: false };
  if (!options.force && previous && cacheIsFresh(entry, cacheDir, previous, optionKey, verified)) {
    // Files were hashed because their stats were new or too recent: record them, so the next run only stats.
    if (verified.hashed && !options.check) writeCache(cachePath, cacheDir, entry, previous);
    const unchanged = Object.keys(previous.outputs).map((path): FileStatus => ({ path, state: 'unchanged' }));
    // The manifest is among the fresh outputs: the files it names besides them are a previous run's that this one keeps.
    const known = [...Object.keys(previous.outputs), ...(options.check ? readManifest(entry.out).files : [])];
    return {
      entry,
      cached: true,
      files: options.check ? [...unchanged, ...strayFiles(entry.out, known)] : unchanged,
      warnings: [],
      inputs: Object.keys(previous.inputs).map((key) => resolve(cacheDir, key)),
      removed: [],
    };
  }
  const produced = await produce(entry);
  const { warnings } = produced;
  // What the folder held before this run (read before the new manifest is written).
  const manifest = readManifest(entry.out);
  const before = new Set([...manifest.files, ...Object.keys(previous?.outputs ?? {})]);
  // A run of other targets than the previous one's leaves what those targets wrote, and its manifest still names them.
  const previousTargets = manifest.targets ?? cachedTargets(previous);
  const mayRemove =
    options.partial !== true || (previousTargets !== undefined && previousTargets.every((t) => (entry.targets as readonly string[]).includes(t)));
  const kept = mayRemove ? undefined : keptFiles(entry.out, before, new Set(produced.files.map((f) => f.path)), previousTargets);
  const files = [...produced.files, manifestFile(entry, produced.files, produced.units, produced.wrote, kept)].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  const removed: string[] = [];
  const inputs: Record<string, string> = {};
  for (const [file, hash] of Object.entries(produced.inputs)) inputs[cacheKey(cacheDir, file)] = hash;
  const statuses: FileStatus[] = [];
  const outputs: Record<string, string> = {};
  for (const f of files) {
    const abs = safeJoin(entry.out, f.path);
    // Compared and hashed as bytes: one UTF-8 encoding per file, and no decoding of what is on disk.
    const bytes = Buffer.from(f.content);
    const current = readBytes(abs);
    const same = current !== undefined && current.equals(bytes);
    const executable = f.executable === true;
    outputs[f.path] = outputHash(bytes, executable);
    const modeOk = !executable || isExecutable(abs);
    if (same && modeOk) {
      statuses.push({ path: f.path, state: 'unchanged' });
      continue;
    }
    if (options.check) {
      const s: FileStatus = { path: f.path, state: current === undefined ? 'missing' : 'stale', expected: f.content };
      if (same) s.notExecutable = true;
      statuses.push(s);
      continue;
    }
    mkdirSync(dirname(abs), { recursive: true });
    if (!same) writeFileSync(abs, bytes);
    if (executable) chmodSync(abs, 0o755);
    statuses.push({ path: f.path, state: 'written' });
  }
  // Files this toolchain wrote before (its manifest says so, or its cache) and no longer produces.
  for (const rel of mayRemove ? [...before].sort() : []) {
    if (rel in outputs) continue;
    let abs: string;
    try {
      abs = safeJoin(entry.out, rel);
    } catch {
      continue; // a manifest entry outside the folder is no file of ours
    }
    if (!existsSync(abs)) continue;
    if (options.check) statuses.push({ path: rel, state: 'extra' });
    else (rmSync(abs), removed.push(rel));
  }
  if (options.check) {
    const listed = new Set(statuses.map((s) => s.path));
    // Files the folder's previous run wrote that a partial run leaves are not strays.
    const known = mayRemove ? Object.keys(outputs) : [...Object.keys(outputs), ...before];
    statuses.push(...strayFiles(entry.out, known).filter((s) => !listed.has(s.path)));
  }
  const clean = statuses.every((s) => s.state === 'unchanged' || s.state === 'written');
  if (!options.check || clean) writeCache(cachePath, cacheDir, entry, { fingerprint: toolchainFingerprint(), options: optionKey, inputs, outputs });
  return { entry, cached: false, files: statuses, warnings, inputs: Object.keys(produced.inputs), removed };
}

export function relativeTo(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}
