/**
 * A pet store (openapi.yaml, next to this file) on node:http with planted faults: everything else it
 * does is what its contract says (parameters and bodies validated, 404 for a missing pet, 405 with
 * Allow for a method a path does not declare, 401 with WWW-Authenticate without a credential).
 * `PLANTED_FAULTS` lists each fault with the check and operation that must find it; a run of
 * `specforge test` (or a validating proxy in front of it) must find each of them and nothing else.
 *
 * `startPlantedServer(port)` listens on 127.0.0.1 (port 0: any free one) and returns the base URL
 * and a close function.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';

export const PLANTED_SPEC = join(import.meta.dirname, 'openapi.yaml');

/** The answer of the first GET /health is this slow (the max_response_time bound of the test is below it). */
export const SLOW_MS = 2500;

export interface PlantedFault {
  name: string;
  check: string;
  operationId: string;
}

export const PLANTED_FAULTS: readonly PlantedFault[] = [
  { name: 'nested type error: getPet answers owner.address.zip as a number', check: 'response_schema_conformance', operationId: 'getPet' },
  { name: 'missing required response header: listPets without X-Total-Count', check: 'response_headers_conformance', operationId: 'listPets' },
  { name: 'a 500 on one enum value: listPets?status=sold', check: 'not_a_server_error', operationId: 'listPets' },
  { name: 'invalid body accepted: createPet takes a name longer than maxLength 20', check: 'negative_data_rejection', operationId: 'createPet' },
  { name: 'ignored auth: getSecrets answers without a credential', check: 'ignored_auth', operationId: 'getSecrets' },
  { name: 'wrong status for an unsupported method: /report answers 404, not 405', check: 'unsupported_method', operationId: 'getReport' },
  { name: `a slow answer: the first GET /health takes ${SLOW_MS} ms`, check: 'max_response_time', operationId: 'health' },
  { name: 'a wrong content type for an Accept: getReport answers JSON to Accept: text/csv', check: 'content_type_negotiation', operationId: 'getReport' },
  { name: 'an undeclared 5xx: getPet answers 502 for pet 0', check: 'not_a_server_error', operationId: 'getPet' },
  { name: 'a resource not deleted: deletePet answers 204 and keeps the pet', check: 'use_after_free', operationId: 'getPet' },
];

interface Pet {
  id: number;
  name: string;
  tag?: string;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function error(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  json(res, status, { message }, headers);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1 << 20) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Code points, as JSON Schema counts a string's length. */
function length(s: string): number {
  return [...s].length;
}

export function plantedListener(): (req: IncomingMessage, res: ServerResponse) => void {
  const pets = new Map<number, Pet>([[1, { id: 1, name: 'Rex', tag: 'dog' }]]);
  let nextId = 2;
  let healthCalls = 0;
  const owner = { name: 'Ann', address: { zip: '12345' } };
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [
    { pattern: /^\/pets$/, methods: ['GET', 'POST'] },
    { pattern: /^\/pets\/[^/]+$/, methods: ['GET', 'DELETE'] },
    { pattern: /^\/report$/, methods: ['GET'] },
    { pattern: /^\/health$/, methods: ['GET'] },
    { pattern: /^\/secrets$/, methods: ['GET'] },
  ];
  const authorized = (req: IncomingMessage): boolean => /^Bearer \S+$/.test(req.headers.authorization ?? '');
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://planted');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const route = routes.find((r) => r.pattern.test(path));
    if (!route) return error(res, 404, `no route ${path}`);
    if (!route.methods.includes(method)) {
      // FAULT: /report answers a method it does not declare with 404.
      if (path === '/report') return error(res, 404, `no ${method} ${path}`);
      return error(res, 405, `${method} is not allowed`, { allow: route.methods.join(', ') });
    }
    if (path === '/pets' && method === 'GET') {
      const status = url.searchParams.get('status');
      const limit = url.searchParams.get('limit');
      if (status !== null && !['available', 'pending', 'sold'].includes(status)) return error(res, 400, 'status: not one of available, pending, sold');
      if (limit !== null && (!/^-?\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 100)) return error(res, 400, 'limit: an integer from 1 to 100');
      // FAULT: a crash on one enum value.
      if (status === 'sold') return error(res, 500, 'internal error');
      // FAULT: the required X-Total-Count header is missing.
      return json(res, 200, { items: [...pets.values()].slice(0, Number(limit ?? 100)).map((p) => ({ ...p, owner })) });
    }
    if (path === '/pets' && method === 'POST') {
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return error(res, 400, 'a JSON body is required');
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req)) as unknown;
      } catch {
        return error(res, 400, 'the body is not JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return error(res, 400, 'the body must be an object');
      const { name, tag } = body as Record<string, unknown>;
      // FAULT: maxLength (20) of name is not checked.
      if (typeof name !== 'string' || length(name) < 1) return error(res, 400, 'name: a non-empty string');
      if (tag !== undefined && tag !== 'cat' && tag !== 'dog') return error(res, 400, 'tag: cat or dog');
      const pet: Pet = { id: nextId++, name, ...(tag === undefined ? {} : { tag }) };
      pets.set(pet.id, pet);
      return json(res, 201, { ...pet, owner });
    }
    if (path.startsWith('/pets/')) {
      const raw = decodeURIComponent(path.slice('/pets/'.length));
      if (!/^\d+$/.test(raw)) return error(res, 400, 'petId: a non-negative integer');
      const id = Number(raw);
      if (method === 'DELETE' && !authorized(req)) return error(res, 401, 'a bearer token is required', { 'www-authenticate': 'Bearer' });
      // FAULT: an undeclared 5xx for pet 0.
      if (id === 0 && method === 'GET') return error(res, 502, 'bad gateway');
      const pet = pets.get(id);
      if (!pet) return error(res, 404, `no pet ${id}`);
      if (method === 'DELETE') {
        // FAULT: the pet is not deleted.
        res.writeHead(204).end();
        return;
      }
      // FAULT: a nested type error (zip as a number).
      return json(res, 200, { ...pet, owner: { name: 'Ann', address: { zip: 12345 } } });
    }
    if (path === '/report') {
      const accept = req.headers.accept ?? '*/*';
      const fits = (type: string): boolean =>
        accept.split(',').some((a) => {
          const t = (a.split(';')[0] ?? '').trim().toLowerCase();
          return t === '*/*' || t === type || t === `${type.split('/')[0]}/*`;
        });
      if (!fits('application/json') && !fits('text/csv')) return error(res, 406, 'only application/json and text/csv');
      // FAULT: Accept: text/csv is answered with JSON.
      return json(res, 200, { count: pets.size });
    }
    if (path === '/health') {
      // FAULT: the first answer is slow.
      if (healthCalls++ === 0) await new Promise((ok) => setTimeout(ok, SLOW_MS));
      return json(res, 200, { status: 'ok' });
    }
    // FAULT: /secrets does not check the credential.
    return json(res, 200, { secret: 'planted' });
  };
  return (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) error(res, 500, 'internal error');
      else res.end();
    });
  };
}

/** The planted server on 127.0.0.1 (port 0: any free port). */
export async function startPlantedServer(port = 0): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer(plantedListener());
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
