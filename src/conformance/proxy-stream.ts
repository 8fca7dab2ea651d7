/**
 * The proxy's check of an answer that streams items (OpenAPI 3.2 `itemSchema`): the upstream's
 * bytes are passed on to the client as they come (proxy.ts pipes them), and a copy is fed to the
 * item reader (stream-check.ts) until it is done: at the stream's end, at the first bad item (then
 * reported at once, while the stream goes on), at a bound, when the client leaves or when the proxy
 * stops. What the reader no longer needs is not kept.
 */
import type { ReceivedResponse } from './checks.js';
import type { Observer } from './observe.js';
import { feedableBody, readStream, type AnswerStream, type StreamRead } from './stream-check.js';

export interface ItemCheck {
  /** A chunk of the upstream's answer. */
  push(chunk: Buffer): void;
  /** The upstream's answer ended. */
  end(): void;
  /** The upstream's answer broke off. */
  fail(why: string): void;
  /** Reading stops here (the client left, the proxy stops): what came after is not read. Settles when checked. */
  stop(why: string): Promise<void>;
}

/** Starts reading a streamed answer's items; `checked` gets the answer as the checks read it, once. */
export function startItemCheck(
  observer: Observer,
  answer: { status: number; headers: Record<string, string>; started: number; idleMs: number },
  items: { stream: AnswerStream; valid?: (item: unknown) => boolean },
  checked: (response: ReceivedResponse) => void,
): ItemCheck {
  const feed = feedableBody();
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let done = false;
  let stopped: string | undefined;
  const limit = observer.ctx.maxResponseBytes;
  const reading = readStream(feed.body, items.stream, observer.ctx.streamBounds, {
    idleMs: answer.idleMs,
    ...(items.valid ? { valid: items.valid } : {}),
  }).then((read) => {
    done = true;
    const end: StreamRead['end'] = stopped !== undefined && read.end.kind !== 'invalid' ? { kind: 'cut', reason: stopped } : read.end;
    checked(observer.receivedStream({ ...answer, body: Buffer.concat(kept), elapsedMs: Date.now() - answer.started }, { ...read, end }));
  });
  return {
    push(chunk) {
      if (done) return;
      if (keptBytes < limit) {
        kept.push(chunk.subarray(0, limit - keptBytes));
        keptBytes += Math.min(chunk.byteLength, limit - keptBytes);
      }
      feed.push(chunk);
    },
    end: () => feed.end(),
    fail: (why) => feed.fail(new Error(why)),
    stop(why) {
      if (!done) {
        stopped ??= `${why}: what came after was not read, so not checked`;
        feed.end();
      }
      return reading;
    },
  };
}
