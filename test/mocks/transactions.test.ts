/**
 * The stateful mock is transactional: a request that fails (a conflict, a precondition, an answer
 * or a stored document the contract refuses) leaves the store as it was, every stored document
 * renders into valid answers, names stay unique (on create, update and rename), and collections
 * are indexed by parent and alias.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { Collection, Transaction, type Doc } from '../../src/runtime/mock/store.js';
import type { Mock } from '../../src/runtime/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const NOTES = join(ROOT, 'test', 'fixtures', 'mocks', 'notes', 'openapi.yaml');
const ENGINE = join(ROOT, 'specs', 'engine', 'openapi.yaml');
const MIGRATIONS = join(ROOT, 'specs', 'migrations', 'openapi.yaml');
const GITHUB_TOKEN = `Bearer ghp_${'a'.repeat(36)}`;

interface Answer {
  status: number;
  body: unknown;
}

async function send(mock: Mock, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await mock.fetch(new Request(`http://mock.test${path}`, init));
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function message(a: Answer): string {
  return String((a.body as { message?: unknown } | undefined)?.message ?? '');
}

describe('a request that fails leaves the store as it was', () => {
  it('a create whose document no read could answer is refused (500 naming the read), and nothing is stored', async () => {
    const mock = await createMockFromSpec(NOTES, { stateful: true });
    const refused = await send(mock, 'POST', '/notes', { name: 'a', tag: null });
    expect(refused.status).toBe(500);
    // The fixture's error body is { message } (inferred from its error responses): the details are in the message.
    expect(message(refused)).toMatch(/would store a notes that getNote cannot answer.*nothing was changed.*\/tag must be string/);
    expect(Object.keys(refused.body as object)).toEqual(['message']);
    const list = await send(mock, 'GET', '/notes');
    expect(list).toEqual({ status: 200, body: [] });
    // The refused create took no id and no name.
    const created = await send(mock, 'POST', '/notes', { name: 'a', tag: 'x' });
    expect(created).toEqual({ status: 201, body: { id: 1 } });
    expect((await send(mock, 'GET', '/notes/a')).body).toMatchObject({ id: 1, name: 'a', tag: 'x', status: 'draft' });
  });

  it('an update whose answer breaks the contract is a 500 and the stored document is unchanged', async () => {
    const mock = await createMockFromSpec(NOTES, { stateful: true });
    await send(mock, 'POST', '/notes', { name: 'a', tag: 'x' });
    const refused = await send(mock, 'PATCH', '/notes/1', { tag: null });
    expect(refused.status).toBe(500);
    expect(message(refused)).toMatch(/nothing was changed/);
    expect((await send(mock, 'GET', '/notes/1')).body).toMatchObject({ name: 'a', tag: 'x' });
    expect((await send(mock, 'GET', '/notes')).status).toBe(200);
    const renamed = await send(mock, 'PATCH', '/notes/1', { name: 'b' });
    expect(renamed.status).toBe(200);
    expect((await send(mock, 'GET', '/notes/b')).body).toMatchObject({ id: 1, name: 'b' });
    expect((await send(mock, 'GET', '/notes/a')).status).toBe(404);
  });

  it('a transition whose result no read could answer is undone: state and fields as before', async () => {
    const mock = await createMockFromSpec(NOTES, { stateful: true });
    const long = 'n'.repeat(35);
    await send(mock, 'POST', '/notes', { name: long });
    const refused = await send(mock, 'POST', '/notes/1/publish');
    expect(refused.status).toBe(500);
    expect((await send(mock, 'GET', '/notes/1')).body).toMatchObject({ name: long, status: 'draft' });
    await send(mock, 'POST', '/notes', { name: 'short' });
    expect((await send(mock, 'POST', '/notes/short/publish')).status).toBe(204);
    expect((await send(mock, 'GET', '/notes/published-short')).body).toMatchObject({ id: 2, status: 'published' });
    expect((await send(mock, 'GET', '/notes/short')).status).toBe(404);
  });

  it('names stay unique on create, update and transition, each conflict a 409 that changes nothing', async () => {
    const mock = await createMockFromSpec(NOTES, { stateful: true });
    await send(mock, 'POST', '/notes', { name: 'a' });
    await send(mock, 'POST', '/notes', { name: 'published-a' });
    expect((await send(mock, 'POST', '/notes', { name: 'a' })).status).toBe(409);
    const update = await send(mock, 'PATCH', '/notes/2', { name: 'a' });
    expect(update.status).toBe(409);
    expect(message(update)).toMatch(/name a is already in use by 1/);
    const publish = await send(mock, 'POST', '/notes/a/publish');
    expect(publish.status).toBe(409);
    expect((await send(mock, 'GET', '/notes')).body).toEqual([
      expect.objectContaining({ id: 1, name: 'a', status: 'draft' }),
      expect.objectContaining({ id: 2, name: 'published-a', status: 'draft' }),
    ]);
  });

  it('a delete keeps its place in the list until it succeeds', async () => {
    const mock = await createMockFromSpec(NOTES, { stateful: true });
    for (const name of ['a', 'b', 'c']) await send(mock, 'POST', '/notes', { name });
    expect((await send(mock, 'DELETE', '/notes/b')).status).toBe(204);
    expect(((await send(mock, 'GET', '/notes')).body as Doc[]).map((n) => n['name'])).toEqual(['a', 'c']);
    expect((await send(mock, 'DELETE', '/notes/b')).status).toBe(404);
  });
});

describe('the shipped contracts: poisoned writes no longer break later reads', () => {
  it('engine: Labels: null is stored as no labels, and the list still answers', async () => {
    const mock = await createMockFromSpec(ENGINE, { stateful: true });
    expect((await send(mock, 'POST', '/containers/create?name=p', { Image: 'busybox', Labels: null })).status).toBe(201);
    const list = await send(mock, 'GET', '/containers/json?all=1');
    expect(list.status, message(list)).toBe(200);
    expect((list.body as Doc[]).find((c) => (c['Names'] as string[]).includes('/p'))).toMatchObject({ Labels: {} });
  });

  it('engine: ContainerRename renames (the old name is gone) and refuses a name in use with 409', async () => {
    const mock = await createMockFromSpec(ENGINE, { stateful: true });
    await send(mock, 'POST', '/containers/create?name=p', { Image: 'busybox' });
    await send(mock, 'POST', '/containers/create?name=/taken', { Image: 'busybox' });
    expect((await send(mock, 'POST', '/containers/p/rename?name=q')).status).toBe(204);
    expect((await send(mock, 'GET', '/containers/q/json')).body).toMatchObject({ Name: '/q' });
    expect((await send(mock, 'GET', '/containers/p/json')).status).toBe(404);
    const conflict = await send(mock, 'POST', '/containers/q/rename?name=taken');
    expect(conflict.status).toBe(409);
    expect(message(conflict)).toMatch(/\/taken is already in use/);
    expect((await send(mock, 'GET', '/containers/q/json')).body).toMatchObject({ Name: '/q' });
    // A name given with its slash is the same name.
    expect((await send(mock, 'POST', '/containers/q/rename?name=/q2')).status).toBe(204);
    expect((await send(mock, 'GET', '/containers/q2/json')).body).toMatchObject({ Name: '/q2' });
    expect((await send(mock, 'GET', '/containers/rename-missing/json')).status).toBe(404);
    expect((await send(mock, 'POST', '/containers/nope/rename?name=x')).status).toBe(404);
  });

  it('migrations: org and repository names with spaces, accents or quotes give valid URLs, and the list keeps answering', async () => {
    const mock = await createMockFromSpec(MIGRATIONS, { stateful: true });
    const auth = { authorization: GITHUB_TOKEN };
    for (const org of ['oc%20to', 'caf%C3%A9', 'q%22uote']) {
      const created = await send(mock, 'POST', `/orgs/${org}/migrations`, { repositories: ['a b/c'] }, auth);
      expect(created.status, message(created)).toBe(201);
      const owner = (created.body as { owner: { url: string } }).owner;
      expect(() => new URL(owner.url)).not.toThrow();
      expect(owner.url).toBe(`https://api.github.com/orgs/${org.replace('%22', '%22')}`);
      const list = await send(mock, 'GET', `/orgs/${org}/migrations`, undefined, auth);
      expect(list.status, message(list)).toBe(200);
      expect(list.body).toHaveLength(1);
    }
  });
});

describe('collections are indexed by parent and alias', () => {
  const keys = { scopeOf: (d: Doc) => String(d['org']), aliasesOf: (d: Doc) => [String(d['name'])] };

  it("inScope yields one parent's documents in insertion order, without the others", () => {
    const c = new Collection(keys);
    for (let i = 0; i < 1000; i++) c.put(String(i), { org: i % 100 === 0 ? 'small' : 'big', name: `n${i}` });
    expect([...c.inScope('small')].map(([k]) => k)).toEqual(Array.from({ length: 10 }, (_, i) => String(i * 100)));
    expect([...c.inScope(undefined)]).toHaveLength(1000);
    expect([...c.inScope('none')]).toEqual([]);
  });

  it('byAlias follows in-place edits after reindex, and removals', () => {
    const c = new Collection(keys);
    const doc: Doc = { org: 'o', name: 'old' };
    c.put('1', doc);
    doc['name'] = 'new';
    c.reindex('1');
    expect(c.byAlias('o', 'old')).toBeUndefined();
    expect(c.byAlias('o', 'new')?.[0]).toBe('1');
    expect(c.byAlias('other', 'new')).toBeUndefined();
    doc['org'] = 'p';
    c.reindex('1');
    expect([...c.inScope('o')]).toEqual([]);
    expect(c.byAlias('p', 'new')?.[0]).toBe('1');
    c.remove('1');
    expect(c.byAlias('p', 'new')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('a rollback undoes puts, edits and indexes; removals wait for the commit', () => {
    const c = new Collection(keys);
    const a: Doc = { org: 'o', name: 'a' };
    c.put('a', a);
    c.put('b', { org: 'o', name: 'b' });
    const tx = new Transaction((d) => structuredClone(d));
    tx.touch(c, 'a', a);
    a['name'] = 'renamed';
    c.reindex('a');
    tx.put(c, 'c', { org: 'o', name: 'c' });
    tx.put(c, 'b', { org: 'o', name: 'b2' });
    tx.remove(c, 'a');
    expect(c.has('a')).toBe(true);
    tx.rollback();
    expect([...c.entries()]).toEqual([
      ['a', { org: 'o', name: 'a' }],
      ['b', { org: 'o', name: 'b' }],
    ]);
    expect(c.byAlias('o', 'a')?.[0]).toBe('a');
    expect(c.byAlias('o', 'renamed')).toBeUndefined();
    expect(c.byAlias('o', 'b2')).toBeUndefined();
    const commit = new Transaction((d) => structuredClone(d));
    commit.remove(c, 'a');
    commit.commit();
    expect([...c.entries()].map(([k]) => k)).toEqual(['b']);
  });

  it('a list of one parent stays right with thousands of documents stored under others', async () => {
    const mock = await createMockFromSpec(MIGRATIONS, { stateful: true });
    const auth = { authorization: GITHUB_TOKEN };
    for (let i = 0; i < 400; i++) await send(mock, 'POST', `/orgs/busy/migrations`, { repositories: [`busy/r${i}`] }, auth);
    for (let i = 0; i < 12; i++) await send(mock, 'POST', `/orgs/quiet/migrations`, { repositories: [`quiet/r${i}`] }, auth);
    const page = await send(mock, 'GET', '/orgs/quiet/migrations?per_page=5&page=3', undefined, auth);
    expect(page.status).toBe(200);
    expect((page.body as Array<{ repositories: Array<{ name: string }> }>).map((m) => m.repositories[0]?.name)).toEqual(['r10', 'r11']);
    const busy = await send(mock, 'GET', '/orgs/BUSY/migrations?per_page=100&page=4', undefined, auth);
    expect(busy.body).toHaveLength(100);
  });
});

describe('long runs keep memory flat', () => {
  it('engine: containers created without a name each get their own, so creates never collide', async () => {
    const mock = await createMockFromSpec(ENGINE, { stateful: true });
    const names = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const created = await send(mock, 'POST', '/containers/create', { Image: 'alpine' });
      expect(created.status, message(created)).toBe(201);
      const id = (created.body as { Id: string }).Id;
      const shown = await send(mock, 'GET', `/containers/${id}/json`);
      names.add((shown.body as { Name: string }).Name);
    }
    expect(names.size).toBe(3);
    for (const name of names) expect(name).toMatch(/^\/c_[0-9a-f]{12}$/);
  });

  it('the event log keeps the last maxEvents events, not every event ever emitted', async () => {
    const mock = await createMockFromSpec(ENGINE, { stateful: true, maxEvents: 10 });
    for (let i = 0; i < 30; i++) {
      const created = await send(mock, 'POST', `/containers/create?name=n${i}`, { Image: 'alpine' });
      await send(mock, 'DELETE', `/containers/${(created.body as { Id: string }).Id}`);
    }
    const events = mock.engine.events();
    expect(events).toHaveLength(10);
    expect(JSON.stringify(events.at(-1))).toContain('destroy');
    const replay = await mock.fetch(new Request('http://mock.test/events?since=0&until=9999999999'));
    expect((await replay.text()).trim().split('\n')).toHaveLength(10);
  });
});
