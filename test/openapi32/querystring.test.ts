/**
 * OpenAPI 3.2 `in: querystring` end to end, on one contract (querystring-contract.ts): the whole
 * query string is one parameter, read by its media type (a form with `encoding`, JSON, plain
 * text). Modelled (one parameter with its schema and media type, no warning; two querystrings, one
 * beside query parameters, or one without content refused at its line), typed (the operation's
 * `parameters.query` is the querystring's object), served by the generated node:http server (parsed,
 * validated, handed to the handler as `ctx.params.query`; a bad one is a 400 naming the field),
 * mocked, and sent by the SDK (written by the media type) against the mock.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { getLineColLocation } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { runConformance } from '../../src/conformance/run.js';
import { ContractError } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { sanitizeForDocs } from '../../src/docs/sanitize.js';
import { writeContractSite } from '../../src/docs/site/site.js';
import { lintSpecs } from '../../src/lint/lint.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { serializeQuerystring } from '../../src/runtime/client/querystring.js';
import type { AnyHandler, RequestListener } from '../../src/runtime/server/server.js';
import { QUERYSTRING_CONTRACT } from './querystring-contract.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `openapi32-querystring-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');
const OUT = join(TMP, 'generated');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TS7 = join(ROOT, 'test', '.tmp', 'ts7-cache', 'node_modules', 'typescript', 'bin', 'tsc');

let generated: Awaited<ReturnType<typeof generateSpec>>;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(SPEC, QUERYSTRING_CONTRACT);
  generated = await generateSpec(
    { path: SPEC, api: 'qs', out: OUT, targets: ['types', 'validators', 'server', 'sdk', 'client'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
}, 60_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

async function listen(listener: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createHttpServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function closed(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
}

function errorsOf(text: string): Promise<string[]> {
  const file = join(TMP, `bad-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  return buildModel(file).then(
    () => [],
    (err: unknown) =>
      err instanceof ContractError ? err.diagnostics.map((d) => `${d.location?.line}:${d.location?.col} ${d.code} ${d.message}`) : [String(err)],
  );
}

const lineOf = (text: string, needle: string, from = 0): number => text.split('\n').findIndex((l, i) => i >= from && l.includes(needle)) + 1;

describe('in: querystring (OpenAPI 3.2)', () => {
  it('is modelled as one parameter with its media type, schema and encoding, with no warning', async () => {
    const model = await buildModel(SPEC);
    expect(model.warnings).toEqual([]);
    const [search, json, select] = model.operations;
    expect(search?.parameters.map((p) => [p.in, p.name, p.contentType, p.required])).toEqual([
      ['querystring', 'filter', 'application/x-www-form-urlencoded', true],
    ]);
    expect(search?.parameters[0]?.encoding).toEqual({ ids: { style: 'form', explode: false } });
    expect(json?.parameters[0]?.schema).toMatchObject({ type: 'object' });
    expect(select?.parameters[0]?.contentType).toBe('application/jsonpath');
  });

  it('is refused beside a query parameter, twice, or without content, at its line', async () => {
    const beside = QUERYSTRING_CONTRACT.replace(
      '        - name: filter\n          in: querystring',
      '        - { name: page, in: query, schema: { type: integer } }\n        - name: filter\n          in: querystring',
    );
    expect(await errorsOf(beside)).toEqual([
      `${lineOf(beside, 'in: querystring')}:11 SPECFORGE_QUERYSTRING_PARAMETER GET /search: the querystring parameter "filter" is beside the query parameter "page": the querystring is the whole query string (put "page" in its schema)`,
    ]);
    const twice = QUERYSTRING_CONTRACT.replace(
      '        - name: json\n          in: querystring',
      '        - { name: other, in: querystring, content: { text/plain: { schema: { type: string } } } }\n        - name: json\n          in: querystring',
    );
    const second = lineOf(twice, 'in: querystring', lineOf(twice, '- { name: other'));
    expect(await errorsOf(twice)).toEqual([
      `${second}:11 SPECFORGE_QUERYSTRING_PARAMETER GET /json: the querystring parameter "json" is a second one beside "other": an operation's query string is one parameter`,
    ]);
    const bare = QUERYSTRING_CONTRACT.replace(
      '        - name: selector\n',
      '        - { name: bare, in: querystring, schema: { type: string } }\n        - name: selector\n',
    );
    expect(await errorsOf(bare)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^${lineOf(bare, '- { name: bare')}:\\d+ SPECFORGE_QUERYSTRING_PARAMETER GET /select: the querystring parameter "bare" has no content`),
        ) as string,
      ]),
    );
  });

  it('is typed as the operation query, a server handler and an SDK call that compile under tsc --strict (TypeScript 5.9 and 7)', () => {
    expect(generated.warnings.filter((w) => w.code === 'SPECFORGE_UNSUPPORTED_FEATURE')).toEqual([]);
    const types = readFileSync(join(OUT, 'types.ts'), 'utf8');
    expect(types).not.toContain('specforge:querystring');
    const app = join(TMP, 'app.ts');
    writeFileSync(
      app,
      `import { createServer, type Handlers } from './generated/server.js';
import { createSdkClient, search, jsonQuery, select } from './generated/sdk.js';
import { createClient } from './generated/client.js';
const handlers: Handlers = {
  search: (ctx) => {
    const foo: string = ctx.params.query.foo;
    const bar: boolean | undefined = ctx.params.query.bar;
    return { status: 200, body: { foo, bar } };
  },
  jsonQuery: (ctx) => ({ status: 200, body: { count: ctx.params.query.numbers?.length ?? 0 } }),
  select: (ctx) => {
    const text: string = ctx.params.query;
    return text === '' ? { status: 204 } : { status: 204 };
  },
};
export const listener = createServer(handlers);
export async function call(baseUrl: string): Promise<boolean> {
  const client = createSdkClient({ baseUrl });
  const found = await search(client, { query: { foo: 'a + b', bar: true, tags: ['x'] } });
  const counted = await jsonQuery(client, { query: { numbers: [1, 2], flag: null } });
  const none = await jsonQuery(client, {});
  const picked = await select(client, { query: '$.a' });
  // @ts-expect-error: foo is required by the querystring's schema
  await search(client, { query: { bar: true } });
  const pathStyle = await createClient({ baseUrl }).GET('/json', { params: { query: { numbers: [1], flag: true } } });
  return found.ok && counted.ok && none.ok && picked.ok && pathStyle.response.ok;
}
`,
    );
    writeFileSync(
      join(TMP, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          paths: { '@specforge/runtime/*': [join(ROOT, 'src', 'runtime', 'entry', '*.ts')] },
        },
        files: [app],
      }),
    );
    // TypeScript 5.9, and 7 where the typecheck suite has installed it.
    for (const compiler of existsSync(TS7) ? [TSC, TS7] : [TSC]) {
      const r = spawnSync(process.execPath, [compiler, '-p', join(TMP, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
  }, 120_000);

  it('is parsed, validated and handed over whole by the generated node:http server; a bad one is a 400 naming the field', async () => {
    const { createServer } = (await import(join(OUT, 'server.ts'))) as { createServer: (h: Record<string, AnyHandler>) => RequestListener };
    const seen: unknown[] = [];
    const listener = createServer({
      search: (ctx) => {
        seen.push(ctx.params.query);
        return { status: 200, body: { foo: 'x' } };
      },
      jsonQuery: (ctx) => {
        seen.push(ctx.params.query);
        return { status: 200, body: { count: 0 } };
      },
      select: (ctx) => {
        seen.push(ctx.params.query);
        return { status: 204 };
      },
    });
    const { url, server } = await listen(listener);
    try {
      expect((await fetch(`${url}/search?foo=a+%2B+b&bar=true&tags=x&tags=y&ids=1,2`)).status).toBe(200);
      expect(seen.pop()).toEqual({ foo: 'a + b', bar: true, tags: ['x', 'y'], ids: [1, 2] });
      const long = await fetch(`${url}/search?foo=much+too+long+a+value`);
      expect(long.status).toBe(400);
      expect(JSON.stringify(await long.json())).toMatch(/foo/);
      const missing = await fetch(`${url}/search?bar=true`);
      expect(missing.status).toBe(400);
      expect(JSON.stringify(await missing.json())).toMatch(/foo/);
      expect((await fetch(`${url}/search`)).status).toBe(400);
      expect((await fetch(`${url}/search?foo=a&extra=1`)).status).toBe(400);
      expect(seen).toEqual([]);
      expect((await fetch(`${url}/json?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D`)).status).toBe(200);
      expect(seen.pop()).toEqual({ numbers: [1, 2], flag: null });
      expect((await fetch(`${url}/json`)).status).toBe(200);
      // An API key the operation's security takes in the query is not part of the querystring.
      expect((await fetch(`${url}/json?%7B%22numbers%22%3A%5B4%5D%7D&api_key=k`)).status).toBe(200);
      expect(seen.pop()).toEqual({ numbers: [4] });
      const badJson = await fetch(`${url}/json?${encodeURIComponent('{"numbers":["one"]}')}`);
      expect(badJson.status).toBe(400);
      expect(JSON.stringify(await badJson.json())).toMatch(/numbers/);
      expect((await fetch(`${url}/select?%24.a.b%5B1%3A1%5D`)).status).toBe(204);
      expect(seen.pop()).toBe('$.a.b[1:1]');
      expect((await fetch(`${url}/select?a.b`)).status).toBe(400);
    } finally {
      await closed(server);
    }
  });

  it('is checked by the mock, and sent by the SDK written by its media type', async () => {
    const mock = await createMockFromSpec(SPEC);
    expect((await mock.fetch(new Request('http://mock.test/search?foo=a+%2B+b&bar=true'))).status).toBe(200);
    expect((await mock.fetch(new Request('http://mock.test/search?bar=maybe&foo=x'))).status).toBe(400);
    expect((await mock.fetch(new Request('http://mock.test/search?bar=true'))).status).toBe(400);
    const sdk = (await import(join(OUT, 'sdk.ts'))) as {
      createSdkClient: (o: { baseUrl: string; fetch: (r: Request) => Promise<Response> }) => unknown;
      search: (c: unknown, a: unknown) => Promise<{ ok: boolean; status: number }>;
      jsonQuery: (c: unknown, a: unknown) => Promise<{ ok: boolean; status: number }>;
    };
    const sent: string[] = [];
    const client = sdk.createSdkClient({
      baseUrl: 'http://mock.test',
      fetch: (request) => {
        sent.push(new URL(request.url).search);
        return mock.fetch(request);
      },
    });
    expect((await sdk.search(client, { query: { foo: 'a + b', bar: true, ids: [1, 2] } })).status).toBe(200);
    expect((await sdk.jsonQuery(client, { query: { numbers: [1, 2], flag: null } })).status).toBe(200);
    // The mock refuses what breaks the schema.
    expect((await sdk.search(client, { query: { foo: 'much too long a value' } })).status).toBe(400);
    expect(sent).toEqual(['?foo=a+%2B+b&bar=true&ids=1%2C2', '?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D', '?foo=much+too+long+a+value']);
    // The path-style client (openapi-fetch) writes it by its media type too, the API key after it.
    const { createClient } = (await import(join(OUT, 'client.ts'))) as {
      createClient: (o: { baseUrl: string; fetch: (r: Request) => Promise<Response>; auth?: Record<string, string> }) => {
        GET: (path: string, init: unknown) => Promise<{ response: Response }>;
      };
    };
    const pathStyle = createClient({
      baseUrl: 'http://mock.test',
      auth: { key: 'k' },
      fetch: (request) => {
        sent.push(new URL(request.url).search);
        return mock.fetch(request);
      },
    });
    expect((await pathStyle.GET('/json', { params: { query: { numbers: [5] } } })).response.status).toBe(200);
    // (This client sends its API key on every call: /search, which takes none, would refuse it as an unknown property.)
    const anonymous = createClient({
      baseUrl: 'http://mock.test',
      fetch: (request) => {
        sent.push(new URL(request.url).search);
        return mock.fetch(request);
      },
    });
    expect((await anonymous.GET('/search', { params: { query: { foo: 'a + b', bar: true } } })).response.status).toBe(200);
    expect(sent.slice(-2)).toEqual(['?%7B%22numbers%22%3A%5B5%5D%7D&api_key=k', '?foo=a+%2B+b&bar=true']);
    // The specification's serializations.
    expect(serializeQuerystring({ foo: 'a + b', bar: true }, 'application/x-www-form-urlencoded')).toBe('foo=a+%2B+b&bar=true');
    expect(serializeQuerystring('$.a.b[1:1]', 'application/jsonpath')).toBe('%24.a.b%5B1%3A1%5D');
  });

  it('is tested by `specforge test` against the mock: a valid one sent (a documented serializedValue as written), invalid ones refused; a server that ignores it is reported', async () => {
    const model = await buildModel(SPEC);
    const mock = await createMockFromSpec(SPEC);
    const sent: string[] = [];
    const run = (fetch: (r: Request) => Promise<Response>): ReturnType<typeof runConformance> =>
      runConformance({
        model,
        fetch: (r) => {
          sent.push(`${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`);
          return fetch(r);
        },
        maxExamples: 5,
        seed: 7,
      });
    const report = await run((r) => mock.fetch(r));
    expect(report.failures.map((f) => `${f.operationId} ${f.check}: ${f.message}`)).toEqual([]);
    // The documented examples, as the contract writes them.
    expect(sent).toContain('GET /search?foo=a+%2B+b&bar=true');
    // Its API key (security in the query) beside it.
    expect(sent).toContain('GET /json?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D&api_key=conformance-key');
    // Invalid ones: foo too long, foo missing, bar not a boolean.
    expect(sent.some((s) => /^GET \/search\?foo=x{11}/.test(s))).toBe(true);
    expect(sent.some((s) => s.startsWith('GET /search?bar=true') && !s.includes('foo='))).toBe(true);
    expect(sent.some((s) => s.includes('bar=maybe'))).toBe(true);
    // A server that reads no query string answers them all 200: reported.
    const ignoring = await run(async (r) => {
      const path = new URL(r.url).pathname;
      if (path === '/select') return new Response(null, { status: 204 });
      return Response.json(path === '/search' ? { foo: 'x' } : { count: 0 });
    });
    expect(ignoring.failures.filter((f) => f.operationId === 'search').map((f) => f.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/foo/) as string]),
    );
  });

  it('is documented: the operation page shows the querystring with its media type and schema, its example with the query string sent, and the curl sample sends it', async () => {
    const model = await buildModel(SPEC);
    const out = join(TMP, 'site');
    writeContractSite({ out, api: 'qs', model, document: sanitizeForDocs(model.document), extraLinks: [], hasTheme: false });
    const pages = readdirSync(join(out, 'qs'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.html'))
      .map((f) => readFileSync(join(out, 'qs', f), 'utf8'));
    const page = pages.find((html) => html.includes('Query string <code>filter</code>')) ?? '';
    expect(page).toContain('querystring (<code>application/x-www-form-urlencoded</code>)');
    expect(page).toMatch(
      /Query string <code>filter<\/code><\/h4><p class="content-type"><code>application\/x-www-form-urlencoded<\/code><\/p>[\s\S]*?foo[\s\S]*?maxLength|foo[\s\S]*?10/,
    );
    expect(page).toContain('sent as</span> <code>foo=a+%2B+b&amp;bar=true</code>');
    expect(page).toMatch(/curl [^\n]*\/search\?foo=a\+%2B\+b&amp;bar=true/);
  });

  it('is linted: a querystring beside a query parameter, a second one, or one without content found at its line', async () => {
    const lintOf = async (text: string): Promise<Array<[number | undefined, string]>> => {
      const file = join(TMP, `lint-${Math.random().toString(36).slice(2)}.yaml`);
      writeFileSync(file, text);
      const [result] = await lintSpecs([file]);
      return (result?.problems ?? [])
        .filter((p) => p.severity === 'error')
        .map((p) => [p.location[0] === undefined ? undefined : getLineColLocation(p.location[0]).start.line, `${p.ruleId}: ${p.message}`]);
    };
    expect(await lintOf(QUERYSTRING_CONTRACT)).toEqual([]);
    const beside = QUERYSTRING_CONTRACT.replace(
      '        - name: filter\n          in: querystring',
      '        - { name: page, in: query, schema: { type: integer } }\n        - name: filter\n          in: querystring',
    );
    const besideLines = (await lintOf(beside)).map(([line]) => line);
    expect(besideLines.some((line) => line !== undefined && line >= lineOf(beside, '- { name: page') && line <= lineOf(beside, 'in: querystring'))).toBe(true);
    const twice = QUERYSTRING_CONTRACT.replace(
      '        - name: json\n          in: querystring',
      '        - { name: other, in: querystring, content: { text/plain: { schema: { type: string } } } }\n        - name: json\n          in: querystring',
    );
    const twiceFound = await lintOf(twice);
    expect(twiceFound.some(([line]) => line !== undefined && line >= lineOf(twice, '- { name: other') && line <= lineOf(twice, '- { name: other') + 2)).toBe(
      true,
    );
    // No content: the specification requires it of a querystring parameter; generate refuses it too (above).
    const bare = QUERYSTRING_CONTRACT.replace(/          content:\n            application\/jsonpath:\n.*\n.*\n/, '          schema: { type: string }\n');
    expect(bare).not.toContain('application/jsonpath');
    const bareFound = await lintOf(bare);
    expect(bareFound).toEqual([
      [
        lineOf(bare, '- name: selector'),
        expect.stringMatching(/SPECFORGE_QUERYSTRING_PARAMETER: GET \/select: the querystring parameter "selector" has no content/) as string,
      ],
    ]);
  });
});
