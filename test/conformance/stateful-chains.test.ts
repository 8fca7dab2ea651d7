/**
 * The stateful phase on servers that check what they are sent: the id of a document never created
 * is built to the path parameter's schema (a uuid, an integer in range, a pattern, a length), so a
 * server that validates ids answers it 404 and the create/read/delete chain runs; a server that
 * still refuses it is named in the report's `skipped`, never dropped in silence. Created ids are
 * taken from the create's answer (its body, else its Location), and lists are read with the paging
 * the contract declares (the largest page, then next links) before an item is said to be missing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTest } from '../../src/cli/commands/test.js';
import { buildModel } from '../../src/contract/model.js';
import { runConformance, type ConformanceReport, type Phase } from '../../src/conformance/run.js';
import { writeSpec } from './support.js';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const findings = (r: ConformanceReport): string[] => r.failures.map((f) => `${f.check} ${f.operationId}: ${f.message}`);

/** A collection's contract: the id's schema, and the list's paging parameters (YAML flow lines). */
function contract(idSchema: string, listParams = `[]`): string {
  return `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /items:
    post:
      operationId: createItem
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewItem' } } } }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '400': { description: invalid }
    get:
      operationId: listItems
      parameters: ${listParams}
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } } }
        '400': { description: invalid }
  /items/{itemId}:
    parameters: [{ name: itemId, in: path, required: true, schema: ${idSchema} }]
    get:
      operationId: getItem
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '400': { description: invalid id }
        '404': { description: missing }
    delete:
      operationId: deleteItem
      responses:
        '204': { description: deleted }
        '400': { description: invalid id }
        '404': { description: missing }
components:
  schemas:
    NewItem: { type: object, required: [title], properties: { title: { type: string, minLength: 1 } } }
    Item:
      type: object
      required: [id, title]
      properties: { id: ${idSchema}, title: { type: string } }
`;
}

interface Store {
  /** Whether an id is well formed (else 400). */
  valid: (id: string) => boolean;
  /** A new id. */
  make: (n: number) => string | number;
  /** Fault: a delete answers 204 and keeps the item. */
  keepsDeleted?: boolean;
  /** Fault: a deleted item is gone from its read but still in the list. */
  listsDeleted?: boolean;
  /** Items there before the run (the list's first page is full of them). */
  seeded?: number;
  /** The list's pages: limit/offset (bare array), page/per_page with a Link header, or none (the whole list). */
  paging?: 'offset' | 'link' | 'cursor';
  /** The list answers { items, total } rather than a bare array. */
  wrapped?: boolean;
}

function server(store: Store): { handler: (r: Request) => Promise<Response>; sent: string[] } {
  const items = new Map<string, { id: string | number; title: string }>();
  const gone = new Set<string>();
  let n = 0;
  const add = (title: string): { id: string | number; title: string } => {
    const id = store.make(++n);
    const item = { id, title };
    items.set(String(id), item);
    return item;
  };
  for (let i = 0; i < (store.seeded ?? 0); i++) add(`seeded ${i}`);
  const sent: string[] = [];
  const handler = async (r: Request): Promise<Response> => {
    const url = new URL(r.url);
    sent.push(`${r.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/items') {
      if (r.method === 'POST') {
        const body = (await r.json()) as { title?: unknown };
        if (typeof body.title !== 'string' || body.title === '') return json({ error: 'title' }, 400);
        return json(add(body.title), 201);
      }
      if (r.method !== 'GET') return json({}, 405, { allow: 'GET, POST' });
      const all = [...items.values()];
      if (store.paging === 'link') {
        const size = Number(url.searchParams.get('per_page') ?? '5');
        const page = Number(url.searchParams.get('page') ?? '1');
        if (!(size >= 1 && size <= 10 && page >= 1)) return json({ error: 'paging' }, 400);
        const slice = all.slice((page - 1) * size, page * size);
        const more = page * size < all.length;
        return json(slice, 200, more ? { link: `</items?page=${page + 1}&per_page=${size}>; rel="next"` } : {});
      }
      if (store.paging === undefined) return json(all);
      if (store.paging === 'cursor') {
        // Pages of 5 at most, { data, next_cursor }: the cursor is the server's own (c<offset>), anything else is refused.
        const cursor = url.searchParams.get('cursor');
        if (cursor !== null && !/^c\d+$/.test(cursor)) return json({ error: 'unknown cursor' }, 400);
        const from = cursor === null ? 0 : Number(cursor.slice(1));
        const size = Math.min(5, Number(url.searchParams.get('limit') ?? '5'));
        return json({ data: all.slice(from, from + size), next_cursor: from + size < all.length ? `c${from + size}` : null });
      }
      const limit = Number(url.searchParams.get('limit') ?? '5');
      const offset = Number(url.searchParams.get('offset') ?? '0');
      if (!(limit >= 1 && limit <= 100 && offset >= 0)) return json({ error: 'paging' }, 400);
      const page = all.slice(offset, offset + limit);
      return json(store.wrapped ? { items: page, total: all.length } : page);
    }
    const id = decodeURIComponent(url.pathname.slice('/items/'.length));
    if (!store.valid(id)) return json({ error: 'invalid id' }, 400);
    if (!items.has(id) || gone.has(id)) return json({ error: 'missing' }, 404);
    if (r.method === 'DELETE') {
      if (store.listsDeleted) gone.add(id);
      else if (!store.keepsDeleted) items.delete(id);
      return new Response(null, { status: 204 });
    }
    if (r.method === 'GET') return json(items.get(id));
    return json({}, 405, { allow: 'GET, DELETE' });
  };
  return { handler, sent };
}

async function run(spec: string, store: Store, phases: Phase[] = ['stateful']): Promise<{ report: ConformanceReport; sent: string[] }> {
  const model = await buildModel(writeSpec(spec));
  const { handler, sent } = server(store);
  const report = await runConformance({ model, phases, statefulSteps: 10, maxExamples: 5, fetch: handler });
  return { report, sent };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const ID_KINDS: Array<{ name: string; schema: string; store: Omit<Store, 'keepsDeleted'>; absent: RegExp }> = [
  {
    name: 'a uuid',
    schema: '{ type: string, format: uuid }',
    store: { valid: (id) => UUID.test(id), make: () => randomUUID() },
    absent: /^GET \/items\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  },
  {
    name: 'an integer between 1 and 99999',
    schema: '{ type: integer, minimum: 1, maximum: 99999 }',
    store: { valid: (id) => /^\d+$/.test(id) && Number(id) >= 1 && Number(id) <= 99999, make: (n) => n },
    absent: /^GET \/items\/\d+$/,
  },
  {
    name: 'a 24-digit hex string (pattern)',
    schema: "{ type: string, pattern: '^[0-9a-f]{24}$' }",
    store: { valid: (id) => /^[0-9a-f]{24}$/.test(id), make: (n) => n.toString(16).padStart(24, '0') },
    absent: /^GET \/items\/[0-9a-f]{24}$/,
  },
  {
    name: 'a string of 6 to 10 characters',
    schema: '{ type: string, minLength: 6, maxLength: 10 }',
    store: { valid: (id) => id.length >= 6 && id.length <= 10, make: (n) => `item-${n}`.padEnd(6, '0') },
    absent: /^GET \/items\/.{6,10}$/,
  },
];

describe('the id of a document never created is built to the path parameter schema', () => {
  for (const kind of ID_KINDS) {
    it(`${kind.name}: the server answers it 404, and the chain finds a delete that does not delete`, async () => {
      const { report, sent } = await run(contract(kind.schema), { ...kind.store, keepsDeleted: true });
      expect(sent[0]).toMatch(kind.absent);
      // The item deleted but kept is still read (200): one use_after_free, found on the read; its
      // listing is that fault again, and no other id makes it a second finding.
      expect(findings(report)).toEqual([expect.stringMatching(/^use_after_free getItem: items \S+, deleted, answers 200 on getItem/)]);
      expect(report.skipped ?? []).toEqual([]);
    });
  }

  it('a correct server with uuid ids: the chain runs (reads, list and deletes passed), no finding', async () => {
    const kind = ID_KINDS[0] as (typeof ID_KINDS)[number];
    const { report } = await run(contract(kind.schema), kind.store);
    expect(findings(report)).toEqual([]);
    const get = report.operations.find((o) => o.operationId === 'getItem');
    expect(get?.checks.use_after_free?.passed).toBeGreaterThan(0);
    expect(get?.checks.ensure_resource_availability?.passed).toBeGreaterThan(0);
  });

  it('a server that still refuses the absent id with 400 is named in skipped, with the status and the reason', async () => {
    // Ids are uuids of version 7 only: the version-4 uuid built to the schema is refused.
    const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const { report } = await run(contract('{ type: string, format: uuid }'), {
      valid: (id) => v7.test(id),
      make: () => randomUUID().replace(/^(.{14})./, '$17'),
    });
    expect(findings(report)).toEqual([]);
    expect(report.skipped).toEqual([
      {
        check: 'ensure_resource_availability',
        path: '/items/{itemId}',
        reason: expect.stringMatching(/^GET \/items\/\{itemId\} answered 400 to an absent id built to its schema/) as unknown,
      },
    ]);
  });

  it('a server that answers every id (it keeps nothing) is named in skipped too', async () => {
    const model = await buildModel(writeSpec(contract('{ type: string }')));
    const report = await runConformance({
      model,
      phases: ['stateful'],
      fetch: async (r) => (r.method === 'POST' ? json({ id: 'x', title: 't' }, 201) : json({ id: 'x', title: 't' })),
    });
    expect(findings(report)).toEqual([]);
    expect(report.skipped).toEqual([
      { check: 'ensure_resource_availability', path: '/items/{itemId}', reason: expect.stringMatching(/answered 200 to an id never created/) as unknown },
    ]);
  });
});

describe('created ids from the answers', () => {
  it('the id is the body property the path parameter names, else the Location of a body without one', async () => {
    const spec = contract('{ type: string }').replace(
      "'201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }",
      "'201': { description: created, headers: { Location: { schema: { type: string } } } }",
    );
    const items = new Set<string>();
    let n = 0;
    const sent: string[] = [];
    const model = await buildModel(writeSpec(spec));
    const report = await runConformance({
      model,
      phases: ['stateful'],
      statefulSteps: 0,
      fetch: async (r) => {
        const url = new URL(r.url);
        sent.push(`${r.method} ${url.pathname}`);
        if (r.method === 'POST') {
          const id = `n${++n}`;
          items.add(id);
          return new Response(null, { status: 201, headers: { location: `http://conformance.test/items/${id}?v=1` } });
        }
        if (url.pathname === '/items') return json([...items].map((id) => ({ id, title: 't' })));
        const id = url.pathname.slice('/items/'.length);
        if (!items.has(id)) return json({}, 404);
        if (r.method === 'DELETE') return (items.delete(id), new Response(null, { status: 204 }));
        return json({ id, title: 't' });
      },
    });
    expect(findings(report)).toEqual([]);
    expect(sent).toContain('GET /items/n1');
    expect(sent).toContain('DELETE /items/n1');
  });
});

const OFFSET_PARAMS = `[{ name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100 } }, { name: offset, in: query, schema: { type: integer, minimum: 0 } }]`;
const LINK_PARAMS = `[{ name: per_page, in: query, schema: { type: integer, minimum: 1, maximum: 10 } }, { name: page, in: query, schema: { type: integer, minimum: 1 } }]`;

describe('lists read with the paging the contract declares', () => {
  const OFFSET = OFFSET_PARAMS;
  const LINK = LINK_PARAMS;
  const plain = { valid: (id: string): boolean => /^\d+$/.test(id), make: (n: number): number => n };

  it('limit/offset: the list is asked for its largest page, so items past the default first page are found', async () => {
    const { report, sent } = await run(contract('{ type: integer }', OFFSET), { ...plain, seeded: 12, paging: 'offset' });
    expect(findings(report)).toEqual([]);
    expect(sent).toContain('GET /items?limit=100');
    expect(report.operations.find((o) => o.operationId === 'listItems')?.checks.ensure_resource_availability?.passed).toBeGreaterThan(0);
  });

  it('page/per_page with a Link header: the next links are followed before an item is said to be missing', async () => {
    const { report, sent } = await run(contract('{ type: integer }', LINK), { ...plain, seeded: 23, paging: 'link' });
    expect(findings(report)).toEqual([]);
    expect(sent).toContain('GET /items?per_page=10');
    expect(sent).toContain('GET /items?page=3&per_page=10');
  });

  it('an item really missing from every page is still a finding', async () => {
    const spec = contract('{ type: integer }', LINK);
    const model = await buildModel(writeSpec(spec));
    const { handler } = server({ ...plain, seeded: 23, paging: 'link' });
    // Fault: the list never shows items created during the run (ids past 23).
    const report = await runConformance({
      model,
      phases: ['stateful'],
      statefulSteps: 0,
      fetch: async (r) => {
        const response = await handler(r);
        const url = new URL(r.url);
        if (r.method !== 'GET' || url.pathname !== '/items') return response;
        const list = (await response.json()) as Array<{ id: number }>;
        return json(
          list.filter((i) => i.id <= 23),
          200,
          response.headers.has('link') ? { link: response.headers.get('link') ?? '' } : {},
        );
      },
    });
    expect(findings(report)).toContainEqual(expect.stringMatching(/^ensure_resource_availability listItems: items 24, created, is missing from listItems/));
  });
});

describe('a recorded run of paged lists, replayed (--replay)', () => {
  it('the pages of one list read are judged together: no item is missing, as in the live run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-stateful-replay-'));
    const spec = join(dir, 'openapi.yaml');
    writeFileSync(spec, contract('{ type: integer }', LINK_PARAMS));
    const cassette = join(dir, 'run.json');
    const { handler } = server({ valid: (id) => /^\d+$/.test(id), make: (n) => n, seeded: 23, paging: 'link' });
    const run = async (options: Parameters<typeof runTest>[0]): Promise<{ code: number; failures: string[]; listed?: number }> => {
      const out: string[] = [];
      const code = await runTest({ progress: false, format: 'json', write: (t) => out.push(t), ...options });
      const report = JSON.parse(out.join('')) as ConformanceReport;
      const listed = report.operations.find((o) => o.operationId === 'listItems')?.checks.ensure_resource_availability?.passed;
      return { code, failures: report.failures.map((f) => `${f.check} ${f.operationId}: ${f.message}`), ...(listed === undefined ? {} : { listed }) };
    };
    const live = await run({ spec, baseUrl: 'http://items.test/', fetch: handler, phases: 'stateful', record: cassette });
    expect(live.failures).toEqual([]);
    const recorded = JSON.parse(readFileSync(cassette, 'utf8')) as { exchanges: Array<{ request: { url: string } }> };
    expect(recorded.exchanges.some((x) => x.request.url.includes('page=3'))).toBe(true);

    const replayed = await run({ spec, baseUrl: 'http://items.test/', replay: cassette });
    expect(replayed.failures).toEqual([]);
    expect(replayed.code).toBe(0);
    // The recorded lists were judged (their pages together), not left out.
    expect(replayed.listed).toBeGreaterThan(0);
  });
});

describe('a list that wraps its items ({ items, total, limit, offset }, as code-first frameworks write it)', () => {
  const spec = contract('{ type: string, format: uuid }', OFFSET_PARAMS)
    .replace(
      "'200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } } }",
      "'200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Page' } } } }",
    )
    .replace(
      '    Item:\n',
      "    Page: { type: object, required: [items, total], properties: { items: { type: array, items: { $ref: '#/components/schemas/Item' } }, total: { type: integer } } }\n    Item:\n",
    );
  const uuids = { valid: (id: string): boolean => UUID.test(id), make: (): string => randomUUID(), seeded: 12, paging: 'offset' as const, wrapped: true };

  it('is read page by page as the collection list: a deleted item still listed is found there, no created one is said missing', async () => {
    const { report, sent } = await run(spec, { ...uuids, listsDeleted: true });
    expect(sent).toContain('GET /items?limit=100');
    expect(findings(report)).toContainEqual(expect.stringMatching(/^use_after_free listItems: items \S+, deleted, is still listed by listItems/));
    expect(findings(report).filter((f) => f.includes('is missing'))).toEqual([]);
  });

  it('a correct server: no finding, and the list checks passed', async () => {
    const { report } = await run(spec, uuids);
    expect(findings(report)).toEqual([]);
    expect(report.operations.find((o) => o.operationId === 'listItems')?.checks.ensure_resource_availability?.passed).toBeGreaterThan(0);
  });
});

describe('a wrapped list that never shows a created item (a static answer, as the mock gives one)', () => {
  it('is not said to miss them', async () => {
    const spec = contract('{ type: string }', OFFSET_PARAMS)
      .replace(
        "'200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } } }",
        "'200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Page' } } } }",
      )
      .replace('    Item:\n', "    Page: { type: object, properties: { items: { type: array, items: { $ref: '#/components/schemas/Item' } } } }\n    Item:\n");
    const { handler } = server({ valid: () => true, make: (n) => `i${n}` });
    const model = await buildModel(writeSpec(spec));
    const report = await runConformance({
      model,
      phases: ['stateful'],
      statefulSteps: 5,
      fetch: async (r) => (r.method === 'GET' && new URL(r.url).pathname === '/items' ? json({ items: [{ id: 'sample', title: 't' }] }) : handler(r)),
    });
    expect(findings(report)).toEqual([]);
  });
});

describe('chains and lists not judged are named in skipped', () => {
  it('a create refused: the chain is not run, and the reason says which status', async () => {
    const model = await buildModel(writeSpec(contract('{ type: string }')));
    const report = await runConformance({
      model,
      phases: ['stateful'],
      fetch: async (r) => (r.method === 'POST' ? json({ error: 'no' }, 400) : json({}, 404)),
    });
    expect(findings(report)).toEqual([]);
    expect(report.skipped).toEqual([
      { check: 'ensure_resource_availability', path: '/items', reason: 'POST /items answered 400 to a create of items: its chain was not run' },
    ]);
  });

  it('a list whose answer says more follows, with no declared way to ask for it: no item is said missing, and skipped says why', async () => {
    const spec = contract('{ type: string }')
      .replace(
        "'200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } } }",
        "'200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Page' } } } }",
      )
      .replace(
        '    Item:\n',
        "    Page: { type: object, properties: { data: { type: array, items: { $ref: '#/components/schemas/Item' } }, next_cursor: { type: string } } }\n    Item:\n",
      );
    const { handler } = server({ valid: () => true, make: (n) => `i${n}` });
    const model = await buildModel(writeSpec(spec));
    const report = await runConformance({
      model,
      phases: ['stateful'],
      statefulSteps: 3,
      // The first page only: an item made before the run, then a cursor to the rest (which holds what was created).
      fetch: async (r) =>
        r.method === 'GET' && new URL(r.url).pathname === '/items' ? json({ data: [{ id: 'old', title: 't' }], next_cursor: 'c2' }) : handler(r),
    });
    expect(findings(report)).toEqual([]);
    expect(report.skipped).toContainEqual({
      check: 'ensure_resource_availability',
      path: '/items',
      reason: 'GET /items was not read to its end (it says more follows, but the contract declares no way to ask for it)',
    });
  });
});

describe('recorded traffic of other clients, replayed: only whole reads of a list are judged', () => {
  it('a filtered list, and a page that is not the one its previous page named, say nothing of what is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-stateful-replay-'));
    const spec = join(dir, 'openapi.yaml');
    writeFileSync(spec, contract('{ type: integer }', OFFSET_PARAMS.replace(/\]$/, ', { name: title, in: query, schema: { type: string } }]')));
    const x = (method: string, url: string, status: number, body?: unknown, sent?: unknown): unknown => ({
      phase: 'proxy',
      origin: 'proxied',
      request: {
        method,
        url,
        headers: sent === undefined ? {} : { 'content-type': 'application/json' },
        ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
      },
      response: { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) },
    });
    const cassette = join(dir, 'traffic.json');
    writeFileSync(
      cassette,
      JSON.stringify({
        specforgeCassette: 1,
        recorded: '2026-01-01T00:00:00.000Z',
        source: 'proxy',
        exchanges: [
          x('GET', '/items/2147480001', 404),
          x('POST', '/items', 201, { id: 1, title: 'a' }, { title: 'a' }),
          x('POST', '/items', 201, { id: 2, title: 'b' }, { title: 'b' }),
          // Filtered: item 2 is not among the items titled a.
          x('GET', '/items?title=a', 200, [{ id: 1, title: 'a' }]),
          // A full first page, then a page of another read (offset 5, not 1).
          x('GET', '/items?limit=1', 200, [{ id: 1, title: 'a' }]),
          x('GET', '/items?limit=1&offset=5', 200, []),
          // A whole read: judged, and both are there.
          x('GET', '/items?limit=100', 200, [
            { id: 1, title: 'a' },
            { id: 2, title: 'b' },
          ]),
        ],
      }),
    );
    const out: string[] = [];
    const code = await runTest({ spec, baseUrl: 'http://items.test/', replay: cassette, progress: false, format: 'json', write: (t) => out.push(t) });
    const report = JSON.parse(out.join('')) as ConformanceReport;
    expect(findings(report)).toEqual([]);
    expect(code).toBe(0);
    expect(report.operations.find((o) => o.operationId === 'listItems')?.checks.ensure_resource_availability).toEqual({ passed: 2, failed: 0 });
  });
});

describe('a collection the paths suggest but the contract does not let the phase judge', () => {
  it('a read that declares no 404 for a missing item: named in skipped with the reason, nothing sent for it', async () => {
    const spec = contract('{ type: string }').replace("        '404': { description: missing }\n    delete:", '    delete:');
    const model = await buildModel(writeSpec(spec));
    const sent: string[] = [];
    const report = await runConformance({ model, phases: ['stateful'], fetch: async (r) => (sent.push(r.method), json({}, 404)) });
    expect(sent).toEqual([]);
    expect(report.skipped).toEqual([
      {
        check: 'ensure_resource_availability',
        path: '/items',
        reason: 'no create/read/delete chain: GET /items/{itemId} declares no 404 (or 4XX, default) for a missing itemId',
      },
    ]);
  });
});

describe('a list paged by a cursor in its body', () => {
  it('next_cursor is sent back in the cursor parameter until it is null: no item past the first page is said missing', async () => {
    const spec = contract(
      '{ type: integer }',
      '[{ name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 50 } }, { name: cursor, in: query, schema: { type: string } }]',
    )
      .replace(
        "'200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } } }",
        "'200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Page' } } } }",
      )
      .replace(
        '    Item:\n',
        "    Page: { type: object, properties: { data: { type: array, items: { $ref: '#/components/schemas/Item' } }, next_cursor: { type: string, nullable: true } } }\n    Item:\n",
      );
    const { report, sent } = await run(spec, { valid: (id) => /^\d+$/.test(id), make: (n) => n, seeded: 12, paging: 'cursor' });
    expect(findings(report)).toEqual([]);
    expect(sent).toContain('GET /items?limit=50&cursor=c10');
    expect(report.operations.find((o) => o.operationId === 'listItems')?.checks.ensure_resource_availability?.passed).toBeGreaterThan(0);
  });
});

describe('a list that never ends', () => {
  it('is read to 20 pages at a time and 60 further pages in all, named in skipped; no item is said missing', async () => {
    const spec = contract('{ type: integer }', LINK_PARAMS);
    const { handler } = server({ valid: (id) => /^\d+$/.test(id), make: (n) => n });
    const model = await buildModel(writeSpec(spec));
    let pages = 0;
    const report = await runConformance({
      model,
      phases: ['stateful'],
      statefulSteps: 40,
      fetch: async (r) => {
        const url = new URL(r.url);
        if (r.method !== 'GET' || url.pathname !== '/items') return handler(r);
        // Every page a new item made up, and a next page.
        const page = Number(url.searchParams.get('page') ?? '1');
        pages++;
        return json([{ id: 100000 + pages, title: 'made up' }], 200, { link: `</items?page=${page + 1}&per_page=10>; rel="next"` });
      },
    });
    expect(findings(report)).toEqual([]);
    const reads = report.skipped?.filter((s) => s.path === '/items').map((s) => s.reason);
    expect(reads).toContain('GET /items was not read to its end (20 pages read, more follow)');
    expect(reads).toContain('GET /items was not read to its end (the 60 further pages its reads may ask for are asked)');
    // Each read's first page (one per list step, at most 42), and 60 further pages in all.
    expect(pages).toBeLessThanOrEqual(42 + 60);
  });
});
