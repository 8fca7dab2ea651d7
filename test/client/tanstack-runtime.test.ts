/**
 * The TanStack Query integration at run time, with a real QueryClient and no React: an in-process
 * notes service (the SDK's `fetch` option) paged by a next cursor; infinite queries read two pages
 * and stop at the last; a create invalidates the notes' plain and infinite list queries and their
 * item reads (by the key factory), not another resource's; the resource key prefix invalidates all
 * of a resource; and the next page of each paging style the generator recognises (cursor, has_more
 * after the last id, offset with a total, numbered pages).
 */
import { hashKey, InfiniteQueryObserver, MutationObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { nextPageParam } from '../../src/runtime/client/tanstack.js';
import * as sdk from '../fixtures/tanstack/generated/sdk.js';
import * as rq from '../fixtures/tanstack/generated/react-query.js';

interface Note {
  id: string;
  text: string;
  created_at: string;
}

/** A notes service in memory: GET /notes pages by `cursor` (the index of the first note) and `limit`. */
function service(): { client: sdk.Client<false>; notes: Note[]; requests: string[] } {
  const notes: Note[] = [1, 2, 3].map((i) => ({ id: `n${i}`, text: `note ${i}`, created_at: `2026-01-0${i}T10:00:00Z` }));
  const requests: string[] = [];
  const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const client = sdk.createSdkClient({
    baseUrl: 'http://notes.test/v1',
    retry: false,
    fetch: async (request) => {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (url.pathname === '/v1/notes' && request.method === 'GET') {
        const start = Number(url.searchParams.get('cursor') ?? '0');
        const limit = Number(url.searchParams.get('limit') ?? '100');
        const items = notes.slice(start, start + limit);
        const next = start + limit < notes.length ? String(start + limit) : null;
        return json(200, { items, meta: { next_cursor: next } });
      }
      if (url.pathname === '/v1/notes' && request.method === 'POST') {
        const body = (await request.json()) as { text: string };
        const note = { id: `n${notes.length + 1}`, text: body.text, created_at: '2026-02-01T10:00:00Z' };
        notes.push(note);
        return json(201, note);
      }
      const one = /^\/v1\/notes\/([^/]+)$/.exec(url.pathname);
      const found = one && notes.find((n) => n.id === one[1]);
      if (found) return json(200, found);
      if (url.pathname === '/v1/charges') return json(200, { data: [{ id: 'ch_1', amount: 5 }], has_more: false });
      return json(404, { title: 'not found' });
    },
  });
  return { client, notes, requests };
}

function invalidated(qc: QueryClient): string[] {
  return qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => hashKey(q.queryKey))
    .sort();
}

describe('infinite queries', () => {
  it('read two pages by the next cursor, then stop at the last page', async () => {
    const { client, requests } = service();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(qc, rq.listNotesInfiniteQueryOptions(client, { query: { limit: 2 } }));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      const first = await observer.refetch();
      expect(first.data?.pages.map((p) => p.items.map((n) => n.id))).toEqual([['n1', 'n2']]);
      expect(observer.getCurrentResult().hasNextPage).toBe(true);
      const second = await observer.fetchNextPage();
      expect(second.data?.pages.map((p) => p.items.map((n) => n.id))).toEqual([['n1', 'n2'], ['n3']]);
      expect(second.data?.pageParams).toEqual([undefined, '2']);
      expect(second.hasNextPage).toBe(false);
      expect(requests.filter((r) => r.startsWith('GET /v1/notes'))).toEqual(['GET /v1/notes?limit=2', 'GET /v1/notes?limit=2&cursor=2']);
    } finally {
      unsubscribe();
    }
    // The pages' key: the list's key without the cursor, marked infinite.
    expect(rq.listNotesInfiniteQueryKey({ query: { limit: 2, cursor: 'x' } })).toEqual(['/notes', 'listNotes', { query: { limit: 2 } }, 'infinite']);
  });

  it('fetchInfiniteQuery reads the first page with the options as given', async () => {
    const { client } = service();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const data = await qc.fetchInfiniteQuery(rq.listNotesInfiniteQueryOptions(client, { query: { limit: 1, cursor: '1' } }));
    expect(data.pages[0]?.items.map((n) => n.id)).toEqual(['n2']);
    expect(data.pageParams).toEqual(['1']);
  });
});

describe('mutations and key factories', () => {
  it('a create invalidates the lists (plain and paged) and the items of its resource, not another resource', async () => {
    const { client } = service();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await qc.fetchQuery(rq.listNotesQueryOptions(client, { query: { limit: 10 } }));
    await qc.fetchInfiniteQuery(rq.listNotesInfiniteQueryOptions(client, { query: { limit: 2 } }));
    await qc.fetchQuery(rq.getNoteQueryOptions(client, { path: { noteId: 'n1' } }));
    await qc.fetchQuery(rq.listChargesQueryOptions(client));
    expect(invalidated(qc)).toEqual([]);

    const created = await new MutationObserver(qc, rq.createNoteMutationOptions(client)).mutate({ body: { text: 'fresh' } });
    expect(created).toMatchObject({ id: 'n4', text: 'fresh' });
    expect(invalidated(qc)).toEqual([
      '["/notes","getNote",{"path":{"noteId":"n1"}}]',
      '["/notes","listNotes",{"query":{"limit":10}}]',
      '["/notes","listNotes",{"query":{"limit":2}},"infinite"]',
    ]);
    // Refetched, the list shows the note created.
    const list = await qc.fetchQuery(rq.listNotesQueryOptions(client, { query: { limit: 10 } }));
    expect(list.items.map((n) => n.text)).toContain('fresh');
  });

  it("a resource's key prefix invalidates every query of it and no other", async () => {
    const { client } = service();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await qc.fetchQuery(rq.listNotesQueryOptions(client));
    await qc.fetchQuery(rq.getNoteQueryOptions(client, { path: { noteId: 'n2' } }));
    await qc.fetchQuery(rq.listChargesQueryOptions(client));
    await qc.invalidateQueries({ queryKey: rq.notesKeys.all });
    expect(invalidated(qc)).toEqual(['["/notes","getNote",{"path":{"noteId":"n2"}}]', '["/notes","listNotes",{}]']);
    expect(rq.notesKeys.getNote({ path: { noteId: 'n2' } })).toEqual(['/notes', 'getNote', { path: { noteId: 'n2' } }]);
    // The cache is typed by the key: the data read back is the note.
    expect(qc.getQueryData(rq.getNoteQueryOptions(client, { path: { noteId: 'n2' } }).queryKey)?.text).toBe('note 2');
  });
});

describe('the next page of each paging style', () => {
  it('cursor, has_more after the last id, offset with a total, numbered pages', () => {
    expect(rq.listNotesPaging).toEqual({ kind: 'cursor', param: 'cursor', next: ['meta', 'next_cursor'] });
    expect(nextPageParam(rq.listNotesPaging, { items: [{}], meta: { next_cursor: 'abc' } }, undefined)).toBe('abc');
    expect(nextPageParam(rq.listNotesPaging, { items: [{}], meta: { next_cursor: null } }, 'abc')).toBeUndefined();
    expect(nextPageParam(rq.listNotesPaging, { items: [], meta: { next_cursor: 'https://x.test/notes?cursor=q%201&limit=2' } }, undefined)).toBe('q 1');

    expect(rq.listChargesPaging).toEqual({ kind: 'after', param: 'starting_after', items: ['data'], more: ['has_more'], id: 'id' });
    expect(nextPageParam(rq.listChargesPaging, { data: [{ id: 'ch_1' }, { id: 'ch_2' }], has_more: true }, undefined)).toBe('ch_2');
    expect(nextPageParam(rq.listChargesPaging, { data: [{ id: 'ch_3' }], has_more: false }, 'ch_2')).toBeUndefined();

    expect(rq.listEventsPaging).toEqual({ kind: 'offset', param: 'offset', items: ['data'], size: 'limit', total: ['total'] });
    expect(nextPageParam(rq.listEventsPaging, { data: ['a', 'b'], total: 5 }, 0, { limit: 2 })).toBe(2);
    expect(nextPageParam(rq.listEventsPaging, { data: ['e'], total: 5 }, 4, { limit: 2 })).toBeUndefined();
    expect(nextPageParam(rq.listEventsPaging, { data: ['c', 'd'], total: 4 }, 2, { limit: 2 })).toBeUndefined();

    expect(rq.getTeamComponentsPaging).toEqual({ kind: 'page', param: 'page', items: [], size: 'per_page' });
    expect(nextPageParam(rq.getTeamComponentsPaging, [{ key: 'a' }, { key: 'b' }], 1, { per_page: 2 })).toBe(2);
    expect(nextPageParam(rq.getTeamComponentsPaging, [{ key: 'c' }], 2, { per_page: 2 })).toBeUndefined();
    expect(nextPageParam(rq.getTeamComponentsPaging, [], 3)).toBeUndefined();
  });
});
