/**
 * HTTP upgrades (101 Switching Protocols) for operations that hijack the connection, such as an
 * engine's attach, logs and exec start: the request runs through the same pipeline as any other
 * (routing, parameters, body, validation), and a handler that answers 101 gets the raw socket for
 * its body. `node:http` hands upgrade requests to its 'upgrade' event with the socket and the bytes
 * read past the head, so the body of such a request is read from there.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpError } from '../shared/errors.js';

export interface UpgradeInfo {
  socket: Duplex;
  /** Bytes the HTTP parser read past the request head (the start of the body, or stream data). */
  head: Buffer;
  /** The 101 head has been written: the connection is no longer HTTP. */
  switched?: boolean;
}

/** How long an upgrade request may take to send its body (Node's request timeouts stop at the upgrade). */
const BODY_TIMEOUT_MS = 30_000;

const upgrades = new WeakMap<IncomingMessage, UpgradeInfo>();

/** The socket of a request that asked to upgrade, when it came through an upgrade listener. */
export function upgradeOf(req: IncomingMessage): UpgradeInfo | undefined {
  return upgrades.get(req);
}

export type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Adapts a request listener to the server's 'upgrade' event: the listener sees an ordinary request
 * and response. A response other than 101 is written as usual and closes the connection.
 */
export function upgradeListenerFor(listener: (req: IncomingMessage, res: ServerResponse) => void): UpgradeListener {
  return (req, socket, head) => {
    upgrades.set(req, { socket, head });
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Parameters<ServerResponse['assignSocket']>[0]);
    res.on('finish', () => {
      if (res.socket) res.detachSocket(res.socket);
      // An answer other than 101 closes the connection, whatever the client still sends.
      socket.end();
      socket.resume();
      setTimeout(() => socket.destroy(), 1000).unref();
    });
    listener(req, res);
  };
}

/** Reads the body of an upgrade request (Content-Length bytes from the head and then the socket). */
export function readUpgradeBody(req: IncomingMessage, info: UpgradeInfo, limit: number): Promise<Buffer> {
  if (req.headers['transfer-encoding'] !== undefined) {
    return Promise.reject(new HttpError(400, 'the body of an upgrade request needs a Content-Length'));
  }
  const length = Number(req.headers['content-length'] ?? 0);
  if (!Number.isSafeInteger(length) || length < 0) return Promise.reject(new HttpError(400, 'Content-Length is not a number of bytes'));
  if (length > limit) return Promise.reject(new HttpError(413, `request body of ${length} bytes is larger than the limit of ${limit} bytes`));
  const take = (data: Buffer): Buffer => {
    // What follows the body belongs to the upgraded stream.
    const rest = data.subarray(length);
    if (rest.length > 0) info.socket.unshift(rest);
    return data.subarray(0, length);
  };
  if (info.head.length >= length) {
    const body = take(info.head);
    info.head = Buffer.alloc(0);
    return Promise.resolve(body);
  }
  return new Promise((resolve, reject) => {
    const socket = info.socket;
    if (socket.destroyed || !socket.readable) {
      reject(new HttpError(400, 'the request body ended early'));
      return;
    }
    const chunks: Buffer[] = [info.head];
    let size = info.head.length;
    info.head = Buffer.alloc(0);
    const timer = setTimeout(() => {
      cleanup();
      socket.destroy();
      reject(new HttpError(408, 'the request body did not arrive in time'));
    }, BODY_TIMEOUT_MS);
    timer.unref();
    const cleanup = (): void => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onEnded);
      socket.off('end', onEnded);
      socket.off('error', onEnded);
    };
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      size += chunk.length;
      if (size < length) return;
      cleanup();
      socket.pause();
      resolve(take(Buffer.concat(chunks)));
    };
    const onEnded = (): void => {
      cleanup();
      reject(new HttpError(400, 'the request body ended early'));
    };
    socket.on('data', onData);
    socket.on('close', onEnded);
    socket.on('end', onEnded);
    socket.on('error', onEnded);
  });
}

/**
 * Switches the connection: writes the 101 head with `headers` and hands the socket over. Returns the
 * socket; the caller writes the stream to it and ends it.
 */
export function switchProtocols(res: ServerResponse, info: UpgradeInfo, headers: Record<string, string | number | string[]>): Duplex {
  if (res.socket) res.detachSocket(res.socket);
  const lines = ['HTTP/1.1 101 UPGRADED'];
  const names = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
  if (!names.has('connection')) lines.push('Connection: Upgrade');
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      const text = String(v);
      // Header values come from handlers and examples: refuse anything that would split the head.
      if (/[\r\n]/.test(text) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) continue;
      lines.push(`${name}: ${text}`);
    }
  }
  info.switched = true;
  info.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  info.socket.resume();
  return info.socket;
}
