/**
 * The conformance engine on a contract nobody here wrote (the OpenAPI Initiative's petstore-expanded,
 * from the @readme/oas-examples package) against a small server written by hand for it, with no
 * specforge code in it: the faultless server passes, and each deliberate fault is reported by its
 * check and by no other. (The contract declares `default` on every operation and no response
 * headers, resources, links or security, so status_code_conformance, response_headers_conformance,
 * the stateful checks and ignored_auth cannot fail on it; test/fuzz/finds-faults.test.ts proves
 * those.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import type { CheckName } from '../../src/conformance/checks.js';
import { describeFailure, runConformance } from '../../src/conformance/run.js';
import { toFetchHandler } from '../../src/runtime/server/fetch-adapter.js';

const SPEC = createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore-expanded.json');

type Fault =
  'none' | 'not_a_server_error' | 'content_type_conformance' | 'response_schema_conformance' | 'negative_data_rejection' | 'positive_data_acceptance';

/** A petstore as someone might write it with node:http alone, with one fault switched on. */
function petstore(fault: Fault): (req: IncomingMessage, res: ServerResponse) => void {
  const pets = new Map<number, { id: number; name: string; tag?: string }>();
  let next = 1;
  const send = (res: ServerResponse, status: number, body?: unknown, type = 'application/json'): void => {
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text);
  };
  const error = (res: ServerResponse, code: number, message: string): void => send(res, code, { code, message });
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://petstore');
      const item = /^\/pets\/([^/]+)$/.exec(url.pathname);
      if (url.pathname === '/pets' && req.method === 'GET') {
        const limitText = url.searchParams.get('limit');
        const limit = limitText === null ? undefined : Number(limitText);
        if (limit !== undefined && (!Number.isInteger(limit) || limit < -(2 ** 31) || limit >= 2 ** 31)) return error(res, 400, 'limit must be an int32');
        const tags = url.searchParams.getAll('tags').flatMap((t) => t.split(','));
        const found = [...pets.values()].filter((p) => tags.length === 0 || (p.tag !== undefined && tags.includes(p.tag)));
        return send(
          res,
          200,
          found.slice(0, limit === undefined || limit < 0 ? undefined : limit),
          fault === 'content_type_conformance' ? 'text/plain' : 'application/json',
        );
      }
      if (url.pathname === '/pets' && req.method === 'POST') {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return error(res, 400, 'the body is not JSON');
        }
        const pet = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
        const nameOk = pet !== undefined && typeof pet['name'] === 'string';
        if (!pet || (!nameOk && fault !== 'negative_data_rejection')) return error(res, 400, 'name is required');
        if (pet['tag'] !== undefined && (typeof pet['tag'] !== 'string' || fault === 'positive_data_acceptance'))
          return error(res, 400, 'tag must be a string');
        const stored = { id: next++, name: nameOk ? (pet['name'] as string) : '', ...(pet['tag'] !== undefined ? { tag: pet['tag'] as string } : {}) };
        pets.set(stored.id, stored);
        return send(res, 200, fault === 'response_schema_conformance' ? { ...stored, id: String(stored.id) } : stored);
      }
      if (item && (req.method === 'GET' || req.method === 'DELETE')) {
        const id = Number(item[1]);
        if (!Number.isInteger(id)) return error(res, 400, 'id must be an int64');
        if (req.method === 'GET' && fault === 'not_a_server_error') return error(res, 500, 'the database is down');
        const pet = pets.get(id);
        if (!pet) return error(res, 404, `no pet ${id}`);
        if (req.method === 'DELETE') {
          pets.delete(id);
          return send(res, 204);
        }
        return send(res, 200, pet);
      }
      // A method the path does not have: 405 with Allow, as HTTP says (unsupported_method).
      if (url.pathname === '/pets' || item) {
        res.setHeader('allow', url.pathname === '/pets' ? 'GET, POST' : 'GET, DELETE');
        return error(res, 405, `${req.method ?? ''} is not allowed`);
      }
      return error(res, 404, 'no such route');
    });
  };
}

async function run(fault: Fault): Promise<{ checks: CheckName[]; text: string; ran: Set<string> }> {
  const model = await buildModel(SPEC);
  const report = await runConformance({ model, fetch: toFetchHandler(petstore(fault)), maxExamples: 25, seed: 7 });
  const ran = new Set(
    report.operations.flatMap((o) =>
      Object.entries(o.checks)
        .filter(([, t]) => (t?.passed ?? 0) + (t?.failed ?? 0) > 0)
        .map(([c]) => c),
    ),
  );
  return { checks: [...new Set(report.failures.map((f) => f.check))].sort(), text: report.failures.map(describeFailure).join('\n'), ran };
}

describe('petstore-expanded (a public contract) against a hand-written server', () => {
  it('the faultless server passes every check that applies', async () => {
    const { checks, text, ran } = await run('none');
    expect(checks, text).toEqual([]);
    for (const check of [
      'not_a_server_error',
      'status_code_conformance',
      'content_type_conformance',
      'response_schema_conformance',
      'negative_data_rejection',
      'positive_data_acceptance',
    ])
      expect(ran).toContain(check);
  });

  it.each(['not_a_server_error', 'content_type_conformance', 'response_schema_conformance', 'negative_data_rejection', 'positive_data_acceptance'] as const)(
    'the %s fault is found by that check alone',
    async (fault) => {
      const { checks, text } = await run(fault);
      expect(checks, text).toEqual([fault]);
    },
  );
});
