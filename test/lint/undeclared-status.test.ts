/**
 * `specforge/operation-undeclared-status` names statuses the server really answers: each status
 * the rule finds for the fixtures is provoked from the mock server built from the same contract
 * (a 500 is any handler that throws). And the shipped contracts declare every status the server
 * and its stateful mock answer on their own.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { isHttpLess, modelOf } from '../../src/contract/model.js';
import { loadContract } from '../../src/contract/resolve.js';
import { ownStatuses } from '../../src/lint/statuses.js';
import { loadConfig } from '../../src/config/config.js';
import type { Mock } from '../../src/runtime/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURES = join(import.meta.dirname, 'fixtures', 'operation-undeclared-status');

function undeclared(path: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const r of ownStatuses(modelOf(loadContract(path)))) {
    if (r.undeclared.length > 0) out[r.operation.id] = r.undeclared.map((s) => s.status);
  }
  return out;
}

async function status(mock: Mock, method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<number> {
  const res = await mock.fetch(new Request(`http://things.test${path}`, { method, ...init }));
  await res.text();
  return res.status;
}

describe('the statuses the rule names are answered', () => {
  it('fail.yaml: 413 and 415 for a body, 400 for a parameter, 401 without a credential, 403 without a scope', async () => {
    const path = join(FIXTURES, 'fail.yaml');
    expect(undeclared(path)).toEqual({ createThing: [413, 415, 500], listThings: [500], getThing: [400, 401, 500], deleteThing: [403] });
    const mock = await createMockFromSpec(path, {
      bodyLimit: 64,
      security: { oauth: () => ({ scopes: [] }) },
    });
    const json = { 'content-type': 'application/json' };
    expect(await status(mock, 'POST', '/things', { body: 'x', headers: { 'content-type': 'text/plain' } })).toBe(415);
    expect(await status(mock, 'POST', '/things', { body: JSON.stringify({ note: 'x'.repeat(100) }), headers: json })).toBe(413);
    expect(await status(mock, 'POST', '/things', { body: '{}', headers: json })).toBe(201);
    expect(await status(mock, 'GET', '/things/abc')).toBe(401);
    expect(await status(mock, 'GET', '/things/ABC', { headers: { 'x-api-key': 'k' } })).toBe(400);
    expect(await status(mock, 'GET', '/things/abc', { headers: { 'x-api-key': 'k' } })).toBe(200);
    expect(await status(mock, 'DELETE', '/things/abc', { headers: { authorization: 'Bearer t' } })).toBe(403);
  });

  it('fail-stateful.yaml: 400 for an unsupported version prefix, 409 for an id in use, 404 for an unknown id', async () => {
    const path = join(FIXTURES, 'fail-stateful.yaml');
    expect(undeclared(path)).toEqual({ ping: [400], createThing: [409], getThing: [404] });
    const mock = await createMockFromSpec(path, { stateful: true });
    expect(await status(mock, 'GET', '/v1.1/ping')).toBe(200);
    expect(await status(mock, 'GET', '/v9.0/ping')).toBe(400);
    const body = { body: JSON.stringify({ id: 'a' }), headers: { 'content-type': 'application/json' } };
    expect(await status(mock, 'POST', '/things', body)).toBe(201);
    expect(await status(mock, 'POST', '/things', body)).toBe(409);
    expect(await status(mock, 'GET', '/things/a')).toBe(200);
    expect(await status(mock, 'GET', '/things/b')).toBe(404);
  });

  it('pass.yaml: nothing a client sends breaks an unconstrained string, and `*/*` takes every body', () => {
    const byId = new Map(ownStatuses(modelOf(loadContract(join(FIXTURES, 'pass.yaml')))).map((r) => [r.operation.id, r.statuses.map((s) => s.status)]));
    expect(byId.get('ping')).toEqual([500]);
    expect(byId.get('getThing')).toEqual([500]);
    expect(byId.get('putBlob')).toEqual([400, 413, 500]);
    expect(byId.get('createThing')).toEqual([400, 413, 415, 500]);
  });
});

describe('the shipped contracts', () => {
  const specs = loadConfig(ROOT).specs.filter((s) => !isHttpLess(loadContract(s.path).document));

  it.each(specs.map((s) => [s.api, s.path] as const))('%s declares every status the server answers on its own', (_api, path) => {
    expect(undeclared(path)).toEqual({});
  });
});
