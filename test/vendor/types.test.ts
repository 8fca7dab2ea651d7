/**
 * The generated types say what the contract means and what the server does: an optional request
 * body may be absent (the handler gets `undefined`, the client may leave it out), a readOnly
 * property is left out of requests and a writeOnly one out of responses, a partial
 * implementation compiles without a cast and its missing operations answer 501, and wrong code is
 * reported where it is wrong: a misspelled property named at the value, a stream only where the
 * contract declares one, a misspelled security scheme in the client's `auth`.
 */
import { once } from 'node:events';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { HandlerResponse, RequestContext, RequestListener } from '../../src/runtime/server/server.js';
import { typeCheck } from '../support/type-errors.js';

const SPEC = resolve('test/fixtures/types-contract/openapi.yaml');
const TMP = resolve('test/.tmp', `types-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
const GEN = join(TMP, 'gen');

/** A partial implementation that must compile as written: optional body read with care, a stream where one is declared. */
const GOOD = `import { createPartialServer } from './gen/server.js';
import { createClient } from './gen/client.js';

export const listener = createPartialServer({
  createThing: ({ body, reply }) => reply(201, { id: 't1', name: body?.name ?? 'unnamed' }),
  replaceThing: ({ body, params }) => ({ status: 200, body: { id: params.path.id, name: body.name } }),
  streamEvents: () => ({ status: 200, body: (async function* () { yield 'data: hello\\n\\n'; })() }),
});

export const accounts = createPartialServer({
  createAccount: ({ body, reply }) => reply(201, { login: body.login, createdBy: 'server', created: 'now' }),
});

const client = createClient({ baseUrl: 'http://127.0.0.1:1', auth: { bearerAuth: 'token', apiKey: 'key' } });
export const call = () => client.POST('/things', {});
export const created = () => client.POST('/accounts', { body: { login: 'l', password: 'p' } }).then(({ data }) => data?.created);
`;

/** Each wrong line ends with a marker naming what tsc must say at that line. */
const WRONG = `import { createPartialServer, type Handlers } from './gen/server.js';
import { createClient } from './gen/client.js';

export const optionalBody: Partial<Handlers> = {
  createThing: ({ body, reply }) => reply(201, { id: 't1', name: body.name }), // @body-possibly-undefined
};
export const misspelled: Partial<Handlers> = {
  createThing: ({ reply }) => reply(201, { id: 't1', name: 'n', nmae: 'x' }), // @misspelled
};
export const wrongType: Partial<Handlers> = {
  replaceThing: ({ reply }) => reply(200, { id: 't1', name: 5 }), // @wrong-type
};
export const notAStream: Partial<Handlers> = {
  replaceThing: ({ reply }) => reply(200, (async function* () { yield 'x'; })()), // @not-a-stream
};
export const undeclared: Partial<Handlers> = {
  replaceThing: ({ reply }) => reply(201, { id: 't1', name: 'n' }), // @undeclared-status
};
export const readOnlyInRequest: Partial<Handlers> = {
  createAccount: ({ body, reply }) => reply(201, { login: 'l', createdBy: 'c', created: body.created }), // @read-only-in-request
};
export const writeOnlyInResponse: Partial<Handlers> = {
  createAccount: ({ reply }) => reply(201, { login: 'l', createdBy: 'c', password: 'p' }), // @write-only-in-response
};
createPartialServer(misspelled);
export const client = createClient({ auth: { bearerAuht: 'token' } }); // @misspelled-scheme
`;

interface Found {
  line: number;
  column: number;
  message: string;
}

function diagnosticsOf(file: string): Found[] {
  const { program } = typeCheck([file]);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: -1, character: -1 };
    if (d.file && d.file.fileName !== file.replace(/\\/g, '/'))
      throw new Error(`error outside the user's file: ${d.file.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    return { line: at.line + 1, column: at.character + 1, message: ts.flattenDiagnosticMessageText(d.messageText, '\n') };
  });
}

/** 1-based line and column of `needle` on the line carrying `marker`. */
function where(source: string, marker: string, needle: string): { line: number; column: number } {
  const lines = source.split('\n');
  const index = lines.findIndex((l) => l.includes(`// ${marker}`));
  if (index < 0) throw new Error(`no marker ${marker}`);
  const column = (lines[index] ?? '').indexOf(needle);
  if (column < 0) throw new Error(`no ${needle} on the line of ${marker}`);
  return { line: index + 1, column: column + 1 };
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  await generateSpec(
    { path: SPEC, api: 'types', out: GEN, targets: ['types', 'validators', 'server', 'client'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

describe('generated types of a contract with optional bodies, streams and two security schemes', () => {
  it('compile a partial implementation without a cast, and the client may leave an optional body out', () => {
    const file = join(TMP, 'good.ts');
    writeFileSync(file, GOOD);
    expect(diagnosticsOf(file)).toEqual([]);
  });

  describe('report deliberately wrong code at the value, in one line', () => {
    let found: Found[] = [];
    beforeAll(() => {
      const file = join(TMP, 'wrong.ts');
      writeFileSync(file, WRONG);
      found = diagnosticsOf(file);
    });

    const at = (marker: string, needle: string): Found[] => {
      const { line } = where(WRONG, marker, needle);
      return found.filter((f) => f.line === line);
    };

    it('an optional body may be undefined', () => {
      const errors = at('@body-possibly-undefined', 'body.name');
      expect(errors).toEqual([{ ...where(WRONG, '@body-possibly-undefined', 'body.name'), message: "'body' is possibly 'undefined'." }]);
    });

    it('a misspelled property is named at the property', () => {
      const errors = at('@misspelled', 'nmae');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject(where(WRONG, '@misspelled', 'nmae'));
      expect(errors[0]?.message).toMatch(/^Object literal may only specify known properties, and 'nmae' does not exist in type/);
    });

    it('a wrong type is reported at the property, not at the handler', () => {
      const errors = at('@wrong-type', 'name: 5');
      expect(errors).toEqual([{ ...where(WRONG, '@wrong-type', 'name: 5'), message: "Type 'number' is not assignable to type 'string'." }]);
    });

    it('a stream is refused where the contract declares JSON', () => {
      const errors = at('@not-a-stream', '(async');
      expect(errors).toHaveLength(1);
      expect(errors[0]?.column).toBe(where(WRONG, '@not-a-stream', '(async').column);
      expect(errors[0]?.message).toMatch(/AsyncGenerator<string, void, unknown>' is (?:missing the following properties|not assignable)/);
    });

    it('a status the operation does not declare is refused at the status', () => {
      const errors = at('@undeclared-status', '201');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject(where(WRONG, '@undeclared-status', '201'));
      expect(errors[0]?.message).toMatch(/^Argument of type '201' is not assignable to parameter of type '(?:200 \| 404|404 \| 200)'\.$/);
    });

    it("a misspelled security scheme in the client's auth is named, with the right one suggested", () => {
      const errors = at('@misspelled-scheme', 'bearerAuht');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject(where(WRONG, '@misspelled-scheme', 'bearerAuht'));
      expect(errors[0]?.message).toContain("'bearerAuht' does not exist");
      expect(errors[0]?.message).toContain("Did you mean to write 'bearerAuth'?");
    });

    it('a readOnly property is not in the request body, even where the object requires it', () => {
      const errors = at('@read-only-in-request', 'created }');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject(where(WRONG, '@read-only-in-request', 'created }'));
      expect(errors[0]?.message).toMatch(/^Property 'created' does not exist on type '\{ login: string; password\?: string \| undefined; \}'/);
    });

    it('a writeOnly property is not in the response body', () => {
      const errors = at('@write-only-in-response', 'password');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject(where(WRONG, '@write-only-in-response', 'password'));
      expect(errors[0]?.message).toMatch(
        /^Object literal may only specify known properties, and 'password' does not exist in type '\{ login: string; createdBy: string; created\?: string \| undefined; \}'/,
      );
    });

    it('and nothing else', () => {
      expect(found).toHaveLength(8);
    });
  });
});

describe('the generated partial server', () => {
  let server: Server;
  let base = '';
  const seen: Array<{ operationId: string; body: unknown }> = [];

  beforeAll(async () => {
    const mod = (await import(pathToFileURL(join(GEN, 'server.ts')).href)) as {
      createPartialServer: (
        handlers: Record<string, (ctx: RequestContext & { reply: (status: number, body?: unknown) => HandlerResponse }) => HandlerResponse>,
      ) => RequestListener;
    };
    const listener = mod.createPartialServer({
      createThing: (ctx) => {
        seen.push({ operationId: ctx.operationId, body: ctx.body });
        const name = (ctx.body as { name?: string } | undefined)?.name ?? 'unnamed';
        return ctx.reply(201, { id: 't1', name });
      },
    });
    server = createHttpServer(listener);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.close();
    await once(server, 'close');
  });

  const auth = { authorization: 'Bearer token' };

  it('hands the handler undefined for a request without an optional body, and answers its reply', async () => {
    const res = await fetch(`${base}/things`, { method: 'POST', headers: auth });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 't1', name: 'unnamed' });
    expect(seen.at(-1)).toEqual({ operationId: 'createThing', body: undefined });
  });

  it('validates an optional body when it is present', async () => {
    const ok = await fetch(`${base}/things`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'x', name: 'box' }),
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ id: 't1', name: 'box' });
    const bad = await fetch(`${base}/things`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'x', name: 5 }),
    });
    expect(bad.status).toBe(400);
  });

  it('answers 501 in the error body for an operation it does not implement', async () => {
    const res = await fetch(`${base}/things`, { headers: auth });
    expect(res.status).toBe(501);
    const body = (await res.json()) as { message?: unknown };
    expect(body.message).toBe('operation listThings has no handler');
  });

  it('checks the request of an unimplemented operation first (credentials before 501)', async () => {
    const res = await fetch(`${base}/things`);
    expect(res.status).toBe(401);
  });
});
