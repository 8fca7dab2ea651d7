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
 *
 * What an upstream sends is untrusted: a status line or a header that is not HTTP, or an answer
 * that breaks off, is the client's 502 in the contract's error shape (Observer.errorAnswer, the
 * generated server's error stage) and a not_a_server_error finding; an answer that is not a stream
 * is held until whole (up to the size limit) so that a break is still a 502, and a stream that
 * breaks after it started cuts the client's connection. Hop-by-hop headers and those named in
 * `Connection` never cross, either way; a path with a dot segment is refused (400), so a request
 * never leaves the upstream's base path. Every credential a client sends is learnt
 * (ctx.seen) before anything of its exchange is written, so reports, live lines and the cassette
 * (always redacted) never show it, nor an upstream's echo of it.
 */
import { Agent as HttpAgent, request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { terminalText } from '../report/terminal.js';
import type { ReceivedResponse, SentRequest } from './checks.js';
import { CassetteRecorder } from './cassette.js';
import { MAX_REQUEST_BYTES, Observer, type RequestVerdict } from './observe.js';
import { answeredBody, refusalReasons } from './proxy-lines.js';
import { connectionHeaders, flatHeaders, hasDotSegment, invalidHeader, invalidStatusLine } from './proxy-http.js';
import { startItemCheck } from './proxy-stream.js';

export { connectionHeaders, hasDotSegment } from './proxy-http.js';
import { learnBody, redactor } from './redact.js';
import { describeFailure } from './run.js';
import type { ConformanceFailure, ConformanceOptions, ConformanceReport } from './types.js';

export interface ProxyOptions extends Omit<
  ConformanceOptions,
  'fetch' | 'baseUrl' | 'phases' | 'maxExamples' | 'statefulSteps' | 'seed' | 'dryRun' | 'onRequest' | 'onExchange'
> {
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
  /** Text as the report shows it: credentials redacted (unless showSecrets). */
  redact(text: string): string;
  /**
   * Stops listening (open connections closed), checks what is still arriving, ends the requests
   * still waiting for the upstream, and returns the report.
   */
  close(): Promise<ConformanceReport>;
}

/** Starts a validating proxy in front of `options.upstream`. */
export async function createProxy(options: ProxyOptions): Promise<ValidatingProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new TypeError(`the upstream must be an http or https URL, not ${upstream.protocol}`);
  const observer = new Observer({ ...options, baseUrl: upstream.href });
  const ctx = observer.ctx;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const say = (line: string): void => options.onViolation?.(terminalText(line, false));
  // A cassette never holds a credential, --show-secrets or not: its own redactor, with what the traffic taught.
  const recorder = options.record ? new CassetteRecorder(redactor({ model: options.model, seen: ctx.seen }), 'proxy') : undefined;
  const counts = { invalid: 0, refused: 0, unrouted: 0 };
  /** Answers still arriving: checked with what came when the proxy closes. */
  const pending = new Set<() => Promise<void>>();
  const prefix = upstream.pathname.replace(/\/+$/, '');
  // The proxy's own connections to the upstream: all ended when it closes, so nothing outlives it.
  const agent = upstream.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const apiKeyHeaders = new Set<string>();
  const apiKeyQuery = new Set<string>();
  for (const scheme of options.model.securitySchemes) {
    if (scheme.type !== 'apiKey' || !scheme.paramName) continue;
    if (scheme.in === 'header') apiKeyHeaders.add(scheme.paramName.toLowerCase());
    else if (scheme.in === 'query') apiKeyQuery.add(scheme.paramName);
  }

  const report = (failures: readonly ConformanceFailure[]): void => {
    for (const f of failures) say(`specforge proxy: ✖ ${describeFailure(f)}`);
  };

  /** An answer of the proxy's own, in the contract's error shape (a connection mid-answer is cut instead). */
  const answerError = (res: ServerResponse, status: number, message: string, operationId?: string): void => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const answer = observer.errorAnswer(status, message, operationId);
    const payload = Buffer.from(answer.payload);
    try {
      res.writeHead(answer.status, { ...answer.headers, 'content-length': String(payload.length) });
      res.end(payload);
    } catch {
      res.destroy();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A write to a connection the client closed is dropped, never an error that ends the proxy.
    res.on('error', () => undefined);
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
    // The request body, whole (the contract judges it before it goes on), up to the limit.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > MAX_REQUEST_BYTES) {
        answerError(res, 413, `specforge proxy: the request body exceeds ${MAX_REQUEST_BYTES} bytes, the most the proxy checks`);
        return;
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const headers = flatHeaders(req.headers);
    // What the client sent as a credential is redacted wherever it shows up, an upstream's echo included.
    ctx.seen.learn(headers, url, apiKeyHeaders, apiKeyQuery);
    learnBody(ctx.seen, headers['content-type'] ?? '', body);
    const shownUrl = ctx.redact.url(url);
    const hop = connectionHeaders(req.headers.connection);
    const sentHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (!hop.has(k) && k !== 'host') sentHeaders[k] = v;
    // The upstream's base path is never left: a dot segment is refused, and the target is checked after the URL parser resolved it.
    const target = new URL(upstream.origin + prefix + url);
    if (hasDotSegment(url) || target.origin !== upstream.origin || !(target.pathname === prefix || target.pathname.startsWith(`${prefix}/`))) {
      say(`specforge proxy: ${method} ${shownUrl}: the path holds a dot segment (. or ..), which could leave the upstream's base path; refused with 400`);
      answerError(res, 400, 'specforge proxy: the request path holds a dot segment (. or .., encoded or not); it is not forwarded');
      return;
    }
    const verdict: RequestVerdict = await observer.verdict(method, url, sentHeaders, body);
    const sent: SentRequest = { operationId: verdict.kind === 'unrouted' ? '' : verdict.op.id, method, url, headers: sentHeaders, origin: 'proxied traffic' };
    if (body.length > 0) sent.body = body.toString('utf8');
    const operationId = verdict.kind === 'unrouted' ? undefined : verdict.op.id;
    if (verdict.kind === 'unrouted') {
      counts.unrouted++;
      say(`specforge proxy: ${method} ${shownUrl}: ${ctx.redact.text(verdict.problem)}; forwarded unchecked`);
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
    }

    const reasons = verdict.kind === 'invalid' && !options.enforce ? await refusalReasons(verdict.refusal) : '';
    const forward: Record<string, string> = { ...sentHeaders, host: upstream.host };
    if (body.length > 0 || 'content-length' in headers) forward['content-length'] = String(body.length);
    ctx.report.requests++;
    const started = Date.now();
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let finished = false;
    const finish = (response: ReceivedResponse | undefined, error?: string, flags: { truncated?: boolean; late?: boolean } = {}): void => {
      if (finished) return;
      finished = true;
      if (verdict.kind === 'invalid' && !options.enforce) {
        // What the upstream really answered (its own body, bounded), then why the contract forbids the
        // request: never a body the proxy made up, shown as if answered.
        const answered = response
          ? `the upstream answered ${response.status}${answeredBody(response)}`
          : `the upstream gave no answer (${ctx.redact.text(error ?? 'the connection closed')})`;
        say(
          `specforge proxy: ${method} ${shownUrl} (${verdict.op.id}) breaks the contract, forwarded; ${answered} (a server generated from the contract refuses it with ${verdict.refusal.status}${reasons ? `: ${ctx.redact.text(reasons)}` : ''})`,
        );
      }
      if (verdict.kind === 'unrouted') {
        recorder?.add('proxy', sent, response, error, flags);
        return;
      }
      report(observer.check(verdict, 'proxy', sent, response, error));
      recorder?.add('proxy', sent, response, error, flags);
    };
    let settled = false;
    /** An upstream whose answer is broken or missing: the client's 502 (or a cut, mid-answer) and a finding (once). */
    const broken = (why: string, status = 502): void => {
      if (settled) return;
      settled = true;
      answerError(res, status, `specforge proxy: the upstream ${upstream.origin} ${why}`, operationId);
      finish(undefined, `the upstream ${why}`);
    };
    await new Promise<void>((done) => {
      let answered = false;
      let clientLeft = false;
      /** Why the answer broke off, when the request's own error says it (an invalid chunk, a stall). */
      let upError: string | undefined;
      const up = send(target, { method, headers: forward, timeout: timeoutMs, agent }, (upRes) => {
        answered = true;
        const status = upRes.statusCode;
        const hopBack = connectionHeaders(upRes.headers.connection);
        let wrong = invalidStatusLine(status, upRes.statusMessage);
        const raw: string[] = [];
        for (let i = 0; i + 1 < upRes.rawHeaders.length && wrong === undefined; i += 2) {
          const name = upRes.rawHeaders[i] as string;
          const value = upRes.rawHeaders[i + 1] as string;
          if (hopBack.has(name.toLowerCase())) continue;
          wrong = invalidHeader(name, value);
          raw.push(name, value);
        }
        if (wrong !== undefined || status === undefined) {
          upRes.destroy();
          broken(`answered something that is not HTTP: ${wrong ?? 'no status'}`);
          done();
          return;
        }
        const answerHeaders = flatHeaders(upRes.headers);
        for (const k of hopBack) delete answerHeaders[k];
        // A cookie the upstream sets is a credential too: redacted wherever it is echoed later.
        if (answerHeaders['set-cookie'] !== undefined) ctx.seen.learn({ 'set-cookie': answerHeaders['set-cookie'] }, '');
        const streamed = observer.streams(
          operationId === undefined ? undefined : observer.ctx.model.operations.find((o) => o.id === operationId),
          answerHeaders['content-type'] ?? '',
        );
        const bodiless = method === 'HEAD' || status === 204 || status === 304;
        // An OpenAPI 3.2 stream of items: checked item by item as it passes (proxy-stream.ts).
        const encoded = (answerHeaders['content-encoding'] ?? 'identity').trim().toLowerCase() !== 'identity';
        const items = bodiless || encoded || operationId === undefined ? undefined : ctx.itemStream(operationId, status, answerHeaders['content-type'] ?? '');
        const itemCheck = items
          ? startItemCheck(observer, { status, headers: answerHeaders, started, idleMs: timeoutMs }, items, (response) => {
              pending.delete(onItemsClose);
              finish(response, undefined, response.stream?.end.kind === 'cut' ? { late: true } : {});
            })
          : undefined;
        const onItemsClose = (): Promise<void> => itemCheck?.stop('the proxy stopped while the stream was arriving') ?? Promise.resolve();
        if (itemCheck) pending.add(onItemsClose);
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let overflow = false;
        let checked = false;
        // An answer that is not a stream is held until it is whole (up to the size limit, or twice
        // --timeout: one that trickles in is passed on as it comes; one that stops for --timeout is
        // ended before): one that breaks before then is the client's 502, not a cut.
        let held = !streamed && !bodiless && !itemCheck;
        const holdTimer = held ? setTimeout(() => release(), 2 * timeoutMs) : undefined;
        const writeHead = (): boolean => {
          try {
            res.writeHead(status, upRes.statusMessage, raw);
            return true;
          } catch {
            return false;
          }
        };
        /** Sends the head and what is held, and passes the rest on as it arrives. */
        const release = (): void => {
          if (!held) return;
          held = false;
          if (holdTimer) clearTimeout(holdTimer);
          if (!writeHead()) {
            upRes.destroy();
            broken('answered a head that cannot be passed on');
            return;
          }
          for (const chunk of kept) res.write(chunk);
          upRes.pipe(res);
        };
        const check = (cut: boolean): void => {
          if (checked) return;
          checked = true;
          pending.delete(onClose);
          const late = !streamed && Date.now() - started > timeoutMs;
          const response = observer.received(
            { status, headers: answerHeaders, body: Buffer.concat(kept), overflow, late, cut, elapsedMs: Date.now() - started },
            streamed,
          );
          finish(response, undefined, { ...(overflow ? { truncated: true } : {}), ...(late ? { late: true } : {}) });
        };
        const onClose = (): Promise<void> => {
          check(true);
          return Promise.resolve();
        };
        if (!itemCheck) pending.add(onClose);
        upRes.on('data', (chunk: Buffer) => {
          if (itemCheck) {
            itemCheck.push(chunk);
            return;
          }
          if (held) {
            kept.push(chunk);
            keptBytes += chunk.byteLength;
            if (keptBytes > ctx.maxResponseBytes) {
              // An answer larger than the limit is passed on whole; only its check stops here.
              overflow = true;
              release();
              check(false);
            }
            return;
          }
          if (overflow) return;
          keptBytes += chunk.byteLength;
          if (keptBytes > ctx.maxResponseBytes) {
            overflow = true;
            kept.push(chunk.subarray(0, chunk.byteLength - (keptBytes - ctx.maxResponseBytes)));
            check(false);
          } else kept.push(chunk);
        });
        upRes.on('end', () => {
          if (itemCheck) {
            itemCheck.end();
            return;
          }
          if (held) {
            held = false;
            if (holdTimer) clearTimeout(holdTimer);
            if (!writeHead()) {
              broken('answered a head that cannot be passed on');
              return;
            }
            res.end(Buffer.concat(kept));
          }
          check(false);
        });
        upRes.on('error', () => undefined);
        upRes.on('close', () => {
          if (holdTimer) clearTimeout(holdTimer);
          if (itemCheck) {
            // A client that leaves ends the check where it is; an upstream that breaks off is a finding at its item.
            if (clientLeft) void itemCheck.stop('the client left while the stream was arriving');
            else if (!upRes.complete) {
              itemCheck.fail(upError ?? 'the upstream broke off its answer');
              res.destroy();
            } else itemCheck.end();
            done();
            return;
          }
          if (!upRes.complete && !clientLeft) {
            // The answer broke off (a closed connection, an invalid chunk, a stall past --timeout):
            // held, it is the client's 502; passed on already, the client's connection is cut (never left waiting).
            pending.delete(onClose);
            if (!checked) {
              checked = true;
              broken(`${upError ?? 'broke off its answer'} (status ${status}, after ${keptBytes} body bytes)`);
            } else res.destroy();
          } else check(!upRes.complete);
          done();
        });
        res.on('close', () => {
          // A client that leaves closes the upstream answer too.
          if (!res.writableFinished) clientLeft = true;
          if (!upRes.complete) upRes.destroy();
        });
        if (!held) {
          if (!writeHead()) {
            upRes.destroy();
            broken('answered a head that cannot be passed on');
            return;
          }
          upRes.pipe(res);
        }
      });
      up.on('timeout', () =>
        up.destroy(new Error(answered ? `stopped sending its answer for ${timeoutMs} ms (--timeout)` : `no answer within ${timeoutMs} ms (--timeout)`)),
      );
      up.on('error', (error: Error & { code?: string }) => {
        if (answered) {
          // Said when the answer is found broken ('close' of the answer).
          upError ??=
            error.code && error.code.startsWith('HPE_')
              ? `answered something that is not HTTP: ${error.code}`
              : error.message.startsWith('stopped sending')
                ? error.message
                : undefined;
          return;
        }
        const why = error.code ? `${error.code}${error.message.includes(error.code) ? '' : `: ${error.message}`}` : error.message;
        const timedOut = /no answer within/.test(error.message);
        const parse = typeof error.code === 'string' && error.code.startsWith('HPE_');
        broken(
          timedOut ? `did not answer in time: ${why}` : parse ? `answered something that is not HTTP: ${why}` : `cannot be reached: ${why}`,
          timedOut ? 504 : 502,
        );
        done();
      });
      // A 101 to a request that asked for no protocol switch (Upgrade is never forwarded): not an answer to pass on.
      up.on('upgrade', (_upRes, socket) => {
        answered = true;
        socket.destroy();
        broken('answered something that is not HTTP: a 101 protocol switch nobody asked for');
        done();
      });
      // The connection closed with no answer and no error (Node does that in a few cases): a 502 all the same.
      up.on('close', () => {
        if (answered || clientLeft) return;
        broken('closed the connection without an answer');
        done();
      });
      req.on('close', () => {
        if (!res.writableFinished && !answered) {
          clientLeft = true;
          up.destroy();
        }
      });
      up.end(body.length > 0 ? body : undefined);
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Whatever goes wrong with one exchange is that exchange's 502, never the end of the proxy.
      try {
        const answer = observer.errorAnswer(502, `specforge proxy: ${ctx.redact.text(error instanceof Error ? error.message : String(error))}`);
        if (res.headersSent) res.destroy();
        else res.writeHead(answer.status, answer.headers).end(answer.payload);
      } catch {
        res.destroy();
      }
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
    redact: (text) => ctx.redact.text(text),
    close: async () => {
      await Promise.all([...pending].map((check) => check()));
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
        agent.destroy();
      });
      return finalReport();
    },
  };
  if (recorder) proxy.recorder = recorder;
  return proxy;
}
