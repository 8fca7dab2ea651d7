/**
 * The contract's base path: read from its first server URL into the route tables, and matched
 * against a request path below a framework's mount point; and OpenAPI templates as Fastify routes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { basePathOfServerUrl, resolveBasePath, stripBasePath } from '../../src/runtime/server/base-path.js';
import { fastifyPath } from '../../src/runtime/server/adapters/fastify.js';
import type { ParameterSpec } from '../../src/runtime/shared/spec.js';

describe('basePathOfServerUrl', () => {
  it.each([
    ['/api/v1', '/api/v1'],
    ['/api/v1/', '/api/v1'],
    ['https://api.example.com/v1', '/v1'],
    ['https://api.example.com', ''],
    ['https://api.example.com/', ''],
    ['http://{host}:{port}', ''],
    ['{scheme}://{host}/v2', '/v2'],
    ['https://example.com/{version}', ''],
    ['https://example.com/v1?x=1#y', '/v1'],
    ['v1', ''],
    ['//cdn.example.com/v1', ''],
  ])('%s -> %j', (url, expected) => {
    expect(basePathOfServerUrl(url)).toBe(expected);
  });

  it('fills variables from their defaults', () => {
    expect(basePathOfServerUrl('https://{region}.example.com/{version}/api', { region: { default: 'eu' }, version: { default: 'v3' } })).toBe('/v3/api');
  });
});

describe('resolveBasePath', () => {
  it('takes the option over the contract; false and empty turn it off', () => {
    expect(resolveBasePath(undefined, '/api/v1')).toBe('/api/v1');
    expect(resolveBasePath(false, '/api/v1')).toBe('');
    expect(resolveBasePath('', '/api/v1')).toBe('');
    expect(resolveBasePath('v2/', '/api/v1')).toBe('/v2');
    expect(resolveBasePath(undefined, undefined)).toBe('');
  });
});

describe('stripBasePath', () => {
  it.each([
    ['/api/v1/pets', '/api/v1', '', '/pets'],
    ['/api/v1', '/api/v1', '', '/'],
    ['/api/v10/pets', '/api/v1', '', undefined],
    ['/pets', '/api/v1', '', undefined],
    ['/pets', '', '', '/pets'],
    // Mounted at /api: the base path counts from the root.
    ['/v1/pets', '/api/v1', '/api', '/pets'],
    // Mounted at the base path itself, or at a deeper prefix that ends with it.
    ['/pets', '/api/v1', '/api/v1', '/pets'],
    ['/pets', '/api/v1', '/gateway/api/v1', '/pets'],
    // Mounted elsewhere: the base path comes after the mount point.
    ['/api/v1/pets', '/api/v1', '/svc', '/pets'],
    ['/pets', '/api/v1', '/svc', undefined],
  ])('%s under %s mounted at %j -> %j', (path, base, mount, expected) => {
    expect(stripBasePath(path, base, mount)).toBe(expected);
  });
});

describe('the route tables', () => {
  it('carry the path of the first server URL as basePath, and none without one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-base-'));
    const write = (name: string, servers: string): string => {
      const file = join(dir, name);
      writeFileSync(
        file,
        `openapi: 3.1.0\ninfo: { title: t, version: '1' }\n${servers}paths:\n  /x:\n    get:\n      operationId: x\n      responses: { '204': { description: ok } }\n`,
      );
      return file;
    };
    expect(apiSpec(await buildModel(write('a.yaml', "servers: [{ url: 'https://h.example.com/api/v1' }, { url: /other }]\n"))).basePath).toBe('/api/v1');
    expect(apiSpec(await buildModel(write('b.yaml', "servers: [{ url: 'https://h.example.com' }]\n"))).basePath).toBeUndefined();
    expect(apiSpec(await buildModel(write('c.yaml', ''))).basePath).toBeUndefined();
  });
});

describe('fastifyPath', () => {
  const param = (name: string, multiSegment = false): ParameterSpec =>
    ({
      name,
      in: 'path',
      required: true,
      style: 'simple',
      explode: false,
      shape: { type: 'string' },
      ...(multiSegment ? { multiSegment } : {}),
    }) as ParameterSpec;
  it.each([
    ['/', [], '/'],
    ['/pets', [], '/pets'],
    ['/pets/{petId}', ['petId'], '/pets/:p1'],
    ['/a/{x}/b/{y-z}', ['x', 'y-z'], '/a/:p1/b/:p2'],
    ['/v1/{name}:cancel', ['name'], '/v1/*'],
    ['/files/{path}/meta', ['path*'], '/files/*'],
    ['/ns:list', [], '/ns::list'],
    ['/#Action=Run', [], '/'],
  ])('%s -> %s', (path, names, expected) => {
    const parameters = names.map((n) => (n.endsWith('*') ? param(n.slice(0, -1), true) : param(n)));
    expect(fastifyPath({ path, parameters })).toBe(expected);
  });
});
