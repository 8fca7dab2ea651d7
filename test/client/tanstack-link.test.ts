/**
 * Infinite queries for lists paged by the `Link` response header (RFC 8288, GitHub's style), as
 * generated from test/fixtures/tanstack-link/openapi.yaml: with a real QueryClient and no React,
 * against a fetch stub and a loopback server answering pages with Link headers, the pages are read
 * in order and the query ends at the last (hasNextPage false); a page number, a cursor and a next
 * link's query taken whole; a next link of another origin is not followed; a refetch that changes a
 * page keeps the next page known. GitHub's contract gets such options for issues/list-for-repo. The
 * generated files are what generate writes today, and an app over them compiles under tsc --strict
 * with TypeScript 5.9 and 7.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/query-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { createContext } from '../../generators/context.js';
import { generateReactQuery } from '../../generators/react-query.js';
import * as sdk from '../fixtures/tanstack-link/generated/sdk.js';
import * as rq from '../fixtures/tanstack-link/generated/react-query.js';
import { typecheckApp } from '../support/typecheck-app.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'tanstack-link');
const TMP = join(ROOT, 'test', '.tmp', `tanstack-link-${process.pid}`);
const GITHUB = join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');

interface Issue {
  number: number;
  title: string;
}

const ISSUES: Issue[] = [1, 2, 3, 4, 5].map((n) => ({ number: n, title: `issue ${n}` }));

/** GitHub's answer to a page of issues: the page's items and a Link header to the next and last pages. */
function issuesPage(url: URL, linkBase: string): Response {
  const per = Number(url.searchParams.get('per_page') ?? '30');
  const page = Number(url.searchParams.get('page') ?? '1');
  const items = ISSUES.slice((page - 1) * per, page * per);
  const last = Math.ceil(ISSUES.length / per);
  const link = (p: number, rel: string): string => `<${linkBase}?per_page=${per}&page=${p}>; rel="${rel}"`;
  const links = [...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []), ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : [])];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (links.length > 0) headers['link'] = links.join(', ');
  return new Response(JSON.stringify(items), { status: 200, headers });
}

function stub(answer: (url: URL) => Response): { client: sdk.Client<false>; requests: string[] } {
  const requests: string[] = [];
  const client = sdk.createSdkClient({
    retry: false,
    fetch: async (request) => {
      const url = new URL(request.url);
      requests.push(`${url.pathname}${url.search}`);
      return answer(url);
    },
  });
  return { client, requests };
}

let server: Server;
let serverUrl = '';

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  // A loopback server whose Link headers are relative (as some APIs send them), and whose next link
  // names the repository by id (as GitHub's do after a rename): only the query is followed.
  server = createServer((req, res) => {
    const answer = issuesPage(new URL(req.url ?? '/', 'http://127.0.0.1'), '/api/repositories/1300192/issues');
    const link = answer.headers.get('link');
    void answer.text().then((body) => {
      res.writeHead(200, { 'content-type': 'application/json', ...(link ? { link } : {}) });
      res.end(body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
  rmSync(TMP, { recursive: true, force: true });
});

describe('an infinite query paged by Link headers', () => {
  it('reads the pages by the next link and ends at the last page (page numbers, fetch stub)', async () => {
    const { client, requests } = stub((url) => issuesPage(url, 'https://issues.example.com/api/repos/o/r/issues'));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(qc, rq.listIssuesInfiniteQueryOptions(client, { path: { owner: 'o', repo: 'r' }, query: { per_page: 2 } }));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      const first = await observer.refetch();
      expect(first.data?.pages.map((p) => p.map((i) => i.number))).toEqual([[1, 2]]);
      expect(observer.getCurrentResult().hasNextPage).toBe(true);
      const second = await observer.fetchNextPage();
      expect(second.data?.pages.map((p) => p.map((i) => i.number))).toEqual([
        [1, 2],
        [3, 4],
      ]);
      expect(second.hasNextPage).toBe(true);
      const third = await observer.fetchNextPage();
      expect(third.data?.pages.map((p) => p.map((i) => i.number))).toEqual([[1, 2], [3, 4], [5]]);
      expect(third.data?.pageParams).toEqual([1, 2, 3]);
      expect(third.hasNextPage).toBe(false);
      expect(requests).toEqual([
        '/api/repos/o/r/issues?per_page=2&page=1',
        '/api/repos/o/r/issues?per_page=2&page=2',
        '/api/repos/o/r/issues?per_page=2&page=3',
      ]);
    } finally {
      unsubscribe();
    }
    // The cache holds each answer's links.
    const cached = qc.getQueryData(rq.listIssuesInfiniteQueryOptions(client, { path: { owner: 'o', repo: 'r' }, query: { per_page: 2 } }).queryKey);
    expect(cached?.pages[0]?.links).toEqual({
      next: 'https://issues.example.com/api/repos/o/r/issues?per_page=2&page=2',
      last: 'https://issues.example.com/api/repos/o/r/issues?per_page=2&page=3',
    });
  });

  it('resolves relative links against the answer URL of a real server, whatever the path', async () => {
    const client = sdk.createSdkClient({ baseUrl: `${serverUrl}/api`, retry: false });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(qc, rq.listIssuesInfiniteQueryOptions(client, { path: { owner: 'o', repo: 'r' }, query: { per_page: 3 } }));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await observer.refetch();
      expect(observer.getCurrentResult().hasNextPage).toBe(true);
      const cached = qc.getQueryData(rq.listIssuesInfiniteQueryOptions(client, { path: { owner: 'o', repo: 'r' }, query: { per_page: 3 } }).queryKey);
      expect(cached?.pages[0]?.links.next).toBe(`${serverUrl}/api/repositories/1300192/issues?per_page=3&page=2`);
      const second = await observer.fetchNextPage();
      expect(second.data?.pages.map((p) => p.map((i) => i.number))).toEqual([
        [1, 2, 3],
        [4, 5],
      ]);
      expect(second.hasNextPage).toBe(false);
    } finally {
      unsubscribe();
    }
  });

  it('does not follow a next link of another origin', async () => {
    const { client, requests } = stub((url) => issuesPage(url, 'https://elsewhere.example.net/api/repos/o/r/issues'));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const data = await qc.fetchInfiniteQuery(rq.listIssuesInfiniteQueryOptions(client, { path: { owner: 'o', repo: 'r' }, query: { per_page: 2 } }));
    expect(data.pages[0]?.links).toEqual({});
    const observer = new InfiniteQueryObserver(qc, rq.listIssuesInfiniteQueryOptions(client, { path: { owner: 'o', repo: 'r' }, query: { per_page: 2 } }));
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('follows a cursor, and a next link whose query is taken whole (undeclared names included)', async () => {
    const events = stub((url) => {
      const after = url.searchParams.get('after');
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (after === null) headers['link'] = '</api/events?after=Y3Vy%3D&per_page=1>; rel="next"';
      return new Response(JSON.stringify([{ number: after === null ? 1 : 2, title: 't' }]), { status: 200, headers });
    });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(qc, rq.listEventsInfiniteQueryOptions(events.client, { query: { per_page: 1 } }));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await observer.refetch();
      const last = await observer.fetchNextPage();
      expect(last.data?.pages.map((p) => p.map((i) => i.number))).toEqual([[1], [2]]);
      expect(last.data?.pageParams).toEqual([undefined, 'Y3Vy=']);
      expect(last.hasNextPage).toBe(false);
      expect(events.requests).toEqual(['/api/events?per_page=1', '/api/events?after=Y3Vy%3D&per_page=1']);
    } finally {
      unsubscribe();
    }

    const refs = stub((url) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (!url.searchParams.has('cursor')) headers['link'] = '<https://issues.example.com/api/refs?prefix=v&cursor=abc&tag=a&tag=b>; rel="next"';
      return new Response(JSON.stringify(url.searchParams.has('cursor') ? ['v2'] : ['v1']), { status: 200, headers });
    });
    const refsObserver = new InfiniteQueryObserver(qc, rq.listRefsInfiniteQueryOptions(refs.client, { query: { prefix: 'v' } }));
    const off = refsObserver.subscribe(() => undefined);
    try {
      await refsObserver.refetch();
      const all = await refsObserver.fetchNextPage();
      expect(all.data?.pages).toEqual([['v1'], ['v2']]);
      expect(all.data?.pageParams).toEqual([undefined, { prefix: 'v', cursor: 'abc', tag: ['a', 'b'] }]);
      expect(all.hasNextPage).toBe(false);
      expect(refs.requests).toEqual(['/api/refs?prefix=v', '/api/refs?prefix=v&cursor=abc&tag=a&tag=b']);
    } finally {
      off();
    }
  });

  it("sends the next link's query whole for an operation with no query parameter of its own", async () => {
    const tags = stub((url) => {
      const page = url.searchParams.get('page');
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (page === null) headers['link'] = '</api/tags?page=2&per_page=1>; rel="next", </api/tags?page=2&per_page=1>; rel="last"';
      return new Response(JSON.stringify([page === null ? 'v1' : 'v2']), { status: 200, headers });
    });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(qc, rq.listTagsInfiniteQueryOptions(tags.client));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await observer.refetch();
      expect(observer.getCurrentResult().hasNextPage).toBe(true);
      const all = await observer.fetchNextPage();
      expect(all.data?.pages).toEqual([['v1'], ['v2']]);
      expect(all.hasNextPage).toBe(false);
      expect(tags.requests).toEqual(['/api/tags', '/api/tags?page=2&per_page=1']);
    } finally {
      unsubscribe();
    }
  });

  it('still knows the next page after a refetch that changes the first page (structural sharing)', async () => {
    let title = 'issue 1';
    const { client } = stub((url) => {
      const answer = issuesPage(url, 'https://issues.example.com/api/repos/o/r/issues');
      return new Response(
        JSON.stringify([
          { number: 1, title },
          { number: 2, title: 'issue 2' },
        ]),
        { status: 200, headers: answer.headers },
      );
    });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(qc, rq.listIssuesInfiniteQueryOptions(client, { path: { owner: 'o', repo: 'r' }, query: { per_page: 2 } }));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await observer.refetch();
      expect(observer.getCurrentResult().hasNextPage).toBe(true);
      title = 'renamed';
      const again = await observer.refetch();
      expect(again.data?.pages[0]?.[0]?.title).toBe('renamed');
      expect(observer.getCurrentResult().hasNextPage).toBe(true);
    } finally {
      unsubscribe();
    }
  });

  it('is not generated for an item whose answer declares a Link header', () => {
    expect(Object.keys(rq).filter((k) => k.startsWith('getIssueInfinite'))).toEqual([]);
    expect(rq.listIssuesPaging).toEqual({ kind: 'link', param: 'page', numeric: true });
    expect(rq.listEventsPaging).toEqual({ kind: 'link', param: 'after' });
    expect(rq.listRefsPaging).toEqual({ kind: 'link' });
    expect(rq.listTagsPaging).toEqual({ kind: 'link' });
  });
});

describe("GitHub's contract (@octokit/openapi)", () => {
  it('gets infinite query options paged by the Link header for issues/list-for-repo', async () => {
    const model = await buildModel(GITHUB);
    const [file] = generateReactQuery(model, createContext('api.github.com.json', { targets: ['types', 'sdk', 'react-query'] }));
    const text = file?.content ?? '';
    expect(text).toContain('export const issuesListForRepoPaging = {"kind":"link","param":"page","numeric":true} as const;');
    expect(text).toMatch(
      /export function issuesListForRepoInfiniteQueryOptions\(client: Client, args: IssuesListForRepoArgs\): OperationInfiniteQueryOptions<LinkedPage<IssuesListForRepoData>/,
    );
    // users/list pages by `since`, a user id the next link carries.
    expect(text).toContain('export const usersListPaging = {"kind":"link","param":"since","numeric":true} as const;');
    // An item whose answer declares Link (enterprise-teams/get) gets none.
    expect(text).not.toContain('enterpriseTeamsGetInfiniteQueryOptions');
  }, 60_000);
});

describe('the generated files', () => {
  it('are what generate writes today', async () => {
    const out = join(TMP, 'generated');
    await generateSpec(
      { path: join(FIXTURE, 'openapi.yaml'), api: 'tanstack-link', out, targets: ['types', 'sdk', 'react-query'], strict: true },
      { cacheDir: join(TMP, '.cache'), force: true },
    );
    for (const file of ['react-query.ts', 'sdk.ts']) {
      expect(readFileSync(join(out, file), 'utf8'), `regenerate test/fixtures/tanstack-link/generated (${file})`).toBe(
        readFileSync(join(FIXTURE, 'generated', file), 'utf8'),
      );
    }
  });

  it('compile with an app over them under tsc --strict, TypeScript 5.9 and 7', () => {
    const results = typecheckApp({ dir: TMP, files: [join(FIXTURE, 'app.ts')] });
    for (const r of results) expect({ compiler: r.compiler, output: r.output, status: r.status }).toEqual({ compiler: r.compiler, output: '', status: 0 });
  }, 400_000);
});
