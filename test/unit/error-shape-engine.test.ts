/**
 * One error-shape engine (src/contract/tables/error-shapes.ts): the error body of every status a
 * contract declares, and the interface's own error shape for the answers it does not declare, come
 * from one inference with one list of names. The cases are schemas on which two engines used to
 * disagree; each now has one answer. The last tests fail when a second module defines error-shape
 * inference again.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import type { JsonSchema } from '../../src/contract/model.js';
import { errorTemplate } from '../../src/contract/tables/error-shapes.js';
import { HttpError, templatedErrorBody } from '../../src/runtime/shared/errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `error-shape-engine-${process.pid}`);
mkdirSync(TMP, { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const MESSAGE = 'the request breaks the contract';
const DETAIL = 'query parameter "limit" must be <= 10';
const FULL = `${MESSAGE}: ${DETAIL}`;
const badRequest = (): HttpError => new HttpError(400, MESSAGE, [{ in: 'query', name: 'limit', message: 'must be <= 10' }]);

const str = { type: 'string' };
const STRIPE_ERROR: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: {
    code: { type: 'string', maxLength: 5000 },
    doc_url: { type: 'string', maxLength: 5000 },
    message: { type: 'string', maxLength: 40000 },
    param: { type: 'string', maxLength: 5000 },
    type: { type: 'string', enum: ['api_error', 'card_error', 'idempotency_error', 'invalid_request_error'] },
  },
};
const COMPONENTS: Record<string, JsonSchema> = { api_errors: STRIPE_ERROR };
const resolveRef = (ref: string): JsonSchema | undefined => COMPONENTS[ref.replace('#/components/schemas/', '')];

/** [name, { schema, want }]: the body of a 400 whose query parameter `limit` broke the contract. */
const CASES: Array<[string, { schema: JsonSchema; want: unknown }]> = [
  [
    "GitHub's basic error: a string status carries the status, not specforge's code",
    {
      schema: { type: 'object', properties: { message: str, documentation_url: str, url: str, status: str } },
      want: { message: FULL, status: '400' },
    },
  ],
  [
    'a lone { error: string } carries the message, not a code',
    { schema: { type: 'object', required: ['error'], properties: { error: str } }, want: { error: FULL } },
  ],
  [
    '{ status: enum, error: string }: the message in error, the enum sampled',
    {
      schema: { type: 'object', required: ['status', 'error'], properties: { error: str, status: { type: 'string', enum: ['error'] } } },
      want: { error: FULL, status: 'error' },
    },
  ],
  [
    "OAuth's { error, error_description }: error is the code, error_description the message",
    {
      schema: { type: 'object', required: ['error'], properties: { error: str, error_description: str } },
      want: { error: 'bad_request', error_description: FULL },
    },
  ],
  [
    "Stripe's { error: { type, message, param, code } }: bounded texts carry the message, the parameter and the code",
    {
      schema: { type: 'object', required: ['error'], properties: { error: { $ref: '#/components/schemas/api_errors' } } },
      want: { error: { code: 'bad_request', message: FULL, param: 'limit', type: 'api_error' } },
    },
  ],
  ["Figma's { status, err }", { schema: { type: 'object', properties: { status: { type: 'number' }, err: str } }, want: { status: 400, err: FULL } }],
  [
    'an enum code keeps to its enum (no bad_request the schema forbids)',
    {
      schema: {
        type: 'object',
        required: ['error'],
        properties: {
          error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string', enum: ['BadRequest', 'NotFound'] }, message: str } },
        },
      },
      want: { error: { code: 'BadRequest', message: FULL } },
    },
  ],
  [
    'names written another way: errorMsg, ErrorCode',
    { schema: { type: 'object', properties: { ErrorCode: str, errorMsg: str, commit: str } }, want: { ErrorCode: 'bad_request', errorMsg: FULL } },
  ],
  [
    'a message property named by its suffix (UserMessage)',
    { schema: { type: 'object', properties: { UserMessage: str, MoreInfo: str } }, want: { UserMessage: FULL } },
  ],
  [
    '{ code: integer, message } (both engines agreed): the status in code',
    { schema: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: str } }, want: { code: 400, message: FULL } },
  ],
  [
    'a details array names the field; the message stays short',
    {
      schema: {
        type: 'object',
        required: ['message'],
        properties: { message: str, errors: { type: 'array', items: { type: 'object', properties: { field: str, message: str } } } },
      },
      want: { message: MESSAGE, errors: [{ field: 'limit', message: DETAIL }] },
    },
  ],
  [
    'a status bounded to 100..599 still carries the status',
    {
      schema: {
        type: 'object',
        properties: { error: { type: 'object', properties: { message: str, status: { type: 'integer', minimum: 100, maximum: 599 } } } },
      },
      want: { error: { message: FULL, status: 400 } },
    },
  ],
  [
    'a closed { validation_errors: [{ error_code, error_text }] }: each detail in its own item',
    {
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          validation_errors: { type: 'array', items: { type: 'object', additionalProperties: false, properties: { error_code: str, error_text: str } } },
        },
      },
      want: { validation_errors: [{ error_code: 'bad_request', error_text: DETAIL }] },
    },
  ],
  [
    'an enum of statuses takes the status where it lists it',
    {
      schema: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer', enum: [404, 400] }, message: str } },
      want: { code: 400, message: FULL },
    },
  ],
  [
    'an enum of statuses that does not list it keeps to the enum',
    {
      schema: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer', enum: [404] }, message: str } },
      want: { code: 404, message: FULL },
    },
  ],
  [
    'what specforge cannot fill and is required is sampled from its schema',
    {
      schema: { type: 'object', required: ['message', 'tenant'], properties: { message: str, tenant: { type: 'string', enum: ['acme'] } } },
      want: { message: FULL, tenant: 'acme' },
    },
  ],
];

describe('one error-shape engine: one answer per schema', () => {
  it.each(CASES)('%s', (_name, { schema, want }) => {
    expect(templatedErrorBody(errorTemplate(schema, resolveRef, 400), badRequest())).toEqual(want);
  });

  it("a union of every error type, each with its own status (Increase's anyOf): a 400 takes the 400 alternative", () => {
    const kind = (status: number, type: string): JsonSchema => ({
      type: 'object',
      required: ['type', 'title', 'status'],
      properties: { detail: { type: ['string', 'null'] }, status: { type: 'integer', enum: [status] }, title: str, type: { type: 'string', enum: [type] } },
    });
    const union = { anyOf: [kind(404, 'api_method_not_found_error'), kind(400, 'invalid_parameters_error'), kind(409, 'idempotency_key_conflict_error')] };
    expect(templatedErrorBody(errorTemplate(union, resolveRef, 400), badRequest())).toEqual({
      detail: FULL,
      status: 400,
      title: MESSAGE,
      type: 'invalid_parameters_error',
    });
  });
});

/** A contract whose only declared error is `default` with `schema`; the server's 404 for an unknown path is not declared. */
function contract(name: string, schema: unknown): string {
  const doc = {
    openapi: '3.1.0',
    info: { title: name, version: '1' },
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 } }],
          responses: {
            '200': { description: 'items', content: { 'application/json': { schema: { type: 'array', items: str }, example: ['a'] } } },
            default: { description: 'an error', content: { 'application/json': { schema } } },
          },
        },
      },
    },
  };
  const file = join(TMP, `${name}.yaml`);
  writeFileSync(file, stringify(doc));
  return file;
}

describe("the interface's error shape comes from the same engine", () => {
  it("an answer the contract does not declare (404, unknown path) has the same shape as a declared one (GitHub's string status)", async () => {
    const file = contract('github', { type: 'object', properties: { message: str, documentation_url: str, status: str } });
    const mock = await createMockFromSpec(file);
    const declared = await mock.fetch(new Request('http://x/items?limit=99'));
    expect(declared.status).toBe(400);
    expect(await declared.json()).toEqual({ message: expect.stringMatching(/limit/), status: '400' });
    const undeclared = await mock.fetch(new Request('http://x/nowhere'));
    expect(undeclared.status).toBe(404);
    expect(await undeclared.json()).toEqual({ message: expect.any(String), status: '404' });
  });

  it("GitBook's per-status enum ({ error: { code: { enum: [400] }, message } }): an undeclared 404 says 404, a declared 400 says 400", async () => {
    const file = contract('gitbook', {
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer', enum: [400] }, message: str } } },
    });
    const mock = await createMockFromSpec(file);
    const declared = await mock.fetch(new Request('http://x/items?limit=99'));
    expect(await declared.json()).toEqual({ error: { code: 400, message: expect.stringMatching(/limit/) } });
    const undeclared = await mock.fetch(new Request('http://x/nowhere'));
    expect(undeclared.status).toBe(404);
    expect(await undeclared.json()).toEqual({ error: { code: 404, message: expect.any(String) } });
  });

  it('an OAuth-style error: the undeclared answer has error as the code and error_description as the message, like the declared one', async () => {
    const file = contract('oauth', { type: 'object', required: ['error'], properties: { error: str, error_description: str } });
    const mock = await createMockFromSpec(file);
    const undeclared = await mock.fetch(new Request('http://x/nowhere'));
    expect(await undeclared.json()).toEqual({ error: 'not_found', error_description: expect.any(String) });
  });
});

/** Hand-written TypeScript under src/ and generators/ (not the compiled run-time package). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'dist' && entry.name !== 'node_modules') out.push(...sources(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const ENGINE = 'src/contract/tables/error-shapes.ts';
/** The run-time half: it fills what the engine decided (templates, the explicit x-specforge-error fields) and infers nothing. */
const FILLER = 'src/runtime/shared/errors.ts';
/**
 * The client's reader: where the generated call table names no pointer (an undeclared status, a
 * contract with no error schema), ApiError.message is read from the places error bodies commonly
 * use. It reads one answer and infers no shape; the run-time package cannot import the engine.
 */
const READER = 'src/runtime/client/error-message.ts';
/** Names only a list of message-like property names holds. */
const NAME_LIST = /['"](error_description|errorMessage|error_message|errormessage|errordescription|errorMsg|errormsg)['"]/;
/** A function named for error bodies, shapes or templates. */
const INFERENCE_FUNCTION =
  /(?:\bfunction\s*\*?\s*|\b(?:const|let|var)\s+)(\w*(?:ErrorBody|errorBody|ErrorShape|errorShape|ErrorTemplate|errorTemplate)\w*)\b(?:\s*=\s*(?:async\s*)?(?:\(|function\b|\w+\s*=>))?/g;

function markers(text: string): { nameList: boolean; functions: string[] } {
  const functions: string[] = [];
  // A `function` declaration, or a variable whose value is a function (not one holding a call's result).
  for (const m of text.matchAll(INFERENCE_FUNCTION)) if (m[0].startsWith('function') || m[0].includes('=')) functions.push(m[1] as string);
  return { nameList: NAME_LIST.test(text), functions };
}

describe('a second error-shape engine is caught', () => {
  const files = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'generators'))].map((f) => relative(ROOT, f).split('\\').join('/'));

  it('only the engine holds a list of message-like property names', () => {
    const holders = files.filter((f) => markers(readFileSync(join(ROOT, f), 'utf8')).nameList);
    holders.sort();
    expect(holders).toEqual([ENGINE, READER].sort());
  });

  it('only the engine (and the run-time filler) define functions named for error bodies, shapes or templates', () => {
    const found = files.flatMap((f) => markers(readFileSync(join(ROOT, f), 'utf8')).functions.map((name) => `${f}: ${name}`));
    const outside = found.filter((entry) => !entry.startsWith(`${ENGINE}:`) && !entry.startsWith(`${FILLER}:`));
    expect(outside).toEqual([]);
    expect(found.some((entry) => entry.startsWith(`${ENGINE}:`))).toBe(true);
  });

  it('the markers see a copied engine', () => {
    const copy = "const MESSAGE_NAMES = ['message', 'error_description', 'detail'];\nfunction inferredErrorBody(model: unknown) { return model; }\n";
    expect(markers(copy)).toEqual({ nameList: true, functions: ['inferredErrorBody'] });
    const arrow = 'export const buildErrorShape = (schema: unknown) => schema;\n';
    expect(markers(arrow).functions).toEqual(['buildErrorShape']);
    expect(markers('const errorBody = errorBodySpec(model, resolve);').functions).toEqual([]);
  });
});
