/**
 * An API key carried in `Authorization` (an `apiKey` scheme `in: header, name: Authorization`),
 * as real clients send it: `Bearer <key>`, `Token <key>` or the key alone is accepted and handed to
 * the verifier as the key with the header as sent; `Bearer ` with no key is refused with 401. The
 * mock follows the same rule, and `specforge test`'s security phase sends the empty credential.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { buildModel } from '../../src/contract/model.js';
import { toFetchHandler } from '../../src/runtime/server/fetch-adapter.js';
import { createRequestListener, type SchemeCredential } from '../../src/runtime/server/server.js';
import { runConformance } from '../../src/conformance/run.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `vendor-credentials-${process.pid}`);
mkdirSync(TMP, { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const FILE = join(TMP, 'openapi.yaml');
writeFileSync(
  FILE,
  stringify({
    openapi: '3.0.1',
    info: { title: 'vendor', version: '1' },
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    security: [{ key: [] }],
    paths: {
      '/me': {
        get: {
          operationId: 'getMe',
          responses: {
            '200': {
              description: 'me',
              content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } }, example: { id: 'u1' } } },
            },
            '401': { description: 'no' },
          },
        },
      },
    },
  }),
);

async function server(seen: SchemeCredential[]): Promise<(r: Request) => Promise<Response>> {
  const model = await buildModel(FILE);
  const listener = createRequestListener(
    apiSpec(model),
    compileValidators(model),
    { getMe: () => ({ status: 200, body: { id: 'u1' } }) },
    {
      security: {
        key: (credential) => {
          seen.push({ ...credential });
          return credential.credential === 'k3y';
        },
      },
    },
  );
  return toFetchHandler(listener);
}

function get(authorization: string | undefined): Request {
  return new Request('http://x/me', authorization === undefined ? {} : { headers: { authorization } });
}

describe('an API key in Authorization', () => {
  it('is accepted with a scheme word or alone, and the verifier gets the key and the header as sent', async () => {
    const seen: SchemeCredential[] = [];
    const fetch = await server(seen);
    for (const header of ['Bearer k3y', 'Token k3y', 'k3y', 'bearer   k3y']) {
      const res = await fetch(get(header));
      expect(res.status, header).toBe(200);
    }
    expect(seen.map((c) => [c.credential, c.raw, c.scheme])).toEqual([
      ['k3y', 'Bearer k3y', 'Bearer'],
      ['k3y', 'Token k3y', 'Token'],
      ['k3y', 'k3y', undefined],
      ['k3y', 'bearer   k3y', 'bearer'],
    ]);
    expect((await fetch(get('Bearer wrong'))).status).toBe(401);
  });

  it('an empty credential is refused with 401 and never reaches the verifier', async () => {
    const seen: SchemeCredential[] = [];
    const fetch = await server(seen);
    for (const header of ['Bearer ', 'Bearer', 'Token', undefined]) {
      const res = await fetch(get(header));
      expect(res.status, String(header)).toBe(401);
    }
    expect(seen).toEqual([]);
  });

  it('the mock applies the same rule', async () => {
    const mock = await createMockFromSpec(FILE);
    expect((await mock.fetch(get('Bearer anything'))).status).toBe(200);
    expect((await mock.fetch(get('anything'))).status).toBe(200);
    expect((await mock.fetch(get('Bearer '))).status).toBe(401);
  });

  it('specforge test passes against the mock, with --auth given with or without the word, and sends the empty credential', async () => {
    const mock = await createMockFromSpec(FILE);
    for (const auth of [{ key: 'Bearer real-key' }, { key: 'real-key' }]) {
      const sent: string[] = [];
      const report = await runConformance({
        model: await buildModel(FILE),
        auth,
        fetch: async (request: Request) => {
          sent.push(request.headers.get('authorization') ?? '(none)');
          return mock.fetch(request);
        },
      });
      expect(report.failures, JSON.stringify(auth)).toEqual([]);
      expect(sent).toContain(auth.key);
      expect(sent).toContain('Bearer');
    }
  });
});
