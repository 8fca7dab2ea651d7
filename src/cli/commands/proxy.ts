/**
 * `specforge proxy <spec> --upstream <url>`: the validating proxy (src/conformance/proxy.ts) on
 * 127.0.0.1. Violations are written to stderr as they happen, one line each; when the proxy stops
 * (SIGINT, SIGTERM, SIGHUP, after `--duration` seconds, or after an error nothing else caught) the
 * report is written in the runner's formats (`--format`, `--output`), and with `--record` the
 * exchanges as a cassette.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../contract/errors.js';
import { createProxy, type ProxyOptions, type ValidatingProxy } from '../../conformance/proxy.js';
import { redactUserinfo } from '../../conformance/redact.js';
import { formatConformance, TEST_FORMATS } from '../../conformance/report.js';
import { streamBoundsOption } from '../../conformance/stream-check.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../conformance/types.js';
import { configEntryFor } from '../../config/config.js';
import { DEFAULT_STRICT } from '../../runtime/validation/ajv.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { formatOption, strictFlag } from '../format-option.js';
import { reportLocator } from './test-cassette.js';
import { loadContractStart } from './model-start.js';
import { trace } from './start-cache.js';

export interface ProxyCommandOptions {
  cwd?: string;
  spec: string;
  config?: string;
  strict?: string;
  upstream?: string;
  port?: string | number;
  enforce?: boolean;
  /** Seconds to run, then stop as on SIGINT (default: until a signal). */
  duration?: string | number;
  timeout?: string | number;
  maxResponseTime?: string | number;
  maxResponseSize?: string | number;
  /** OpenAPI 3.2 streams: the most items, bytes and milliseconds of one stream checked (stream-check.ts). */
  maxStreamItems?: string | number;
  maxStreamBytes?: string | number;
  maxStreamTime?: string | number;
  showSecrets?: boolean;
  format?: string;
  output?: string;
  record?: string;
  write?: (text: string) => void;
  /** Where live lines go (default stderr). */
  warn?: (text: string) => void;
  /** Called once the proxy listens (tests). */
  onListening?: (proxy: ValidatingProxy) => void;
  /** Stops the proxy (tests; the CLI stops on SIGINT/SIGTERM). */
  signal?: AbortSignal;
  /** false (`--no-cache`): build the contract's model even when the start-up cache holds it, and write no entry. */
  cache?: boolean;
}

function integer(raw: string | number | undefined, name: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${name} must be an integer from ${min} to ${max}, not "${String(raw)}"`);
  return n;
}

export async function runProxy(options: ProxyCommandOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const warn = options.warn ?? ((t: string) => process.stderr.write(t));
  const format = formatOption(options.format, TEST_FORMATS, 'stylish');
  if (options.upstream === undefined) throw new UsageError('--upstream <url> is required: the server the proxy forwards to');
  const shown = redactUserinfo(options.upstream);
  let upstream: URL;
  try {
    upstream = new URL(options.upstream);
  } catch {
    throw new UsageError(`--upstream must be an absolute http(s) URL, not "${shown}"`);
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') throw new UsageError(`--upstream must be an http or https URL, not "${shown}"`);
  if (upstream.username !== '' || upstream.password !== '')
    throw new UsageError(`--upstream holds credentials ("${redactUserinfo(upstream.href)}"); clients send their own through the proxy`);
  const port = integer(options.port, '--port', 0, 65535) ?? 4011;
  const duration = integer(options.duration, '--duration', 1, 31 * 24 * 3600);
  const timeoutMs = integer(options.timeout, '--timeout', 1, 3_600_000);
  const maxResponseTimeMs = integer(options.maxResponseTime, '--max-response-time', 1, 3_600_000);
  const maxResponseBytes = integer(options.maxResponseSize, '--max-response-size', 1, 2 ** 30) ?? DEFAULT_MAX_RESPONSE_BYTES;
  const streamBounds = streamBoundsOption(options);
  trace('command started');
  const specPath = resolve(cwd, options.spec);
  const strict = strictFlag(options.strict) ?? configEntryFor(specPath, cwd, options.config)?.strict ?? DEFAULT_STRICT;
  const contract = await loadContractStart(specPath, strict, options.cache === false ? undefined : { cwd });
  const model = contract.model;
  const validators = contract.validators();

  const proxyOptions: ProxyOptions = {
    model,
    validators,
    upstream: upstream.href,
    port,
    maxResponseBytes,
    streamBounds,
    onViolation: (line) => warn(`${line}\n`),
  };
  const api = contract.api();
  if (api !== undefined) proxyOptions.api = api;
  if (options.enforce) proxyOptions.enforce = true;
  if (options.showSecrets) proxyOptions.showSecrets = true;
  if (timeoutMs !== undefined) proxyOptions.timeoutMs = timeoutMs;
  if (maxResponseTimeMs !== undefined) proxyOptions.maxResponseTimeMs = maxResponseTimeMs;
  if (options.record !== undefined) proxyOptions.record = true;
  let proxy: ValidatingProxy;
  try {
    proxy = await createProxy(proxyOptions);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES')
      throw new UsageError(`--port ${port}: 127.0.0.1:${port} is ${code === 'EADDRINUSE' ? 'in use' : 'not allowed'}; choose another port (0: any free one)`);
    throw error;
  }
  trace('listening');
  warn(
    `specforge proxy: listening on ${proxy.origin}, forwarding to ${upstream.href}${options.enforce ? ' (refusing requests the contract forbids)' : ''}; stop with Ctrl-C${duration ? ` or after ${duration} s` : ''}\n`,
  );
  options.onListening?.(proxy);

  // The report and the cassette are written however the proxy stops: --duration, SIGINT, SIGTERM,
  // SIGHUP, or an error nothing else caught (written first, then that error ends the command).
  let crashed: unknown;
  await new Promise<void>((ok) => {
    const timer = duration === undefined ? undefined : setTimeout(stop, duration * 1000);
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    function stop(): void {
      if (timer) clearTimeout(timer);
      for (const s of signals) process.off(s, stop);
      process.off('uncaughtException', crash);
      process.off('unhandledRejection', crash);
      ok();
    }
    function crash(error: unknown): void {
      crashed ??= error;
      stop();
    }
    for (const s of signals) process.once(s, stop);
    process.on('uncaughtException', crash);
    process.on('unhandledRejection', crash);
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
  });
  const report = await proxy.close();
  const { invalid, refused, unrouted } = proxy.requestViolations();
  if (invalid + unrouted > 0)
    warn(
      `specforge proxy: ${invalid} request${invalid === 1 ? '' : 's'} broke the contract${options.enforce ? ` (${refused} refused)` : ''}, ${unrouted} matched no operation\n`,
    );
  if (options.record !== undefined && proxy.recorder) {
    proxy.recorder.write(resolve(cwd, options.record));
    warn(`specforge proxy: ${proxy.recorder.exchanges.length} exchanges recorded in ${options.record}\n`);
  }
  const text = formatConformance(report, format, {
    spec: options.spec,
    baseUrl: `${upstream.href} (through specforge proxy)`,
    locate: reportLocator(model, cwd),
  });
  if (options.output !== undefined) {
    writeFileSync(resolve(cwd, options.output), text);
    write(`${report.failures.length === 0 ? '✔' : '✖'} ${report.requests} requests, ${report.failures.length} failures; report in ${options.output}\n`);
  } else write(text);
  if (crashed !== undefined) {
    // The error that stopped the proxy, once its report and cassette are safe (credentials redacted).
    throw new Error(`specforge proxy stopped: ${proxy.redact(crashed instanceof Error ? crashed.message : String(crashed))}`);
  }
  return report.failures.length > 0 ? EXIT_FINDINGS : EXIT_OK;
}
