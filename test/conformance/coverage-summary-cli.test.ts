/**
 * The coverage summary and the baseline through the built command line, as a user runs them: a
 * run against a server that answers every credential of one operation with 401 (and every sampled
 * id of another with 404) is green and warns that those operations never got a 2xx; --min-coverage fails it (exit 1) with the reason;
 * --update-baseline then --baseline over a server with a fault: written, then known and green.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrdersServer } from '../fixtures/coverage/server.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const SPEC = join(ROOT, 'test', 'fixtures', 'coverage', 'openapi.yaml');

function cli(args: string[], cwd = ROOT): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, [CLI, 'test', ...(args[0]?.endsWith('.yaml') ? [] : [SPEC]), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      ok({ code, stdout, stderr });
    });
  });
}

let server: Server;
let baseUrl: string;
beforeAll(async () => ({ server, baseUrl } = await startOrdersServer()));
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('specforge test: coverage on the command line', () => {
  it('a green run warns about the operation that never got a 2xx; --min-coverage 80 fails it', async () => {
    const green = await cli(['--base-url', baseUrl, '--auth', 'bearer=not-a-valid-token', '--max-examples', '5']);
    expect(green.code).toBe(0);
    expect(green.stdout).toMatch(/coverage: 1 of 3 operations \(33\.3%\) got a 2xx/);
    // The sampled id names no order: every read is a 404, which the contract allows; nothing fails, and it is said.
    expect(green.stdout).toMatch(/warning: getOrder \(GET \/orders\/\{id\}\) never got a 2xx: 404 throughout \(\d+ valid requests\)/);
    expect(green.stdout).toMatch(
      /warning: listAllOrders \(GET \/admin\/orders\) never got a 2xx: 401 throughout \(\d+ valid requests\): no request was accepted as authenticated/,
    );
    expect(green.stdout).toMatch(/✔ \d+ requests in \d+ ms, seed 1: no failures\n$/);

    const below = await cli([
      '--base-url',
      baseUrl,
      '--auth',
      'bearer=not-a-valid-token',
      '--max-examples',
      '5',
      '--min-coverage',
      '80',
      '--format',
      'json',
      '-o',
      join(mkdtempSync(join(tmpdir(), 'sf-cov-')), 'r.json'),
    ]);
    expect(below.code).toBe(1);
    expect(below.stdout).toMatch(/^✖ \d+ requests, 0 failures, 33\.3% of operations got a 2xx \(below --min-coverage 80%\)/);
  });

  it('a contract that does not declare the 400 of invalid input: one contract defect; --update-baseline, then --baseline keeps the run green', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sf-baseline-'));
    writeFileSync(join(cwd, 'openapi.yaml'), readFileSync(SPEC, 'utf8').replace("        '400': { description: invalid limit }\n", ''));
    const args = ['openapi.yaml', '--base-url', baseUrl, '--max-examples', '5', '--phases', 'examples,negative'];
    const failing = await cli(args, cwd);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(
      /1\) status_code_conformance: listOrders \[contract defect\]\n {3}1 operation answers 400 to invalid input and declares no response for it/,
    );

    const written = await cli([...args, '--baseline', 'known.yaml', '--update-baseline'], cwd);
    expect(written.code).toBe(0);
    expect(readFileSync(join(cwd, 'known.yaml'), 'utf8')).toMatch(
      /^# specforge test baseline of openapi\.yaml[^]*known:\n {2}- check: status_code_conformance\n {4}operation: listOrders\n {4}cause: status 400 to invalid input\n$/,
    );
    const known = await cli([...args, '--baseline', 'known.yaml'], cwd);
    expect(known.code).toBe(0);
    expect(known.stdout).toMatch(/baseline known\.yaml: 1 known \(reported, not failing\), 0 new/);
  });
});
