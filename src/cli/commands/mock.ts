/** `specforge mock <spec>`: the generated server with the mock handlers, on TCP or a unix socket. */
import { existsSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { createHttpServer, DEFAULT_HTTP_LIMITS } from '../../runtime/server/server.js';
import { resolve } from 'node:path';
import { formatDiagnostic, UsageError, type Diagnostic, type SourceLocation } from '../../contract/errors.js';
import { configEntryFor } from '../../config/config.js';
import { DEFAULT_STRICT, type StrictLevel } from '../../runtime/validation/ajv.js';
import { strictFlag } from '../format-option.js';
import { terminalText } from '../../report/terminal.js';
import { inferResources, withInferred } from '../../contract/tables/infer-resources.js';
import { compilePlan, type CompiledValidators } from '../../contract/tables/validator-lazy.js';
import { reportPatchWarnings } from '../../contract/patches.js';
import { defaultCacheDir } from '../../pipeline/generate.js';
import { readStart, rewriteEntry, startCacheDir, trace, writeStart, type MockStart, type StartKey } from './start-cache.js';
import { locatedAt, startKey } from './model-start.js';
import { createMock, type Mock, type MockServerOptions } from '../../runtime/mock/server.js';
import type { Unsampleable } from '../../runtime/mock/core.js';
import { withCors } from './mock-cors.js';

export interface MockOptions {
  cwd?: string;
  spec: string;
  port?: string | number;
  host?: string;
  socket?: string;
  stateful?: boolean;
  /**
   * With `stateful`, on a contract that declares no x-specforge-resources: infer collections from
   * CRUD-shaped paths (default true; `--no-infer` turns it off).
   */
  infer?: boolean;
  seed?: string | number;
  delay?: string | number;
  bodyLimit?: string | number;
  /** Milliseconds a client has to send its request headers (default 10 s). */
  headersTimeout?: string | number;
  /** Milliseconds a client has to send its whole request (default 30 s). */
  requestTimeout?: string | number;
  /** Milliseconds a connection may sit idle, between requests or within one (default 30 s; keep-alive: 5 s). */
  idleTimeout?: string | number;
  /** Most connections open at once; more are refused (default 1,000). */
  maxConnections?: string | number;
  /** Documents each stateful collection may hold (default 10,000); a create past it is a 507. */
  maxDocuments?: string | number;
  /** Most items of one page of a paginated list (default 1,000). */
  maxPageSize?: string | number;
  /** Answers any web page may read, preflights included (for the docs' request console; mock-cors.ts). */
  cors?: boolean;
  /** specforge.config.yaml: the contract's entry gives its strict level. */
  config?: string;
  /** true, false or schema: over the config entry's strict level. */
  strict?: string;
  write?: (text: string) => void;
  /** false (`--no-cache`): build the contract's model even when the start-up cache holds it, and write no entry. */
  cache?: boolean;
}

/**
 * The mock of a contract, compiled in memory from the contract (the same tables as generated code),
 * its validators at `strict` level: a level that refuses one of the contract's schemas is an error at
 * that schema, as generation would be.
 */
export async function createMockFromSpec(
  specPath: string,
  options: MockServerOptions = {},
  strict: StrictLevel = DEFAULT_STRICT,
  report?: StatefulReport,
  warn?: (d: Diagnostic) => void,
  afterStart?: AfterStart,
  cache?: StartCache,
): Promise<Mock> {
  const { start, validators, locate, keep } = await loadStart(specPath, strict, cache);
  // Error statuses whose declared schema no error body can be built for: said at start-up.
  if (warn) for (const d of [...start.featureWarnings, ...start.errorShapeWarnings]) warn(d);
  const api = start.api;
  let tables = start.tables;
  if (options.stateful === true && report !== undefined) {
    if (tables.resources.length > 0) {
      report.lines.push(`keeps the collection(s) the contract declares (x-specforge-resources): ${tables.resources.map((r) => r.name).join(', ')}`);
    } else if (report.infer) {
      const inference = inferResources(api, tables);
      tables = withInferred(tables, inference);
      report.lines.push(...inference.lines);
    }
    if (tables.resources.length === 0) {
      report.lines.push(
        `warning: --stateful keeps nothing: the contract declares no x-specforge-resources and ${report.infer ? 'no collection could be inferred from its paths (POST /things with GET /things/{id})' : 'inference is off (--no-infer)'}; every answer comes from the contract's examples and schemas`,
      );
    }
  }
  const mock = createMock(api, validators, tables, options);
  // Responses for which no sample satisfies the contract: said once, not a 500 per request. Checking
  // them compiles every response validator, so a mock that is to answer at once (`afterStart`)
  // checks them after it listens, one operation per turn of the event loop.
  if (warn) {
    const say = (u: Unsampleable): void =>
      warn({
        code: 'SPECFORGE_NO_VALID_SAMPLE',
        severity: 'warning',
        message: `${u.operationId} ${u.status}: ${u.message}; the mock answers it with a value its own validator refuses`,
        location: locate(u.pointer),
        hint: 'give the response an example',
      });
    // Every sample checked: the verdicts go into the start-up entry, so that the next start answers
    // (and warns) without compiling a response validator for them.
    const remember = (): void => {
      const updated = keep === undefined ? undefined : withVerdicts(start, mock.engine.checkedSamples());
      if (updated !== undefined) keep?.(updated);
    };
    if (afterStart === undefined) {
      for (const u of mock.engine.unsampleable()) say(u);
      remember();
    } else {
      afterStart.operations = api.operations.length;
      afterStart.sampleCheck = async (stopped) => {
        const n = await sweep(api.operations, stopped, (id) => mock.engine.unsampleableOf(id).forEach(say));
        if (n === api.operations.length) remember();
        return n;
      };
    }
  }
  return mock;
}

/** Where `specforge mock` keeps its start-ups (start-cache.ts), and where it says it used one. */
export interface StartCache {
  dir: string;
  note: (line: string) => void;
}

/**
 * The mock's start: from the cache when it holds one for these files, toolchain and options (the
 * model builder is then never imported), else built from the contract and written to the cache.
 */
async function loadStart(
  specPath: string,
  strict: StrictLevel,
  cache: StartCache | undefined,
): Promise<{
  start: MockStart;
  validators: CompiledValidators;
  locate: (pointer: string) => SourceLocation;
  /** Writes the entry again with what the mock learnt since (the verdicts of its samples); undefined without a cache. */
  keep?: (start: MockStart) => void;
}> {
  let key: StartKey | undefined;
  if (cache !== undefined) {
    key = startKey(specPath, strict);
    const hit = readStart(cache.dir, key);
    trace('start-up cache read');
    if (hit !== undefined) {
      reportPatchWarnings(hit.start.patchWarnings);
      cache.note(`contract model from cache (key ${hit.key}), built ${hit.builtAt}`);
      const locations = hit.start.locations;
      const at = key;
      return {
        start: hit.start,
        validators: compilePlan(hit.start.plan, strict, locatedAt(specPath), true),
        locate: (pointer) => (Object.hasOwn(locations, pointer) ? (locations[pointer] as SourceLocation) : { file: specPath }),
        keep: (start) => void rewriteEntry(cache.dir, 'mock', at, hit.files, start),
      };
    }
  }
  const { buildMockStart } = await import('./mock-build.js');
  const built = await buildMockStart(specPath, strict);
  const at = key;
  if (cache !== undefined && at !== undefined) writeStart(cache.dir, at, built.files, built.start);
  return {
    start: built.start,
    validators: built.validators,
    locate: (pointer) => built.model.loaded.locate(pointer),
    ...(cache !== undefined && at !== undefined ? { keep: (start: MockStart) => void writeStart(cache.dir, at, built.files, start) } : {}),
  };
}

/**
 * `start` with the verdicts of its checked samples (MockResponse.sampleValid, and the sample that was
 * found when the first was refused); undefined when it already had every one of them.
 */
export function withVerdicts(start: MockStart, checked: ReturnType<Mock['engine']['checkedSamples']>): MockStart | undefined {
  const byOperation = new Map<string, Map<string, { value: unknown; ok: boolean }>>();
  for (const c of checked) {
    const response = Object.hasOwn(start.tables.operations, c.operationId) ? start.tables.operations[c.operationId]?.responses : undefined;
    const known = response && Object.hasOwn(response, c.key) ? response[c.key] : undefined;
    if (known === undefined || known.sampleValid !== undefined) continue;
    const verdicts = byOperation.get(c.operationId) ?? new Map<string, { value: unknown; ok: boolean }>();
    verdicts.set(c.key, { value: c.value, ok: c.ok });
    byOperation.set(c.operationId, verdicts);
  }
  if (byOperation.size === 0) return undefined;
  const operations = Object.fromEntries(
    Object.entries(start.tables.operations).map(([id, op]) => {
      const verdicts = byOperation.get(id);
      if (verdicts === undefined) return [id, op];
      const responses = Object.fromEntries(
        Object.entries(op.responses).map(([k, r]) => {
          const v = verdicts.get(k);
          return [k, v === undefined ? r : { ...r, sample: v.value, sampleValid: v.ok }];
        }),
      );
      return [id, { ...op, responses }];
    }),
  );
  return { ...start, tables: { ...start.tables, operations } };
}

/**
 * Runs `check` on each operation, yielding to the event loop between them (requests go first);
 * resolves to how many were checked, fewer when `stopped` says so first.
 */
async function sweep(operations: ReadonlyArray<{ id: string }>, stopped: () => boolean, check: (id: string) => void): Promise<number> {
  let n = 0;
  for (const op of operations) {
    await new Promise((ok) => setImmediate(ok));
    if (stopped()) break;
    check(op.id);
    n++;
  }
  return n;
}

/** What a mock that answers before it has checked its sampled answers leaves to do once it listens. */
export interface AfterStart {
  /** Checks the sampled answers of every operation, warning about those no sample satisfies. */
  sampleCheck?: (stopped: () => boolean) => Promise<number>;
  /** How many operations sampleCheck checks. */
  operations?: number;
}

/** What `--stateful` keeps, said at start: the collections declared or inferred, or a warning that it keeps nothing. */
export interface StatefulReport {
  /** Infer collections from CRUD-shaped paths when the contract declares none. */
  infer: boolean;
  lines: string[];
}

function integer(raw: string | number | undefined, name: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${name} must be an integer from ${min} to ${max}, not "${String(raw)}"`);
  return n;
}

/** The mock's connection limits: slow or idle clients are closed, and connections are capped. */
export function connectionLimits(options: Pick<MockOptions, 'headersTimeout' | 'requestTimeout' | 'idleTimeout' | 'maxConnections'>): {
  headersTimeout: number;
  requestTimeout: number;
  idleTimeout: number;
  maxConnections: number;
} {
  const headersTimeout = integer(options.headersTimeout, '--headers-timeout', 100, 3_600_000) ?? DEFAULT_HTTP_LIMITS.headersTimeout;
  const requestTimeout = integer(options.requestTimeout, '--request-timeout', 100, 3_600_000) ?? DEFAULT_HTTP_LIMITS.requestTimeout;
  if (requestTimeout < headersTimeout)
    throw new UsageError(`--request-timeout (${requestTimeout} ms) must not be shorter than --headers-timeout (${headersTimeout} ms)`);
  return {
    headersTimeout,
    requestTimeout,
    idleTimeout: integer(options.idleTimeout, '--idle-timeout', 100, 3_600_000) ?? DEFAULT_HTTP_LIMITS.idleTimeout,
    maxConnections: integer(options.maxConnections, '--max-connections', 1, 1_000_000) ?? DEFAULT_HTTP_LIMITS.maxConnections,
  };
}

export async function runMock(options: MockOptions): Promise<{ server: Server; mock: Mock }> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  if (options.socket !== undefined && (options.port !== undefined || options.host !== undefined)) {
    throw new UsageError('--socket cannot be combined with --port or --host');
  }
  const port = integer(options.port, '--port', 0, 65535) ?? 4010;
  const host = options.host ?? '127.0.0.1';
  const serverOptions: MockServerOptions = {
    stateful: options.stateful === true,
    onError: (e) => process.stderr.write(`mock: ${terminalText(e instanceof Error ? e.message : String(e), false)}\n`),
    warn: (message) => process.stderr.write(`specforge mock: warning: ${terminalText(message, false)}\n`),
  };
  const seed = integer(options.seed, '--seed', 0, 2 ** 32 - 1);
  if (seed !== undefined) serverOptions.seed = seed;
  const delay = integer(options.delay, '--delay', 0, 600_000);
  if (delay !== undefined) serverOptions.delay = delay;
  const bodyLimit = integer(options.bodyLimit, '--body-limit', 1, 2 ** 31);
  if (bodyLimit !== undefined) serverOptions.bodyLimit = bodyLimit;
  const maxDocuments = integer(options.maxDocuments, '--max-documents', 1, 10_000_000);
  if (maxDocuments !== undefined) serverOptions.maxDocuments = maxDocuments;
  const maxPageSize = integer(options.maxPageSize, '--max-page-size', 1, 1_000_000);
  if (maxPageSize !== undefined) serverOptions.maxPageSize = maxPageSize;
  trace('command started');
  const specPath = resolve(cwd, options.spec);
  const strict = strictFlag(options.strict) ?? configEntryFor(specPath, cwd, options.config)?.strict ?? DEFAULT_STRICT;
  const limits = connectionLimits(options);
  const report: StatefulReport = { infer: options.infer !== false, lines: [] };
  const afterStart: AfterStart = {};
  const cache: StartCache | undefined =
    options.cache === false
      ? undefined
      : { dir: startCacheDir(defaultCacheDir(cwd)), note: (line) => process.stderr.write(`specforge mock: ${terminalText(line, false)}\n`) };
  const mock = await createMockFromSpec(specPath, serverOptions, strict, report, (d) => process.stderr.write(`${formatDiagnostic(d)}\n`), afterStart, cache);
  const server = createHttpServer(options.cors === true ? withCors(mock.listener) : mock.listener, limits);
  const socket = options.socket === undefined ? undefined : resolve(cwd, options.socket);
  if (socket && existsSync(socket)) {
    if (!statSync(socket).isSocket()) throw new UsageError(`--socket ${options.socket} exists and is not a socket`);
    rmSync(socket);
  }
  await new Promise<void>((ok, fail) => {
    server.once('error', (err) => fail(new UsageError(`cannot listen on ${socket ?? `${host}:${port}`}: ${err.message}`)));
    if (socket) server.listen(socket, () => ok());
    else server.listen(port, host, () => ok());
  });
  trace('listening');
  const address = server.address();
  const where = socket ? `unix:${socket}` : `http://${host.includes(':') ? `[${host}]` : host}:${typeof address === 'object' && address ? address.port : port}`;
  for (const line of report.lines) write(`specforge mock: ${terminalText(line, false)}\n`);
  write(
    `specforge mock: serving ${options.spec} on ${where}${serverOptions.stateful ? ' (stateful)' : ''}${options.cors === true ? ' to any web page (--cors)' : ''}; POST /__specforge/reset resets it\n`,
  );
  // Validators are compiled per operation on first use; the sampled answers are checked after start,
  // once the first answer is sent or after a second without one, so that the check (which compiles
  // every operation's response validators) does not delay the first answer.
  let closed = false;
  server.once('close', () => (closed = true));
  const firstAnswered = new Promise<void>((ok) => {
    setTimeout(ok, 1000).unref();
    server.once('request', (_request, response) => response.once('close', () => ok()));
  });
  void firstAnswered
    .then(() => afterStart.sampleCheck?.(() => closed))
    .then(
      (n) => {
        if (n !== undefined && n === afterStart.operations) write(`specforge mock: checked the sampled answers of ${n} operation(s)\n`);
      },
      (err: unknown) =>
        process.stderr.write(
          `specforge mock: warning: the sampled answers could not all be checked: ${terminalText(err instanceof Error ? err.message : String(err), false)}\n`,
        ),
    );
  return { server, mock };
}
