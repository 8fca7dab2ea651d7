/**
 * The GitHub Action as a runner runs it, read from action.yml: specforge installed from a published
 * tarball or from the action's own checkout, cached either way; on a pull request from a fork (or
 * Dependabot's), whose token cannot write security events, no SARIF upload, and the summary still
 * written; the full report kept as an artifact. The guide lists the permissions for public and
 * private repositories, and the README's tarball install records a dependency `npm ci` resolves on
 * a runner. `--severity stale-file=off`, as the guide documents it, silences every stale generated
 * file (the missing ones are `missing-file`).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyToFindings, parseSeverityFlags } from '../../src/diff/policy.js';
import type { Finding } from '../../src/report/findings.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'continue-on-error'?: boolean | string;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string; description: string }>;
  runs: { steps: Step[] };
};
const steps = action.runs.steps;
const stepNamed = (pattern: RegExp): Step => {
  const step = steps.find((s) => pattern.test(s.name ?? ''));
  if (!step) throw new Error(`no step named ${String(pattern)}`);
  return step;
};

/** The condition that says the token may write security events: not a fork's pull request, not Dependabot's. */
const FORK = /github\.event\.pull_request\.head\.repo\.full_name == github\.repository/;

describe('action.yml', () => {
  it('installs a published tarball when given one, else the action checkout, and caches both', () => {
    expect(action.inputs['specforge-tarball']?.default).toBe('');
    const where = stepNamed(/^Locate specforge/);
    expect(where.env?.['TARBALL']).toBe('${{ inputs.specforge-tarball }}');
    // The cache key names what is installed: the tarball, or the hash of the checkout's sources.
    expect(where.run).toMatch(/key=specforge-action-.*tarball-/);
    const cache = stepNamed(/^Restore specforge/);
    expect(cache.uses).toMatch(/^actions\/cache@v\d+$/);
    expect(cache.with?.['path']).toBe('${{ steps.where.outputs.dir }}');
    expect(cache.with?.['key']).toBe('${{ steps.where.outputs.key }}');
    const install = stepNamed(/^Install specforge/);
    expect(install.if).toBe("steps.cache.outputs.cache-hit != 'true'");
    expect(install.run).toMatch(/npm install --prefix "\$SPECFORGE_DIR" --omit=dev --ignore-scripts [^\n]*"\$TARBALL"/);
    // The checkout is installed without development dependencies or scripts, outside the workspace.
    expect(install.run).toContain('npm ci --omit=dev --ignore-scripts');
    expect(where.run).toContain('$RUNNER_TEMP/specforge-action');
  });

  it('uploads the SARIF only when the token can write security events, and never fails the job on the upload', () => {
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@')) as Step;
    expect(upload.if).toMatch(FORK);
    expect(upload.if).toMatch(/github\.actor != 'dependabot\[bot\]'/);
    expect(upload.if).toMatch(/^always\(\) && /);
    expect(upload['continue-on-error']).toBe(true);
  });

  it('on a fork pull request, says in the job summary why nothing was uploaded, and keeps the full report as an artifact', () => {
    const note = stepNamed(/^Say why the SARIF/);
    expect(note.if).toMatch(/github\.event\.pull_request\.head\.repo\.full_name != github\.repository/);
    expect(note.run).toContain('>> "$GITHUB_STEP_SUMMARY"');
    const review = stepNamed(/^specforge review$/);
    expect(review.run).toContain('--report "$REPORT"');
    const artifact = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@')) as Step;
    expect(artifact.if).toMatch(/^always\(\)/);
    expect(artifact.with?.['path']).toContain('inputs.report');
    expect(artifact['continue-on-error']).toBe(true);
  });
});

describe('the guide and the README', () => {
  const guide = readFileSync(join(ROOT, 'docs', 'guides', 'lint-and-review.md'), 'utf8');
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('lists the permissions of public and private repositories', () => {
    expect(guide).toMatch(/actions: read # private repositories only/);
    expect(guide).toMatch(/\| public repository \| `contents: read`, `security-events: write` \|/);
    expect(guide).toMatch(/\| private repository \| `contents: read`, `security-events: write`, `actions: read` \|/);
  });

  it('installs tarballs from the repository (a relative file: dependency npm ci resolves), never from a path outside it', () => {
    const install = /```sh\n# in a checkout of specforge[\s\S]*?```/.exec(readme)?.[0] ?? '';
    expect(install).toContain('npm install --save-dev ./vendor/specforge-0.1.0.tgz');
    expect(install).not.toMatch(/npm install [^\n]*\/path\/to\/specforge[^\n]*\.tgz/);
  });
});

describe('--severity stale-file', () => {
  const drift = (rule: string): Finding => ({ source: 'drift', rule, level: 'error', message: rule, location: { file: `generated/${rule}.ts` } });
  const all = ['stale-file', 'missing-file', 'extra-file', 'stray-file'].map(drift);

  it('as documented, stale-file=off silences every stale generated file, missing ones included', () => {
    expect(applyToFindings(all, { severity: parseSeverityFlags(['stale-file=off']) })).toEqual([]);
    expect(applyToFindings(all, { severity: parseSeverityFlags(['stale-file=warn']) }).map((f) => f.level)).toEqual([
      'warning',
      'warning',
      'warning',
      'warning',
    ]);
  });

  it('a rule of the family set on its own wins', () => {
    const kept = applyToFindings(all, { severity: parseSeverityFlags(['stale-file=off', 'missing-file=error']) });
    expect(kept.map((f) => f.rule)).toEqual(['missing-file']);
    expect(applyToFindings(all, { severity: parseSeverityFlags(['missing-file=off']) }).map((f) => f.rule)).toEqual(['stale-file', 'extra-file', 'stray-file']);
  });
});
