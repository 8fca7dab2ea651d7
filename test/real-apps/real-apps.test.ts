/**
 * `specforge test` against real applications installed from the npm registry (apps.ts says which,
 * and by what rule). Every finding must be classified in findings.yaml as a true finding, with the
 * reason: a finding not classified there, or classified as false, fails the run. Each application
 * runs on 127.0.0.1 with no network, with a small, seeded run (bounded in time). Needs the build
 * (dist/): the command line is what is run.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { APPS, startApp, type RealApp, type Running } from './apps.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const HERE = join(ROOT, 'test', 'real-apps');

interface Classification {
  check: string;
  /** A regular expression the whole operationId matches. */
  operation: string;
  /** A regular expression the message contains. */
  match: string;
  verdict: boolean;
  reason: string;
}

interface Finding {
  check: string;
  operationId: string;
  phase: string;
  message: string;
  curl: string;
}

const FINDINGS = parse(readFileSync(join(HERE, 'findings.yaml'), 'utf8')) as { apps: Record<string, Classification[]> };

/** The entry that classifies a finding, if any. */
export function classify(finding: Finding, entries: readonly Classification[]): Classification | undefined {
  return entries.find(
    (e) => e.check === finding.check && new RegExp(`^(?:${e.operation})$`).test(finding.operationId) && new RegExp(e.match).test(finding.message),
  );
}

function cli(args: string[], timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((ok) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      ok({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

async function specOf(app: RealApp, running: Running): Promise<string> {
  if ('file' in app.spec) return app.spec.file();
  if ('written' in app.spec) return join(running.work, app.spec.written);
  const res = await fetch(running.origin + app.spec.served, { signal: AbortSignal.timeout(10_000) });
  expect(res.status).toBe(200);
  const file = join(running.work, 'openapi.json');
  writeFileSync(file, await res.text());
  return file;
}

const running: Running[] = [];
afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
});

describe('specforge test on real applications from npm', () => {
  // Started together: their start-up (LoopBack boots for seconds) overlaps.
  const started = new Map(
    APPS.map((app) => {
      const start = startApp(app).then((r) => (running.push(r), r));
      // Awaited by the application's test, which fails with the reason.
      start.catch(() => undefined);
      return [app.name, start];
    }),
  );

  it('classifies every entry of findings.yaml under an application of apps.ts', () => {
    expect(Object.keys(FINDINGS.apps).sort()).toEqual(APPS.map((a) => a.name).sort());
    for (const entries of Object.values(FINDINGS.apps)) for (const e of entries) expect(e.reason.length).toBeGreaterThan(20);
  });

  for (const app of APPS) {
    it(`${app.name} (${app.framework}): every finding is a classified true finding`, { timeout: 120_000 }, async () => {
      const server = await (started.get(app.name) as Promise<Running>);
      const spec = await specOf(app, server);
      const args = ['test', spec, '--base-url', server.origin + app.basePath, '--seed', '1', '--max-examples', '5', '--timeout', '10000', '--format', 'json'];
      for (const overlay of app.overlays ?? []) args.push('--overlay', join(HERE, overlay));
      const startedAt = Date.now();
      const run = await cli(args, 100_000);
      expect(run.stderr).toBe('');
      expect([0, 1]).toContain(run.code);
      const report = JSON.parse(run.stdout) as { requests: number; failures: Finding[] };
      expect(report.requests).toBeGreaterThan(5);
      const entries = FINDINGS.apps[app.name] ?? [];
      const unclassified = report.failures.filter((f) => classify(f, entries) === undefined);
      const falseOnes = report.failures.filter((f) => classify(f, entries)?.verdict === false);
      const show = (list: Finding[]): string => list.map((f) => `${f.check} ${f.operationId} [${f.phase}]: ${f.message.slice(0, 300)}\n  ${f.curl}`).join('\n');
      expect(show(unclassified), `unclassified findings of ${app.name} (${report.requests} requests, ${Date.now() - startedAt} ms)`).toBe('');
      expect(show(falseOnes), `false findings of ${app.name}`).toBe('');
      // Nothing crashed the application.
      expect(server.child.exitCode).toBe(null);
    });
  }
});
