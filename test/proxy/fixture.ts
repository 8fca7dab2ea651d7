/**
 * What the proxy and replay tests share: a small pets contract and a node:http upstream on
 * 127.0.0.1 with planted faults (a 500, a wrong type, an invalid body accepted, a secured route that
 * answers without a credential), and correct answers (cookies, custom headers, binary bytes, a
 * stream written in two parts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const PETS = `openapi: 3.1.0
info: { title: pets, version: 1.0.0 }
servers: [{ url: 'SERVERS_URL' }]
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties: { id: { type: integer }, name: { type: string } }
    Error:
      type: object
      required: [message]
      properties: { message: { type: string } }
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }
      responses:
        '200':
          description: the pet
          headers:
            X-Rate: { schema: { type: integer } }
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
        '400': { description: bad id, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '404': { description: none, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /pets:
    post:
      operationId: createPet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              additionalProperties: false
              properties: { name: { type: string, minLength: 1, maxLength: 10 } }
            example: { name: Rex }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
        '400': { description: invalid, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /files/{id}:
    get:
      operationId: getFile
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
      responses:
        '200': { description: bytes, content: { application/octet-stream: { schema: { type: string, format: binary } } } }
  /events:
    get:
      operationId: events
      responses:
        '200': { description: events, content: { text/event-stream: { schema: { type: string } } } }
  /secure:
    get:
      operationId: secure
      security: [{ bearer: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '401': { description: no credential }
`;

export interface Upstream {
  origin: string;
  /** Requests the upstream received, as "METHOD /path". */
  hits: string[];
  /** Lets the second part of the /events stream go. */
  releaseStream: () => void;
  close: () => Promise<void>;
}

export const FILE_BYTES = Buffer.from([0, 1, 2, 0xff, 0xfe, 10, 13, 0x80, 0x7f]);

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** The upstream with its planted faults. */
export async function startUpstream(): Promise<Upstream> {
  const hits: string[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((ok) => (release = ok));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      hits.push(`${req.method ?? ''} ${url.pathname}`);
      const pet = /^\/pets\/(\d+)$/.exec(url.pathname);
      if (req.method === 'GET' && pet) {
        const id = Number(pet[1]);
        if (id === 13) return json(res, 500, { message: 'unlucky' });
        if (id === 7) return json(res, 200, { id, name: 7 });
        if (id === 5) {
          // Compressed: passed on as the bytes it is, checked as the JSON it holds.
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          return res.end(gzipSync(JSON.stringify({ id, name: 'Zipped' })));
        }
        return json(res, 200, { id, name: 'Rex' }, { 'x-rate': '10', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'], 'x-custom': 'kept' });
      }
      if (req.method === 'POST' && url.pathname === '/pets') {
        // Planted fault: any body is accepted.
        let name: unknown = 'x';
        try {
          name = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name?: unknown }).name;
        } catch {
          // kept
        }
        return json(res, 201, { id: 1, name: typeof name === 'string' ? name : 'x' });
      }
      if (url.pathname.startsWith('/files/')) {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(FILE_BYTES.length) });
        return res.end(FILE_BYTES);
      }
      if (url.pathname === '/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: one\n\n');
        void released.then(() => res.end('data: two\n\n'));
        return;
      }
      // Planted fault: the secured route answers whoever asks.
      if (url.pathname === '/secure') return json(res, 200, { secret: 'data' });
      if (url.pathname === '/slow') return; // never answers
      json(res, 404, { message: 'no such thing' });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    releaseStream: () => release(),
    close: () =>
      new Promise<void>((ok) => {
        release();
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

/** A listener that counts connections: proof that nothing is sent to it. */
export async function tripwire(): Promise<{ origin: string; connections: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server = createServer((_req, res) => res.end());
  server.on('connection', () => n++);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => n,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
