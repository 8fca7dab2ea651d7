/**
 * The validating proxy (`specforge proxy <spec> --upstream <url>`): a listener on 127.0.0.1 that
 * forwards each request to the one upstream named on the command line (never to a server the
 * contract names: contracts are untrusted) and passes its answer back unchanged (status, headers,
 * body bytes, as they stream), while checking both with the runner's checks (observe.ts): the
 * request against the contract (the generated server's request stages), the answer with answerChecks
 * and the acceptance checks. Each new failure is reported as it happens (`onViolation`, one line),
 * and all of them at the end in the runner's report. With `enforce`, a request the contract forbids
 * is answered as the generated server answers it (the contract's error shape, a 4xx) and not
 * forwarded. The runner's limits hold: answers are checked up to the size limit (passed on whole),
 * an upstream that does not answer within the timeout is a 504, one that cannot be reached a 502
 * with a body that says why; nothing an upstream or a client does ends the proxy.
 */
import { request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { terminalText } from '../report/terminal.js';
import type { ReceivedResponse, SentRequest } from './checks.js';
import { CassetteRecorder } from './cassette.js';
import { HOP_BY_HOP, MAX_REQUEST_BYTES, Observer, type RequestVerdict } from './observe.js';
import { describeFailure } from './run.js';
import type { ConformanceFailure, ConformanceOptions, ConformanceReport } from './types.js';

export interface ProxyOptions extends Omit<ConformanceOptions, 'fetch' | 'baseUrl' | 'phases' | 'maxExamples' | 'statefulSteps' | 'seed' | 'dryRun' | 'onRequest' | 'onExchange'> {
  /** The server traffic goes to (http or https); its path, if any, prefixes every forwarded path. */
  upstream: string;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Answer a request the contract forbids with the contract's 4xx, without forwarding it. */
  enforce?: boolean;
  /** Each violation as one line, when it happens (default: nothing; the CLI writes to stderr). */
  onViolation?: (line: string) => void;
  /** Keep every exchange for a cassette (`--record`; written by the caller from `cassette()`). */
  record?: boolean;
}

export interface ValidatingProxy {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  server: Server;
  /** The report so far (the runner's ConformanceReport). */
  report(): ConformanceReport;
  /** Requests that broke the contract (forwarded or, with enforce, refused). */
  requestViolations(): { invalid: number; refused: number; unrouted: number };
  /** The recorded exchanges (with `record`). */
  recorder?: CassetteRecorder;
  /** Stops listening (open connections closed), checks what is still arriving, and returns the report. */
  close(): Promise<ConformanceReport>;
}

/** Request headers of a node:http request as the checks read them: lower-case names, repeated values joined. */
function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function plain(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: message });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Starts a validating proxy in front of `options.upstream`. */
export async function createProxy(options: ProxyOptions): Promise<ValidatingProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') throw new TypeError(`the upstream must be an http or https URL, not ${upstream.protocol}`);
  const observer = new Observer({ ...options, baseUrl: upstream.href });
  const ctx = observer.ctx;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const say = (line: string): void => options.onViolation?.(terminalText(line, false));
  const recorder = options.record ? new CassetteRecorder(ctx.redact, 'proxy') : undefined;
  const counts = { invalid: 0, refused: 0, unrouted: 0 };
  /** Answers still arriving: checked with what came when the proxy closes. */
  const pending = new Set<() => void>();
  const prefix = upstream.pathname.replace(/\/+$/, '');

  const report = (failures: readonly ConformanceFailure[]): void => {
    for (const f of failures) say(`specforge proxy: ✖ ${describeFailure(f)}`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
    // The request body, whole (the contract judges it before it goes on), up to the limit.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > MAX_REQUEST_BYTES) {
        plain(res, 413, `specforge proxy: the request body exceeds ${MAX_REQUEST_BYTES} bytes, the most the proxy checks`);
        return;
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const headers = flatHeaders(req.headers);
    const verdict: RequestVerdict = await observer.verdict(method, url, headers, body);
    const sentHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (!HOP_BY_HOP.has(k) && k !== 'host') sentHeaders[k] = v;
    const sent: SentRequest = { operationId: verdict.kind === 'unrouted' ? '' : verdict.op.id, method, url, headers: sentHeaders, origin: 'proxied traffic' };
    if (body.length > 0) sent.body = body.toString('utf8');
    const shownUrl = ctx.redact.url(url);
    if (verdict.kind === 'unrouted') {
      counts.unrouted++;
      say(`specforge proxy: ${method} ${shownUrl}: ${verdict.problem}; forwarded unchecked`);
    } else if (verdict.kind === 'invalid') {
      counts.invalid++;
      if (options.enforce) {
        counts.refused++;
        say(`specforge proxy: ${method} ${shownUrl} (${verdict.op.id}) breaks the contract, refused: ${ctx.redact.text(verdict.problem)}`);
        const refusal = verdict.refusal;
        const payload = Buffer.from(await refusal.arrayBuffer());
        const out: Record<string, string> = {};
        refusal.headers.forEach((v, k) => (out[k] = v));
        out['content-length'] = String(payload.length);
        res.writeHead(refusal.status, out);
        res.end(payload);
        return;
      }
      say(`specforge proxy: ${method} ${shownUrl} (${verdict.op.id}) breaks the contract, forwarded: ${ctx.redact.text(verdict.problem)}`);
    }

    const target = new URL(upstream.origin + prefix + url);
    const forward: Record<string, string> = { ...sentHeaders, host: upstream.host };
    if (body.length > 0 || 'content-length' in headers) forward['content-length'] = String(body.length);
    ctx.report.requests++;
    const started = Date.now();
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const finish = (response: ReceivedResponse | undefined, error?: string, flags: { truncated?: boolean; late?: boolean } = {}): void => {
      if (verdict.kind === 'unrouted') {
        recorder?.add('proxy', sent, response, error, flags);
        return;
      }
      report(observer.check(verdict, 'proxy', sent, response, error));
      recorder?.add('proxy', sent, response, error, flags);
    };
    await new Promise<void>((done) => {
      let answered = false;
      const up = send(target, { method, headers: forward, timeout: timeoutMs }, (upRes) => {
        answered = true;
        const status = upRes.statusCode ?? 502;
        const raw: string[] = [];
        for (let i = 0; i + 1 < upRes.rawHeaders.length; i += 2) {
          const name = upRes.rawHeaders[i] as string;
          if (!HOP_BY_HOP.has(name.toLowerCase())) raw.push(name, upRes.rawHeaders[i + 1] as string);
        }
        const answerHeaders = flatHeaders(upRes.headers);
        for (const k of HOP_BY_HOP) delete answerHeaders[k];
        try {
          res.writeHead(status, upRes.statusMessage, raw);
        } catch {
          res.writeHead(status, raw);
        }
        const streamed = observer.streams(verdict.kind === 'unrouted' ? undefined : verdict.op, answerHeaders['content-type'] ?? '');
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let overflow = false;
        let checked = false;
        const check = (cut: boolean): void => {
          if (checked) return;
          checked = true;
          pending.delete(onClose);
          const late = !streamed && Date.now() - started > timeoutMs;
          const response = observer.received({ status, headers: answerHeaders, body: Buffer.concat(kept), overflow, late, cut, elapsedMs: Date.now() - started }, streamed);
          finish(response, undefined, { ...(overflow ? { truncated: true } : {}), ...(late ? { late: true } : {}) });
        };
        const onClose = (): void => check(true);
        pending.add(onClose);
        upRes.on('data', (chunk: Buffer) => {
          if (overflow) return;
          keptBytes += chunk.byteLength;
          if (keptBytes > ctx.maxResponseBytes) {
            overflow = true;
            kept.push(chunk.subarray(0, chunk.byteLength - (keptBytes - ctx.maxResponseBytes)));
            // An answer larger than the limit is passed on whole; only its check stops here.
            check(false);
          } else kept.push(chunk);
        });
        upRes.on('end', () => check(false));
        upRes.on('error', () => check(true));
        upRes.on('close', () => {
          check(!upRes.complete);
          done();
        });
        res.on('close', () => {
          // A client that leaves closes the upstream answer too.
          if (!upRes.complete) upRes.destroy();
        });
        upRes.pipe(res);
      });
      up.on('timeout', () => up.destroy(new Error(`no answer within ${timeoutMs} ms (--timeout)`)));
      up.on('error', (error: Error & { code?: string }) => {
        if (answered) return;
        const why = error.code ? `${error.code}${error.message.includes(error.code) ? '' : `: ${error.message}`}` : error.message;
        const timedOut = /no answer within/.test(error.message);
        plain(res, timedOut ? 504 : 502, `specforge proxy: the upstream ${upstream.origin} ${timedOut ? 'did not answer in time' : 'cannot be reached'}: ${why}`);
        finish(undefined, why);
        done();
      });
      req.on('close', () => {
        if (!res.writableFinished && !answered) up.destroy();
      });
      up.end(body.length > 0 ? body : undefined);
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Whatever goes wrong with one exchange is that exchange's 502, never the end of the proxy.
      plain(res, 502, `specforge proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', fail);
      ok();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const finalReport = (): ConformanceReport => {
    ctx.report.durationMs = Date.now() - ctx.started;
    return ctx.report;
  };
  const proxy: ValidatingProxy = {
    origin: `http://127.0.0.1:${port}`,
    port,
    server,
    report: finalReport,
    requestViolations: () => ({ ...counts }),
    close: async () => {
      for (const check of [...pending]) check();
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
      return finalReport();
    },
  };
  if (recorder) proxy.recorder = recorder;
  return proxy;
}
