/**
 * Reading one contract file under the loader's rule (resolve.ts): a regular file, at most
 * MAX_CONTRACT_FILE_BYTES long, valid UTF-8, and, for the caller's folder check, its real path.
 */
import { closeSync, constants as fsConstants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { ContractError, type SourceLocation } from './errors.js';

/** The most the loader reads of one file: no contract file comes near it; /dev/zero or a 10 GB file is refused at once. */
export const MAX_CONTRACT_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Offset of the first byte of `bytes` that is not part of a well-formed UTF-8 sequence (RFC 3629:
 * no overlong forms, no surrogates, nothing above U+10FFFF), or -1 when all of it is.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** UTF-8 bytes as text (a byte order mark dropped); a ContractError naming the first bad byte otherwise. */
export function decodeContractText(bytes: Uint8Array, display: string): string {
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  const bad = firstInvalidUtf8(body);
  if (bad !== -1) {
    const before = Buffer.from(body.buffer, body.byteOffset, bad).toString('utf8');
    const lineStart = before.lastIndexOf('\n') + 1;
    let line = 1;
    for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line++;
    const col = before.length - lineStart + 1;
    throw ContractError.single(
      'SPECFORGE_ENCODING',
      `not valid UTF-8: byte 0x${(body[bad] as number).toString(16).padStart(2, '0').toUpperCase()} at byte offset ${bad + start}`,
      { file: display, line, col },
      'save the file as UTF-8 (a contract in Latin-1 or UTF-16 must be converted first)',
    );
  }
  return Buffer.from(body.buffer, body.byteOffset, body.length).toString('utf8');
}

/**
 * Reads one contract file under the loader's rule: it must be a regular file (a directory, FIFO or
 * device is refused without being opened), at most MAX_CONTRACT_FILE_BYTES long, and UTF-8. The
 * folder check is the caller's (it knows the contract's folder). `from` locates the reference that
 * named the file, when one did.
 */
export function readContractFile(abs: string, display: string, from?: SourceLocation): string {
  const where = from ?? { file: display };
  const notFound = (): ContractError =>
    ContractError.single(
      'SPECFORGE_FILE_NOT_FOUND',
      `cannot read ${display}`,
      where,
      from ? 'check the path in the $ref; it is resolved relative to the file that contains it' : undefined,
    );
  let stat;
  try {
    stat = statSync(abs);
  } catch {
    throw notFound();
  }
  const notRegular = (): ContractError =>
    ContractError.single(
      'SPECFORGE_FILE_NOT_REGULAR',
      `${display} is not a regular file (${stat.isDirectory() ? 'a directory' : stat.isFIFO() ? 'a FIFO' : stat.isCharacterDevice() || stat.isBlockDevice() ? 'a device' : 'not a file'}); it is not read`,
      where,
    );
  const tooLarge = (): ContractError =>
    ContractError.single(
      'SPECFORGE_FILE_TOO_LARGE',
      `${display} is larger than ${MAX_CONTRACT_FILE_BYTES / (1024 * 1024)} MiB, the most the loader reads of one file`,
      where,
    );
  if (!stat.isFile()) throw notRegular();
  if (stat.size > MAX_CONTRACT_FILE_BYTES) throw tooLarge();
  // Opened without blocking and checked again on the descriptor: a file swapped for a FIFO between
  // the two calls is neither waited on nor read.
  let fd: number;
  try {
    fd = openSync(abs, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
  } catch {
    throw notFound();
  }
  let bytes: Buffer;
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw notRegular();
    const buf = Buffer.allocUnsafe(Math.min(opened.size, MAX_CONTRACT_FILE_BYTES) + 1);
    let got = 0;
    for (;;) {
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
      if (got === buf.length) break;
    }
    if (got > MAX_CONTRACT_FILE_BYTES) throw tooLarge();
    bytes = buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
  return decodeContractText(bytes, display);
}

/** Whether the real path of `abs` (a symlink followed) is `root` or inside it. */
export function insideFolder(root: string, abs: string): boolean {
  const real = realpathLoose(abs);
  return real === root || real.startsWith(root + sep);
}

/**
 * The real path of `abs`, also when it does not exist: its nearest existing ancestor resolved, the
 * rest appended. A missing file under a symlinked folder is then "not found", not "outside".
 */
function realpathLoose(abs: string): string {
  const rest: string[] = [];
  for (let dir = abs; ;) {
    let real: string | undefined;
    try {
      real = realpathSync(dir);
    } catch {
      real = undefined;
    }
    if (real !== undefined) return join(real, ...rest.reverse());
    const parent = dirname(dir);
    if (parent === dir) return abs;
    rest.push(basename(dir));
    dir = parent;
  }
}

/** A path as messages show it: relative to `cwd` when inside it, with forward slashes. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return (rel && !rel.startsWith('..') ? rel : path).split(sep).join('/');
}
