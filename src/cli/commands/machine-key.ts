/**
 * The secret that seals specforge's start-up cache entries (start-cache.ts): 32 random bytes of this
 * machine's user, kept outside any checkout, in `$XDG_CACHE_HOME/specforge` (else
 * `~/.cache/specforge`), else in `specforge-<uid>` of the temporary folder. The folder is created
 * 0700 and the key 0600; a key file another user owns, one others may read or write, or one of
 * another length is not used. A cache folder inside a checkout can then hold only entries this
 * user's specforge wrote: a commit that plants one cannot seal it.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY_FILE = 'start-cache.key';
const KEY_BYTES = 32;

/** The folders the key may live in, the first that works wins. */
function keyDirs(): string[] {
  const uid = process.getuid?.() ?? 'user';
  const dirs: string[] = [];
  const xdg = process.env['XDG_CACHE_HOME'];
  if (xdg) dirs.push(join(xdg, 'specforge'));
  try {
    dirs.push(join(homedir(), '.cache', 'specforge'));
  } catch {
    // no home folder
  }
  dirs.push(join(tmpdir(), `specforge-${uid}`));
  return dirs;
}

/** The key in `dir`, created there when absent; undefined when it cannot be read or made safely. */
export function machineKeyAt(dir: string): Buffer | undefined {
  const path = join(dir, KEY_FILE);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(path, randomBytes(KEY_BYTES), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
    const fd = openSync(path, 'r');
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || (process.getuid !== undefined && st.uid !== process.getuid()) || (st.mode & 0o077) !== 0 || st.size !== KEY_BYTES) return undefined;
      const key = readFileSync(fd);
      return key.length === KEY_BYTES ? key : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

let memo: { key: Buffer | undefined } | undefined;

/** This user's key (read once per process); undefined when no folder can hold it (the cache is then off). */
export function machineKey(): Buffer | undefined {
  if (memo) return memo.key;
  let key: Buffer | undefined;
  for (const dir of keyDirs()) if ((key = machineKeyAt(dir)) !== undefined) break;
  memo = { key };
  return key;
}
