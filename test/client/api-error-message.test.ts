/**
 * ApiError keeps the server's reason: `message` is `operationId: status` and the message the error
 * body carries, read where the contract's error schema puts it (the error-shape engine's knowledge,
 * generated into each call table: Figma's `err`, Stripe's `error.message`, a details array, a name
 * only the engine knows), else from the common places; one line, bounded, no control character.
 * `status` narrows `body` to that status's declared type (ApiErrorOf, and TanStack's `error`), which
 * compiles under tsc --strict. Driven through msw/node, as a frontend team's tests are.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import { ApiError, unwrap } from '../../src/runtime/client/sdk.js';
import { cleanMessage, errorMessage } from '../../src/runtime/client/error-message.js';
import { typeCheck } from '../support/type-errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `api-error-message-${process.pid}`);
const SPEC = join(ROOT, 'test', 'fixtures', 'client-errors', 'openapi.yaml');
const BASE = 'https://files.example.com/v1';

type Call = (client: unknown, args: unknown) => Promise<unknown>;
interface Sdk {
  createSdkClient(options?: Record<string, unknown>): unknown;
  getFile: Call;
  postComment: Call;
  getCharge: Call;
}

let sdk: Sdk;
const server = setupServer();

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  await generateSpec(
    { path: SPEC, api: 'errors', out: TMP, targets: ['types', 'sdk', 'react-query'], strict: true },
    { cacheDir: join(TMP, '.cache'), force: true },
  );
  sdk = (await import(join(TMP, 'sdk.ts'))) as Sdk;
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  rmSync(TMP, { recursive: true, force: true });
});

/** Answers `method path` with `status`, a JSON `body` (or text), and catches what the call throws. */
async function thrown(method: 'get' | 'post', path: string, status: number, body: JsonBodyType, call: () => Promise<unknown>): Promise<ApiError> {
  server.use(
    http[method](`${BASE}${path}`, () =>
      typeof body === 'string' ? new HttpResponse(body, { status, headers: { 'content-type': 'text/html' } }) : HttpResponse.json(body, { status }),
    ),
  );
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const client = (): unknown => sdk.createSdkClient({ retry: false });
const file = (): Promise<unknown> =>
  unwrap(sdk.getFile(client(), { path: { key: 'abc' } }) as Promise<{ ok: boolean; status: number; response: Response }>, 'getFile');

describe('the call tables', () => {
  it("say where each declared error's message is, from the error-shape engine", () => {
    const source = readFileSync(join(TMP, 'sdk.ts'), 'utf8');
    // Figma's {status, err}; its {error, status, message} needs no entry (the client reads `message` first).
    expect(source).toContain('"messages":{"404":"/err","429":"/err"}');
    expect(source).toContain('"messages":{"400":"/errors/0/detail","401":"/userMessage"}');
    expect(source).toContain('"messages":{"default":"/error/message"}');
  });
});

describe('ApiError.message carries the server message', () => {
  it("Figma's two shapes", async () => {
    const missing = await thrown('get', '/files/abc', 404, { status: 404, err: 'File not found' }, file);
    expect(missing.message).toBe('getFile: 404 File not found');
    expect(missing).toMatchObject({ status: 404, declared: true, body: { status: 404, err: 'File not found' }, error: { err: 'File not found' } });
    const forbidden = await thrown('get', '/files/abc', 403, { error: true, status: 403, message: 'Invalid token' }, file);
    expect(forbidden.message).toBe('getFile: 403 Invalid token');
  });

  it('on a client that throws, where the engine knows a name the common places miss, a details array, an envelope', async () => {
    const throwing = sdk.createSdkClient({ retry: false, throwOnError: true });
    const comment = (): Promise<unknown> => sdk.postComment(throwing, { path: { key: 'abc' }, body: { message: '' } });
    expect((await thrown('post', '/files/abc/comments', 401, { code: 'E1', userMessage: 'Log in to comment' }, comment)).message).toBe(
      'postComment: 401 Log in to comment',
    );
    expect((await thrown('post', '/files/abc/comments', 400, { errors: [{ detail: 'message is empty', pointer: '/message' }] }, comment)).message).toBe(
      'postComment: 400 message is empty',
    );
    const charge = (): Promise<unknown> => sdk.getCharge(throwing, { path: { id: 'ch_1' } });
    const declined = await thrown('get', '/charges/ch_1', 402, { error: { type: 'card_error', message: 'Your card was declined.' } }, charge);
    expect(declined.message).toBe('getCharge: 402 Your card was declined.');
  });

  it('an undeclared status: the common places of a JSON body, else the status text (never an HTML page)', async () => {
    expect((await thrown('get', '/files/abc', 500, { detail: 'database down' }, file)).message).toBe('getFile: undeclared 500 database down');
    expect((await thrown('get', '/files/abc', 502, '<html><body><h1>502 Bad Gateway</h1></body></html>', file)).message).toBe(
      'getFile: undeclared 502 Bad Gateway',
    );
  });

  it('a hostile message is one line of plain text, bounded', async () => {
    const hostile = `\u001b[2J\u001b]0;owned\u0007File\r\nnot found\u202e${'x'.repeat(10_000)}`;
    const error = await thrown('get', '/files/abc', 404, { status: 404, err: hostile }, file);
    expect(error.message.startsWith('getFile: 404 [2J ]0;owned File not found')).toBe(true);
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(error.message.length).toBeLessThanOrEqual('getFile: 404 '.length + 200);
    // The body is the data as sent.
    expect((error.body as { err: string }).err).toBe(hostile);
  });

  it('reads the common places when no pointer is given', () => {
    expect(errorMessage({ message: 'a' })).toBe('a');
    expect(errorMessage({ err: 'b' })).toBe('b');
    expect(errorMessage({ error: 'invalid_grant', error_description: 'expired' })).toBe('expired');
    expect(errorMessage({ error: { message: 'c' } })).toBe('c');
    expect(errorMessage({ title: 'Not Found', detail: 'no file abc' })).toBe('no file abc');
    expect(errorMessage({ errors: [{ message: 'd' }] })).toBe('d');
    expect(errorMessage({ errors: ['e'] })).toBe('e');
    expect(errorMessage({ message: 42, title: 't' })).toBe('t');
    expect(errorMessage('{"message":"f"}')).toBe('f');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage({})).toBeUndefined();
    expect(errorMessage(Object.create({ message: 'inherited' }))).toBeUndefined();
    expect(errorMessage({ a: { b: 'g' } }, '/a/b')).toBe('g');
    expect(errorMessage({ 'a/b': 'h' }, '/a~1b')).toBe('h');
    expect(cleanMessage('  two\n\tlines  ')).toBe('two lines');
  });
});

describe('hostile property names', () => {
  it('a message property named to break out of the call table is written as data and read back', async () => {
    const name = 'a/b~c</script>*/ userMessage';
    const dir = join(TMP, 'hostile');
    mkdirSync(dir, { recursive: true });
    const spec = {
      openapi: '3.1.0',
      info: { title: 'hostile', version: '1' },
      servers: [{ url: 'https://hostile.example.com' }],
      paths: {
        '/x': {
          get: {
            operationId: 'getX',
            responses: {
              '200': { description: 'ok' },
              '409': {
                description: 'conflict',
                content: { 'application/json': { schema: { type: 'object', required: [name], properties: { [name]: { type: 'string' } } } } },
              },
            },
          },
        },
      },
    };
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(spec));
    await generateSpec(
      { path: join(dir, 'openapi.json'), api: 'hostile', out: join(dir, 'out'), targets: ['types', 'sdk'], strict: true },
      { cacheDir: join(dir, '.cache'), force: true },
    );
    const source = readFileSync(join(dir, 'out', 'sdk.ts'), 'utf8');
    expect(source).not.toContain('</script');
    expect(source).not.toMatch(/\*\/ userMessage/);
    const hostile = (await import(join(dir, 'out', 'sdk.ts'))) as { createSdkClient(o: object): unknown; getX(c: unknown): Promise<unknown> };
    server.use(http.get('https://hostile.example.com/x', () => HttpResponse.json({ [name]: 'taken by another edit' }, { status: 409 })));
    const error = await hostile.getX(hostile.createSdkClient({ throwOnError: true, retry: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('getX: 409 taken by another edit');
  });
});

describe('status narrows body', () => {
  it('compiles under tsc --strict for ApiErrorOf and TanStack query errors, and refuses a property of another status', () => {
    const good = join(TMP, 'good.ts');
    writeFileSync(
      good,
      [
        'import type { ApiErrorOf } from "@specforge/runtime/client";',
        'import { useQuery } from "@tanstack/react-query";',
        'import type { Client, GetFileResult, GetChargeResult } from "./sdk.js";',
        'import { getFileQueryOptions } from "./react-query.js";',
        'export function reason(e: ApiErrorOf<GetFileResult>): string {',
        '  if (e.status === 404) return e.body.err + e.error.err;',
        '  if (e.status === 403) return e.body.message + String(e.body.error);',
        '  return String(e.body.status);',
        '}',
        'export function charge(e: ApiErrorOf<GetChargeResult>): string | undefined {',
        '  return e.body.error.message;',
        '}',
        'export function useReason(client: Client): string {',
        '  const q = useQuery(getFileQueryOptions(client, { path: { key: "k" } }));',
        '  if (q.error?.status === 404) return q.error.body.err;',
        '  return q.error?.message ?? "";',
        '}',
        '',
      ].join('\n'),
    );
    expect(typeCheck([good]).diagnostics).toEqual([]);
    const bad = join(TMP, 'bad.ts');
    writeFileSync(
      bad,
      [
        'import type { ApiErrorOf } from "@specforge/runtime/client";',
        'import type { GetFileResult } from "./sdk.js";',
        'export function reason(e: ApiErrorOf<GetFileResult>): string {',
        '  if (e.status === 403) return e.body.err;',
        '  return "";',
        '}',
        '',
      ].join('\n'),
    );
    expect(typeCheck([bad]).diagnostics.join('\n')).toMatch(/bad\.ts:4: Property 'err' does not exist/);
  }, 60_000);
});
