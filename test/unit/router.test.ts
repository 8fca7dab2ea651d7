/**
 * Routing by OpenAPI path template: specificity, parameters inside segments, 404 and 405.
 */
import { describe, expect, it } from 'vitest';
import { Router, type RouteMatch } from '../../src/runtime/server/router.js';
import type { OperationSpec } from '../../src/runtime/shared/spec.js';

function op(method: string, path: string, id = `${method.toLowerCase()} ${path}`): OperationSpec {
  return { id, method, path, parameters: [], responses: { '200': { types: [] } }, security: [] };
}

/** What a match comes to, in a form that is easy to compare. */
function outcome(m: RouteMatch): unknown {
  if (m.kind === 'found') return { id: m.operation.id, raw: m.raw };
  if (m.kind === 'method-not-allowed') return { allow: m.allow };
  return 'not-found';
}

const OPERATIONS: OperationSpec[] = [
  // Parameter routes first, so declaration order cannot be what makes literals win.
  op('GET', '/users/{id}', 'getUser'),
  op('DELETE', '/users/{id}', 'deleteUser'),
  op('GET', '/users/me', 'getMe'),
  op('GET', '/users/{userId}/posts/{postId}', 'getPost'),
  op('GET', '/users/{userId}/posts/latest', 'getLatestPost'),
  op('GET', '/files/{path}', 'getAnyFile'),
  op('GET', '/files/{name}.json', 'getJsonFile'),
  op('GET', '/v1/{resource}', 'getResource'),
  op('POST', '/v1/{resource}:testIamPermissions', 'testIamPermissions'),
  op('POST', '/v1/{resource}:setIamPolicy', 'setIamPolicy'),
  op('GET', '/range/{from}-{to}', 'getRange'),
  op('GET', '/a/{x}/c', 'axc'),
  op('GET', '/a/b/{y}', 'aby'),
  op('GET', '/v2.0/{id}', 'dotted'),
  op('POST', '/items', 'createItem'),
  op('GET', '/items', 'listItems'),
  op('PUT', '/items', 'replaceItems'),
  op('GET', '/', 'root'),
];

describe('Router.match', () => {
  const router = new Router(OPERATIONS);
  const cases: Array<[string, { given: [method: string, path: string]; want: unknown }]> = [
    // literals beat parameters
    ['literal segment beats a parameter', { given: ['GET', '/users/me'], want: { id: 'getMe', raw: {} } }],
    ['parameter route for other values', { given: ['GET', '/users/42'], want: { id: 'getUser', raw: { id: '42' } } }],
    [
      'a literal route without the method falls through to the parameter route',
      { given: ['DELETE', '/users/me'], want: { id: 'deleteUser', raw: { id: 'me' } } },
    ],
    ['leftmost literal wins', { given: ['GET', '/a/b/c'], want: { id: 'aby', raw: { y: 'c' } } }],
    ['the other one matches when the literal differs', { given: ['GET', '/a/z/c'], want: { id: 'axc', raw: { x: 'z' } } }],
    ['trailing literal beats a trailing parameter', { given: ['GET', '/users/7/posts/latest'], want: { id: 'getLatestPost', raw: { userId: '7' } } }],
    // several parameters
    ['two parameters', { given: ['GET', '/users/7/posts/99'], want: { id: 'getPost', raw: { userId: '7', postId: '99' } } }],
    ['two parameters in one segment', { given: ['GET', '/range/1-5'], want: { id: 'getRange', raw: { from: '1', to: '5' } } }],
    // parameters mixed with literals
    ['parameter with a literal suffix', { given: ['GET', '/files/report.json'], want: { id: 'getJsonFile', raw: { name: 'report' } } }],
    ['suffix route takes dots in the parameter', { given: ['GET', '/files/a.b.json'], want: { id: 'getJsonFile', raw: { name: 'a.b' } } }],
    ['other suffixes go to the bare parameter', { given: ['GET', '/files/report.xml'], want: { id: 'getAnyFile', raw: { path: 'report.xml' } } }],
    ['an empty parameter before the suffix does not match it', { given: ['GET', '/files/.json'], want: { id: 'getAnyFile', raw: { path: '.json' } } }],
    // ":verb" suffixes
    ['custom verb', { given: ['POST', '/v1/projects:testIamPermissions'], want: { id: 'testIamPermissions', raw: { resource: 'projects' } } }],
    ['another custom verb', { given: ['POST', '/v1/p1:setIamPolicy'], want: { id: 'setIamPolicy', raw: { resource: 'p1' } } }],
    ['no verb', { given: ['GET', '/v1/projects'], want: { id: 'getResource', raw: { resource: 'projects' } } }],
    ['unknown verb', { given: ['POST', '/v1/projects:unknown'], want: { allow: ['GET', 'HEAD'] } }],
    // literal text is literal
    ['a dot in a template is not a wildcard', { given: ['GET', '/v2x0/1'], want: 'not-found' }],
    ['dotted literal', { given: ['GET', '/v2.0/1'], want: { id: 'dotted', raw: { id: '1' } } }],
    // raw values
    ['values stay percent-encoded', { given: ['GET', '/users/a%2Fb'], want: { id: 'getUser', raw: { id: 'a%2Fb' } } }],
    ['malformed encodings are returned as they came', { given: ['GET', '/users/%E0%A4%A'], want: { id: 'getUser', raw: { id: '%E0%A4%A' } } }],
    // methods
    ['method is case-insensitive', { given: ['get', '/users/me'], want: { id: 'getMe', raw: {} } }],
    ['HEAD is served by GET', { given: ['HEAD', '/users/me'], want: { id: 'getMe', raw: {} } }],
    ['root', { given: ['GET', '/'], want: { id: 'root', raw: {} } }],
    // 404
    ['unknown path', { given: ['GET', '/nope'], want: 'not-found' }],
    ['too few segments', { given: ['GET', '/users'], want: 'not-found' }],
    ['too many segments', { given: ['GET', '/users/1/extra'], want: 'not-found' }],
    ['empty parameter', { given: ['GET', '/users//posts/1'], want: 'not-found' }],
    ['trailing slash on a literal route', { given: ['GET', '/users/me/'], want: 'not-found' }],
    ['trailing slash on a collection', { given: ['GET', '/items/'], want: 'not-found' }],
    ['trailing slash where a parameter would be', { given: ['GET', '/users/'], want: 'not-found' }],
    ['double slash', { given: ['GET', '//users/me'], want: 'not-found' }],
    ['no leading slash', { given: ['GET', 'users/me'], want: 'not-found' }],
    ['empty path', { given: ['GET', ''], want: 'not-found' }],
    ['asterisk form', { given: ['OPTIONS', '*'], want: 'not-found' }],
    // 405
    ['405 with the sorted Allow list', { given: ['PATCH', '/items'], want: { allow: ['GET', 'HEAD', 'POST', 'PUT'] } }],
    ['405 lists the methods of every template that matches', { given: ['PUT', '/users/me'], want: { allow: ['DELETE', 'GET', 'HEAD'] } }],
    ['405 on a parameter route', { given: ['POST', '/users/1'], want: { allow: ['DELETE', 'GET', 'HEAD'] } }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(outcome(router.match(...given))).toEqual(want);
  });

  it('the answer does not depend on the order operations are declared in', () => {
    const reversed = new Router([...OPERATIONS].reverse());
    for (const [, { given, want }] of cases) expect(outcome(reversed.match(...given))).toEqual(want);
  });

  it('an explicit HEAD operation wins over GET', () => {
    const r = new Router([op('GET', '/x', 'getX'), op('HEAD', '/x', 'headX')]);
    expect(outcome(r.match('HEAD', '/x'))).toEqual({ id: 'headX', raw: {} });
    expect(outcome(r.match('POST', '/x'))).toEqual({ allow: ['GET', 'HEAD'] });
  });

  it('no HEAD without GET', () => {
    const r = new Router([op('POST', '/x', 'postX')]);
    expect(outcome(r.match('HEAD', '/x'))).toEqual({ allow: ['POST'] });
  });

  it('matches hostile paths quickly', () => {
    const r = new Router([op('GET', '/range/{from}-{to}-{step}', 'r'), op('GET', '/files/{name}.json', 'f')]);
    const long = 'a'.repeat(20_000);
    const started = performance.now();
    expect(outcome(r.match('GET', `/range/${long}`))).toBe('not-found');
    expect(outcome(r.match('GET', `/files/${long}`))).toBe('not-found');
    expect(outcome(r.match('GET', `/${'x/'.repeat(5_000)}`))).toBe('not-found');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('several parameters in one segment are matched without backtracking blow-up', () => {
    const r = new Router([op('GET', '/t/{a}-{b}-{c}.json', 't'), op('GET', '/x/{a}{b}', 'x'), op('GET', '/p/v{major}.{minor}', 'p')]);
    const dashes = '-'.repeat(20_000);
    const started = performance.now();
    expect(outcome(r.match('GET', `/t/${dashes}`))).toBe('not-found');
    expect(outcome(r.match('GET', `/t/${dashes}.jso`))).toBe('not-found');
    expect(outcome(r.match('GET', `/t/${dashes}.json`))).toEqual({ id: 't', raw: { a: '-', b: '-', c: dashes.slice(4) } });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(outcome(r.match('GET', '/t/1-2-3.json'))).toEqual({ id: 't', raw: { a: '1', b: '2', c: '3' } });
    expect(outcome(r.match('GET', '/t/1-2-3-4.json'))).toEqual({ id: 't', raw: { a: '1', b: '2', c: '3-4' } });
    expect(outcome(r.match('GET', '/t/1--3.json'))).toBe('not-found');
    expect(outcome(r.match('GET', '/t/1-2.json'))).toBe('not-found');
    expect(outcome(r.match('GET', '/t/-2-3.json'))).toBe('not-found');
    expect(outcome(r.match('GET', '/t/--2-3.json'))).toEqual({ id: 't', raw: { a: '-', b: '2', c: '3' } });
    expect(outcome(r.match('GET', '/x/abc'))).toEqual({ id: 'x', raw: { a: 'a', b: 'bc' } });
    expect(outcome(r.match('GET', '/x/a'))).toBe('not-found');
    expect(outcome(r.match('GET', '/p/v1.2'))).toEqual({ id: 'p', raw: { major: '1', minor: '2' } });
    expect(outcome(r.match('GET', '/p/v.2'))).toBe('not-found');
    expect(outcome(r.match('GET', '/p/1.2'))).toBe('not-found');
  });

  it('mixed segments split exactly as a lazy regular expression would', () => {
    const templates = ['{a}-{b}-{c}.json', '{a}.{b}', 'v{major}.{minor}', '{a}{b}', 'x{a}-{b}y'];
    const alphabet = ['1', '-', '.', 'v', 'x', 'y'];
    const texts: string[] = [''];
    for (let len = 1; len <= 6; len++) {
      for (const t of texts.filter((s) => s.length === len - 1)) for (const c of alphabet) texts.push(t + c);
    }
    for (const template of templates) {
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      const source = template
        .split(/(\{[^}]+\})/)
        .map((p) => (p.startsWith('{') ? '([^/]+?)' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      const regex = new RegExp(`^/m/${source}$`);
      const r = new Router([op('GET', `/m/${template}`, 'm')]);
      for (const text of texts) {
        const m = regex.exec(`/m/${text}`);
        const want = m ? { id: 'm', raw: Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) } : 'not-found';
        expect(outcome(r.match('GET', `/m/${text}`)), `${template} against ${JSON.stringify(text)}`).toEqual(want);
      }
    }
  });

  it('literal paths of one length are told apart whether compared one by one (a few) or looked up (many)', () => {
    // 3 templates of length 4, and 12 of length 5 (over the 8 compared one by one).
    const few = ['/abc', '/abd', '/xyz'];
    const many = Array.from({ length: 12 }, (_, i) => `/k${String(i).padStart(3, '0')}`);
    const r = new Router([...few, ...many].flatMap((p) => [op('GET', p), op('PUT', p)]).concat(op('GET', '/{x}', 'any')));
    for (const p of [...few, ...many]) {
      expect(r.literal('GET', p)?.id).toBe(`get ${p}`);
      expect(r.literal('PUT', p)?.id).toBe(`put ${p}`);
      // A method the path does not take, and a path of the same length that is no template, go to match.
      expect(r.literal('DELETE', p)).toBeUndefined();
      expect(outcome(r.match('DELETE', p))).toEqual({ allow: ['GET', 'HEAD', 'PUT'] });
    }
    for (const p of ['/abe', '/k999', '/abcd', '/k0000']) {
      expect(r.literal('GET', p)).toBeUndefined();
      expect(outcome(r.match('GET', p))).toEqual({ id: 'any', raw: { x: p.slice(1) } });
    }
  });

  it('an empty router finds nothing', () => {
    expect(outcome(new Router([]).match('GET', '/'))).toBe('not-found');
  });
});

describe('multi-segment path parameters (x-specforge-multi-segment)', () => {
  const op = (id: string, method: string, path: string, multi: string[] = []): OperationSpec => ({
    id,
    method,
    path,
    parameters: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1] as string,
      in: 'path' as const,
      required: true,
      style: 'simple',
      explode: false,
      shape: { type: 'string' as const },
      ...(multi.includes(m[1] as string) ? { multiSegment: true } : {}),
    })),
    responses: {},
    security: [],
  });
  const router = new Router([
    op('inspect', 'GET', '/images/{name}/json', ['name']),
    op('remove', 'DELETE', '/images/{name}', ['name']),
    op('tag', 'POST', '/images/{name}/tag', ['name']),
    op('search', 'GET', '/images/search'),
    op('plain', 'GET', '/things/{id}/json'),
  ]);
  it.each([
    ['GET', '/images/ubuntu/json', 'inspect', 'ubuntu'],
    ['GET', '/images/library/ubuntu/json', 'inspect', 'library/ubuntu'],
    ['GET', '/images/registry.acme.com:5000/team/app:1.2/json', 'inspect', 'registry.acme.com:5000/team/app:1.2'],
    ['DELETE', '/images/library/ubuntu', 'remove', 'library/ubuntu'],
    ['DELETE', '/images/library/ubuntu/json', 'remove', 'library/ubuntu/json'],
    ['POST', '/images/a/b/tag', 'tag', 'a/b'],
  ])('%s %s is %s with name %s', (method, path, id, name) => {
    const m = router.match(method, path);
    expect(m.kind).toBe('found');
    if (m.kind === 'found') {
      expect(m.operation.id).toBe(id);
      expect(m.raw['name']).toBe(name);
    }
  });
  it('literal routes still win, and parameters without the extension stay one segment', () => {
    const search = router.match('GET', '/images/search');
    expect(search.kind === 'found' && search.operation.id).toBe('search');
    expect(router.match('GET', '/things/a/b/json').kind).toBe('not-found');
    expect(router.match('GET', '/images//json').kind).not.toBe('found');
  });
});

describe('a multi-segment parameter with a literal :verb suffix in its segment', () => {
  const op = (id: string, method: string, path: string, multi: string[] = []): OperationSpec => ({
    id,
    method,
    path,
    parameters: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1] as string,
      in: 'path' as const,
      required: true,
      style: 'simple',
      explode: false,
      shape: { type: 'string' as const },
      ...(multi.includes(m[1] as string) ? { multiSegment: true } : {}),
    })),
    responses: {},
    security: [],
  });
  const router = new Router([
    op('getResource', 'GET', '/v1/{name}', ['name']),
    op('test', 'POST', '/v1alpha/{resource}:testIamPermissions', ['resource']),
    op('getPolicy', 'POST', '/v1alpha/{resource}:getIamPolicy', ['resource']),
    op('cancel', 'POST', '/v1/{name}:cancel', ['name']),
    op('rename', 'POST', '/v2/{name}:rename/{target}', ['name']),
    op('single', 'POST', '/v3/{name}:run'),
  ]);
  it.each([
    ['POST', '/v1alpha/projects/p/assets/a:testIamPermissions', 'test', 'resource', 'projects/p/assets/a'],
    ['POST', '/v1alpha/projects/p/assets/folder/sub/image:testIamPermissions', 'test', 'resource', 'projects/p/assets/folder/sub/image'],
    ['POST', '/v1alpha/projects/p/datasets/d/tables/t:getIamPolicy', 'getPolicy', 'resource', 'projects/p/datasets/d/tables/t'],
    ['POST', '/v1alpha/one:testIamPermissions', 'test', 'resource', 'one'],
    ['POST', '/v1alpha/projects%2Fp%2Fassets%2Fa:testIamPermissions', 'test', 'resource', 'projects%2Fp%2Fassets%2Fa'],
    ['POST', '/v1alpha/a:b/c:d:testIamPermissions', 'test', 'resource', 'a:b/c:d'],
    ['POST', '/v1/operations/x/y:cancel', 'cancel', 'name', 'operations/x/y'],
    ['GET', '/v1/operations/x/y:cancel', 'getResource', 'name', 'operations/x/y:cancel'],
    ['POST', '/v2/a/b/c:rename/d', 'rename', 'name', 'a/b/c'],
  ])('%s %s is %s with %s = %s', (method, path, id, param, value) => {
    const m = router.match(method, path);
    expect(m.kind).toBe('found');
    if (m.kind === 'found') {
      expect(m.operation.id).toBe(id);
      expect(m.raw[param]).toBe(value);
    }
  });
  it.each([
    ['no value before the verb', 'POST', '/v1alpha/:testIamPermissions'],
    ['an empty segment inside the value', 'POST', '/v1alpha/projects//a:testIamPermissions'],
    ['a value that ends with a slash', 'POST', '/v1alpha/projects/p/:testIamPermissions'],
    ['an unknown verb', 'POST', '/v1alpha/projects/p/assets/a:setIamPolicy'],
    ['the verb without its colon', 'POST', '/v1alpha/projects/p/assets/atestIamPermissions'],
    ['a parameter without the extension', 'POST', '/v3/a/b:run'],
  ])('%s is not routed to a verb', (_name, method, path) => {
    const m = router.match(method, path);
    expect(m.kind === 'found' && ['test', 'getPolicy', 'single'].includes(m.operation.id)).toBe(false);
  });
  it("the wrong method on a :verb path is a 405 listing the verb route's method", () => {
    expect(router.match('GET', '/v1alpha/projects/p/assets/a:testIamPermissions')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
  });
});
