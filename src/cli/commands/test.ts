/**
 * `specforge test <spec> --base-url <url>`: the conformance engine against a running server, in
 * any language. Requests derived from the contract (examples, invalid data, generated data,
 * create/read/list/delete chains, requests without credentials) go to the base URL (or a unix
 * socket) and every answer is checked against the contract; the report says per operation and
 * check what passed and shows each failure with the curl command that reproduces it.
 *
 * This module reads the flags and the config's `test:` settings and prints the report; the engine's
 * parts it calls live in src/conformance/: `--auth` credentials (auth-flags.ts), the unix socket and
 * `--rate-limit` (transport.ts), the `--workers` split and merge (workers.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../contract/errors.js';
import { displayPath } from '../../contract/resolve.js';
import { authMap, parseAuthFlags, quickSecuritySchemes } from '../../conformance/auth-flags.js';
import { CHECKS, curlCommand, isCheckName, type CheckName } from '../../conformance/checks.js';
import { formatConformance, runFails, TEST_FORMATS } from '../../conformance/report.js';
import { redactor, redactUserinfo, SHOW_SECRETS } from '../../conformance/redact.js';
import { DEFAULT_MAX_RESPONSE_BYTES, PHASES, runConformance, type ConformanceOptions, type ConformanceReport, type Phase } from '../../conformance/run.js';
import { socketFetch, throttled } from '../../conformance/transport.js';
import { streamBoundsOption } from '../../conformance/stream-check.js';
import { runInWorkers } from '../../conformance/workers.js';
import { configEntryFor, findConfig, loadConfig, type TestExclusion, type TestSettings, type TokenSettings } from '../../config/config.js';
import { tokenSource, TokenError } from '../../conformance/token.js';
import { DEFAULT_STRICT } from '../../runtime/validation/ajv.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { terminalText } from '../../report/terminal.js';
import { formatOption, strictFlag } from '../format-option.js';
import { recordInto, replayFile, reportLocator } from './test-cassette.js';
import { completeReport, exclusions, minCoverageOption, readBaseline } from './test-outcome.js';
import { belowMinimumLine } from '../../conformance/coverage-summary.js';
import { loadContractStart } from './model-start.js';
import { trace } from './start-cache.js';

export { authMap, parseAuthFlags, quickSecuritySchemes } from '../../conformance/auth-flags.js';
export { socketFetch, throttled } from '../../conformance/transport.js';

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
  /** OpenAPI 3.2 streams: the most items, bytes and milliseconds of one stream read (stream-check.ts). */
  maxStreamItems?: string | number;
  maxStreamBytes?: string | number;
  maxStreamTime?: string | number;
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
  /** Fail the run when fewer than this percentage of the selected operations got a 2xx. */
  minCoverage?: string | number;
  /** Known findings (YAML): reported as known, not failing; see src/conformance/baseline.ts. */
  baseline?: string;
  /** Write the --baseline file from this run. */
  updateBaseline?: boolean;
  /** The config's test.exclude: checks left out for an operation, with the reason. */
  exclude?: TestExclusion[];
  /** The function that sends requests (default: fetch, or node:http over --socket). */
  fetch?: (request: Request) => Promise<Response>;
  /** false (`--no-cache`): build the contract's model even when the start-up cache holds it, and write no entry. */
  cache?: boolean;
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
  if (unknown.length > 0)
    throw new UsageError(`${flag}: unknown check${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; the checks are ${CHECKS.join(', ')}`);
  return names.filter(isCheckName);
}

function phaseList(raw: string | undefined): Phase[] | undefined {
  const names = list(raw);
  if (!names) return undefined;
  const known = new Set<string>(PHASES);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0)
    throw new UsageError(`--phases: unknown phase${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; the phases are ${PHASES.join(', ')}`);
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

/** The contract to test: the one named, else the config's only contract. */
function specOf(cwd: string, options: TestOptions): string {
  if (options.spec !== undefined) return options.spec;
  if (findConfig(cwd, options.config) === undefined)
    throw new UsageError('name the contract to test: specforge test <spec> --base-url <url> (or add it to specforge.config.yaml)');
  const specs = loadConfig(cwd, options.config).specs;
  if (specs.length !== 1) {
    throw new UsageError(
      `specforge.config.yaml lists ${specs.length} contracts; name the one to test (${specs.map((s) => displayPath(s.path, cwd)).join(', ')})`,
    );
  }
  return displayPath((specs[0] as { path: string }).path, cwd);
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
  for (const key of ['maxStreamItems', 'maxStreamBytes', 'maxStreamTime'] as const)
    if (merged[key] === undefined && settings[key] !== undefined) merged[key] = settings[key];
  if (merged.token === undefined && settings.token !== undefined) merged.token = settings.token;
  if (merged.minCoverage === undefined && settings.minCoverage !== undefined) merged.minCoverage = settings.minCoverage;
  if (merged.exclude === undefined && settings.exclude !== undefined) merged.exclude = settings.exclude;
  if (settings.headers) merged.header = [...settings.headers, ...(merged.header ?? [])];
  return merged;
}

export async function runTest(given: TestOptions): Promise<number> {
  const cwd = given.cwd ?? process.cwd();
  const options = withConfigSettings(given, cwd);
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const format = formatOption(options.format, TEST_FORMATS, 'stylish');
  if (options.replay !== undefined && options.record !== undefined) throw new UsageError('--replay sends nothing, so there is nothing to --record');
  if (options.baseUrl === undefined && options.socket === undefined && options.replay === undefined)
    throw new UsageError('--base-url <url> is required (or --socket <path>)');
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
  const streamBounds = streamBoundsOption(options);
  let rateLimit: number | undefined;
  if (options.rateLimit !== undefined) {
    rateLimit = Number(String(options.rateLimit).replace(/\/s$/, ''));
    if (!Number.isFinite(rateLimit) || rateLimit <= 0)
      throw new UsageError(`--rate-limit takes requests per second (e.g. 50 or 50/s), not "${String(options.rateLimit)}"`);
  }
  const phases = phaseList(options.phases);
  const checks = checkList(options.checks, '--checks');
  const excludeChecks = checkList(options.excludeChecks, '--exclude-checks');
  const headers = headerList(options.header);
  const minCoverage = minCoverageOption(options.minCoverage);
  if (options.updateBaseline && options.baseline === undefined) throw new UsageError('--update-baseline needs --baseline <file>: the file to write');
  // A baseline is a file of the repository: what a server echoed of a credential never goes into it.
  if (options.updateBaseline && options.showSecrets) throw new UsageError('--update-baseline writes a file to commit: it is not written with --show-secrets');
  const baselineEntries = options.baseline === undefined ? undefined : readBaseline(cwd, options.baseline, options.updateBaseline === true);

  parseAuthFlags(options.auth);

  const spec = specOf(cwd, options);
  const specPath = resolve(cwd, spec);
  trace('command started');
  // What a quick read of the entry file can tell is told before the slow load: an --auth naming
  // no scheme of the contract.
  if (options.auth !== undefined && options.auth.length > 0) {
    const schemes = quickSecuritySchemes(specPath);
    if (schemes) authMap({ securitySchemes: schemes }, options.auth);
  }
  const strict = strictFlag(options.strict) ?? configEntryFor(specPath, cwd, options.config)?.strict ?? DEFAULT_STRICT;
  const contract = await loadContractStart(specPath, strict, options.cache === false ? undefined : { cwd });
  const model = contract.model;
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
  const exclude = exclusions(options.exclude, model, options.config ?? 'specforge.config.yaml');
  // The validators are compiled last: every usage error is told before this slow part.
  const validators = contract.validators();

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

  const common: ConformanceOptions = {
    model,
    validators,
    fetch: fetchFn,
    baseUrl: base.href,
    maxExamples,
    seed,
    headers,
    onRequest: tick,
    maxResponseBytes,
    streamBounds,
  };
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
  if (exclude) common.exclude = exclude;
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
  if (options.replay !== undefined) report = await replayFile(options.replay, cwd, common, (line) => process.stderr.write(`${terminalText(line, false)}\n`));
  else {
    trace('running');
    report = await runInWorkers(common, { workers, selected, seed, started });
  }
  if (progress) process.stderr.write('\r\x1b[K');
  if (recorder && options.record !== undefined) recorder.write(resolve(cwd, options.record));
  completeReport(report, {
    cwd,
    spec,
    ...(minCoverage === undefined ? {} : { minCoverage }),
    ...(options.baseline !== undefined && baselineEntries
      ? { baseline: { file: options.baseline, entries: baselineEntries, update: options.updateBaseline === true } }
      : {}),
    complete: maxFailures === undefined || report.failures.length < maxFailures,
  });

  const version = toolVersion();
  const text = formatConformance(report, format, {
    spec,
    baseUrl: options.replay !== undefined ? `the exchanges recorded in ${options.replay} (replayed; nothing sent)` : where,
    locate: reportLocator(model, cwd),
    ...(version ? { toolVersion: version } : {}),
  });
  if (options.output !== undefined) {
    writeFileSync(resolve(cwd, options.output), text);
    const known = report.failures.filter((f) => f.known === true).length;
    const coverage = report.coverage
      ? `, ${report.coverage.percent}% of operations got a 2xx${report.coverage.belowMinimum ? ` (below --min-coverage ${report.coverage.minimum}%)` : ''}`
      : '';
    write(
      `${runFails(report) ? '✖' : '✔'} ${report.requests} requests, ${report.failures.length} failures${known > 0 ? ` (${known} known)` : ''}${coverage} (seed ${report.seed}); report in ${options.output}\n`,
    );
  } else {
    write(text);
    // A report for a machine (json, junit, sarif) holds it as data: the reason the run fails is told on stderr too.
    const below = report.coverage ? belowMinimumLine(report.coverage) : undefined;
    if (below && format !== 'stylish' && format !== 'markdown') process.stderr.write(`specforge test: ${below}\n`);
  }
  return runFails(report) ? EXIT_FINDINGS : EXIT_OK;
}
