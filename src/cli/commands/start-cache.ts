/**
 * The start-up cache of `specforge mock`: what the mock reads from a contract (its API table, mock
 * tables, validator plan and start-up warnings), kept on disk so that a second start on an unchanged
 * contract skips loading Redocly, building the model and planning the validators.
 *
 * An entry's slot is named by a hash of the toolchain's fingerprint, specforge's version, the entry
 * file's path and every option that changes the result (strict level, overlays, error shapes); the
 * entry lists every file the contract loaded with a hash of its bytes, re-hashed on each read, so a
 * changed file is a miss. Entries are data only (v8.serialize of plain values), written to a temporary
 * file then renamed; an unreadable or corrupt entry is a miss, rewritten by the next start. The
 * folder is specforge's cache folder (defaultCacheDir), kept under MAX_ENTRIES and MAX_BYTES, oldest
 * first out; an entry another user owns is a miss. `review` never reads it: a cache is a claim about files, and review reads untrusted ones.
 *
 * The folder is usually inside the checkout (node_modules/.cache), where a commit could plant an
 * entry: every entry is sealed with an HMAC-SHA256 under a secret of this machine's user, kept
 * outside any checkout (machine-key.ts), and an entry whose seal does not verify is a miss, never
 * deserialized. Entries are of two kinds: `mock` (MockStart) and `model` (what `test` and `proxy`
 * read, model-start.ts).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Diagnostic, SourceLocation } from '../../contract/errors.js';
import type { LazyPlan } from '../../contract/tables/validator-lazy.js';
import type { ApiSpec, MockTables } from '../../runtime/shared/spec.js';
import { machineKey } from './machine-key.js';

/**
 * Changes when what an entry holds changes: older entries are then misses. The toolchain fingerprint
 * covers src/contract and src/runtime, not src/cli: bump it when this file or mock-build.ts changes.
 */
const FORMAT = 4;
/** What a sealed entry file starts with, then the 32 bytes of its HMAC, then the v8-serialized entry. */
const MAGIC = Buffer.from('SFS2');
const MAC_BYTES = 32;
/** The kinds of entries: the mock's start, and the model `test` and `proxy` start from. */
export type EntryKind = 'mock' | 'model';
export const MAX_ENTRIES = 32;
export const MAX_BYTES = 200 * 1024 * 1024;

/** What the mock reads at start-up from its contract: plain data. */
export interface MockStart {
  api: ApiSpec;
  tables: MockTables;
  plan: LazyPlan;
  /** Error statuses whose declared schema no error body can be built for. */
  errorShapeWarnings: Diagnostic[];
  /** What the contract holds that the mock does not serve yet (OpenAPI 3.2 features), said at start. */
  featureWarnings: Diagnostic[];
  /** What patching the contract reported (nulls read as absent, overlay actions that select nothing). */
  patchWarnings: Diagnostic[];
  /** Where each response pointer of the tables is in the contract's files. */
  locations: Record<string, SourceLocation>;
}

interface Entry<T> {
  format: number;
  slot: string;
  /** Every file the contract loaded (entry, $ref-ed files, overlays): absolute path and sha256 of its bytes. */
  files: Array<[path: string, sha256: string]>;
  builtAt: string;
  start: T;
}

/** What identifies a cached start, apart from the files' contents. */
export interface StartKey {
  fingerprint: string;
  version: string;
  specPath: string;
  strict: string;
  overlays: readonly string[];
  errors?: unknown;
}

export interface CachedStart<T = MockStart> {
  start: T;
  /** A short hash of the slot and of every file's content. */
  key: string;
  builtAt: string;
  /** The files the entry was built from, with the hashes it was read with (rewriteEntry keeps them). */
  files: ReadonlyArray<[path: string, sha256: string]>;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function slotOf(kind: EntryKind, key: StartKey): string {
  return sha256(JSON.stringify([kind, FORMAT, key.fingerprint, key.version, key.specPath, key.strict, key.overlays, key.errors ?? null]));
}

function fullKey(slot: string, files: Entry<unknown>['files']): string {
  return sha256(JSON.stringify([slot, files])).slice(0, 12);
}

function entryPath(dir: string, kind: EntryKind, slot: string): string {
  return join(dir, `${kind}-${slot.slice(0, 32)}.v8`);
}

function isEntry(value: unknown, slot: string): value is Entry<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<Entry<unknown>>;
  return e.format === FORMAT && e.slot === slot && Array.isArray(e.files) && typeof e.builtAt === 'string' && typeof e.start === 'object' && e.start !== null;
}

function mac(secret: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

/** The entry sealed in `file` when its HMAC under `secret` verifies; undefined otherwise (it is then never deserialized). */
function unseal(file: Buffer, secret: Buffer): unknown {
  if (file.length < MAGIC.length + MAC_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = file.subarray(MAGIC.length + MAC_BYTES);
  if (!timingSafeEqual(file.subarray(MAGIC.length, MAGIC.length + MAC_BYTES), mac(secret, data))) return undefined;
  return deserialize(data);
}

/** The cached start of `key` when every file it lists still has the bytes it had; undefined otherwise (a miss, never an error). */
export function readStart(dir: string, key: StartKey, secret?: Buffer): CachedStart | undefined {
  return readEntry<MockStart>(dir, 'mock', key, secret);
}

/**
 * The cached start of `kind` and `key` when its seal verifies under `secret` (default: this user's
 * machine key) and every file it lists still has the bytes it had; undefined otherwise (a miss,
 * never an error).
 */
export function readEntry<T>(dir: string, kind: EntryKind, key: StartKey, secret: Buffer | undefined = machineKey()): CachedStart<T> | undefined {
  if (secret === undefined) return undefined;
  const slot = slotOf(kind, key);
  let entry: unknown;
  try {
    const path = entryPath(dir, kind, slot);
    // An entry another user wrote is not trusted (a shared $SPECFORGE_CACHE_DIR): a miss.
    if (process.getuid !== undefined && statSync(path).uid !== process.getuid()) return undefined;
    entry = unseal(readFileSync(path), secret);
  } catch {
    return undefined;
  }
  if (!isEntry(entry, slot)) return undefined;
  for (const [path, hash] of entry.files) {
    try {
      if (sha256(readFileSync(path)) !== hash) return undefined;
    } catch {
      return undefined;
    }
  }
  return { start: entry.start as T, key: fullKey(slot, entry.files), builtAt: entry.builtAt, files: entry.files };
}

/**
 * Writes the start of `key`, built from `files` (absolute path and the text the loader read): nothing
 * is written when a file's bytes on disk are no longer that text (it changed while loading), when the
 * start is not plain data, or when the folder cannot be written. Returns whether it wrote.
 */
export function writeStart(
  dir: string,
  key: StartKey,
  files: ReadonlyArray<{ path: string; text: string }>,
  start: MockStart,
  now = new Date(),
  secret?: Buffer,
): boolean {
  return writeEntry(dir, 'mock', key, files, start, now, secret);
}

/** writeStart for an entry of any kind, sealed under `secret` (default: this user's machine key; none, nothing is written). */
export function writeEntry(
  dir: string,
  kind: EntryKind,
  key: StartKey,
  files: ReadonlyArray<{ path: string; text: string }>,
  start: object,
  now = new Date(),
  secret: Buffer | undefined = machineKey(),
): boolean {
  if (secret === undefined) return false;
  const hashes: Entry<unknown>['files'] = [];
  try {
    for (const f of files) {
      const bytes = readFileSync(f.path);
      if (bytes.toString('utf8') !== f.text) return false;
      hashes.push([f.path, sha256(bytes)]);
    }
  } catch {
    return false;
  }
  return rewriteEntry(dir, kind, key, hashes, start, now, secret);
}

/**
 * Writes the entry of `kind` and `key` for files whose hashes are known (those a read entry was
 * built from: what the mock learnt since its start is kept with them); a file changed since is a
 * miss on the next read, as for any entry. Returns whether it wrote.
 */
export function rewriteEntry(
  dir: string,
  kind: EntryKind,
  key: StartKey,
  hashes: ReadonlyArray<[path: string, sha256: string]>,
  start: object,
  now = new Date(),
  secret: Buffer | undefined = machineKey(),
): boolean {
  if (secret === undefined) return false;
  const slot = slotOf(kind, key);
  try {
    const entry: Entry<unknown> = { format: FORMAT, slot, files: [...hashes], builtAt: now.toISOString(), start };
    const data = serialize(entry);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const target = entryPath(dir, kind, slot);
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temp, Buffer.concat([MAGIC, mac(secret, data), data]), { mode: 0o600 });
    renameSync(temp, target);
    evict(dir, target);
    return true;
  } catch {
    return false;
  }
}

/** Removes the oldest entries beyond MAX_ENTRIES or MAX_BYTES (never `keep`), and stale temporary files. */
function evict(dir: string, keep: string): void {
  const entries: Array<{ path: string; size: number; mtime: number }> = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('mock-') && !name.startsWith('model-')) continue;
    const path = join(dir, name);
    try {
      const st = statSync(path);
      if (name.endsWith('.tmp') && Date.now() - st.mtimeMs > 60_000) rmSync(path, { force: true });
      else if (name.endsWith('.v8')) entries.push({ path, size: st.size, mtime: st.mtimeMs });
    } catch {
      // gone meanwhile
    }
  }
  entries.sort((a, b) => b.mtime - a.mtime);
  let bytes = 0;
  entries.forEach((e, i) => {
    bytes += e.size;
    if (e.path !== keep && (i >= MAX_ENTRIES || bytes > MAX_BYTES)) rmSync(e.path, { force: true });
  });
}

/**
 * With $SPECFORGE_TIMINGS set, writes to stderr how long after the process started `label` was
 * reached, and the CPU time spent by then (the steps of a command's start-up: bench/first-answer.bench.ts and docs/benchmarks.md).
 */
export function trace(label: string): void {
  if (!process.env['SPECFORGE_TIMINGS']) return;
  const cpu = process.cpuUsage();
  process.stderr.write(`specforge: ${label} at ${Math.round(performance.now())} ms (CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms)\n`);
}

/** The cache folder of start-ups inside specforge's cache folder. */
export function startCacheDir(cacheDir: string): string {
  return join(cacheDir, 'start');
}
