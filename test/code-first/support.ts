/**
 * What the code-first suite shares: a service of one framework (its contract as the framework emits
 * it, and a way to start it on 127.0.0.1, correct or with planted faults), the built CLI run as a
 * child process (bounded in time, never blocking this process's event loop, so the services in
 * it keep answering), and the judgement of a run: which planted faults its findings show.
 *
 * `runFramework` is the whole exercise for one framework: the contract written to a temporary
 * folder, `specforge test <contract> --base-url <url> --auth bearer=<token>` against the correct
 * service and against the faulty one (every fault on), then the correct service again through
 * `specforge proxy --record` and the recording replayed with `specforge test --replay`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ALL_FAULTS, FAULTS, TOKEN, type Fault, type PlantedFault } from './faults.js';

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

export interface CodeFirstService {
  name: string;
  /** The OpenAPI document the framework emits for the service. */
  contract(): Promise<object>;
  start(token: string, faults: ReadonlySet<Fault>): Promise<RunningService>;
  /**
   * The defects of the emitted contract itself that a run may report, as `<check>: <cause>`, each
   * as one finding of kind "contract" (Fastify's routes do not declare the 400 its validation
   * answers); none for the others.
   */
  contractGaps?: readonly string[];
}

const ROOT = resolve(import.meta.dirname, '../..');
/** The built CLI; SPECFORGE_CODE_FIRST_CLI names another build's main.js (to try an engine change without rebuilding dist). */
const CLI = process.env['SPECFORGE_CODE_FIRST_CLI'] ?? join(ROOT, 'dist/src/cli/main.js');

/** Listens on 127.0.0.1 (any free port); `close` (else the server's own) ends it and its connections. */
export async function listen(server: Server, close?: () => Promise<void>): Promise<RunningService> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      if (close) await close();
      else await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI, in `cwd` (a folder without specforge.config.yaml), killed after `timeoutMs`. */
export function runCli(
  args: readonly string[],
  cwd: string,
  timeoutMs = 120_000,
  onStderr?: (text: string) => void,
): CliResult & { done: Promise<CliResult>; kill(signal: NodeJS.Signals): void } {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  const result: CliResult = { code: null, stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (result.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    result.stderr += chunk;
    onStderr?.(result.stderr);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const done = new Promise<CliResult>((settle) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      result.code = code;
      settle(result);
    }),
  );
  return { ...result, done, kill: (signal) => child.kill(signal) };
}

export interface Finding {
  check: string;
  operationId: string;
  message: string;
  /** The status of the answer the finding is about (0: none). */
  status: number;
  /** "contract" for a defect of the contract rather than a fault of the server (grouped by cause in the report). */
  defect: string;
  cause: string;
}

/** A finding of the report's `findings`: failures grouped by cause. */
export interface FindingGroup {
  kind: string;
  check: string;
  cause: string;
  operations: string[];
}

export interface Report {
  requests: number;
  failures: Finding[];
  groups: FindingGroup[];
}

interface JsonReport {
  requests?: number;
  failures?: Array<{ check?: string; operationId?: string; message?: string; cause?: string; defect?: string; response?: { status?: number } }>;
  findings?: Array<{ kind?: string; check?: string; cause?: string; operations?: string[] }>;
}

/** The failures and grouped findings of a JSON report of `specforge test` (or of the proxy). */
export function reportOf(json: string): Report {
  const report = JSON.parse(json) as JsonReport;
  return {
    requests: report.requests ?? 0,
    failures: (report.failures ?? []).map((f) => ({
      check: f.check ?? '',
      operationId: f.operationId ?? '',
      message: f.message ?? '',
      status: f.response?.status ?? 0,
      defect: f.defect ?? 'server',
      cause: f.cause ?? '',
    })),
    groups: (report.findings ?? []).map((g) => ({ kind: g.kind ?? '', check: g.check ?? '', cause: g.cause ?? '', operations: g.operations ?? [] })),
  };
}

/** The failures that are faults of the server (not defects of the contract). */
export function serverFaults(report: Report): Finding[] {
  return report.failures.filter((f) => f.defect !== 'contract');
}

/** The contract's defects the report names, as `<check>: <cause>`, sorted. */
export function contractDefects(report: Report): string[] {
  return report.groups
    .filter((g) => g.kind === 'contract')
    .map((g) => `${g.check}: ${g.cause}`)
    .sort();
}

/** A finding's check, operation and answer status: what tells one fault's findings from another's. */
const signature = (f: Finding): string => `${f.check} ${f.operationId} ${f.status}`;

/**
 * The planted fault is found: a finding of its check on one of its operations (with its status,
 * when the fault names one) that the correct service did not get.
 */
export function isFound(fault: PlantedFault, faulty: readonly Finding[], correct: readonly Finding[]): boolean {
  const clean = new Set(correct.map(signature));
  return faulty.some(
    (f) =>
      f.check === fault.check &&
      fault.operations.includes(f.operationId) &&
      (fault.status === undefined || f.status === fault.status) &&
      !clean.has(signature(f)),
  );
}

export interface FrameworkRun {
  framework: string;
  contractFile: string;
  correct: Report;
  faulty: Report;
  found: PlantedFault[];
  missed: PlantedFault[];
  /** With `each`: the faults found when each runs alone. */
  alone?: PlantedFault[];
  /** Through `specforge proxy --record`: the test run's report, the proxy's, then the replay's. */
  proxied?: { test: Report; proxy: Report; replay: Report; replayStderr: string };
}

async function testRun(contractFile: string, url: string, dir: string): Promise<Report> {
  const out = join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  const run = runCli(['test', contractFile, '--base-url', url, '--auth', `bearer=${TOKEN}`, '--format', 'json', '-o', out], dir);
  const result = await run.done;
  if (result.code !== 0 && result.code !== 1) throw new Error(`specforge test exited with ${String(result.code)}: ${result.stderr}`);
  return reportOf(readFileSync(out, 'utf8'));
}

/** The correct service behind `specforge proxy --record`, tested through it, then the recording replayed. */
async function proxiedRun(service: CodeFirstService, contractFile: string, dir: string): Promise<NonNullable<FrameworkRun['proxied']>> {
  const running = await service.start(TOKEN, new Set());
  const cassette = join(dir, 'recording.json');
  const proxyReport = join(dir, 'proxy-report.json');
  try {
    let listening: (origin: string) => void = () => undefined;
    const origin = new Promise<string>((settle) => (listening = settle));
    const proxy = runCli(
      ['proxy', contractFile, '--upstream', running.url, '--port', '0', '--record', cassette, '--format', 'json', '-o', proxyReport],
      dir,
      120_000,
      (text) => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
        if (match?.[1] !== undefined) listening(match[1]);
      },
    );
    let tested: Report;
    try {
      const url = await Promise.race([origin, proxy.done.then((r) => Promise.reject(new Error(`specforge proxy exited with ${String(r.code)}: ${r.stderr}`)))]);
      tested = await testRun(contractFile, url, dir);
    } finally {
      // Stopped (its report and recording written) whatever happened to the run through it.
      proxy.kill('SIGINT');
    }
    const stopped = await proxy.done;
    if (stopped.code !== 0 && stopped.code !== 1) throw new Error(`specforge proxy exited with ${String(stopped.code)}: ${stopped.stderr}`);
    const replay = runCli(['test', contractFile, '--replay', cassette, '--auth', `bearer=${TOKEN}`, '--format', 'json'], dir);
    const replayed = await replay.done;
    if (replayed.code !== 0 && replayed.code !== 1) throw new Error(`specforge test --replay exited with ${String(replayed.code)}: ${replayed.stderr}`);
    return { test: tested, proxy: reportOf(readFileSync(proxyReport, 'utf8')), replay: reportOf(replayed.stdout), replayStderr: replayed.stderr };
  } finally {
    await running.close();
  }
}

/**
 * The whole exercise for one framework. `each`: also each fault alone (its switch the only one on),
 * to show a fault is found by itself and not through another (eight more runs: run.ts --each).
 */
export async function runFramework(service: CodeFirstService, options: { proxy?: boolean; each?: boolean; keep?: boolean } = {}): Promise<FrameworkRun> {
  const dir = mkdtempSync(join(tmpdir(), `sf-code-first-${service.name.toLowerCase()}-`));
  try {
    return await exercise(service, dir, options);
  } finally {
    // The contract, reports and recording stay for a look only when asked (run.ts).
    if (options.keep !== true) rmSync(dir, { recursive: true, force: true });
  }
}

async function exercise(service: CodeFirstService, dir: string, options: { proxy?: boolean; each?: boolean }): Promise<FrameworkRun> {
  const contractFile = join(dir, 'openapi.json');
  writeFileSync(contractFile, `${JSON.stringify(await service.contract(), null, 2)}\n`);
  const once = async (faults: ReadonlySet<Fault>): Promise<Report> => {
    const running = await service.start(TOKEN, faults);
    try {
      return await testRun(contractFile, running.url, dir);
    } finally {
      await running.close();
    }
  };
  const [correct, faulty] = await Promise.all([once(new Set()), once(ALL_FAULTS)]);
  const found = FAULTS.filter((f) => isFound(f, faulty.failures, correct.failures));
  const alone: PlantedFault[] = [];
  if (options.each === true) {
    for (const f of FAULTS) if (isFound(f, (await once(new Set([f.fault]))).failures, correct.failures)) alone.push(f);
  }
  return {
    framework: service.name,
    contractFile,
    correct,
    faulty,
    found,
    missed: FAULTS.filter((f) => !found.includes(f)),
    ...(options.each === true ? { alone } : {}),
    ...(options.proxy === false ? {} : { proxied: await proxiedRun(service, contractFile, dir) }),
  };
}

/** A readable account of a run: every finding, and each planted fault found or missed. */
export function describeRun(run: FrameworkRun): string {
  const lines = [`== ${run.framework} (contract: ${run.contractFile})`];
  const list = (title: string, report: Report): void => {
    const defects = contractDefects(report);
    lines.push(
      `${title}: ${report.requests} requests, ${report.failures.length} failure(s)${defects.length > 0 ? `, contract defects: ${defects.join('; ')}` : ''}`,
    );
    for (const f of report.failures)
      lines.push(`  - ${f.defect === 'contract' ? '[contract] ' : ''}${f.check} ${f.operationId} (${f.status}): ${f.message.slice(0, 200)}`);
  };
  list('correct service', run.correct);
  list('faulty service', run.faulty);
  lines.push(`planted faults: ${run.found.length} of ${FAULTS.length} found`);
  for (const f of FAULTS) {
    const alone = run.alone === undefined ? '' : run.alone.includes(f) ? ' (alone: found)' : ' (alone: MISSED)';
    lines.push(`  ${run.found.includes(f) ? 'FOUND ' : 'MISSED'} ${f.fault} (${f.check} on ${f.operations[0] ?? ''})${alone}: ${f.what}`);
  }
  if (run.proxied) {
    list('through specforge proxy --record: specforge test', run.proxied.test);
    list('through specforge proxy --record: the proxy', run.proxied.proxy);
    list('the recording replayed (specforge test --replay)', run.proxied.replay);
  }
  return `${lines.join('\n')}\n`;
}
