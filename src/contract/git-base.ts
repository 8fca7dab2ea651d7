/**
 * A contract as it was at a git revision: the folder of its entry file (a contract may refer only to
 * files inside it) written from the repository into a temporary folder, read back with the loader.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { UsageError } from './errors.js';

function git(cwd: string, args: string[], input?: Buffer): { ok: boolean; stdout: Buffer; stderr: string } {
  const r = spawnSync('git', args, { cwd, input, maxBuffer: 512 * 1024 * 1024 });
  if (r.error) throw new UsageError(`cannot run git: ${r.error.message}`);
  return { ok: r.status === 0, stdout: r.stdout, stderr: r.stderr.toString('utf8').trim() };
}

export interface GitRevision {
  /** Top folder of the working tree. */
  root: string;
  /** The revision as given, and the commit it names. */
  ref: string;
  commit: string;
}

/** The commit `ref` names in the repository that holds `cwd`; a usage error when there is none. */
export function resolveRevision(cwd: string, ref: string): GitRevision {
  if (ref === '' || ref.startsWith('-')) throw new UsageError(`--base needs a git revision, not "${ref}"`);
  const top = git(cwd, ['rev-parse', '--show-toplevel']);
  if (!top.ok) throw new UsageError(`--base ${ref}: ${cwd} is not inside a git repository`);
  const root = realpathSync(top.stdout.toString('utf8').trim());
  const commit = git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  if (!commit.ok) {
    const shallow = git(root, ['rev-parse', '--is-shallow-repository']).stdout.toString('utf8').trim() === 'true';
    const remotes = git(root, ['remote'])
      .stdout.toString('utf8')
      .split('\n')
      .map((r) => r.trim())
      .filter((r) => r !== '');
    throw new MissingRevisionError(ref, root, shallow, remotes);
  }
  return { root, ref, commit: commit.stdout.toString('utf8').trim() };
}

/**
 * The base revision is not in the clone: most often a CI checkout of one commit (a shallow clone),
 * which has the pull request's head but not its base. The message says how to fetch it.
 */
export class MissingRevisionError extends UsageError {
  readonly ref: string;
  readonly shallow: boolean;
  constructor(ref: string, root: string, shallow: boolean, remotes: readonly string[] = ['origin']) {
    super(missingRevisionMessage(ref, root, shallow, remotes));
    this.ref = ref;
    this.shallow = shallow;
  }
}

/** "no such revision", and how to get it into the clone. */
export function missingRevisionMessage(ref: string, root: string, shallow: boolean, remotes: readonly string[] = ['origin']): string {
  // origin/main names the branch main of the remote origin: fetch that branch into that name.
  const remote = /^(?:refs\/remotes\/)?([A-Za-z0-9._-]+)\/([A-Za-z0-9._\/-]+)$/.exec(ref);
  const fromRemote =
    remote !== null && remotes.includes(remote[1] as string)
      ? `git fetch --no-tags --depth=1 ${remote[1]} ${remote[2]}:refs/remotes/${remote[1]}/${remote[2]}`
      : undefined;
  const fetch =
    fromRemote ??
    (/^[A-Za-z0-9._\/-]+$/.test(ref) ? `git fetch --no-tags --depth=1 ${remotes[0] ?? 'origin'} ${ref}` : 'git fetch origin <the base branch or commit>');
  const why = shallow ? `${root} is a shallow clone without it` : `it is not in the clone at ${root}`;
  return (
    `--base ${ref}: no such revision (${why}). Fetch the base revision before the review: run "${fetch}", ` +
    'or check out the whole history (actions/checkout with "fetch-depth: 0")'
  );
}

/**
 * Writes the files of the folder holding `specPath` at the revision into `dest`, at the same paths
 * relative to the repository. Returns the path of the entry file there, or undefined when the entry
 * file does not exist at that revision.
 */
export function checkoutSpecFolder(rev: GitRevision, specPath: string, dest: string): string | undefined {
  const rel = relative(rev.root, realpathSync(specPath)).split(sep).join('/');
  if (rel.startsWith('..')) throw new UsageError(`${specPath} is outside the git repository ${rev.root}`);
  const folder = dirname(rel);
  const listed = git(rev.root, ['ls-tree', '-r', '-z', '--full-tree', rev.commit, '--', folder === '.' ? '.' : folder]);
  if (!listed.ok) throw new UsageError(`git ls-tree ${rev.ref}: ${listed.stderr}`);
  const blobs: Array<{ oid: string; path: string }> = [];
  for (const entry of listed.stdout.toString('utf8').split('\0')) {
    const m = /^(\d+) (\w+) ([0-9a-f]+)\t(.*)$/s.exec(entry);
    // Regular YAML and JSON files only: what a contract can $ref (links, submodules and the rest of a
    // folder such as the repository root are not part of it).
    if (m && m[2] === 'blob' && m[1] !== '120000' && /\.(ya?ml|json)$/i.test(m[4] as string) && !(m[4] as string).split('/').includes('..')) {
      blobs.push({ oid: m[3] as string, path: m[4] as string });
    }
  }
  if (!blobs.some((b) => b.path === rel)) return undefined;
  const batch = git(rev.root, ['cat-file', '--batch'], Buffer.from(blobs.map((b) => b.oid).join('\n') + '\n'));
  if (!batch.ok) throw new UsageError(`git cat-file ${rev.ref}: ${batch.stderr}`);
  let at = 0;
  for (const blob of blobs) {
    const headerEnd = batch.stdout.indexOf(0x0a, at);
    const size = Number(batch.stdout.subarray(at, headerEnd).toString('utf8').split(' ')[2]);
    const content = batch.stdout.subarray(headerEnd + 1, headerEnd + 1 + size);
    at = headerEnd + 1 + size + 1;
    const target = join(dest, ...blob.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return join(dest, ...rel.split('/'));
}

/** What a revision holds at a path: a regular file's bytes, or something else (named for messages). */
export type RevisionEntry = { kind: 'file'; content: Buffer } | { kind: 'other'; what: string };

/**
 * What the revision holds at `path` (relative to the top of the repository, `/`-separated), read
 * from git's object store: undefined when nothing is there. No filter, textconv or hook of the
 * checkout runs (`git cat-file blob`), and a symbolic link is reported, never followed.
 */
export function fileAtRevision(rev: GitRevision, path: string): RevisionEntry | undefined {
  const listed = git(rev.root, ['ls-tree', '-z', '--full-tree', rev.commit, '--', path]);
  if (!listed.ok) throw new UsageError(`git ls-tree ${rev.ref}: ${listed.stderr}`);
  for (const entry of listed.stdout.toString('utf8').split('\0')) {
    const m = /^(\d+) (\w+) ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (!m || m[4] !== path) continue;
    if (m[1] === '120000') return { kind: 'other', what: 'a symbolic link' };
    if (m[2] !== 'blob') return { kind: 'other', what: m[2] === 'tree' ? 'a folder' : 'a submodule' };
    const blob = git(rev.root, ['cat-file', 'blob', m[3] as string]);
    if (!blob.ok) throw new UsageError(`git cat-file ${rev.ref}:${path}: ${blob.stderr}`);
    return { kind: 'file', content: blob.stdout };
  }
  return undefined;
}
