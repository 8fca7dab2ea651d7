/**
 * The SDK run time on its own (src/runtime/client/sdk.ts): parameters written in every OpenAPI style
 * (the examples of the specification's style table), bodies by media type, credentials by scheme
 * kind, which declared answer a status falls under, and a scheme name the contract lacks refused.
 */
import { describe, expect, it } from 'vitest';
import { createSdk, declaredStatus, type SdkOperation, type SdkParameter } from '../../src/runtime/client/sdk.js';

const COLOR_ARRAY = ['blue', 'black', 'brown'];
const COLOR_OBJECT = { R: 100, G: 200, B: 150 };

/** The request the SDK sends for `operation` with `args`. */
async function sent(operation: SdkOperation, args: Record<string, unknown>, auth: Record<string, string> = {}): Promise<Request> {
  let seen: Request | undefined;
  const client = createSdk(
    {
      key: { type: 'apiKey', in: 'query', name: 'api_key' },
      session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      basic: { type: 'http', scheme: 'basic' },
    },
    {
      baseUrl: 'http://h.invalid',
      auth,
      fetch: async (request) => {
        seen = request;
        return new Response(null, { status: 204 });
      },
    },
  );
  await client.request(operation, args);
  if (!seen) throw new Error('nothing sent');
  return seen;
}

function op(params: SdkParameter[], extra: Partial<SdkOperation> = {}): SdkOperation {
  return { id: 'op', method: 'GET', path: '/p/{color}', params, responses: { '204': 'none' }, ...extra };
}

async function path(style: string, explode: boolean, value: unknown): Promise<string> {
  const request = await sent(op([{ name: 'color', in: 'path', style, explode }]), { path: { color: value } });
  return decodeURIComponent(new URL(request.url).pathname.slice('/p/'.length));
}

async function query(style: string | undefined, explode: boolean | undefined, value: unknown): Promise<string> {
  const p: SdkParameter = { name: 'color', in: 'query' };
  if (style) p.style = style;
  if (explode !== undefined) p.explode = explode;
  const request = await sent({ ...op([p]), path: '/q' }, { query: { color: value } });
  return decodeURIComponent(new URL(request.url).search.slice(1));
}

describe('parameter styles (the OpenAPI style examples)', () => {
  it('path: simple, label and matrix, exploded or not', async () => {
    expect(await path('simple', false, COLOR_ARRAY)).toBe('blue,black,brown');
    expect(await path('simple', false, COLOR_OBJECT)).toBe('R,100,G,200,B,150');
    expect(await path('simple', true, COLOR_OBJECT)).toBe('R=100,G=200,B=150');
    expect(await path('label', false, 'blue')).toBe('.blue');
    expect(await path('label', false, COLOR_ARRAY)).toBe('.blue,black,brown');
    expect(await path('label', true, COLOR_ARRAY)).toBe('.blue.black.brown');
    expect(await path('label', false, COLOR_OBJECT)).toBe('.R,100,G,200,B,150');
    expect(await path('label', true, COLOR_OBJECT)).toBe('.R=100.G=200.B=150');
    expect(await path('matrix', false, 'blue')).toBe(';color=blue');
    expect(await path('matrix', false, COLOR_ARRAY)).toBe(';color=blue,black,brown');
    expect(await path('matrix', true, COLOR_ARRAY)).toBe(';color=blue;color=black;color=brown');
    expect(await path('matrix', false, COLOR_OBJECT)).toBe(';color=R,100,G,200,B,150');
    expect(await path('matrix', true, COLOR_OBJECT)).toBe(';R=100;G=200;B=150');
  });

  it('path values are encoded: a "/" stays inside one segment unless the parameter spans several', async () => {
    const one = await sent(op([{ name: 'color', in: 'path' }]), { path: { color: 'a/b c' } });
    expect(new URL(one.url).pathname).toBe('/p/a%2Fb%20c');
    const many = await sent(op([{ name: 'color', in: 'path', multiSegment: true }]), { path: { color: 'a/b c' } });
    expect(new URL(many.url).pathname).toBe('/p/a/b%20c');
  });

  it('query: form, spaceDelimited, pipeDelimited and deepObject', async () => {
    expect(await query(undefined, undefined, COLOR_ARRAY)).toBe('color=blue&color=black&color=brown');
    expect(await query('form', false, COLOR_ARRAY)).toBe('color=blue,black,brown');
    expect(await query(undefined, undefined, COLOR_OBJECT)).toBe('R=100&G=200&B=150');
    expect(await query('form', false, COLOR_OBJECT)).toBe('color=R,100,G,200,B,150');
    expect(await query('spaceDelimited', false, COLOR_ARRAY)).toBe('color=blue black brown');
    expect(await query('pipeDelimited', false, COLOR_ARRAY)).toBe('color=blue|black|brown');
    expect(await query('deepObject', true, COLOR_OBJECT)).toBe('color[R]=100&color[G]=200&color[B]=150');
    expect(await query(undefined, undefined, 'a&b=c')).toBe('color=a&b=c');
    const raw = await sent({ ...op([{ name: 'q', in: 'query' }]), path: '/q' }, { query: { q: 'a&b=c' } });
    expect(new URL(raw.url).search).toBe('?q=a%26b%3Dc');
  });

  it('header, cookie and content parameters; undefined and null values are left out', async () => {
    const request = await sent(
      {
        ...op([
          { name: 'X-Colors', in: 'header' },
          { name: 'theme', in: 'cookie' },
          { name: 'filter', in: 'query', contentType: 'application/json' },
          { name: 'gone', in: 'query' },
        ]),
        path: '/q',
      },
      { header: { 'X-Colors': COLOR_ARRAY }, cookie: { theme: 'dark mode' }, query: { filter: { a: 1 }, gone: null } },
    );
    expect(request.headers.get('x-colors')).toBe('blue,black,brown');
    expect(request.headers.get('cookie')).toBe('theme=dark%20mode');
    expect(decodeURIComponent(new URL(request.url).search)).toBe('?filter={"a":1}');
  });
});

describe('bodies by media type', () => {
  const post = (types: string[]): SdkOperation => ({ id: 'post', method: 'POST', path: '/b', body: types, responses: { '204': 'none' } });

  it('JSON (the default type), forms, multipart with a file, and text', async () => {
    const json = await sent(post(['application/merge-patch+json', 'text/plain']), { body: { a: [1] } });
    expect(json.headers.get('content-type')).toBe('application/merge-patch+json');
    expect(await json.text()).toBe('{"a":[1]}');
    const text = await sent(post(['application/json', 'text/plain']), { body: 'hello', contentType: 'text/plain' });
    expect(text.headers.get('content-type')).toBe('text/plain');
    expect(await text.text()).toBe('hello');
    const form = await sent(post(['application/x-www-form-urlencoded']), { body: { name: 'a b', tags: ['x', 'y'], meta: { k: 1 } } });
    expect(await form.text()).toBe('name=a+b&tags=x&tags=y&meta=%7B%22k%22%3A1%7D');
    const multipart = await sent(post(['multipart/form-data']), { body: { file: new Blob(['bytes'], { type: 'image/png' }), name: 'pic' } });
    expect(multipart.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const parsed = await multipart.formData();
    expect(parsed.get('name')).toBe('pic');
    expect(await (parsed.get('file') as Blob).text()).toBe('bytes');
  });
});

describe('credentials', () => {
  const secured = (security: string[][]): SdkOperation => ({ ...op([]), path: '/s', security });

  it('sends the first alternative the client holds whole: query key, cookie, basic', async () => {
    const both = await sent(secured([['basic'], ['key', 'session']]), {}, { key: 'k1', session: 's1' });
    expect(new URL(both.url).searchParams.get('api_key')).toBe('k1');
    expect(both.headers.get('cookie')).toBe('sid=s1');
    expect(both.headers.get('authorization')).toBeNull();
    const basic = await sent(secured([['basic'], ['key']]), {}, { basic: 'ada:lövelace', key: 'k1' });
    expect(basic.headers.get('authorization')).toBe(`Basic ${Buffer.from('ada:lövelace').toString('base64')}`);
    expect(new URL(basic.url).search).toBe('');
    const optional = await sent(secured([['basic'], []]), {}, { key: 'k1' });
    expect(optional.headers.get('authorization')).toBeNull();
    expect(new URL(optional.url).search).toBe('');
  });

  it('refuses a scheme the contract does not have', () => {
    expect(() => createSdk({ key: { type: 'apiKey', in: 'query', name: 'k' } }, { auth: { nope: 'x' } as Record<string, string> })).toThrow(
      'no security scheme "nope"; known: key',
    );
  });
});

describe('declared answers', () => {
  it('a status falls under itself, its range, then default (not a success where the contract names successes)', () => {
    const responses = { '200': 'json', '4XX': 'json', default: 'json' } as const;
    expect(declaredStatus(responses, 200)).toBe('200');
    expect(declaredStatus(responses, 404)).toBe('4XX');
    expect(declaredStatus(responses, 503)).toBe('default');
    expect(declaredStatus(responses, 201)).toBeUndefined();
    expect(declaredStatus({ default: 'json' }, 201)).toBe('default');
    expect(declaredStatus({ '204': 'none' }, 500)).toBeUndefined();
  });
});
