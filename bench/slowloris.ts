/**
 * A slowloris crowd, run as its own process by soak.bench.ts (so its sockets' churn does not slow
 * the load generator): a fixed number of sockets to 127.0.0.1:<port>, each reopened 0.2-0.3 s after
 * the server closes it.
 *
 * - headers: sends a request line and a Host header, then one byte of another header every trickle
 *   period, never finishing the headers;
 * - body: sends a POST's headers (Content-Length: 1024) and then one byte of the body every trickle
 *   period;
 * - idle: sends one complete GET and leaves the connection open after the answer.
 *
 * Protocol (IPC): argv is <port> <headers> <body> <idle> <trickle ms>; the crowd opens at once,
 * over about a second; it sends { open } twice a second; on 'stop' it closes every socket it still
 * has, sends { stats } and exits.
 */
import { connect, type Socket } from 'node:net';

export type Kind = 'headers' | 'body' | 'idle';
export const KINDS: Kind[] = ['headers', 'body', 'idle'];

export interface KindStats {
  opened: number;
  /** Connections that failed to open (refused, reset before connecting). */
  connectFailures: number;
  closedByServer: number;
  /** Milliseconds from connect to the server's close, per closed socket. */
  lifetimes: number[];
  /** Milliseconds from the crowd's start to the first close by the server. */
  firstClose: number | null;
  /** Status codes of the answers crowd sockets received ("none": closed without an answer). */
  answers: Record<string, number>;
  errors: Record<string, number>;
  openAtEnd: number;
}

export type CrowdMessage = { open: number } | { stats: Record<Kind, KindStats> };

const add = (m: Record<string, number>, key: string): void => {
  m[key] = (m[key] ?? 0) + 1;
};

class Crowd {
  readonly stats: Record<Kind, KindStats>;
  private readonly sockets = new Map<Socket, Kind>();
  private running = false;
  private started = 0;
  private connected = 0;
  private seq = 0;

  constructor(
    private readonly port: number,
    private readonly counts: Record<Kind, number>,
    private readonly trickleMs: number,
  ) {
    const empty = (): KindStats => ({
      opened: 0,
      connectFailures: 0,
      closedByServer: 0,
      lifetimes: [],
      firstClose: null,
      answers: {},
      errors: {},
      openAtEnd: 0,
    });
    this.stats = { headers: empty(), body: empty(), idle: empty() };
  }

  /** Sockets connected now. */
  get open(): number {
    return this.connected;
  }

  /** Opens the crowd over about a second. */
  start(): void {
    this.running = true;
    this.started = Date.now();
    const slots = KINDS.flatMap((kind) => Array.from({ length: this.counts[kind] }, () => kind));
    slots.forEach((kind, i) => setTimeout(() => this.openSocket(kind), Math.floor((i * 1000) / Math.max(1, slots.length))));
  }

  private openSocket(kind: Kind): void {
    if (!this.running) return;
    const stats = this.stats[kind];
    const n = ++this.seq;
    const host = `127.0.0.1:${this.port}`;
    const socket = connect({ host: '127.0.0.1', port: this.port });
    this.sockets.set(socket, kind);
    stats.opened++;
    let connectedAt = 0;
    let answered = false;
    let timer: NodeJS.Timeout | undefined;
    let pending = '';
    const trickle = (text: string): void => {
      let i = 0;
      const send = (): void => {
        if (!socket.destroyed && socket.writable) socket.write(text[i++ % text.length] as string);
      };
      // A random phase, so the crowd's bytes do not all arrive in the same instant.
      timer = setTimeout(
        () => {
          send();
          timer = setInterval(send, this.trickleMs);
        },
        Math.floor(Math.random() * this.trickleMs),
      );
    };
    socket.on('connect', () => {
      connectedAt = Date.now();
      this.connected++;
      if (kind === 'headers') {
        socket.write(`GET /_ping HTTP/1.1\r\nHost: ${host}\r\n`);
        trickle(`X-Loris-${n}: a\r\n`);
      } else if (kind === 'body') {
        socket.write(`POST /containers/create?name=loris-${n} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 1024\r\n\r\n{`);
        trickle(' ');
      } else {
        socket.write(`GET /_ping HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      }
    });
    socket.on('data', (d: Buffer) => {
      pending = (pending + d.toString('latin1')).slice(-4096);
      for (const m of pending.matchAll(/HTTP\/1\.1 (\d{3}) /g)) {
        answered = true;
        add(stats.answers, m[1] as string);
      }
      const last = pending.lastIndexOf('HTTP/1.1 ');
      if (last >= 0) pending = pending.slice(last + 1);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => add(stats.errors, err.code ?? err.message));
    socket.on('close', () => {
      if (timer) clearTimeout(timer);
      this.sockets.delete(socket);
      if (!this.running) return;
      if (connectedAt === 0) stats.connectFailures++;
      else {
        this.connected--;
        stats.closedByServer++;
        stats.lifetimes.push(Date.now() - connectedAt);
        stats.firstClose ??= Date.now() - this.started;
        if (!answered) add(stats.answers, 'none');
      }
      setTimeout(() => this.openSocket(kind), 200 + Math.floor(Math.random() * 100));
    });
  }

  /** Closes every crowd socket still open, counting those that were connected. */
  stop(): void {
    this.running = false;
    for (const [socket, kind] of this.sockets) {
      if (!socket.connecting) this.stats[kind].openAtEnd++;
      socket.destroy();
    }
    this.sockets.clear();
    this.connected = 0;
  }
}

if (process.send) {
  const [port, headers, body, idle, trickleMs] = process.argv.slice(2).map(Number) as [number, number, number, number, number];
  const crowd = new Crowd(port, { headers, body, idle }, trickleMs);
  const send = (m: CrowdMessage): void => void process.send?.(m);
  crowd.start();
  const ticker = setInterval(() => send({ open: crowd.open }), 500);
  process.on('message', (m) => {
    if (m !== 'stop') return;
    clearInterval(ticker);
    crowd.stop();
    process.send?.({ stats: crowd.stats } satisfies CrowdMessage, () => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
}
