/**
 * Cassettes: every exchange of a run (`specforge test --record`) or of proxied traffic (`specforge
 * proxy --record`) kept as JSON, and re-checked later against the contract as it is then
 * (`specforge test --replay`), with no server. The format (docs/guides/proxy-and-replay.md):
 *
 * ```json
 * { "specforgeCassette": 1, "recorded": "2026-11-26T03:00:00.000Z", "source": "test",
 *   "exchanges": [
 *     { "phase": "examples", "origin": "example", "operationId": "getPet",
 *       "request":  { "method": "GET", "url": "/pets/1", "headers": { "accept": "application/json" } },
 *       "response": { "status": 200, "headers": { "content-type": "application/json" }, "body": "{...}" } },
 *     { "phase": "fuzz", "origin": "generated", "operationId": "getPet",
 *       "request": { "method": "GET", "url": "/pets/x", "headers": {} }, "error": "no answer within 10000 ms" } ] }
 * ```
 *
 * Credentials are never written: requests and answers are redacted as reports are (redact.ts),
 * whatever `--show-secrets` says. Bodies are text (UTF-8; the checks read nothing else), cut at the
 * run's response size limit (`truncated: true` then, and replay reports the body as not checked).
 * A file that is not a cassette of a known version is refused with its path and the reason.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { UsageError } from '../contract/errors.js';
import { isRecord } from '../contract/pointer.js';
import { type ReceivedResponse, type SentRequest } from './checks.js';
import type { Redactor } from './redact.js';
import { Observer } from './observe.js';
import { rederiveStateful, SEQUENCE_PHASES, type ReplayedStep } from './replay-stateful.js';
import { PHASES, type ConformanceOptions, type ConformanceReport, type Phase } from './types.js';

export const CASSETTE_VERSION = 1;

/** The largest cassette read (256 MiB): a larger file is refused before it is parsed. */
const MAX_CASSETTE_BYTES = 256 * 1024 * 1024;

export interface CassetteExchange {
  phase: Phase;
  /** Where the request came from: an example, a mutation, "proxied traffic". */
  origin: string;
  /** The operation the recording run meant (replay routes the request again by its method and path). */
  operationId?: string;
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; headers: Record<string, string>; body: string; truncated?: boolean; late?: boolean };
  /** Why there is no answer. */
  error?: string;
}

export interface Cassette {
  specforgeCassette: typeof CASSETTE_VERSION;
  recorded: string;
  source: 'test' | 'proxy';
  exchanges: CassetteExchange[];
}

/** Collects exchanges as they happen, redacted; `write` saves them. */
export class CassetteRecorder {
  readonly exchanges: CassetteExchange[] = [];

  constructor(
    private readonly redact: Redactor,
    private readonly source: Cassette['source'],
  ) {}

  add(phase: Phase, sent: SentRequest, response: ReceivedResponse | undefined, error?: string, flags: { truncated?: boolean; late?: boolean } = {}): void {
    const request: CassetteExchange['request'] = (({ method, url, headers, body }) => (body === undefined ? { method, url, headers } : { method, url, headers, body }))(this.redact.request(sent));
    const exchange: CassetteExchange = { phase, origin: this.redact.text(sent.origin), operationId: sent.operationId, request };
    if (response) {
      exchange.response = { status: response.status, headers: this.redact.headers(response.headers), body: this.redact.text(response.text) };
      if (flags.truncated) exchange.response.truncated = true;
      if (flags.late) exchange.response.late = true;
    }
    if (error !== undefined) exchange.error = this.redact.text(error);
    this.exchanges.push(exchange);
  }

  cassette(): Cassette {
    return { specforgeCassette: CASSETTE_VERSION, recorded: new Date().toISOString(), source: this.source, exchanges: this.exchanges };
  }

  write(path: string): void {
    writeFileSync(path, JSON.stringify(this.cassette(), null, 1) + '\n');
  }
}

function strings(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** Reads and checks a cassette; anything else is a usage error naming the file and what is wrong. */
export function readCassette(path: string, shown = path): Cassette {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--replay ${shown}: cannot read it (${error instanceof Error && 'code' in error ? String(error.code) : 'unreadable'})`);
  }
  if (text.length > MAX_CASSETTE_BYTES) throw new UsageError(`--replay ${shown}: larger than ${MAX_CASSETTE_BYTES} bytes`);
  let doc: unknown;
  try {
    doc = JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--replay ${shown}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(doc) || doc['specforgeCassette'] === undefined) throw new UsageError(`--replay ${shown}: not a specforge cassette (no "specforgeCassette" version)`);
  if (doc['specforgeCassette'] !== CASSETTE_VERSION) throw new UsageError(`--replay ${shown}: cassette version ${JSON.stringify(doc['specforgeCassette'])} is not supported (this specforge reads version ${CASSETTE_VERSION})`);
  const list = doc['exchanges'];
  if (!Array.isArray(list)) throw new UsageError(`--replay ${shown}: "exchanges" must be a list`);
  const exchanges: CassetteExchange[] = [];
  list.forEach((raw: unknown, i) => {
    const bad = (what: string): never => {
      throw new UsageError(`--replay ${shown}: exchanges[${i}]: ${what}`);
    };
    if (!isRecord(raw)) return bad('not an object');
    const req = raw['request'];
    if (!isRecord(req) || typeof req['method'] !== 'string' || typeof req['url'] !== 'string' || !req['url'].startsWith('/') || !strings(req['headers'])) return bad('request needs method, url (starting with /) and headers (strings)');
    if (req['body'] !== undefined && typeof req['body'] !== 'string') return bad('request.body must be a string');
    const request: CassetteExchange['request'] = { method: req['method'], url: req['url'], headers: req['headers'] };
    if (typeof req['body'] === 'string') request.body = req['body'];
    const phase = typeof raw['phase'] === 'string' && [...PHASES, 'proxy'].includes(raw['phase']) ? (raw['phase'] as Phase) : 'proxy';
    const out: CassetteExchange = { phase, origin: typeof raw['origin'] === 'string' ? raw['origin'] : 'recorded', request };
    if (typeof raw['operationId'] === 'string') out.operationId = raw['operationId'];
    const res = raw['response'];
    if (res !== undefined) {
      if (!isRecord(res) || typeof res['status'] !== 'number' || !Number.isInteger(res['status']) || res['status'] < 100 || res['status'] > 599 || !strings(res['headers']) || typeof res['body'] !== 'string') {
        return bad('response needs status (100-599), headers (strings) and body (a string)');
      }
      out.response = { status: res['status'], headers: res['headers'], body: res['body'] };
      if (res['truncated'] === true) out.response.truncated = true;
      if (res['late'] === true) out.response.late = true;
    }
    if (typeof raw['error'] === 'string') out.error = raw['error'];
    exchanges.push(out);
  });
  return { specforgeCassette: CASSETTE_VERSION, recorded: typeof doc['recorded'] === 'string' ? doc['recorded'] : '', source: doc['source'] === 'proxy' ? 'proxy' : 'test', exchanges };
}

export interface ReplayResult {
  report: ConformanceReport;
  /** Recorded requests no operation of the contract matches any more (method and path). */
  unrouted: string[];
}

/**
 * Re-checks recorded exchanges against the contract: each request routed and judged by the contract
 * as it is now (valid: positive_data_acceptance; invalid: negative_data_rejection; without its
 * credential: ignored_auth), each answer through the answer checks. Nothing is sent. Then the
 * stateful checks (use_after_free, ensure_resource_availability, transition_precondition, links)
 * are re-derived from the sequence the stateful phase's exchanges (or the proxied traffic) form,
 * in their recorded order, against the contract's resources, state machines and links as they are
 * now (replay-stateful.ts).
 */
export async function replayCassette(cassette: Cassette, options: Omit<ConformanceOptions, 'fetch'>): Promise<ReplayResult> {
  const observer = new Observer(options);
  const ctx = observer.ctx;
  const unrouted: string[] = [];
  const steps: ReplayedStep[] = [];
  for (const x of cassette.exchanges) {
    const headers = x.request.headers;
    const verdict = await observer.verdict(x.request.method, x.request.url, headers, x.request.body === undefined ? undefined : Buffer.from(x.request.body));
    if (verdict.kind === 'unrouted') {
      unrouted.push(`${x.request.method} ${x.request.url.split('?')[0] ?? ''}`);
      continue;
    }
    const sent: SentRequest = { operationId: verdict.op.id, method: x.request.method, url: x.request.url, headers, origin: `${x.origin} (replayed)` };
    if (x.request.body !== undefined) sent.body = x.request.body;
    let response: ReceivedResponse | undefined;
    if (x.response) {
      const streamed = observer.streams(verdict.op, x.response.headers['content-type'] ?? '');
      response = observer.received({ status: x.response.status, headers: lower(x.response.headers), body: Buffer.from(x.response.body), ...(x.response.truncated ? { overflow: true } : {}), ...(x.response.late ? { late: true } : {}) }, streamed);
    }
    // The sequence learns from every routed exchange (a create of an operation not selected still stores a document).
    if (SEQUENCE_PHASES.includes(x.phase)) steps.push({ op: verdict.op, phase: x.phase, sent, ...(response ? { response } : {}) });
    if (ctx.options.operations && !ctx.options.operations.includes(verdict.op.id)) continue;
    if (!ctx.operations.includes(verdict.op)) continue;
    ctx.report.requests++;
    // A request the run made invalid on purpose that the contract's request stages let through (a
    // mutation they do not look at) is judged by its answer alone: never a false positive_data_acceptance.
    observer.check(verdict, x.phase, sent, response, x.error, x.phase === 'negative' && verdict.kind === 'valid' ? 'any' : undefined);
  }
  rederiveStateful(ctx, steps);
  ctx.report.durationMs = Date.now() - ctx.started;
  return { report: ctx.report, unrouted: [...new Set(unrouted)] };
}

function lower(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}
