/**
 * Reading a request body within its limit (a client that leaves mid-body is no server error), the
 * lingering close of a connection whose body was left unread, and parsing the body by media type
 * (JSON within a nesting bound, forms, text, raw bytes).
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError } from '../../shared/errors.js';
import type { FormSpec } from '../../shared/spec.js';
import { readUpgradeBody, upgradeOf } from '../upgrade.js';
import { isJsonMediaType } from '../media.js';
import { formBody } from './form.js';
import { nestsDeeper, tooDeep } from './json-text.js';
import { splitQuery } from '../params.js';

/** The client went away before its request was read: nothing to answer, and no server error. */
export class ClientClosed extends Error {
  constructor() {
    super('the client closed the connection');
    this.name = 'ClientClosed';
  }
}

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

/**
 * Where a framework adapter puts a body its framework already read from the stream (Express after
 * `express.json()`): read in place of the stream, within the same limit. An Error says why it
 * cannot be (a form a body parser turned into an object): the request is then a 500 naming it.
 */
export const READ_BODY: unique symbol = Symbol.for('specforge.readBody');

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const preset = (req as IncomingMessage & { [READ_BODY]?: Buffer | Error })[READ_BODY];
  if (preset !== undefined) {
    if (preset instanceof Error) return Promise.reject(preset);
    return preset.length > limit ? Promise.reject(new HttpError(413, `request body is larger than the limit of ${limit} bytes`)) : Promise.resolve(preset);
  }
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

export const XML_MEDIA = /[/+]xml$/i;

export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** The body as text (a leading byte order mark dropped); bytes that are not UTF-8 are a 400, never silently replaced. */
function utf8Text(raw: Buffer): string {
  if (!isUtf8(raw)) throw new HttpError(400, 'request body is not valid UTF-8', [{ in: 'body', pointer: '/', message: 'is not valid UTF-8' }]);
  return raw.toString('utf8', raw.length >= 3 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? 3 : 0);
}

export function parseBody(raw: Buffer, type: string, maxDepth: number, form?: FormSpec): unknown {
  if (isJsonMediaType(type)) {
    const text = utf8Text(raw);
    // Measured before parsing: a deeply nested body costs nothing to refuse.
    if (nestsDeeper(text, maxDepth)) throw tooDeep(maxDepth);
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new HttpError(400, `request body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`, [
        { in: 'body', pointer: '/', message: 'is not valid JSON' },
      ]);
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    return formBody(splitQuery(utf8Text(raw)), form?.shape ?? { type: 'any' }, form?.encoding);
  }
  if (type.startsWith('text/')) return raw.toString('utf8');
  return raw;
}
