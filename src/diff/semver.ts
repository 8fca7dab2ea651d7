/**
 * Semantic versions (semver.org 2.0.0) as far as a changelog needs them: parse, compare by
 * precedence, and bump. A leading "v" is kept (`v1.4.2` -> `v2.0.0`); anything else that is not
 * `MAJOR.MINOR.PATCH[-pre][+build]` (`2022-11-28`, `v1`) is not a semantic version.
 */

export type BumpKind = 'major' | 'minor' | 'patch' | 'none';

export interface SemVer {
  prefix: '' | 'v';
  major: number;
  minor: number;
  patch: number;
  /** Pre-release identifiers (`rc.1` is ['rc', '1']); empty for a release. */
  pre: string[];
}

const IDENT = '(?:0|[1-9]\\d*|\\d*[A-Za-z-][0-9A-Za-z-]*)';
const SEMVER = new RegExp(`^(v?)(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-(${IDENT}(?:\\.${IDENT})*))?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$`);

export function parseSemver(text: string): SemVer | undefined {
  const m = SEMVER.exec(text.trim());
  if (!m) return undefined;
  const [major, minor, patch] = [m[2], m[3], m[4]].map(Number) as [number, number, number];
  if (![major, minor, patch].every(Number.isSafeInteger)) return undefined;
  return { prefix: m[1] === 'v' ? 'v' : '', major, minor, patch, pre: m[5] !== undefined ? m[5].split('.') : [] };
}

export function formatSemver(v: SemVer): string {
  return `${v.prefix}${v.major}.${v.minor}.${v.patch}${v.pre.length > 0 ? `-${v.pre.join('.')}` : ''}`;
}

function compareIdentifiers(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Math.sign(Number(a) - Number(b));
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** MAJOR.MINOR.PATCH only. */
export function compareCore(a: SemVer, b: SemVer): number {
  return Math.sign(a.major - b.major) || Math.sign(a.minor - b.minor) || Math.sign(a.patch - b.patch);
}

/** Precedence: -1, 0 or 1 (a pre-release is lower than its release; build metadata is ignored). */
export function compareSemver(a: SemVer, b: SemVer): number {
  const core = compareCore(a, b);
  if (core !== 0) return core;
  if (a.pre.length === 0 || b.pre.length === 0) return a.pre.length === b.pre.length ? 0 : a.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const c = compareIdentifiers(a.pre[i] as string, b.pre[i] as string);
    if (c !== 0) return c;
  }
  return Math.sign(a.pre.length - b.pre.length);
}

/**
 * The next version after a bump, as npm's `semver.inc` computes it: a pre-release of the version
 * the bump leads to is released (`2.0.0-rc.1` bumped major is `2.0.0`); otherwise the part is
 * raised and the lower ones reset. `none` is the version itself.
 */
export function bumpSemver(v: SemVer, kind: BumpKind): SemVer {
  const pre = v.pre.length > 0;
  const out: SemVer = { prefix: v.prefix, major: v.major, minor: v.minor, patch: v.patch, pre: [] };
  if (kind === 'none') return { ...v, pre: [...v.pre] };
  if (kind === 'major') {
    if (!(pre && v.minor === 0 && v.patch === 0)) Object.assign(out, { major: v.major + 1, minor: 0, patch: 0 });
  } else if (kind === 'minor') {
    if (!(pre && v.patch === 0)) Object.assign(out, { minor: v.minor + 1, patch: 0 });
  } else if (!pre) {
    out.patch = v.patch + 1;
  }
  return out;
}

/**
 * Whether `head` is a version at or above `next` (the bumped base): a release at or above it, or a
 * pre-release of it or of a later version that is above the base (`2.0.0-rc.1` for a major bump of
 * `1.4.2`).
 */
export function satisfiesBump(base: SemVer, head: SemVer, next: SemVer): boolean {
  if (compareSemver(head, next) >= 0) return true;
  return head.pre.length > 0 && compareCore(head, next) >= 0 && compareSemver(head, base) > 0;
}
