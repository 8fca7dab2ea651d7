/**
 * Reading a request body within its limit (a client that leaves mid-body is no server error), the
 * lingering close of a connection whose body was left unread, over node:http (parsing by media type
 * is ./parse.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError } from '../../shared/errors.js';
import { readUpgradeBody, upgradeOf } from '../upgrade.js';
import { ClientClosed, type RequestHead } from '../head.js';

export { ClientClosed };
export { parseBody, XML_MEDIA } from './parse.js';

/** How long, and for how many bytes, a connection closed after an early answer keeps reading. */
const LINGER_MS = 1000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Closes the connection of a request whose body was not read, once its answer is sent: the body
 * is not drained (a declared terabyte would be read to the end), but the socket half-closes and
 * drops what still arrives for a moment before it closes, so a client still sending sees the answer
 * rather than a reset. (Node destroys a `Connection: close` socket as soon as the answer is
 * flushed; its destroySoon is replaced for this socket.)
 */
export function closeAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.writable) this.end();
    let dropped = 0;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) this.destroy();
    });
  };
}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const upgrade = upgradeOf(req);
  if (upgrade) return readUpgradeBody(req, upgrade, limit);
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new HttpError(413, `request body of ${declared} bytes is larger than the limit of ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        reject(new HttpError(413, `request body is larger than the limit of ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
      }
    });
    // A client that goes away mid-body (Node reports an "aborted" error, then close): settle
    // instead of waiting forever, as a client that left, not as a failure of the server.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!done) {
        done = true;
        reject(err.code === 'ECONNRESET' || req.destroyed ? new ClientClosed() : err);
      }
    });
    req.on('close', () => {
      if (!done) {
        done = true;
        reject(new ClientClosed());
      }
    });
  });
}

export function hasBody(req: RequestHead): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}
