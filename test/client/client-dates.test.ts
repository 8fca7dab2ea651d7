/**
 * Opt-in date parsing (`client: { dates: true }`), on test/fixtures/client-dates/openapi.yaml: the
 * SDK, the path-style client and the TanStack query options read the `format: date-time` strings of
 * success answers as Date, nested in objects, arrays, allOf, a nullable oneOf and a $ref cycle, and
 * leave every other string alone (a calendar date, an ambiguous union, an invalid or impossible
 * date-time, an error answer); a hostile answer (deep nesting, huge strings) never throws; a Date in a
 * request body is sent as an ISO string. An operation without dates gets no transformer. Off, the
 * generated files carry no trace of it. The generated files are what generate writes today, and an
 * app over them compiles under tsc --strict with TypeScript 5.9 and 7 with Date in the types.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { QueryClient } from '@tanstack/query-core';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import { toDate } from '../../src/runtime/client/dates.js';
import { ApiError } from '../../src/runtime/client/sdk.js';
import * as client from '../fixtures/client-dates/generated/client.js';
import * as dates from '../fixtures/client-dates/generated/dates.js';
import * as sdk from '../fixtures/client-dates/generated/sdk.js';
import * as rq from '../fixtures/client-dates/generated/react-query.js';
import { typecheckApp } from '../support/typecheck-app.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'client-dates');
const TMP = join(ROOT, 'test', '.tmp', `client-dates-${process.pid}`);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

const NOTES = {
  generated_at: '2026-03-01T08:00:00Z',
  items: [
    {
      id: 'n1',
      text: '2026-01-05T10:00:00Z',
      created_at: '2026-01-05T10:00:00.123+02:00',
      due: '2026-01-09',
      author: { name: 'Ada', joined: null },
      comments: [
        {
          id: 'c1',
          posted_at: '2026-01-06T09:00:00Z',
          replies: [{ id: 'c2', posted_at: '2026-01-07T09:00:00Z', replies: [{ id: 'c3', posted_at: '2026-02-30T09:00:00Z' }] }],
        },
      ],
    },
    { id: 'n2', text: 'plain', created_at: 'not a date', author: { joined: '2025-12-31T23:59:59-05:00' } },
  ],
};

/** A fetch answering each path with its JSON (and the request bodies it received). */
function service(): { fetch: (request: Request) => Promise<Response>; bodies: string[] } {
  const bodies: string[] = [];
  const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return {
    bodies,
    fetch: async (request) => {
      const url = new URL(request.url);
      if (request.method === 'POST') {
        const text = await request.text();
        bodies.push(text);
        return json(201, { id: 'n3', text: 'new', created_at: '2026-04-01T00:00:00Z' });
      }
      if (url.pathname === '/v1/notes')
        return url.searchParams.get('since') === 'none' ? json(404, { title: 'none', at: '2026-01-01T00:00:00Z' }) : json(200, NOTES);
      if (url.pathname === '/v1/events/latest')
        return json(200, url.searchParams.size === 0 ? { at: '2026-05-01T00:00:00Z', kind: 'k', until: '2026-05-02T00:00:00Z' } : null);
      if (url.pathname === '/v1/stamps')
        return json(200, { either: { at: '2026-01-01T00:00:00Z' }, stamps: ['2026-01-01T00:00:00Z', null, 'garbage', '2026-13-01T00:00:00Z'] });
      if (url.pathname === '/v1/health') return json(200, { status: '2026-01-01T00:00:00Z' });
      return json(200, [{ id: 'c1', posted_at: '2026-01-06T09:00:00Z', replies: [] }]);
    },
  };
}

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('toDate', () => {
  it('reads an RFC 3339 date-time of a real instant, and leaves anything else as it is', () => {
    expect(toDate('2026-01-05T10:00:00Z')).toEqual(new Date(Date.UTC(2026, 0, 5, 10)));
    expect(toDate('2026-01-05T10:00:00.5-02:30')).toEqual(new Date(Date.UTC(2026, 0, 5, 12, 30, 0, 500)));
    for (const kept of [
      '2026-02-30T10:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-05T25:00:00Z',
      '2026-01-05T10:00:00',
      '2026-01-05',
      'soon',
      '',
      ' 2026-01-05T10:00:00Z',
    ])
      expect(toDate(kept)).toBe(kept);
    for (const kept of [null, undefined, 17, true, ['2026-01-05T10:00:00Z'], { at: 1 }]) expect(toDate(kept)).toBe(kept);
    expect(toDate(`2026-01-05T10:00:00.${'9'.repeat(100_000)}Z`)).toMatch(/^2026/);
  });
});

describe('the SDK with dates', () => {
  it('reads the date-time values of an answer as Date, nested, through a $ref cycle, and leaves other strings alone', async () => {
    const { fetch } = service();
    const api = sdk.createSdkClient({ fetch, retry: false });
    const result = await sdk.listNotes(api);
    if (!result.ok) throw new Error('expected a success');
    const [first, second] = result.data.items;
    expect(result.data.generated_at).toEqual(new Date('2026-03-01T08:00:00Z'));
    expect(first?.created_at).toEqual(new Date('2026-01-05T08:00:00.123Z'));
    expect(first?.created_at).toBeInstanceOf(Date);
    expect(first?.text).toBe('2026-01-05T10:00:00Z');
    expect(first?.due).toBe('2026-01-09');
    expect(first?.author?.joined).toBeNull();
    const comment = first?.comments?.[0];
    expect(comment?.posted_at).toBeInstanceOf(Date);
    expect(comment?.replies?.[0]?.posted_at).toEqual(new Date('2026-01-07T09:00:00Z'));
    // An impossible date (February 30th) stays the string it was.
    expect(comment?.replies?.[0]?.replies?.[0]?.posted_at).toBe('2026-02-30T09:00:00Z');
    expect(second?.created_at).toBe('not a date');
    expect(second?.author?.joined).toEqual(new Date('2026-01-01T04:59:59Z'));
  });

  it('reads allOf, a nullable oneOf and arrays of date-times; an ambiguous union and an error answer stay strings', async () => {
    const { fetch } = service();
    const api = sdk.createSdkClient({ fetch, retry: false });
    const event = await sdk.latestEvent(api);
    expect(event.ok && event.data).toEqual({ at: new Date('2026-05-01T00:00:00Z'), kind: 'k', until: new Date('2026-05-02T00:00:00Z') });
    const stamps = await sdk.listStamps(api);
    expect(stamps.ok && stamps.data).toEqual({
      either: { at: '2026-01-01T00:00:00Z' },
      stamps: [new Date('2026-01-01T00:00:00Z'), null, 'garbage', '2026-13-01T00:00:00Z'],
    });
    const health = await sdk.getHealth(api);
    expect(health.ok && health.data).toEqual({ status: '2026-01-01T00:00:00Z' });
    const missing = await sdk.listNotes(api, { query: { since: 'none' } });
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.error).toEqual({ title: 'none', at: '2026-01-01T00:00:00Z' });
    const thrown = await sdk.listNotes(sdk.createSdkClient({ fetch, retry: false, throwOnError: true }), { query: { since: 'none' } }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ApiError);
  });

  it('sends a Date of a request body as an ISO string, and reads the created answer', async () => {
    const { fetch, bodies } = service();
    const api = sdk.createSdkClient({ fetch, retry: false });
    const created = await sdk.createNote(api, { body: { text: 'new', remind_at: new Date(Date.UTC(2026, 5, 1, 12)) } });
    expect(bodies).toEqual(['{"text":"new","remind_at":"2026-06-01T12:00:00.000Z"}']);
    expect(created.ok && created.data.created_at).toEqual(new Date('2026-04-01T00:00:00Z'));
  });

  it('generates no transformer for an operation whose answers hold no date', () => {
    expect(Object.keys(dates).filter((k) => k.startsWith('getHealth'))).toEqual([]);
    expect(dates.pathDates).not.toHaveProperty(['GET /health']);
    expect(readFileSync(join(FIXTURE, 'generated', 'sdk.ts'), 'utf8')).toMatch(
      /export function getHealth[^]*?\n {2}return client\.request<GetHealthResult>\(getHealthOperation, args\);\n\}/,
    );
  });

  it('never throws on a hostile answer: nesting far past the bound, huge and odd strings', () => {
    const levels = 20_000;
    const parsed: unknown = JSON.parse(`[${'{"posted_at":"2026-01-01T00:00:00Z","replies":['.repeat(levels)}${']}'.repeat(levels)}]`);
    expect(() => dates.getThreadDates(parsed, 200)).not.toThrow();
    expect((parsed as Array<{ posted_at: unknown }>)[0]?.posted_at).toBeInstanceOf(Date);
    const odd = {
      items: [{ created_at: 'x'.repeat(1_000_000), comments: 'not a list', author: ['not', 'an', 'object'] }, null, 7, 'str'],
      generated_at: { nested: true },
    };
    expect(() => dates.listNotesDates(odd, 200)).not.toThrow();
    expect(odd.items[0]).toMatchObject({ comments: 'not a list', author: ['not', 'an', 'object'] });
    expect(dates.listNotesDates('"just a string"', 200)).toBe('"just a string"');
    // A key named __proto__ is an own property of the parsed answer, read as any other.
    const proto: unknown = JSON.parse('{"items":[{"__proto__":{"created_at":"2026-01-01T00:00:00Z"},"created_at":"2026-01-01T00:00:00Z"}]}');
    dates.listNotesDates(proto, 200);
    expect(({} as Record<string, unknown>)['created_at']).toBeUndefined();
  });
});

/** A contract whose names are out to clash with what the dates files declare and import, or to break out of a comment or a string. */
const HOSTILE = `openapi: 3.1.0
info: { title: "*/ hostile", version: 1.0.0 }
paths:
  /a:
    get:
      operationId: listNotes
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Weird*~01Name' } } } }
  /b:
    get:
      operationId: listNotesDates
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object, properties: { 'x"*/\\\\': { type: string, format: date-time } } } } } }
  /c:
    get:
      operationId: withDates
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: string, format: date-time } } } }
  /d:
    get:
      operationId: contractPaths
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/pathDates' } } } } }
components:
  schemas:
    'Weird*~1Name': { type: object, properties: { '*/ at': { type: string, format: date-time }, self: { $ref: '#/components/schemas/Weird*~01Name' } } }
    pathDates: { type: object, properties: { toDate: { type: string, format: date-time } } }
`;

describe('hostile names', () => {
  it('clash with nothing, break out of nothing, and compile under tsc --strict', async () => {
    const dir = join(TMP, 'hostile');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'openapi.yaml'), HOSTILE);
    const out = join(dir, 'generated');
    await generateSpec(
      { path: join(dir, 'openapi.yaml'), api: 'hostile', out, targets: ['types', 'client', 'sdk', 'react-query'], strict: false, dates: true },
      { cacheDir: join(TMP, '.cache'), force: true },
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
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
        files: ['client.ts', 'sdk.ts', 'react-query.ts', 'dates.ts'].map((f) => join(out, f)),
      }),
    );
    const r = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
    expect(r.stdout + r.stderr).toBe('');
    const generated = (await import(join(out, 'dates.ts'))) as Record<string, (value: unknown, status: number) => unknown>;
    // The operation listNotesDates's transformer; listNotes's is listNotesDates2 (sdk.ts has a function listNotesDates).
    expect(
      Object.keys(generated)
        .filter((k) => k.startsWith('listNotesDates'))
        .sort(),
    ).toEqual(['listNotesDates2', 'listNotesDatesDates']);
    const reader = generated['listNotesDatesDates'];
    const value = { 'x"*/\\\\': '2026-01-01T00:00:00Z' };
    reader?.(value, 200);
    expect(Object.values(value)[0]).toBeInstanceOf(Date);
  }, 200_000);
});

describe('a browser bundle', () => {
  it('keeps the transformers of the operations it calls, and no others', async () => {
    const entry = join(TMP, 'app.ts');
    writeFileSync(
      entry,
      `import { createSdkClient, listNotes } from '../../fixtures/client-dates/generated/sdk.js';\nexport const run = () => listNotes(createSdkClient({ baseUrl: '/api' }));\n`,
    );
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      alias: { '@specforge/runtime/client': join(ROOT, 'src', 'runtime', 'entry', 'client.ts') },
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]?.text ?? '';
    for (const kept of ['listNotesDates', 'noteDates', 'commentDates', 'userDates', 'toDate']) expect(text).toContain(kept);
    for (const dropped of ['latestEventDates', 'eventDates', 'listStampsDates', 'getThreadDates', 'pathDates', 'datedClient'])
      expect(text).not.toContain(dropped);
  }, 60_000);
});

describe('the path-style client and TanStack Query with dates', () => {
  it('client.GET gives Date values; a path with no transformer is as it was', async () => {
    const { fetch } = service();
    const api = client.createClient({ fetch, baseUrl: 'https://notes.example.com/v1' });
    const { data } = await api.GET('/notes');
    expect(data?.items[0]?.created_at).toBeInstanceOf(Date);
    expect(data?.items[0]?.comments?.[0]?.replies?.[0]?.posted_at).toBeInstanceOf(Date);
    const { data: thread } = await api.GET('/notes/{noteId}/thread', { params: { path: { noteId: 'n1' } } });
    expect(thread?.[0]?.posted_at).toEqual(new Date('2026-01-06T09:00:00Z'));
    const { data: health } = await api.GET('/health');
    expect(health).toEqual({ status: '2026-01-01T00:00:00Z' });
    const { error } = await api.GET('/notes', { params: { query: { since: 'none' } } });
    expect(error).toEqual({ title: 'none', at: '2026-01-01T00:00:00Z' });
  });

  it('query options over the SDK cache the Date values', async () => {
    const { fetch } = service();
    const api = sdk.createSdkClient({ fetch, retry: false });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const notes = await qc.fetchQuery(rq.listNotesQueryOptions(api));
    expect(notes.items[0]?.created_at).toBeInstanceOf(Date);
    expect(qc.getQueryData(rq.listNotesQueryOptions(api).queryKey)?.generated_at).toEqual(new Date('2026-03-01T08:00:00Z'));
  });
});

describe('the generated files', () => {
  it('are what generate writes today', async () => {
    const out = join(TMP, 'on');
    await generateSpec(
      { path: join(FIXTURE, 'openapi.yaml'), api: 'client-dates', out, targets: ['types', 'client', 'sdk', 'react-query'], strict: true, dates: true },
      { cacheDir: join(TMP, '.cache'), force: true },
    );
    for (const file of ['dates.ts', 'sdk.ts', 'client.ts', 'react-query.ts']) {
      expect(readFileSync(join(out, file), 'utf8'), `regenerate test/fixtures/client-dates/generated (${file})`).toBe(
        readFileSync(join(FIXTURE, 'generated', file), 'utf8'),
      );
    }
  });

  it('off (the default), carry no trace of it: no dates.ts, the SDK and client as before', async () => {
    const out = join(TMP, 'off');
    await generateSpec(
      { path: join(FIXTURE, 'openapi.yaml'), api: 'client-dates', out, targets: ['types', 'client', 'sdk', 'react-query'], strict: true },
      { cacheDir: join(TMP, '.cache'), force: true },
    );
    expect(existsSync(join(out, 'dates.ts'))).toBe(false);
    for (const file of ['sdk.ts', 'client.ts', 'react-query.ts'])
      expect(readFileSync(join(out, file), 'utf8')).not.toMatch(/withDates|DatedPaths|datedClient|dates\.js/);
    expect(readFileSync(join(out, 'types.ts'), 'utf8')).toBe(readFileSync(join(FIXTURE, 'generated', 'types.ts'), 'utf8'));
  });

  it('compile with an app over them under tsc --strict, TypeScript 5.9 and 7, with Date in the types', () => {
    const results = typecheckApp({ dir: TMP, files: [join(FIXTURE, 'app.ts'), join(FIXTURE, 'generated', 'dates.ts')] });
    for (const r of results) expect({ compiler: r.compiler, output: r.output, status: r.status }).toEqual({ compiler: r.compiler, output: '', status: 0 });
  }, 400_000);
});
