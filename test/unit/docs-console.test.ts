/**
 * The request console of the static docs builds each request from the reader's inputs
 * (assets/console.js, run here in a fresh VM context as the page runs it): the request goes to the
 * origin the reader chose and nowhere else, whatever the parameter values, and credentials travel
 * only where their scheme says, only to that origin.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CONSOLE_JS } from '../../src/docs/site/client-script.js';

interface Built {
  url?: string;
  error?: string;
  init?: { method: string; headers: Record<string, string>; credentials: string; redirect: string; referrerPolicy: string; body?: string };
}
type Param = [[string, string, boolean, string], string];
type Cred = [[string, string, string], string];
interface Op {
  m: string;
  p: string;
  ct?: string;
}

function consoleRequest(op: Op, base: string, params: Param[], creds: Cred[], body?: string): Built {
  const sandbox: Record<string, unknown> = { URL, btoa, unescape, encodeURIComponent };
  sandbox['self'] = sandbox;
  runInNewContext(CONSOLE_JS, sandbox);
  const api = sandbox['specforgeConsole'] as { request: (...args: unknown[]) => Built };
  return JSON.parse(JSON.stringify(api.request(op, base, params, creds, body))) as Built;
}

const op: Op = { m: 'GET', p: '/users/{id}/items' };
const idParam = (value: string): Param => [['id', 'path', true, ''], value];

describe('the docs request console', () => {
  it('sends to the chosen server, its base path kept, the path parameter encoded', () => {
    const built = consoleRequest(op, 'https://api.example.com/v1/', [idParam('a b/c')], []);
    expect(built.url).toBe('https://api.example.com/v1/users/a%20b%2Fc/items');
    expect(built.init).toMatchObject({ method: 'GET', credentials: 'omit', redirect: 'manual', referrerPolicy: 'no-referrer' });
  });

  it.each(['//evil.example/x', '@evil.example', '..%2F..%2F', '../../../../x', 'http://evil.example/', '\\\\evil.example', '#frag', '?q=1'])(
    'a parameter value %s cannot take the request (or its credential) to another origin',
    (value) => {
      const built = consoleRequest(op, 'http://127.0.0.1:4010', [idParam(value)], [[['bearer', 'bearer', ''], 'secret']]);
      expect(new URL(built.url ?? '').origin).toBe('http://127.0.0.1:4010');
      expect(new URL(built.url ?? '').pathname.startsWith('/users/')).toBe(true);
      expect(built.init?.headers['Authorization']).toBe('Bearer secret');
    },
  );

  it('refuses a base that is not http(s) or that carries a user name', () => {
    for (const base of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/plain,x', 'not a url', 'http://user:pw@127.0.0.1:4010']) {
      const built = consoleRequest(op, base, [idParam('1')], [[['bearer', 'bearer', ''], 'secret']]);
      expect(built.url, base).toBeUndefined();
      expect(built.error, base).toBeDefined();
    }
  });

  it('puts each credential where its scheme says and leaves empty ones out', () => {
    const built = consoleRequest(
      op,
      'http://127.0.0.1:4010',
      [idParam('1'), [['q', 'query', false, ''], 'x y']],
      [
        [['key', 'query', 'api_key'], 'k1'],
        [['hdr', 'header', 'X-Api-Key'], 'k2'],
        [['basic', 'basic', ''], 'ann:pw'],
        [['unused', 'bearer', ''], ''],
      ],
    );
    const url = new URL(built.url ?? '');
    expect(url.searchParams.get('api_key')).toBe('k1');
    expect(url.searchParams.get('q')).toBe('x y');
    expect(built.init?.headers).toEqual({ 'X-Api-Key': 'k2', Authorization: `Basic ${btoa('ann:pw')}` });
  });

  it('asks for required parameters before sending, and sends a body with its content type', () => {
    expect(consoleRequest(op, 'http://127.0.0.1:4010', [idParam('')], []).error).toBe('Required: id');
    const post = consoleRequest({ m: 'POST', p: '/things', ct: 'application/json' }, 'http://127.0.0.1:4010', [], [], '{"a":1}');
    expect(post.init?.body).toBe('{"a":1}');
    expect(post.init?.headers['Content-Type']).toBe('application/json');
  });
});
