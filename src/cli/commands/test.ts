/**
 * `specforge test <spec> --base-url <url>`: the conformance engine against a running server, in
 * any language. Requests derived from the contract (examples, invalid data, generated data,
 * create/read/list/delete chains, requests without credentials) go to the base URL (or a unix
 * socket) and every answer is checked against the contract; the report says per operation and
 * check what passed and shows each failure with the curl command that reproduces it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { ContractError, UsageError } from '../../contract/errors.js';
import { buildModel, type ContractModel, type OperationModel } from '../../contract/model.js';
import { displayPath, readContractFile } from '../../contract/resolve.js';
import { parse as parseYaml } from 'yaml';
import { CHECKS, CONTRACT_WIDE_NOTE, curlCommand, isCheckName, type CheckName } from '../../conformance/checks.js';
import { formatConformance, TEST_FORMATS } from '../../conformance/report.js';
import { NOT_SELECTED, unselectedPaths } from '../../conformance/phases/coverage.js';
import { redactor, redactUserinfo, SHOW_SECRETS } from '../../conformance/redact.js';
import { DEFAULT_MAX_RESPONSE_BYTES, PHASES, runConformance, type ConformanceOptions, type ConformanceReport, type OperationReport, type Phase } from '../../conformance/run.js';
import { configEntryFor, findConfig, loadConfig, type TestSettings, type TokenSettings } from '../../pipeline/config.js';
import { tokenSource, TokenError } from '../../conformance/token.js';
import { DEFAULT_STRICT } from '../../runtime/validation/ajv.js';
import { compileValidators, planValidators, strictReport } from '../../contract/tables/validators.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { terminalText } from '../../report/terminal.js';
import { formatOption, strictFlag } from '../format-option.js';
import { recordInto, replayFile, reportLocator } from './test-cassette.js';

export interface TestOptions {
  cwd?: string;
  /** The contract; default: the one contract of specforge.config.yaml. */
  spec?: string;
  config?: string;
  strict?: string;
  baseUrl?: string;
  /** A unix socket the server listens on (instead of TCP). */
  socket?: string;
  maxExamples?: string | number;
  seed?: string | number;
  /** Comma-separated phases: examples, negative, fuzz, stateful, security. */
  phases?: string;
  checks?: string;
  excludeChecks?: string;
  operations?: string;
  tags?: string;
  /** `Name: value`, sent with every request. */
  header?: string[];
  /** `<scheme>=<value>` (value `env:VAR` reads an environment variable). */
  auth?: string[];
  workers?: string | number;
  /** Requests per second at most. */
  rateLimit?: string | number;
  timeout?: string | number;
  maxFailures?: string | number;
  dryRun?: boolean;
  /** Keep credentials in reports, curl lines and --dry-run (local debugging); default: redacted. */
  showSecrets?: boolean;
  /** The largest response body checked, in bytes (default 10 MiB); a larger one is a finding. */
  maxResponseSize?: string | number;
  /** An answer slower than this many ms is a max_response_time failure (default: no bound). */
  maxResponseTime?: string | number;
  /** How to obtain a credential during the run (the config's test.token). */
  token?: TokenSettings;
  format?: string;
  output?: string;
  write?: (text: string) => void;
  /** Progress on stderr (default: when stderr is a terminal). */
  progress?: boolean;
  /** Write every exchange (redacted) to this cassette. */
  record?: string;
  /** Check the exchanges of this cassette instead of sending requests (no server). */
  replay?: string;
  /** The function that sends requests (default: fetch, or node:http over --socket). */
  fetch?: (request: Request) => Promise<Response>;
}

type Fetch = (request: Request) => Promise<Response>;

function integer(raw: string | number | undefined, name: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${name} must be an integer from ${min} to ${max}, not "${String(raw)}"`);
  return n;
}

function list(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function checkList(raw: string | undefined, flag: string): CheckName[] | undefined {
  const names = list(raw);
  if (!names) return undefined;
  const unknown = names.filter((n) => !isCheckName(n));
  if (unknown.length > 0) throw new UsageError(`${flag}: unknown check${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; the checks are ${CHECKS.join(', ')}`);
  return names.filter(isCheckName);
}

function phaseList(raw: string | undefined): Phase[] | undefined {
  const names = list(raw);
  if (!names) return undefined;
  const known = new Set<string>(PHASES);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) throw new UsageError(`--phases: unknown phase${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; the phases are ${PHASES.join(', ')}`);
  return PHASES.filter((p) => names.includes(p));
}

function headerList(raw: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of raw ?? []) {
    const colon = h.indexOf(':');
    const name = colon < 0 ? '' : h.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header takes "Name: value", not "${h}"`);
    out[name.toLowerCase()] = h.slice(colon + 1).trim();
  }
  return out;
}

/** One `--auth <scheme>=<value>`, its syntax checked and `env:VAR` read: no contract needed. */
interface AuthFlag {
  name: string;
  value: string;
}

/** `--auth` flags checked for what needs no contract (the form, the environment variable), at once. */
export function parseAuthFlags(raw: readonly string[] | undefined, env: NodeJS.ProcessEnv = process.env): AuthFlag[] {
  const out: AuthFlag[] = [];
  for (const a of raw ?? []) {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new UsageError(`--auth takes <scheme>=<value>, not "${a}"`);
    const name = a.slice(0, eq).trim();
    let value = a.slice(eq + 1);
    if (value.startsWith('env:')) {
      const variable = value.slice(4);
      const v = env[variable];
      if (v === undefined) throw new UsageError(`--auth ${name}: the environment variable ${variable} is not set`);
      value = v;
    }
    out.push({ name, value });
  }
  return out;
}

type SchemeSummary = Pick<ContractModel['securitySchemes'][number], 'name' | 'type' | 'scheme'>;

/**
 * `--auth scheme=value` as credentials by security scheme name. `scheme` is a scheme of the
 * contract's components.securitySchemes, or `bearer` / `basic` for every HTTP scheme of that kind
 * (bearer also covers oauth2 and openIdConnect); `env:VAR` reads the value from the environment.
 */
export function authMap(model: { securitySchemes: readonly SchemeSummary[] }, raw: readonly string[] | undefined, env: NodeJS.ProcessEnv = process.env): Record<string, string> | undefined {
  const flags = parseAuthFlags(raw, env);
  if (flags.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const { name, value } of flags) {
    const exact = model.securitySchemes.filter((s) => s.name === name);
    const kind = name.toLowerCase();
    const schemes =
      exact.length > 0
        ? exact
        : model.securitySchemes.filter((s) =>
            kind === 'basic'
              ? s.type === 'http' && s.scheme?.toLowerCase() === 'basic'
              : kind === 'bearer'
                ? (s.type === 'http' && s.scheme?.toLowerCase() !== 'basic') || s.type === 'oauth2' || s.type === 'openIdConnect'
                : kind === 'apikey' && s.type === 'apiKey',
          );
    if (schemes.length === 0) {
      const known = model.securitySchemes.map((s) => s.name);
      throw new UsageError(`--auth ${name}: the contract has no such security scheme${known.length > 0 ? `; its schemes are ${known.join(', ')}` : ''} (or use bearer, basic, apiKey)`);
    }
    for (const s of schemes) out[s.name] = value;
  }
  return out;
}

/**
 * The security schemes of a contract from a quick read of its entry file alone (no $ref followed,
 * no model built), so that an `--auth` naming no scheme of the contract is a usage error before the
 * slow load. Undefined when the entry file does not say plainly (schemes behind a $ref, a file that
 * does not parse): the full load decides then.
 */
export function quickSecuritySchemes(specPath: string): SchemeSummary[] | undefined {
  let doc: unknown;
  try {
    const text = readContractFile(specPath, specPath);
    doc = /\.json$/i.test(specPath) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch {
    return undefined;
  }
  const record = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const root = record(doc);
  if (!root) return undefined;
  const swagger2 = typeof root['swagger'] === 'string';
  const components = record(root['components']);
  if (!swagger2 && components !== undefined && '$ref' in components) return undefined;
  const table = swagger2 ? root['securityDefinitions'] : components?.['securitySchemes'];
  if (table === undefined) return [];
  const schemes = record(table);
  if (!schemes || '$ref' in schemes) return undefined;
  const out: SchemeSummary[] = [];
  for (const [name, raw] of Object.entries(schemes)) {
    const s = record(raw);
    if (!s || typeof s['$ref'] === 'string') return undefined;
    const type = s['type'];
    if (swagger2 && type === 'basic') out.push({ name, type: 'http', scheme: 'basic' });
    else if (type === 'apiKey' || type === 'http' || type === 'oauth2' || type === 'openIdConnect' || type === 'mutualTLS') {
      const summary: SchemeSummary = { name, type };
      if (typeof s['scheme'] === 'string') summary.scheme = s['scheme'];
      out.push(summary);
    } else return undefined;
  }
  return out;
}

/** A fetch over a unix socket (node:http), for servers that listen on one. */
export function socketFetch(socketPath: string): Fetch {
  return async (request) => {
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    headers['host'] ??= url.host;
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((ok, fail) => {
      const req = httpRequest({ socketPath, method: request.method, path: url.pathname + url.search, headers, signal: request.signal }, (res) => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (Array.isArray(v)) for (const x of v) h.append(k, x);
          else if (v !== undefined) h.set(k, v);
        }
        const status = res.statusCode ?? 502;
        if (status === 204 || status === 304 || request.method === 'HEAD') {
          res.resume();
          ok(new Response(null, { status, headers: h }));
          return;
        }
        ok(new Response(Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>, { status, headers: h }));
      });
      req.on('error', fail);
      req.end(body);
    });
  };
}

/** At most `perSecond` requests a second: each waits for its slot. */
export function throttled(fetch: Fetch, perSecond: number): Fetch {
  const gap = 1000 / perSecond;
  let next = 0;
  return async (request) => {
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + gap;
    if (slot > now) await new Promise((ok) => setTimeout(ok, slot - now));
    return fetch(request);
  };
}

/** The contract to test: the one named, else the config's only contract. */
function specOf(cwd: string, options: TestOptions): string {
  if (options.spec !== undefined) return options.spec;
  if (findConfig(cwd, options.config) === undefined) throw new UsageError('name the contract to test: specforge test <spec> --base-url <url> (or add it to specforge.config.yaml)');
  const specs = loadConfig(cwd, options.config).specs;
  if (specs.length !== 1) {
    throw new UsageError(`specforge.config.yaml lists ${specs.length} contracts; name the one to test (${specs.map((s) => displayPath(s.path, cwd)).join(', ')})`);
  }
  return displayPath((specs[0] as { path: string }).path, cwd);
}

function mergeReports(parts: readonly ConformanceReport[], operations: readonly OperationModel[], seed: number, durationMs: number, maxFailures: number | undefined): ConformanceReport {
  const byId = new Map<string, OperationReport>(operations.map((op) => [op.id, { operationId: op.id, method: op.method.toUpperCase(), path: op.path, checks: {} }]));
  for (const part of parts) {
    for (const op of part.operations) {
      const into = byId.get(op.operationId);
      if (!into) continue;
      for (const check of CHECKS) {
        const t = op.checks[check];
        if (!t) continue;
        const sum = (into.checks[check] ??= { passed: 0, failed: 0 });
        sum.passed += t.passed;
        sum.failed += t.failed;
      }
    }
  }
  // A fault of the contract (an undeclared 401 of the security phase) is one failure, however many
  // workers saw it: the later copies leave the list and the table.
  const failures: ConformanceReport['failures'] = [];
  const contractWide = new Set<string>();
  for (const f of parts.flatMap((p) => p.failures)) {
    if (f.message.endsWith(CONTRACT_WIDE_NOTE)) {
      const key = `${f.check}\u0000${f.response?.status ?? ''}`;
      if (contractWide.has(key)) {
        const t = byId.get(f.operationId)?.checks[f.check];
        if (t) t.failed--;
        continue;
      }
      contractWide.add(key);
    }
    failures.push(f);
  }
  const merged: ConformanceReport = {
    seed,
    requests: parts.reduce((n, p) => n + p.requests, 0),
    durationMs,
    operations: [...byId.values()],
    failures: maxFailures === undefined ? failures : failures.slice(0, maxFailures),
  };
  const skipped = parts.flatMap((p) => p.skipped ?? []);
  if (skipped.length > 0) merged.skipped = skipped;
  return merged;
}

function toolVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** Why a server cannot be reached, from fetch's error (its cause names the system error). */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}

/** The contract's `test:` settings in the config under the flags: a flag given wins. */
function withConfigSettings(options: TestOptions, cwd: string): TestOptions {
  let settings: TestSettings | undefined;
  try {
    settings = configEntryFor(resolve(cwd, specOf(cwd, options)), cwd, options.config)?.test;
  } catch (error) {
    // No contract named and none or several in the config: reported where the spec is read.
    if (error instanceof UsageError) return options;
    throw error;
  }
  if (!settings) return options;
  const merged: TestOptions = { ...options };
  if (merged.baseUrl === undefined && merged.socket === undefined && settings.baseUrl !== undefined) merged.baseUrl = settings.baseUrl;
  if (merged.maxExamples === undefined && settings.maxExamples !== undefined) merged.maxExamples = settings.maxExamples;
  if (merged.seed === undefined && settings.seed !== undefined) merged.seed = settings.seed;
  if (merged.timeout === undefined && settings.timeout !== undefined) merged.timeout = settings.timeout;
  if (merged.workers === undefined && settings.workers !== undefined) merged.workers = settings.workers;
  if (merged.phases === undefined && settings.phases) merged.phases = settings.phases.join(',');
  if (merged.checks === undefined && settings.checks) merged.checks = settings.checks.join(',');
  if (merged.excludeChecks === undefined && settings.excludeChecks) merged.excludeChecks = settings.excludeChecks.join(',');
  if (merged.maxResponseTime === undefined && settings.maxResponseTime !== undefined) merged.maxResponseTime = settings.maxResponseTime;
  if (merged.token === undefined && settings.token !== undefined) merged.token = settings.token;
  if (settings.headers) merged.header = [...settings.headers, ...(merged.header ?? [])];
  return merged;
}

export async function runTest(given: TestOptions): Promise<number> {
  const cwd = given.cwd ?? process.cwd();
  const options = withConfigSettings(given, cwd);
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const format = formatOption(options.format, TEST_FORMATS, 'stylish');
  if (options.replay !== undefined && options.record !== undefined) throw new UsageError('--replay sends nothing, so there is nothing to --record');
  if (options.baseUrl === undefined && options.socket === undefined && options.replay === undefined) throw new UsageError('--base-url <url> is required (or --socket <path>)');
  let base: URL;
  // A password in the base URL is never printed, in errors included.
  const shownBase = redactUserinfo(options.baseUrl ?? '');
  try {
    base = new URL(options.baseUrl ?? 'http://localhost');
  } catch {
    throw new UsageError(`--base-url must be an absolute http(s) URL, not "${shownBase}"`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new UsageError(`--base-url must be an http or https URL, not "${shownBase}"`);
  if (base.username !== '' || base.password !== '') {
    throw new UsageError(`--base-url holds credentials ("${redactUserinfo(base.href)}"); pass them with --auth <scheme>=env:VAR or -H, which reports redact`);
  }
  const maxExamples = integer(options.maxExamples, '--max-examples', 0, 100_000) ?? 20;
  const seed = integer(options.seed, '--seed', 0, 2 ** 31 - 1) ?? 1;
  const workers = integer(options.workers, '--workers', 1, 64) ?? 1;
  const timeoutMs = integer(options.timeout, '--timeout', 1, 3_600_000);
  const maxFailures = integer(options.maxFailures, '--max-failures', 1, 1_000_000);
  const maxResponseTimeMs = integer(options.maxResponseTime, '--max-response-time', 1, 3_600_000);
  const maxResponseBytes = integer(options.maxResponseSize, '--max-response-size', 1, 2 ** 30) ?? DEFAULT_MAX_RESPONSE_BYTES;
  let rateLimit: number | undefined;
  if (options.rateLimit !== undefined) {
    rateLimit = Number(String(options.rateLimit).replace(/\/s$/, ''));
    if (!Number.isFinite(rateLimit) || rateLimit <= 0) throw new UsageError(`--rate-limit takes requests per second (e.g. 50 or 50/s), not "${String(options.rateLimit)}"`);
  }
  const phases = phaseList(options.phases);
  const checks = checkList(options.checks, '--checks');
  const excludeChecks = checkList(options.excludeChecks, '--exclude-checks');
  const headers = headerList(options.header);

  parseAuthFlags(options.auth);

  const spec = specOf(cwd, options);
  const specPath = resolve(cwd, spec);
  // What a quick read of the entry file can tell is told before the slow load: an --auth naming
  // no scheme of the contract.
  if (options.auth !== undefined && options.auth.length > 0) {
    const schemes = quickSecuritySchemes(specPath);
    if (schemes) authMap({ securitySchemes: schemes }, options.auth);
  }
  const strict = strictFlag(options.strict) ?? configEntryFor(specPath, cwd, options.config)?.strict ?? DEFAULT_STRICT;
  const model = await buildModel(specPath);
  if (model.operations.length === 0) throw new UsageError(`${spec} describes no HTTP operation to test`);

  const operations = list(options.operations);
  if (operations) {
    const unknown = operations.filter((id) => !model.operations.some((op) => op.id === id));
    if (unknown.length > 0) throw new UsageError(`--operations: the contract has no operation ${unknown.join(', ')}`);
  }
  const tags = list(options.tags);
  const selected = model.operations.filter((op) => (!operations || operations.includes(op.id)) && (!tags || op.tags.some((t) => tags.includes(t))));
  if (selected.length === 0) throw new UsageError('no operation of the contract matches --operations and --tags');
  const auth = authMap(model, options.auth);
  // The validators are compiled last: every usage error is told before this slow part.
  const plan = planValidators(model);
  const { errors } = strictReport(model, plan, strict);
  if (errors.length > 0) throw new ContractError(errors);
  const validators = compileValidators(model, plan, strict);

  let fetchFn: Fetch = options.fetch ?? (options.socket !== undefined ? socketFetch(resolve(cwd, options.socket)) : (r) => fetch(r));
  if (rateLimit !== undefined) fetchFn = throttled(fetchFn, rateLimit);
  const where = options.socket !== undefined ? `${base.origin} over unix:${options.socket}` : base.href;

  // A server that cannot be reached is one clear error, not a failure per operation.
  if (!options.dryRun && options.replay === undefined) {
    try {
      const res = await fetchFn(new Request(base, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs ?? 10_000) }));
      await res.body?.cancel().catch(() => undefined);
    } catch (error) {
      const redact = options.showSecrets ? SHOW_SECRETS : redactor({ model, ...(auth ? { auth } : {}), headers });
      throw new Error(redact.text(`cannot reach ${where}: ${reason(error)}`), { cause: error });
    }
  }

  // Progress on a terminal: requests sent and failures so far, on one line of stderr.
  const progress = options.progress ?? process.stderr.isTTY;
  let sent = 0;
  let shown = 0;
  const tick = (): void => {
    sent++;
    if (!progress || options.dryRun || Date.now() - shown < 100) return;
    shown = Date.now();
    process.stderr.write(`\rspecforge test: ${sent} requests…`);
  };

  const common: ConformanceOptions = { model, validators, fetch: fetchFn, baseUrl: base.href, maxExamples, seed, headers, onRequest: tick, maxResponseBytes };
  if (options.showSecrets) common.showSecrets = true;
  if (phases) common.phases = phases;
  if (checks) common.checks = checks;
  if (excludeChecks) common.excludeChecks = excludeChecks;
  if (tags) common.tags = tags;
  if (operations) common.operations = operations;
  if (timeoutMs !== undefined) common.timeoutMs = timeoutMs;
  if (maxFailures !== undefined) common.maxFailures = maxFailures;
  if (auth) common.auth = auth;
  if (maxResponseTimeMs !== undefined) common.maxResponseTimeMs = maxResponseTimeMs;
  if (options.token) {
    try {
      common.tokens = tokenSource({ settings: options.token, model, baseUrl: base.href, fetch: fetchFn, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
    } catch (error) {
      throw error instanceof TokenError ? new UsageError(error.message) : error;
    }
  }

  if (options.dryRun) {
    // Each request as a curl command, in the order a run sends them; nothing is sent. Credentials
    // are redacted as in reports (the same redactor), unless --show-secrets.
    const redact = options.showSecrets ? SHOW_SECRETS : redactor({ model, ...(auth ? { auth } : {}), headers });
    const report = await runConformance({
      ...common,
      dryRun: true,
      onRequest: (r) => {
        sent++;
        write(`${terminalText(curlCommand(base.href, redact.request(r)))}\n`);
      },
    });
    write(`# dry run: ${report.operations.length} operations, ${sent} requests built, nothing sent (seed ${seed})\n`);
    return EXIT_OK;
  }

  const started = Date.now();
  let report: ConformanceReport;
  const recorder = options.record === undefined ? undefined : recordInto(common);
  if (options.replay !== undefined) report = await replayFile(options.replay, cwd, common, (t) => process.stderr.write(terminalText(t, false)));
  else if (workers <= 1 || selected.length <= 1) report = await runConformance(common);
  else {
    // Operations split among the workers for the phases that take one operation at a time; the
    // stateful chains (which span the operations of a resource) run as one more worker.
    const runPhases = phases ?? PHASES;
    const groups: string[][] = Array.from({ length: Math.min(workers, selected.length) }, () => []);
    selected.forEach((op, i) => groups[i % groups.length]?.push(op.id));
    const perOperation = runPhases.filter((p) => p !== 'stateful');
    // unsupported_method tries each path once: in the group holding the path's first selected operation.
    const owner = new Map<string, number>();
    selected.forEach((op, i) => {
      if (!owner.has(op.path)) owner.set(op.path, i % groups.length);
    });
    const pathsOf = (g: number): string[] => [...owner].filter(([, o]) => o === g).map(([path]) => path);
    const runs: Array<Promise<ConformanceReport>> = [];
    if (perOperation.length > 0) groups.forEach((group, g) => runs.push(runConformance({ ...common, phases: perOperation, operations: group, unsupportedMethodPaths: pathsOf(g) })));
    if (runPhases.includes('stateful')) runs.push(runConformance({ ...common, phases: ['stateful'] }));
    report = mergeReports(await Promise.all(runs), selected, seed, Date.now() - started, maxFailures);
    // The paths with no selected operation, which no worker's run knows of.
    const unsupportedTried = runPhases.includes('coverage') && (checks ?? CHECKS).includes('unsupported_method') && !(excludeChecks ?? []).includes('unsupported_method');
    const unselected = unsupportedTried ? unselectedPaths(model, selected).map((path) => ({ check: 'unsupported_method' as const, path, reason: NOT_SELECTED })) : [];
    const skipped = [...unselected, ...(report.skipped ?? [])];
    if (skipped.length > 0) report.skipped = skipped;
  }
  if (progress) process.stderr.write('\r\x1b[K');
  if (recorder && options.record !== undefined) recorder.write(resolve(cwd, options.record));

  const version = toolVersion();
  const text = formatConformance(report, format, {
    spec,
    baseUrl: options.replay !== undefined ? `the exchanges recorded in ${options.replay} (replayed; nothing sent)` : where,
    locate: reportLocator(model, cwd),
    ...(version ? { toolVersion: version } : {}),
  });
  if (options.output !== undefined) {
    writeFileSync(resolve(cwd, options.output), text);
    write(`${report.failures.length === 0 ? '✔' : '✖'} ${report.requests} requests, ${report.failures.length} failures (seed ${report.seed}); report in ${options.output}\n`);
  } else write(text);
  return report.failures.length > 0 ? EXIT_FINDINGS : EXIT_OK;
}
