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
import { closeSync, createReadStream, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { UsageError } from '../contract/errors.js';
import { getAtPointer, isRecord, resolveLocalRef } from '../contract/pointer.js';
import { type ReceivedResponse, type SentRequest } from './checks.js';
import type { Redactor } from './redact.js';
import { countReplayed, replayedMeant } from './answers.js';
import { Observer } from './observe.js';
import { statefulResources } from './phases/stateful.js';
import { judgedRequest, replayExpectation } from './replay-credentials.js';
import { rederiveStateful, SEQUENCE_PHASES, type ReplayedStep } from './replay-stateful.js';
import { PHASES, type ConformanceOptions, type ConformanceReport, type Phase } from './types.js';

export const CASSETTE_VERSION = 1;

/** The largest cassette read (256 MiB): a larger file is refused before it is read. */
export const MAX_CASSETTE_BYTES = 256 * 1024 * 1024;

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
    const request: CassetteExchange['request'] = (({ method, url, headers, body }) =>
      body === undefined ? { method, url, headers } : { method, url, headers, body })(this.redact.request(sent));
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

  /**
   * Writes the cassette (the bytes of `JSON.stringify(cassette, null, 1)`) one exchange at a time,
   * never the whole text at once; each exchange is scrubbed again of every credential known by then
   * (one the traffic taught after it was recorded included).
   */
  write(path: string): void {
    const { exchanges, ...head } = this.cassette();
    const fd = openSync(path, 'w');
    try {
      const opening = JSON.stringify({ ...head, exchanges: [] }, null, 1);
      writeSync(fd, `${opening.slice(0, opening.lastIndexOf('[]'))}[`);
      exchanges.forEach((x, i) =>
        writeSync(
          fd,
          `${i === 0 ? '' : ','}\n  ${JSON.stringify(x, (_key, value: unknown) => (typeof value === 'string' ? this.redact.text(value) : value), 1).replace(/\n/g, '\n  ')}`,
        ),
      );
      writeSync(fd, exchanges.length === 0 ? ']\n}\n' : '\n ]\n}\n');
    } finally {
      closeSync(fd);
    }
  }
}

function strings(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** One recorded exchange checked (`raw` as parsed); anything else is a usage error naming the file and the exchange. */
function checkedExchange(raw: unknown, i: number, shown: string): CassetteExchange {
  const bad = (what: string): never => {
    throw new UsageError(`--replay ${shown}: exchanges[${i}]: ${what}`);
  };
  if (!isRecord(raw)) return bad('not an object');
  const req = raw['request'];
  if (!isRecord(req) || typeof req['method'] !== 'string' || typeof req['url'] !== 'string' || !req['url'].startsWith('/') || !strings(req['headers']))
    return bad('request needs method, url (starting with /) and headers (strings)');
  if (req['body'] !== undefined && typeof req['body'] !== 'string') return bad('request.body must be a string');
  const request: CassetteExchange['request'] = { method: req['method'], url: req['url'], headers: req['headers'] };
  if (typeof req['body'] === 'string') request.body = req['body'];
  const phase = typeof raw['phase'] === 'string' && [...PHASES, 'proxy'].includes(raw['phase']) ? (raw['phase'] as Phase) : 'proxy';
  const out: CassetteExchange = { phase, origin: typeof raw['origin'] === 'string' ? raw['origin'] : 'recorded', request };
  if (typeof raw['operationId'] === 'string') out.operationId = raw['operationId'];
  const res = raw['response'];
  if (res !== undefined) {
    if (
      !isRecord(res) ||
      typeof res['status'] !== 'number' ||
      !Number.isInteger(res['status']) ||
      res['status'] < 100 ||
      res['status'] > 599 ||
      !strings(res['headers']) ||
      typeof res['body'] !== 'string'
    ) {
      return bad('response needs status (100-599), headers (strings) and body (a string)');
    }
    out.response = { status: res['status'], headers: res['headers'], body: res['body'] };
    if (res['truncated'] === true) out.response.truncated = true;
    if (res['late'] === true) out.response.late = true;
  }
  if (typeof raw['error'] === 'string') out.error = raw['error'];
  return out;
}

/** The cassette's size, checked against the cap before a byte of it is read. */
function cassetteSize(path: string, shown: string): number {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    throw new UsageError(`--replay ${shown}: cannot read it (${error instanceof Error && 'code' in error ? String(error.code) : 'unreadable'})`);
  }
  if (size > MAX_CASSETTE_BYTES)
    throw new UsageError(`--replay ${shown}: ${size} bytes, larger than the ${MAX_CASSETTE_BYTES} bytes (256 MiB) a cassette may have`);
  return size;
}

function version(doc: Record<string, unknown>, shown: string): void {
  if (doc['specforgeCassette'] === undefined) throw new UsageError(`--replay ${shown}: not a specforge cassette (no "specforgeCassette" version)`);
  if (doc['specforgeCassette'] !== CASSETTE_VERSION)
    throw new UsageError(
      `--replay ${shown}: cassette version ${JSON.stringify(doc['specforgeCassette'])} is not supported (this specforge reads version ${CASSETTE_VERSION})`,
    );
}

/** Reads and checks a cassette, whole (a small one); anything else is a usage error naming the file and what is wrong. */
export function readCassette(path: string, shown = path): Cassette {
  cassetteSize(path, shown);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--replay ${shown}: cannot read it (${error instanceof Error && 'code' in error ? String(error.code) : 'unreadable'})`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--replay ${shown}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(doc)) throw new UsageError(`--replay ${shown}: not a specforge cassette (no "specforgeCassette" version)`);
  version(doc, shown);
  const list = doc['exchanges'];
  if (!Array.isArray(list)) throw new UsageError(`--replay ${shown}: "exchanges" must be a list`);
  const exchanges = list.map((raw: unknown, i) => checkedExchange(raw, i, shown));
  return {
    specforgeCassette: CASSETTE_VERSION,
    recorded: typeof doc['recorded'] === 'string' ? doc['recorded'] : '',
    source: doc['source'] === 'proxy' ? 'proxy' : 'test',
    exchanges,
  };
}

/** The largest top-level member other than `exchanges` a cassette may have (its version, date, source). */
const MAX_MEMBER_BYTES = 1024 * 1024;

/**
 * A cassette read as it streams (`--replay`): the file is read in chunks, and each exchange is
 * parsed and checked on its own as soon as its last byte arrives, then handed on; the document
 * is never held whole, so memory follows the largest exchange, not the file. The file is refused
 * over MAX_CASSETTE_BYTES before it is read. Errors are usage errors naming the file (and the
 * exchange), as readCassette's; the version is checked where it stands (first, as specforge
 * writes it; a version written after the exchanges is checked at the end, before the replay's
 * report is used).
 */
export async function* streamCassette(path: string, shown = path): AsyncGenerator<CassetteExchange, void, undefined> {
  cassetteSize(path, shown);
  const notJson = (why: string): UsageError => new UsageError(`--replay ${shown}: not JSON (${why})`);
  const members: Record<string, unknown> = {};
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** At the top object's level: what comes next. */
  let top: 'key' | 'colon' | 'value' | 'inValue' | 'done' = 'key';
  let key = '';
  let keyParts: Buffer[] | undefined;
  let keyFrom = 0;
  let inExchanges = false;
  let seenExchanges = false;
  let element: 'value' | 'inValue' = 'value';
  let parts: Buffer[] | undefined;
  let partsBytes = 0;
  let from = 0;
  let index = 0;
  let offset = 0;
  let started = false;
  const finishCapture = (chunk: Buffer, end: number): string => {
    const all = parts ?? [];
    all.push(chunk.subarray(from, end));
    parts = undefined;
    partsBytes = 0;
    return Buffer.concat(all).toString('utf8').trim();
  };
  const member = (text: string): void => {
    try {
      Object.defineProperty(members, key, { value: JSON.parse(text) as unknown, enumerable: true, writable: true, configurable: true });
    } catch (error) {
      throw notJson(error instanceof Error ? error.message : String(error));
    }
    if (key === 'specforgeCassette') version(members, shown);
  };
  const exchange = (text: string): CassetteExchange => {
    let raw: unknown;
    try {
      raw = JSON.parse(text) as unknown;
    } catch (error) {
      throw notJson(`exchanges[${index}]: ${error instanceof Error ? error.message : String(error)}`);
    }
    return checkedExchange(raw, index++, shown);
  };
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const ready: CassetteExchange[] = [];
      from = 0;
      if (keyParts) keyFrom = 0;
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk[i] as number;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 0x5c) escaped = true;
          else if (c === 0x22) {
            inString = false;
            if (keyParts) {
              keyParts.push(chunk.subarray(keyFrom, i + 1));
              try {
                key = JSON.parse(Buffer.concat(keyParts).toString('utf8')) as string;
              } catch (error) {
                throw notJson(error instanceof Error ? error.message : String(error));
              }
              keyParts = undefined;
              top = 'colon';
            }
          }
          continue;
        }
        if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
        if (!started) {
          // A byte-order mark is allowed before the document.
          if (offset + i === 0 && c === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
            i += 2;
            continue;
          }
          if (c !== 0x7b) throw new UsageError(`--replay ${shown}: not a specforge cassette (not a JSON object)`);
          started = true;
          depth = 1;
          continue;
        }
        if (top === 'done') throw notJson(`unexpected data after the document at byte ${offset + i}`);
        if (depth === 1 && top === 'value') {
          top = 'inValue';
          if (key === 'exchanges') {
            if (c !== 0x5b) throw new UsageError(`--replay ${shown}: "exchanges" must be a list`);
            inExchanges = true;
            seenExchanges = true;
            element = 'value';
            depth = 2;
            continue;
          }
          parts = [];
          from = i;
        } else if (depth === 2 && inExchanges && element === 'value' && c !== 0x5d) {
          element = 'inValue';
          parts = [];
          from = i;
        }
        switch (c) {
          case 0x22:
            inString = true;
            if (depth === 1 && top === 'key') {
              keyParts = [];
              keyFrom = i;
            }
            break;
          case 0x7b:
          case 0x5b:
            depth++;
            break;
          case 0x7d:
          case 0x5d:
            if (depth === 2 && inExchanges) {
              if (c !== 0x5d) throw notJson(`unexpected "}" in "exchanges" at byte ${offset + i}`);
              if (element === 'inValue') ready.push(exchange(finishCapture(chunk, i)));
              inExchanges = false;
              top = 'inValue';
              depth = 1;
            } else if (depth === 1) {
              if (c !== 0x7d) throw notJson(`unexpected "]" at byte ${offset + i}`);
              if (top === 'inValue' && parts) member(finishCapture(chunk, i));
              depth = 0;
              top = 'done';
            } else depth--;
            break;
          case 0x2c:
            if (depth === 2 && inExchanges) {
              if (element !== 'inValue') throw notJson(`an empty element in "exchanges" at byte ${offset + i}`);
              ready.push(exchange(finishCapture(chunk, i)));
              element = 'value';
            } else if (depth === 1) {
              if (top !== 'inValue') throw notJson(`unexpected "," at byte ${offset + i}`);
              if (parts) member(finishCapture(chunk, i));
              top = 'key';
            }
            break;
          case 0x3a:
            if (depth === 1) {
              if (top !== 'colon') throw notJson(`unexpected ":" at byte ${offset + i}`);
              top = 'value';
            }
            break;
          default:
            if (depth === 1 && top !== 'inValue') throw notJson(`unexpected ${JSON.stringify(String.fromCharCode(c))} at byte ${offset + i}`);
        }
      }
      if (parts) {
        parts.push(chunk.subarray(from));
        partsBytes += chunk.length - from;
        if (!inExchanges && partsBytes > MAX_MEMBER_BYTES)
          throw new UsageError(`--replay ${shown}: the member "${key}" is larger than ${MAX_MEMBER_BYTES} bytes`);
      }
      if (keyParts) keyParts.push(chunk.subarray(keyFrom));
      offset += chunk.length;
      // Checked before they go on: a later part of the file that is not a cassette stops the replay.
      yield* ready;
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `--replay ${shown}: cannot read it (${error instanceof Error && 'code' in error ? String(error.code) : error instanceof Error ? error.message : 'unreadable'})`,
    );
  } finally {
    stream.destroy();
  }
  if (!started) throw new UsageError(`--replay ${shown}: not JSON (the file is empty)`);
  if (top !== 'done') throw notJson('the document ends early');
  version(members, shown);
  if (!seenExchanges) throw new UsageError(`--replay ${shown}: "exchanges" must be a list`);
}

export interface ReplayResult {
  report: ConformanceReport;
  /** Recorded requests no operation of the contract matches any more (method and path). */
  unrouted: string[];
}

/**
 * Re-checks recorded exchanges against the contract: each request routed and judged by the contract
 * as it is now (valid: positive_data_acceptance; invalid: negative_data_rejection; without its
 * credential: ignored_auth; a redacted credential is one that was sent: replay-credentials.ts),
 * each answer through the answer checks. Nothing is sent. Then the
 * stateful checks (use_after_free, ensure_resource_availability, transition_precondition, links)
 * are re-derived from the sequence the stateful phase's exchanges (or the proxied traffic) form,
 * in their recorded order, against the contract's resources, state machines and links as they are
 * now (replay-stateful.ts).
 */
export async function replayCassette(
  cassette: { exchanges: Iterable<CassetteExchange> | AsyncIterable<CassetteExchange> },
  options: Omit<ConformanceOptions, 'fetch'>,
): Promise<ReplayResult> {
  const observer = new Observer(options, { redacted: true });
  const ctx = observer.ctx;
  const unrouted = new Set<string>();
  const steps: ReplayedStep[] = [];
  const sequenced = sequenceOperations(ctx);
  for await (const x of cassette.exchanges) {
    const headers = x.request.headers;
    // A redacted credential is judged as one sent (replay-credentials.ts).
    const judged = judgedRequest(ctx, x.phase, observer.route(x.request.method, x.request.url), x.request);
    const verdict = await observer.verdict(
      x.request.method,
      judged.url,
      judged.headers,
      x.request.body === undefined ? undefined : Buffer.from(x.request.body),
    );
    if (verdict.kind === 'unrouted') {
      // Listed once each (and at most a thousand): a cassette of unknown paths stays small in memory.
      if (unrouted.size < 1000) unrouted.add(`${x.request.method} ${x.request.url.split('?')[0] ?? ''}`);
      continue;
    }
    const sent: SentRequest = { operationId: verdict.op.id, method: x.request.method, url: x.request.url, headers, origin: `${x.origin} (replayed)` };
    if (x.request.body !== undefined) sent.body = x.request.body;
    let response: ReceivedResponse | undefined;
    if (x.response) {
      const streamed = observer.streams(verdict.op, x.response.headers['content-type'] ?? '');
      const answer = {
        status: x.response.status,
        headers: lower(x.response.headers),
        body: Buffer.from(x.response.body),
        ...(x.response.truncated ? { overflow: true } : {}),
        ...(x.response.late ? { late: true } : {}),
      };
      // An OpenAPI 3.2 stream of items is read item by item, as when it was recorded.
      response = (await observer.replayedStream(verdict.op, answer)) ?? observer.received(answer, streamed);
    }
    // The sequence learns from every routed exchange (a create of an operation not selected still stores a document).
    // Only the exchanges the stateful checks can read are kept for them (every one, when the contract has links).
    if (SEQUENCE_PHASES.includes(x.phase) && (sequenced === 'all' || sequenced.ops.has(verdict.op.id))) {
      steps.push({
        op: verdict.op,
        phase: x.phase,
        sent,
        ...(response ? { response: sequenced === 'all' ? response : lean(response, verdict.op.id, sequenced) } : {}),
      });
    }
    if (ctx.options.operations && !ctx.options.operations.includes(verdict.op.id)) continue;
    if (!ctx.operations.includes(verdict.op)) continue;
    ctx.report.requests++;
    countReplayed(ctx.report, verdict.op.id, x.request.method, response, replayedMeant(x.phase, x.origin, verdict.kind === 'valid'));
    observer.check(verdict, x.phase, sent, response, x.error, replayExpectation(ctx, x.phase, verdict.kind, verdict.op.path, judged));
  }
  rederiveStateful(ctx, steps);
  ctx.report.durationMs = Date.now() - ctx.started;
  return { report: ctx.report, unrouted: [...unrouted] };
}

/** What the stateful re-derivation reads of a resource's operations: creates (their id) and lists (their text). */
interface Sequenced {
  ops: Set<string>;
  creates: Set<string>;
  lists: Set<string>;
}

/**
 * The operations whose recorded exchanges the stateful re-derivation reads: every one when the
 * contract has links (a link may lead anywhere, a delete ends it), else those of its resources
 * (the operation ids a resource names, its state machine's included).
 */
function sequenceOperations(ctx: Observer['ctx']): Sequenced | 'all' {
  const doc = ctx.model.document;
  const linked = ctx.model.operations.some((op) =>
    op.responses.some((r) => {
      let node = getAtPointer(doc, r.pointer).value;
      if (isRecord(node) && typeof node['$ref'] === 'string') node = resolveLocalRef(doc, node['$ref'])?.value;
      return isRecord(node) && isRecord(node['links']) && Object.keys(node['links']).length > 0;
    }),
  );
  if (linked) return 'all';
  const ids = new Set(ctx.model.operations.map((op) => op.id));
  const out: Sequenced = { ops: new Set(), creates: new Set(), lists: new Set() };
  const walk = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      if (ids.has(value)) out.ops.add(value);
    } else if (depth < 6 && value !== null && typeof value === 'object') for (const v of Object.values(value)) walk(v, depth + 1);
  };
  for (const resource of statefulResources(ctx)) {
    walk(resource, 0);
    if (resource.operations.create) out.creates.add(resource.operations.create);
    if (resource.operations.list) out.lists.add(resource.operations.list);
  }
  return out;
}

/**
 * An answer as the stateful re-derivation keeps it: the parsed body of a create only (its id), the
 * whole text of a list only (what it shows); other text cut where a report cuts it (4096).
 */
function lean(response: ReceivedResponse, operationId: string, sequenced: Sequenced): ReceivedResponse {
  const out: ReceivedResponse = { ...response };
  if (!sequenced.creates.has(operationId)) delete out.json;
  if (!sequenced.lists.has(operationId) && out.text.length > 4096) out.text = out.text.slice(0, 4096);
  return out;
}

function lower(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}
