/**
 * OpenAPI 3.2's `query` method (safe, idempotent, its criteria in a body) and `additionalOperations`
 * (custom methods: PURGE) end to end, on one contract (query-contract.ts): modelled (a custom method
 * as written; a key a fixed field covers or that is no HTTP token an error at its place), generated
 * (types, server, SDK under tsc --strict), served by the generated node:http server (QUERY's body
 * parsed and validated as POST's, 405 with an Allow that lists QUERY and PURGE), mocked, called by
 * the SDK against the mock, tested by `specforge test`, documented and diffed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { ContractError } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { withCors } from '../../src/cli/commands/mock-cors.js';
import { runConformance } from '../../src/conformance/run.js';
import { contractChangelog } from '../../src/diff/changelog.js';
import { diffModels } from '../../src/diff/operations.js';
import { writeContractSite } from '../../src/docs/site/site.js';
import { sanitizeForDocs } from '../../src/docs/sanitize.js';
import { lintSpecs } from '../../src/lint/lint.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { splitByTag } from '../../src/pipeline/split.js';
import type { AnyHandler, RequestListener } from '../../src/runtime/server/server.js';
import { QUERY_CONTRACT } from './query-contract.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `openapi32-query-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');
const OUT = join(TMP, 'generated');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TS7 = join(ROOT, 'test', '.tmp', 'ts7-cache', 'node_modules', 'typescript', 'bin', 'tsc');

let generated: Awaited<ReturnType<typeof generateSpec>>;
/** A custom method made of RFC 9110 token characters that TypeScript, HTML and shells read. */
const HOSTILE = "X'`$!|&*^~#%+-._Z";

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(SPEC, QUERY_CONTRACT);
  generated = await generateSpec(
    { path: SPEC, api: 'pets', out: OUT, targets: ['types', 'validators', 'server', 'client', 'sdk', 'react-query', 'mocks', 'msw'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  // A custom method of every character a token may have that code, HTML or a shell reads.
  writeFileSync(join(TMP, 'hostile.yaml'), QUERY_CONTRACT.replace('      PURGE:\n', `      "${HOSTILE}":\n`));
  await generateSpec(
    {
      path: join(TMP, 'hostile.yaml'),
      api: 'hostile',
      out: join(TMP, 'hostile'),
      targets: ['types', 'validators', 'server', 'client', 'sdk', 'react-query'],
      strict: true,
    },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  // The path-style client with { dates: true }: QUERY's answers read as Date too.
  await generateSpec(
    { path: SPEC, api: 'pets', out: join(TMP, 'dated'), targets: ['types', 'client'], dates: true, strict: true },
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

describe('the query method and additionalOperations (OpenAPI 3.2)', () => {
  it('are modelled: QUERY as `query`, a custom method as written, with no warning', async () => {
    const model = await buildModel(SPEC);
    expect(model.operations.map((o) => `${o.method} ${o.path} ${o.id}`)).toEqual([
      'get /pets listPets',
      'post /pets createPet',
      'query /pets searchPets',
      'PURGE /pets purgePets',
    ]);
    expect(model.operations[2]?.requestBody?.content[0]?.examples[0]?.value).toEqual({ name: 'Rex', limit: 10 });
    expect(model.operations[3]?.pointer).toBe('/paths/~1pets/additionalOperations/PURGE');
    expect(model.warnings).toEqual([]);
  });

  it('refuse an additionalOperations key a fixed field covers, or one that is no HTTP method, at its line', async () => {
    const withKey = (key: string): string =>
      QUERY_CONTRACT.replace('      PURGE:\n        operationId: purgePets', `      ${key}:\n        operationId: purgePets`);
    const line = QUERY_CONTRACT.split('\n').findIndex((l) => l === '      PURGE:') + 1;
    expect(await errorsOf(withKey('GET'))).toEqual([
      expect.stringMatching(new RegExp(`^${line}:7 SPECFORGE_INVALID_STRUCTURE .*"GET" is the fixed field "get"`)) as string,
    ]);
    expect(await errorsOf(withKey('Query'))).toEqual([expect.stringMatching(/SPECFORGE_INVALID_STRUCTURE .*"Query" is the fixed field "query"/) as string]);
    expect(await errorsOf(withKey('"BAD METHOD"'))).toEqual([
      expect.stringMatching(/SPECFORGE_INVALID_STRUCTURE .*"BAD METHOD" is not an HTTP method/) as string,
    ]);
    // A custom method keeps its case: `Purge` is another method than PURGE, and both are kept.
    const both = join(TMP, 'both.yaml');
    writeFileSync(
      both,
      withKey('Purge').replace(
        '    additionalOperations:\n',
        "    additionalOperations:\n      PURGE: { operationId: purgeAll, responses: { '204': { description: purged } } }\n",
      ),
    );
    const cased = await buildModel(both);
    expect(cased.operations.map((o) => o.method).slice(3)).toEqual(['PURGE', 'Purge']);
    // Node's parser reads PURGE, not Purge: said where it is written.
    expect(cased.warnings.map((w) => `${w.location?.line} ${w.message}`)).toEqual([
      expect.stringMatching(
        new RegExp(`^${line + 1} Purge /pets: Node's HTTP parser does not read the method Purge \\(it reads QUERY, PURGE, COPY, LINK, UNLINK`),
      ) as string,
    ]);
  });

  it('are generated into types, a server and an SDK that compile under tsc --strict, TypeScript 5.9 and 7', () => {
    expect(generated.warnings.filter((w) => w.code === 'SPECFORGE_UNSUPPORTED_FEATURE')).toEqual([]);
    const types = readFileSync(join(OUT, 'types.ts'), 'utf8');
    expect(types).toMatch(/query: \{/);
    expect(types).toMatch(/PURGE: \{/);
    expect(readFileSync(join(OUT, 'api.ts'), 'utf8')).toMatch(/searchPets: Handler<paths\["\/pets"\]\["query"\]/);
    // TanStack: a QUERY is a read (queryOptions, useQuery, its body in the key), PURGE a mutation.
    const hooks = readFileSync(join(OUT, 'react-query.ts'), 'utf8');
    expect(hooks).toMatch(/export function useSearchPets\b/);
    expect(hooks).toMatch(/export function searchPetsQueryOptions\b/);
    expect(hooks).not.toMatch(/searchPetsMutation/);
    expect(hooks).toMatch(/purgePetsMutationOptions/);
    const app = join(TMP, 'app.ts');
    writeFileSync(
      app,
      `import { createServer, type Handlers } from './generated/server.js';
import { createSdkClient, searchPets, purgePets } from './generated/sdk.js';
import { searchPetsQueryOptions } from './generated/react-query.js';
import { createClient } from './generated/client.js';
export async function pathStyle(baseUrl: string): Promise<number | undefined> {
  const { data } = await createClient({ baseUrl }).QUERY('/pets', { body: { name: 'Rex', limit: 5 } });
  return data?.[0]?.id;
}
const handlers: Handlers = {
  listPets: () => ({ status: 200, body: [] }),
  createPet: (ctx) => ({ status: 201, body: ctx.body }),
  searchPets: (ctx) => ({ status: 200, body: [{ id: ctx.body.limit ?? 1, name: ctx.body.name ?? 'any' }] }),
  purgePets: () => ({ status: 204 }),
};
export const listener = createServer(handlers);
export async function call(baseUrl: string): Promise<string | undefined> {
  const client = createSdkClient({ baseUrl });
  const found = await searchPets(client, { body: { name: 'Rex' } });
  const purged = await purgePets(client, {});
  return found.ok && purged.ok ? found.data[0]?.name : undefined;
}
import { createClient as createDatedClient } from './dated/client.js';
import type { Handlers as HostileHandlers } from './hostile/server.js';
import { purgePets as hostilePurge, createSdkClient as hostileSdk } from './hostile/sdk.js';
export const hostileHandler: HostileHandlers['purgePets'] = () => ({ status: 204 });
export const hostileCall = (): Promise<unknown> => hostilePurge(hostileSdk({}), {});
export async function born(): Promise<Date | undefined> {
  const { data } = await createDatedClient({}).QUERY('/pets', { body: { name: 'Rex' } });
  return data?.[0]?.born;
}
export const search = searchPetsQueryOptions(createSdkClient({}), { body: { name: 'Rex' } });
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
    for (const compiler of existsSync(TS7) ? [TSC, TS7] : [TSC]) {
      const r = spawnSync(process.execPath, [compiler, '-p', join(TMP, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
  }, 120_000);

  it('are served by the generated node:http server: QUERY with its body parsed and validated, PURGE routed, 405 with an Allow that lists both', async () => {
    const { createServer } = (await import(join(OUT, 'server.ts'))) as { createServer: (h: Record<string, AnyHandler>) => RequestListener };
    const seen: unknown[] = [];
    const listener = createServer({
      listPets: () => ({ status: 200, body: [] }),
      createPet: () => ({ status: 201, body: { id: 1, name: 'Rex' } }),
      searchPets: (ctx) => {
        seen.push(ctx.body);
        return { status: 200, body: [{ id: 1, name: 'Rex' }] };
      },
      purgePets: () => ({ status: 204 }),
    });
    const { url, server } = await listen(listener);
    try {
      const json = { 'content-type': 'application/json' };
      const found = await fetch(`${url}/v1/pets`, { method: 'QUERY', headers: json, body: '{"name":"Rex","limit":10}' });
      expect(found.status).toBe(200);
      expect(await found.json()).toEqual([{ id: 1, name: 'Rex' }]);
      expect(seen).toEqual([{ name: 'Rex', limit: 10 }]);
      const bad = await fetch(`${url}/v1/pets`, { method: 'QUERY', headers: json, body: '{"limit":0}' });
      expect(bad.status).toBe(400);
      expect((await fetch(`${url}/v1/pets`, { method: 'QUERY', headers: json })).status).toBe(400);
      expect((await fetch(`${url}/v1/pets`, { method: 'PURGE' })).status).toBe(204);
      const refused = await fetch(`${url}/v1/pets`, { method: 'DELETE' });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD, POST, PURGE, QUERY');
    } finally {
      await closed(server);
    }
  });

  it('are mocked: QUERY answered from the request body schema, PURGE answered, 405 with Allow listing them', async () => {
    const mock = await createMockFromSpec(SPEC);
    const found = await mock.fetch(
      new Request('http://mock.test/pets', { method: 'QUERY', headers: { 'content-type': 'application/json' }, body: '{"name":"Rex"}' }),
    );
    expect(found.status).toBe(200);
    expect(Array.isArray(await found.json())).toBe(true);
    const bad = await mock.fetch(
      new Request('http://mock.test/pets', { method: 'QUERY', headers: { 'content-type': 'application/json' }, body: '{"limit":0}' }),
    );
    expect(bad.status).toBe(400);
    expect((await mock.fetch(new Request('http://mock.test/pets', { method: 'PURGE' }))).status).toBe(204);
    const refused = await mock.fetch(new Request('http://mock.test/pets', { method: 'DELETE' }));
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD, POST, PURGE, QUERY');
  });

  it('are called by the SDK and the path-style client against the mock, and allowed by the mock CORS preflight', async () => {
    const mock = await createMockFromSpec(SPEC);
    const { url, server } = await listen(withCors(mock.listener));
    try {
      const sdk = (await import(join(OUT, 'sdk.ts'))) as {
        createSdkClient: (o: { baseUrl: string }) => unknown;
        searchPets: (c: unknown, a: unknown) => Promise<{ ok: boolean; data?: unknown; error?: unknown }>;
        purgePets: (c: unknown, a: unknown) => Promise<{ ok: boolean }>;
      };
      const client = sdk.createSdkClient({ baseUrl: url });
      const found = await sdk.searchPets(client, { body: { name: 'Rex' } });
      expect(found.ok).toBe(true);
      expect(Array.isArray(found.data)).toBe(true);
      expect((await sdk.purgePets(client, {})).ok).toBe(true);
      const refused = await sdk.searchPets(client, { body: { limit: 0 } });
      expect(refused.ok).toBe(false);
      const { createClient } = (await import(join(OUT, 'client.ts'))) as {
        createClient: (o: { baseUrl: string }) => { QUERY: (path: string, init: unknown) => Promise<{ data?: unknown; response: Response }> };
      };
      const viaPath = await createClient({ baseUrl: url }).QUERY('/pets', { body: { name: 'Rex' } });
      expect(viaPath.response.status).toBe(200);
      expect(Array.isArray(viaPath.data)).toBe(true);
      for (const method of ['QUERY', 'PURGE']) {
        const preflight = await fetch(`${url}/pets`, { method: 'OPTIONS', headers: { origin: 'https://docs.test', 'access-control-request-method': method } });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-methods')).toBe(method);
      }
    } finally {
      await closed(server);
    }
  });

  it('are documented: QUERY and PURGE badges, a curl sample with -X QUERY and the body', async () => {
    const model = await buildModel(SPEC);
    const out = join(TMP, 'site');
    writeContractSite({ out, api: 'pets', model, document: sanitizeForDocs(model.document), extraLinks: [], hasTheme: false });
    const page = readFileSync(join(out, 'pets', 'pets.html'), 'utf8');
    expect(page).toContain('<span class="method m-query">QUERY</span>');
    expect(page).toContain('<span class="method m-custom" title="custom method">PURGE</span>');
    expect(page).toMatch(/curl --globoff -X QUERY [^\n]*\/pets[\s\S]*?--data-raw[\s\S]{0,80}Rex/);
    expect(page).toMatch(/client\.QUERY\(/);
    // A custom method with characters a shell or HTML reads: escaped in the badge, quoted in curl.
    const hostile = await buildModel(join(TMP, 'hostile.yaml'));
    writeContractSite({
      out: join(TMP, 'hostile-site'),
      api: 'h',
      model: hostile,
      document: sanitizeForDocs(hostile.document),
      extraLinks: [],
      hasTheme: false,
    });
    const hostilePage = readFileSync(join(TMP, 'hostile-site', 'h', 'pets.html'), 'utf8');
    expect(hostilePage).toContain('<span class="method m-custom" title="custom method">X&#39;`$!|&amp;*^~#%+-._Z</span>');
    // In a code block only &, < and > are escaped (element content): the quoting is shell quoting.
    expect(hostilePage).toContain("curl --globoff -X 'X'\\''`$!|&amp;*^~#%+-._Z'");
  });

  it('are diffed: removing the custom method is breaking (api-custom-method-removed), QUERY is listed', async () => {
    const base = await buildModel(SPEC);
    const headFile = join(TMP, 'head.yaml');
    writeFileSync(headFile, QUERY_CONTRACT.replace(/    additionalOperations:\n[\s\S]*?(?=components:)/, ''));
    const head = await buildModel(headFile);
    expect(head.operations.map((o) => o.id)).toEqual(['listPets', 'createPet', 'searchPets']);
    const changes = diffModels(base, head);
    expect(changes.map((c) => [c.rule, c.level, c.operation?.method])).toEqual([['api-custom-method-removed', 'breaking', 'PURGE']]);
    // Removing QUERY is an operation removed, named QUERY.
    const noQuery = join(TMP, 'no-query.yaml');
    writeFileSync(noQuery, QUERY_CONTRACT.replace(/    query:\n[\s\S]*?(?=    additionalOperations:)/, ''));
    expect(diffModels(base, await buildModel(noQuery)).map((c) => [c.rule, c.operation?.method])).toEqual([['api-operation-removed', 'query']]);
    // The changelog lists QUERY and the custom method by their names, after the fixed methods.
    const empty = join(TMP, 'empty.yaml');
    writeFileSync(empty, QUERY_CONTRACT.replace(/  \/pets:\n[\s\S]*?(?=components:)/, '  {}\n'));
    const emptyModel = await buildModel(empty);
    const log = contractChangelog({ path: SPEC, base: head, head: base, changes: diffModels(head, base), since: 'v1' }, TMP);
    expect(log.operations.map((g) => [g.title, g.entries.map((e) => e.rule)])).toEqual([['PURGE /pets', ['api-operation-added']]]);
    const all = contractChangelog({ path: SPEC, base: emptyModel, head: base, changes: diffModels(emptyModel, base), since: 'v0' }, TMP);
    expect(JSON.stringify(all)).toMatch(/QUERY/);
  });

  it('are tested by `specforge test` against the mock: QUERY sent with a body from its schema, fuzzed and counted', async () => {
    const model = await buildModel(SPEC);
    const mock = await createMockFromSpec(SPEC);
    const sent: { method: string; body: boolean }[] = [];
    const report = await runConformance({
      model,
      fetch: async (r) => {
        sent.push({ method: r.method, body: (await r.clone().text()) !== '' });
        return mock.fetch(r);
      },
      maxExamples: 5,
      seed: 7,
    });
    expect(report.failures.map((f) => `${f.operationId} ${f.check}: ${f.message}`)).toEqual([]);
    const queries = sent.filter((s) => s.method === 'QUERY');
    expect(queries.length).toBeGreaterThan(3);
    expect(queries.every((q) => q.body)).toBe(true);
    expect(sent.some((s) => s.method === 'PURGE')).toBe(true);
    const covered = JSON.stringify(report);
    expect(covered).toContain('searchPets');
    expect(covered).toContain('purgePets');
  });

  it('are linted: the house rules visit QUERY and the custom method', async () => {
    const file = join(TMP, 'lint.yaml');
    writeFileSync(
      file,
      QUERY_CONTRACT.replace('      operationId: searchPets\n', '').replace(
        "          '204': { description: purged }\n          '400': { $ref: '#/components/responses/Problem' }\n",
        "          '204': { description: purged }\n",
      ),
    );
    const [result] = await lintSpecs([file]);
    const found = (result?.problems ?? []).map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'specforge/operation-operationid #/paths/~1pets/query',
        'specforge/operation-undeclared-status #/paths/~1pets/query/responses',
        'specforge/operation-error-response #/paths/~1pets/additionalOperations/PURGE/responses',
      ]),
    );
    expect(found.filter((f) => f.startsWith('struct '))).toEqual([]);
  });

  it('are kept by the stateful mock: QUERY searches the collection POST created, by the body', async () => {
    const report = { infer: true, lines: [] as string[] };
    const mock = await createMockFromSpec(SPEC, { stateful: true }, undefined, report);
    const json = { 'content-type': 'application/json' };
    for (const [id, name] of [
      [1, 'Rex'],
      [2, 'Tom'],
      [3, 'Rex'],
    ] as const) {
      const made = await mock.fetch(new Request('http://mock.test/pets', { method: 'POST', headers: json, body: JSON.stringify({ id, name }) }));
      expect(made.status, await made.clone().text()).toBe(201);
    }
    const search = async (body: unknown): Promise<unknown> => {
      const r = await mock.fetch(new Request('http://mock.test/pets', { method: 'QUERY', headers: json, body: JSON.stringify(body) }));
      expect(r.status).toBe(200);
      return r.json();
    };
    const all = (await (await mock.fetch(new Request('http://mock.test/pets'))).json()) as { name: string }[];
    expect(all.map((p) => p.name)).toEqual(['Rex', 'Tom', 'Rex']);
    expect(((await search({ name: 'Rex' })) as { name: string }[]).map((p) => p.name)).toEqual(['Rex', 'Rex']);
    expect(((await search({ name: 'Rex', limit: 1 })) as unknown[]).length).toBe(1);
    expect(await search({ name: 'Nobody' })).toEqual([]);
    // Declared with x-specforge-resources: operations.search names the QUERY.
    const declared = join(TMP, 'declared.yaml');
    writeFileSync(
      declared,
      QUERY_CONTRACT.replace(
        'paths:\n',
        'x-specforge-resources:\n  pets:\n    operations: { create: createPet, list: listPets, search: searchPets }\npaths:\n',
      ),
    );
    const kept = await createMockFromSpec(declared, { stateful: true }, undefined, { infer: false, lines: [] });
    for (const [id, name] of [
      [5, 'Ada'],
      [6, 'Bo'],
    ] as const) {
      await kept.fetch(new Request('http://mock.test/pets', { method: 'POST', headers: json, body: JSON.stringify({ id, name }) }));
    }
    const bo = await kept.fetch(new Request('http://mock.test/pets', { method: 'QUERY', headers: json, body: '{"name":"Bo"}' }));
    expect(((await bo.json()) as { id: number }[]).map((p) => p.id)).toEqual([6]);
  });

  it('are answered by the generated MSW handlers: QUERY searched, PURGE answered, 405 listing them', async () => {
    const { setupServer } = await import('msw/node');
    const { createMswHandlers } = (await import(join(OUT, 'msw.ts'))) as { createMswHandlers: (o: { baseUrl: string }) => { handlers: never[] } };
    const server = setupServer(...createMswHandlers({ baseUrl: 'https://pets.test/v1' }).handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const found = await fetch('https://pets.test/v1/pets', { method: 'QUERY', headers: { 'content-type': 'application/json' }, body: '{"name":"Rex"}' });
      expect(found.status).toBe(200);
      expect(Array.isArray(await found.json())).toBe(true);
      expect((await fetch('https://pets.test/v1/pets', { method: 'PURGE' })).status).toBe(204);
      const refused = await fetch('https://pets.test/v1/pets', { method: 'DELETE' });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD, POST, PURGE, QUERY');
    } finally {
      server.close();
    }
  });

  it('are routed by the Fastify plugin: QUERY natively, PURGE added to the methods Fastify routes', async () => {
    const { default: Fastify } = await import('fastify');
    const { specforgeFastify } = await import('../../src/runtime/server/adapters/fastify.js');
    const { createServer } = (await import(join(OUT, 'server.ts'))) as { createServer: (h: Record<string, AnyHandler>) => RequestListener };
    const listener = createServer({
      listPets: () => ({ status: 200, body: [] }),
      createPet: () => ({ status: 201, body: { id: 1, name: 'Rex' } }),
      searchPets: (ctx) => ({ status: 200, body: [{ id: 2, name: (ctx.body as { name: string }).name }] }),
      purgePets: () => ({ status: 204 }),
    });
    const app = Fastify();
    await app.register(specforgeFastify(listener));
    try {
      const found = await app.inject({ method: 'QUERY', url: '/v1/pets', headers: { 'content-type': 'application/json' }, payload: '{"name":"Tom"}' });
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual([{ id: 2, name: 'Tom' }]);
      const bad = await app.inject({ method: 'QUERY', url: '/v1/pets', headers: { 'content-type': 'application/json' }, payload: '{"limit":0}' });
      expect(bad.statusCode).toBe(400);
      expect((await app.inject({ method: 'PURGE', url: '/v1/pets' })).statusCode).toBe(204);
      const refused = await app.inject({ method: 'DELETE', url: '/v1/pets' });
      expect(refused.statusCode).toBe(405);
      expect(refused.headers['allow']).toBe('GET, HEAD, POST, PURGE, QUERY');
    } finally {
      await app.close();
    }
  });

  it('are split by tag with their operations: the custom method goes to its own tag only', async () => {
    const file = join(TMP, 'tagged.yaml');
    writeFileSync(file, QUERY_CONTRACT.replace('        operationId: purgePets\n', '        operationId: purgePets\n        tags: [cache]\n'));
    const groups = splitByTag(await buildModel(file), []);
    const item = (folder: string): Record<string, unknown> =>
      ((groups.find((g) => g.folder === folder)?.document['paths'] ?? {}) as Record<string, Record<string, unknown>>)['/pets'] ?? {};
    expect(Object.keys(item('cache'))).toEqual(['additionalOperations']);
    expect(Object.keys(item('cache')['additionalOperations'] as object)).toEqual(['PURGE']);
    const rest = groups.find((g) => g.folder !== 'cache')?.folder ?? '';
    expect(Object.keys(item(rest))).toEqual(['get', 'post', 'query']);
  });

  it('are routed by the fetch handler (Hono, workers), Express and Koa: QUERY with its body, PURGE, 405 listing both', async () => {
    const handlers: Record<string, AnyHandler> = {
      listPets: () => ({ status: 200, body: [] }),
      createPet: () => ({ status: 201, body: { id: 1, name: 'Rex' } }),
      searchPets: (ctx) => ({ status: 200, body: [{ id: 3, name: (ctx.body as { name: string }).name }] }),
      purgePets: () => ({ status: 204 }),
    };
    const json = { 'content-type': 'application/json' };
    const probe = async (send: (path: string, init: RequestInit) => Promise<Response>): Promise<void> => {
      const found = await send('/v1/pets', { method: 'QUERY', headers: json, body: '{"name":"Ada"}' });
      expect(found.status).toBe(200);
      expect(await found.json()).toEqual([{ id: 3, name: 'Ada' }]);
      expect((await send('/v1/pets', { method: 'QUERY', headers: json, body: '{"limit":0}' })).status).toBe(400);
      expect((await send('/v1/pets', { method: 'PURGE' })).status).toBe(204);
      const refused = await send('/v1/pets', { method: 'DELETE' });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD, POST, PURGE, QUERY');
    };
    const { createFetchHandler } = (await import(join(OUT, 'fetch.ts'))) as {
      createFetchHandler: (h: Record<string, AnyHandler>) => (r: Request) => Promise<Response>;
    };
    const handle = createFetchHandler(handlers);
    await probe((path, init) => handle(new Request(`http://pets.test${path}`, init)));
    const { createServer } = (await import(join(OUT, 'server.ts'))) as { createServer: (h: Record<string, AnyHandler>) => RequestListener };
    const { specforgeExpress } = await import('../../src/runtime/server/adapters/express.js');
    const { specforgeKoa } = await import('../../src/runtime/server/adapters/koa.js');
    const { default: express } = await import('express');
    const { default: Koa } = await import('koa');
    const app = express();
    app.use(specforgeExpress(createServer(handlers)) as unknown as Parameters<typeof app.use>[0]);
    const koa = new Koa();
    koa.use(specforgeKoa(createServer(handlers)) as unknown as Parameters<typeof koa.use>[0]);
    for (const listener of [app as unknown as RequestListener, koa.callback() as unknown as RequestListener]) {
      const { url, server } = await listen(listener);
      try {
        await probe((path, init) => fetch(`${url}${path}`, init));
      } finally {
        await closed(server);
      }
    }
  });
});
