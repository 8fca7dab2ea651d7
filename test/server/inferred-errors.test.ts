/**
 * Without x-specforge-error, the server's own error answers take the shape and the media type the
 * contract's error responses declare: a message property (or one inside an `error` envelope), a
 * numeric status or a string code, and `application/problem+json` or a vendor JSON type where the
 * operation declares it. A schema that requires more is satisfied with values sampled from it.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `inferred-errors-${process.pid}`);
mkdirSync(TMP, { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function contract(name: string, errorSchema: unknown, errorType = 'application/json'): string {
  const doc = {
    openapi: '3.1.0',
    info: { title: name, version: '1' },
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 } }],
          responses: {
            '200': { description: 'items', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } }, example: ['a'] } } },
            default: { description: 'an error', content: { [errorType]: { schema: errorSchema } } },
          },
        },
      },
    },
  };
  const file = join(TMP, `${name}.yaml`);
  writeFileSync(file, stringify(doc));
  return file;
}

async function badRequest(file: string): Promise<{ type: string; body: Record<string, unknown> }> {
  const mock = await createMockFromSpec(file);
  const res = await mock.fetch(new Request('http://x/items?limit=99'));
  expect(res.status).toBe(400);
  return { type: res.headers.get('content-type') ?? '', body: (await res.json()) as Record<string, unknown> };
}

describe("error answers in the contract's own error shape", () => {
  it('an envelope { error: { code, message } } (cloud APIs)', async () => {
    const file = contract('envelope', {
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
    });
    const { body } = await badRequest(file);
    expect(body).toEqual({ error: { code: 'bad_request', message: expect.stringMatching(/limit/) } });
  });

  it('{ code: integer, message } with the numeric status, in application/problem+json where declared', async () => {
    const file = contract(
      'numeric',
      { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } },
      'application/problem+json',
    );
    const { body, type } = await badRequest(file);
    expect(body).toEqual({ code: 400, message: expect.stringMatching(/limit/) });
    expect(type).toBe('application/problem+json');
  });

  it('a schema that requires what specforge cannot know is satisfied: a request id, a value sampled from its schema', async () => {
    const file = contract('opaque', {
      type: 'object',
      required: ['traceId', 'message', 'tenant'],
      properties: { traceId: { type: 'string' }, message: { type: 'string' }, tenant: { type: 'string', enum: ['acme'] } },
    });
    const { body } = await badRequest(file);
    expect(body).toEqual({ traceId: expect.stringMatching(/^[0-9a-f]{16}$/), message: expect.stringMatching(/limit/), tenant: 'acme' });
  });
});
