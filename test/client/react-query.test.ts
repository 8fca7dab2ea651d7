/**
 * The TanStack Query integration (target `react-query`), driven with a real QueryClient in Node:
 * queryOptions fetched against a running stateful `specforge mock`, query keys made of the resource
 * (the collection path), the operation id and the call's parameters (stable whatever the order of properties), mutations that invalidate
 * the list and item keys of the collection they change (and only those of the same parent, on the
 * shipped tables contract), typed ApiErrors, and a browser bundle of SDK and hooks with no `node:`
 * module.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hashKey, MutationObserver, QueryClient } from '@tanstack/react-query';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMock } from '../../src/cli/commands/mock.js';
import { ApiError } from '../../src/runtime/client/sdk.js';
import * as pets from '../fixtures/sdk/pets/generated/sdk.js';
import * as petQueries from '../fixtures/sdk/pets/generated/react-query.js';
import * as tables from '../../generated/tables/sdk.js';
import * as tableQueries from '../../generated/tables/react-query.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `react-query-${process.pid}`);
const SPEC = join(ROOT, 'test', 'fixtures', 'sdk', 'pets', 'openapi.yaml');

let mock: { server: Server; url: string };

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  const { server } = await runMock({ cwd: ROOT, spec: SPEC, port: 0, host: '127.0.0.1', stateful: true, write: () => undefined });
  mock = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});

afterAll(async () => {
  await new Promise<void>((done) => {
    mock.server.close(() => done());
    mock.server.closeAllConnections();
  });
  rmSync(TMP, { recursive: true, force: true });
});

function keys(qc: QueryClient): string[] {
  return qc
    .getQueryCache()
    .getAll()
    .map((q) => hashKey(q.queryKey))
    .sort();
}

function invalidated(qc: QueryClient): string[] {
  return qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => hashKey(q.queryKey))
    .sort();
}

describe('query keys', () => {
  it('are the operation id and the parameters of the call, stable and serialisable', () => {
    const a = petQueries.listPetsQueryKey({ query: { limit: 5, kind: 'dog' }, signal: new AbortController().signal, headers: { 'x-extra': '1' } });
    const b = petQueries.listPetsQueryKey({ query: { kind: 'dog', limit: 5 } });
    expect(a).toEqual(['/pets', 'listPets', { query: { limit: 5, kind: 'dog' } }]);
    expect(hashKey(a)).toBe(hashKey(b));
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(petQueries.listPetsQueryKey()).toEqual(['/pets', 'listPets', {}]);
    expect(petQueries.listPetsQueryKey({ query: { kind: undefined } })).toEqual(['/pets', 'listPets', {}]);
    expect(petQueries.getPetQueryKey({ path: { petId: 3 } })).toEqual(['/pets', 'getPet', { path: { petId: 3 } }]);
  });
});

describe('with a QueryClient against the mock', () => {
  it('fetches with queryOptions, and a create invalidates the list and read keys of /pets only', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const client = pets.createSdkClient({ baseUrl: mock.url, auth: { bearer: 'token' } });
    expect(await qc.fetchQuery(petQueries.listPetsQueryOptions(client))).toEqual([]);
    expect(await qc.fetchQuery(petQueries.listPetsQueryOptions(client, { query: { kind: 'dog' } }))).toEqual([]);
    expect(await qc.fetchQuery(petQueries.getPetsPetIdPhotoQueryOptions(client, { path: { petId: 1 } }))).toBe('a dog on a sofa');
    expect(keys(qc)).toEqual([
      '["/pets","listPets",{"query":{"kind":"dog"}}]',
      '["/pets","listPets",{}]',
      '["/pets/{petId}/photo","getPetsPetIdPhoto",{"path":{"petId":1}}]',
    ]);

    const created = await new MutationObserver(qc, petQueries.createPetMutationOptions(client)).mutate({ body: { name: 'rex', kind: 'dog' } });
    expect(created).toMatchObject({ name: 'rex', kind: 'dog' });
    expect(invalidated(qc)).toEqual(['["/pets","listPets",{"query":{"kind":"dog"}}]', '["/pets","listPets",{}]']);
    expect(await qc.fetchQuery(petQueries.listPetsQueryOptions(client, { query: { kind: 'dog' } }))).toEqual([created]);

    const read = await qc.fetchQuery(petQueries.getPetQueryOptions(client, { path: { petId: created.id } }));
    expect(read).toEqual(created);
    await new MutationObserver(qc, petQueries.deletePetMutationOptions(client)).mutate({ path: { petId: created.id } });
    expect(invalidated(qc)).toContain(`["/pets","getPet",{"path":{"petId":${created.id}}}]`);
    expect(invalidated(qc)).not.toContain('["/pets/{petId}/photo","getPetsPetIdPhoto",{"path":{"petId":1}}]');

    // A declared error is a typed ApiError of the query.
    const error = await qc.fetchQuery(petQueries.getPetQueryOptions(client, { path: { petId: created.id } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, error: { code: 'not_found' } });
    expect(qc.getQueryState(petQueries.getPetQueryKey({ path: { petId: created.id } }))?.error).toBe(error);

    // The helper on its own.
    await qc.fetchQuery(petQueries.listPetsQueryOptions(client));
    expect(invalidated(qc)).not.toContain('["/pets","listPets",{}]');
    await petQueries.invalidatePets(qc);
    expect(invalidated(qc)).toContain('["/pets","listPets",{}]');
  });

  it('passes the query signal to the call: cancelling the query aborts the request', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let aborted = false;
    const client = pets.createSdkClient({
      fetch: (request) =>
        new Promise((_resolve, reject) => {
          request.signal.addEventListener('abort', () => {
            aborted = true;
            reject(request.signal.reason);
          });
        }),
    });
    const pending = qc.fetchQuery(petQueries.listPetsQueryOptions(client)).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 20));
    await qc.cancelQueries({ queryKey: petQueries.listPetsQueryKey() });
    await pending;
    expect(aborted).toBe(true);
  });
});

describe('collections with path parameters (specs/tables)', () => {
  it("a delete in one dataset invalidates that dataset's list and tables, not another dataset's", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const client = tables.createSdkClient({
      baseUrl: 'http://tables.invalid',
      fetch: async (request) =>
        request.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : new Response(
              JSON.stringify(request.url.endsWith('/tables') ? { kind: 'bigquery#tableList', tables: [] } : { kind: 'bigquery#table', id: 'p:a.t' }),
              { status: 200, headers: { 'content-type': 'application/json' } },
            ),
    });
    const here = { projectId: 'p', datasetId: 'a' };
    const there = { projectId: 'p', datasetId: 'b' };
    await qc.fetchQuery(tableQueries.listTablesQueryOptions(client, { path: here }));
    await qc.fetchQuery(tableQueries.listTablesQueryOptions(client, { path: there }));
    await qc.fetchQuery(tableQueries.getTableQueryOptions(client, { path: { ...here, tableId: 't' } }));
    await qc.fetchQuery(tableQueries.getTableQueryOptions(client, { path: { ...there, tableId: 't' } }));
    await new MutationObserver(qc, tableQueries.deleteTableMutationOptions(client)).mutate({ path: { ...here, tableId: 't' } });
    expect(invalidated(qc)).toEqual([
      '["/projects/{projectId}/datasets/{datasetId}/tables","getTable",{"path":{"datasetId":"a","projectId":"p","tableId":"t"}}]',
      '["/projects/{projectId}/datasets/{datasetId}/tables","listTables",{"path":{"datasetId":"a","projectId":"p"}}]',
    ]);
    await tableQueries.invalidateTables(qc, { projectId: 'p' });
    expect(invalidated(qc)).toHaveLength(4);
  });
});

describe('a browser bundle of the SDK and the hooks', () => {
  it('builds for the browser platform with no node: module, keeping only what it uses', async () => {
    const entry = join(TMP, 'app.ts');
    writeFileSync(
      entry,
      `import { createSdkClient } from '../../fixtures/sdk/pets/generated/sdk.js';
import { useListPets, useCreatePetMutation } from '../../fixtures/sdk/pets/generated/react-query.js';
const client = createSdkClient({ baseUrl: '/api' });
export function usePets() {
  const pets = useListPets(client, { query: { limit: 20 } });
  const create = useCreatePetMutation(client);
  return { pets, create };
}
`,
    );
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      alias: { '@specforge/runtime/client': join(ROOT, 'src', 'runtime', 'entry', 'client.ts') },
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      metafile: true,
    });
    const text = result.outputFiles[0]?.text ?? '';
    expect(text).toContain('"listPets"');
    expect(text).toContain('useQuery');
    // Tree-shaken: the operations and hooks the app does not use are not in it.
    for (const other of ['deletePet', 'updatePet', 'getPetsPetIdPhoto', 'useGetPet']) expect(text).not.toContain(other);
    expect(text).not.toMatch(/["'`]node:/);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes('@tanstack/query-core'))).toBe(true);
    expect(inputs.filter((i) => i.startsWith('node:'))).toEqual([]);
  }, 60_000);
});
