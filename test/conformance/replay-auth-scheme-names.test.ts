/**
 * `auth` of runConformance in process is read as `--auth` is on the command line: a scheme name of
 * the contract, or bearer / basic / apiKey for every scheme of that kind. A name that is neither (a
 * misspelt scheme) is refused before any request, with the message the CLI gives, instead of being
 * ignored (a run that then reported every secured operation as refusing valid requests, or nothing).
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { runTest } from '../../src/cli/commands/test.js';
import { writeSpec } from './support.js';

const SPEC = writeSpec(`openapi: 3.1.0
info: { title: secured, version: 1.0.0 }
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
    keyAuth: { type: apiKey, in: header, name: X-Api-Key }
paths:
  /me:
    get:
      operationId: me
      security: [{ bearerAuth: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '401': { description: no credential }
`);

/** A server that notes the Authorization of each request and answers 200 to the right token. */
function server(): { seen: Array<string | null>; fetchHandler: (request: Request) => Response } {
  const seen: Array<string | null> = [];
  return {
    seen,
    fetchHandler: (request) => {
      const auth = request.headers.get('authorization');
      seen.push(auth);
      return auth === 'Bearer tok-1234' ? Response.json({}) : new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer realm="api"' } });
    },
  };
}

describe('runConformance auth: scheme names checked as the CLI checks them', () => {
  it('refuses a misspelt scheme before any request, with the message of the CLI', async () => {
    const { seen, fetchHandler } = server();
    const inProcess = await runConformance({ spec: SPEC, fetchHandler, phases: ['examples'], auth: { bearerAuht: 'tok-1234' } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(inProcess).toBeInstanceOf(Error);
    const message = (inProcess as Error).message;
    expect(message).toBe('auth.bearerAuht: the contract has no such security scheme; its schemes are bearerAuth, keyAuth (or use bearer, basic, apiKey)');
    expect(seen).toEqual([]);
    // The CLI says the same of `--auth bearerAuht=...`.
    const cli = await runTest({ spec: SPEC, baseUrl: 'http://127.0.0.1:9', auth: ['bearerAuht=tok-1234'], progress: false, write: () => undefined }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((cli as Error).message).toBe(message.replace(/^auth\./, '--auth '));
  });

  it('takes bearer for every bearer scheme, as --auth bearer does', async () => {
    const { seen, fetchHandler } = server();
    const report = await runConformance({ spec: SPEC, fetchHandler, phases: ['examples'], auth: { bearer: 'tok-1234' } });
    expect(seen).toContain('Bearer tok-1234');
    expect(report.failures).toEqual([]);
  });
});
