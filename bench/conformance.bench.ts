/**
 * Conformance benchmark: `specforge test specs/engine/openapi.yaml --max-examples 100` against
 * `specforge mock specs/engine/openapi.yaml --stateful`, both started through the CLI on 127.0.0.1
 * as a user runs them. Prints the requests sent, the time and requests per second, and, measured
 * in the same run, the time a bare client needs to send as many requests one at a time to the same
 * mock (GET /_ping): the ratio is what generating, sending and checking each request costs over
 * sending it. (Schemathesis, the tool users would otherwise run, is a Python package: its registry
 * is not reachable from the machines this runs on, so the floor is a bare client.)
 *
 * Options: --max-examples <n> (default 100), --seed <n> (default 1).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { arg, CLI, ROOT, rssBytes, stop, waitFor } from './support.js';

const OUT = join(ROOT, 'bench', '.out', 'conformance');
const MAX_EXAMPLES = Number(arg('max-examples', '100'));
const SEED = Number(arg('seed', '1'));
const SPEC = join(ROOT, 'specs', 'engine', 'openapi.yaml');

interface Report {
  operations: unknown[];
  requests: number;
  durationMs: number;
  failures: unknown[];
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  const mock = spawn(process.execPath, [CLI, 'mock', SPEC, '--stateful', '--port', String(port), '--host', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/_ping`, mock);
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [CLI, 'test', SPEC, '--base-url', base, '--max-examples', String(MAX_EXAMPLES), '--seed', String(SEED), '--format', 'json'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    let peak = 0;
    const sampler = setInterval(() => {
      const rss = child.pid === undefined ? undefined : rssBytes(child.pid);
      if (rss !== undefined) peak = Math.max(peak, rss);
    }, 200);
    const code = await new Promise<number | null>((ok) => child.once('close', ok));
    clearInterval(sampler);
    const wall = performance.now() - started;
    if (code !== 0 && code !== 1) throw new Error(`specforge test exited ${String(code)}`);
    const report = JSON.parse(stdout) as Report;
    // The floor: as many requests, one at a time, from a bare client to the same mock.
    const floorStarted = performance.now();
    for (let i = 0; i < report.requests; i++) await (await fetch(`${base}/_ping`)).text();
    const floor = performance.now() - floorStarted;
    const rows = [
      ['engine contract, operations', String(report.operations.length)],
      ['generated requests per operation (--max-examples)', String(MAX_EXAMPLES)],
      ['requests sent', report.requests.toLocaleString('en-US')],
      ['failures', String(report.failures.length)],
      ['time (wall, CLI start to exit)', `${(wall / 1000).toFixed(1)} s`],
      ['requests per second', Math.round(report.requests / (wall / 1000)).toLocaleString('en-US')],
      ['peak RSS of specforge test', `${Math.round(peak / 2 ** 20)} MB`],
      ['bare client, same number of GET /_ping', `${(floor / 1000).toFixed(1)} s`],
      ['ratio (specforge test / bare client)', `${(wall / floor).toFixed(2)}x`],
    ];
    const cpu = cpus()[0]?.model ?? 'unknown';
    console.log(`machine: ${cpus().length} x ${cpu.trim()}, node ${process.version}`);
    console.log(`specforge test ${SPEC.replace(ROOT + '/', '')} --max-examples ${MAX_EXAMPLES} --seed ${SEED} against specforge mock --stateful`);
    const width = Math.max(...rows.map(([k]) => (k ?? '').length));
    for (const [k, v] of rows) console.log(`  ${(k ?? '').padEnd(width)}  ${v ?? ''}`);
    writeFileSync(
      join(OUT, 'results.json'),
      JSON.stringify(
        { maxExamples: MAX_EXAMPLES, seed: SEED, requests: report.requests, failures: report.failures.length, wallMs: wall, floorMs: floor, peakRss: peak },
        null,
        2,
      ),
    );
  } finally {
    await stop(mock);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
