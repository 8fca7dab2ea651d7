/**
 * The generic pieces behind the migrations and tables mocks, on their own: template operators,
 * states that move on over time, transitions, cross-field rules (`checkRule`), error bodies with
 * nested fields, and the SPECFORGE_EXTENSION errors of malformed declarations.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockTables } from '../../src/contract/tables/api.js';
import { planValidators } from '../../src/contract/tables/validators.js';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { ContractError } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { errorBody, HttpError, rules, type Mock } from '../../src/runtime/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const JOBS = join(ROOT, 'test', 'fixtures', 'mocks', 'jobs', 'openapi.yaml');
const TMP = join(ROOT, 'test', '.tmp', `stateful-extensions-${process.pid}`);

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

type Json = Record<string, unknown>;

async function send(mock: Mock, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const init: RequestInit = { method, headers: body === undefined ? {} : { 'content-type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await mock.fetch(new Request(`http://jobs.test${path}`, init));
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

describe('template operators', () => {
  it('$map with item and index, $merge, $replace, $if and $hash build the created document', async () => {
    const mock = await createMockFromSpec(JOBS, { stateful: true });
    const created = await send(mock, 'POST', '/jobs', { title: 'nightly  export run', owner: 'ana', urgent: true, steps: ['dump', 'upload'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 1,
      status: 'queued',
      steps: [
        { name: 'dump', position: 0 },
        { name: 'upload', position: 1 },
      ],
      owner: { name: 'ana', team: 'none' },
      slug: 'nightly-export run',
      kind: 'urgent',
    });
    expect(created.body['token']).toMatch(/^[0-9a-f]{64}$/);
    const plain = await send(mock, 'POST', '/jobs', { title: 'x' });
    expect(plain.body).toMatchObject({ id: 2, steps: [], owner: { name: 'anonymous', team: 'none' }, kind: 'routine' });
    expect(plain.body['token']).not.toBe(created.body['token']);
    mock.reset();
    const again = await send(mock, 'POST', '/jobs', { title: 'nightly  export run', owner: 'ana', urgent: true, steps: ['dump', 'upload'] });
    expect(again.body['token']).toBe(created.body['token']);
  });
});

describe('a state that moves on over time (progress every ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves one step per period since the state was entered, up to the last step, setting its fields', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
    const mock = await createMockFromSpec(JOBS, { stateful: true });
    const id = (await send(mock, 'POST', '/jobs', { title: 'a' })).body['id'] as number;
    const status = async (): Promise<Json> => (await send(mock, 'GET', `/jobs/${id}`)).body;
    vi.setSystemTime(new Date('2024-01-01T00:00:00.900Z'));
    expect((await status())['status']).toBe('queued');
    vi.setSystemTime(new Date('2024-01-01T00:00:01.000Z'));
    expect((await status())['status']).toBe('running');
    expect(await status()).not.toHaveProperty('finishedAt');
    vi.setSystemTime(new Date('2024-01-01T00:00:05.000Z'));
    const done = await status();
    expect(done).toMatchObject({ status: 'done', finishedAt: '2024-01-01T00:00:05.000Z' });
    vi.setSystemTime(new Date('2024-01-01T01:00:00.000Z'));
    expect((await status())['status']).toBe('done');
  });

  it('lists see the same time-based state, and a transition out of the steps stops the progress', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
    const mock = await createMockFromSpec(JOBS, { stateful: true });
    await send(mock, 'POST', '/jobs', { title: 'a' });
    await send(mock, 'POST', '/jobs', { title: 'b' });
    expect((await send(mock, 'POST', '/jobs/2/cancel')).status).toBe(204);
    vi.setSystemTime(new Date('2024-01-01T00:00:03Z'));
    const list = (await send(mock, 'GET', '/jobs')).body as unknown as Json[];
    expect(list.map((j) => j['status'])).toEqual(['done', 'cancelled']);
    const refused = await send(mock, 'POST', '/jobs/1/cancel');
    expect(refused.status).toBe(409);
    expect(String(refused.body['message'])).toContain('jobs 1: is done');
  });
});

describe('checkRule', () => {
  const numeric = {
    difference: ['precision', 'scale'] as [string, string],
    when: { type: ['NUMERIC'] },
    defaults: { scale: '0' },
    min: 1,
    max: 29,
    message: 'm',
  };
  it.each([
    ['within bounds, strings', { type: 'NUMERIC', precision: '10', scale: '2' }, true],
    ['within bounds, numbers', { type: 'NUMERIC', precision: 10, scale: 2 }, true],
    ['scale defaulted', { type: 'NUMERIC', precision: '29' }, true],
    ['scale defaulted, over', { type: 'NUMERIC', precision: '30' }, false],
    ['under the minimum', { type: 'NUMERIC', precision: '4', scale: '4' }, false],
    ['int64 strings beyond 2^53 compared exactly', { type: 'NUMERIC', precision: '9007199254740993', scale: '9007199254740992' }, true],
    ['another type: the rule does not apply', { type: 'STRING', precision: '99' }, true],
    ['a malformed operand is left to the pattern', { type: 'NUMERIC', precision: 'ten' }, true],
    ['not an object', ['NUMERIC'], true],
  ])('difference, %s', (_name, data, valid) => {
    expect(rules.checkRule(data, numeric)).toBe(valid);
  });

  const refers = {
    refersTo: 'partition',
    in: 'fields',
    key: 'name',
    ignoreCase: true,
    where: { type: ['DATE'] },
    whereNot: { mode: ['REPEATED'] },
    message: 'm',
  };
  const fields = [
    { name: 'Day', type: 'DATE' },
    { name: 'days', type: 'DATE', mode: 'REPEATED' },
    { name: 's', type: 'STRING' },
  ];
  it.each([
    ['names an allowed item, in another case', { fields, partition: 'day' }, true],
    ['each of an array', { fields, partition: ['day', 'DAY'] }, true],
    ['one of an array is wrong', { fields, partition: ['day', 's'] }, false],
    ['an item excluded by whereNot', { fields, partition: 'days' }, false],
    ['an item of another type', { fields, partition: 's' }, false],
    ['no such item', { fields, partition: 'none' }, false],
    ['no list to check against', { partition: 'none' }, true],
    ['nothing named', { fields }, true],
  ])('refersTo, %s', (_name, data, valid) => {
    expect(rules.checkRule(data, refers)).toBe(valid);
  });

  it('refersTo is case-sensitive unless ignoreCase', () => {
    const strict = { ...refers, ignoreCase: false };
    expect(rules.checkRule({ fields, partition: 'Day' }, strict)).toBe(true);
    expect(rules.checkRule({ fields, partition: 'day' }, strict)).toBe(false);
  });
});

describe('error bodies with nested fields', () => {
  it('puts each field at its dotted path', () => {
    const body = errorBody({ fields: { message: 'error.message', status: 'error.code', code: 'error.status' } }, new HttpError(404, 'no such table'));
    expect(body).toEqual({ error: { message: 'no such table', code: 404, status: 'not_found' } });
  });

  it('never writes into a prototype', () => {
    const body = errorBody({ fields: { message: '__proto__.polluted' } }, new HttpError(400, 'x'));
    expect(({} as Json)['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyNames(body)).toEqual(['__proto__']);
  });
});

describe('malformed declarations are SPECFORGE_EXTENSION errors with their location', () => {
  const source = readFileSync(JOBS, 'utf8');

  async function problem(mutate: (text: string) => string, stage: 'mocks' | 'validators'): Promise<ContractError> {
    const dir = join(TMP, `case-${Math.random().toString(36).slice(2)}`);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'openapi.yaml');
    const text = mutate(source);
    expect(text).not.toBe(source);
    writeFileSync(file, text);
    const model = await buildModel(file);
    try {
      if (stage === 'mocks') mockTables(model);
      else planValidators(model);
    } catch (err) {
      if (err instanceof ContractError) return err;
      throw err;
    }
    throw new Error('no error');
  }

  it.each([
    [
      'progress.every without reads or ms',
      (t: string) => t.replace('every: { ms: 1000 }', 'every: { days: 1 }'),
      'progress.every',
      '/x-specforge-resources/jobs/state/progress',
    ],
    [
      'progress.set of a state outside the steps',
      (t: string) => t.replace('done: { finishedAt', 'archived: { finishedAt'),
      'progress.set',
      '/x-specforge-resources/jobs/state/progress',
    ],
    [
      'progress with one step',
      (t: string) => t.replace('steps: [queued, running, done]', 'steps: [queued]'),
      'two or more',
      '/x-specforge-resources/jobs/state/progress',
    ],
    [
      'pagination naming a query parameter the list lacks',
      (t: string) => t.replace('    showDocument: true', '    showDocument: true\n    pagination: { style: page, size: per_page, page: page }'),
      'per_page',
      '/x-specforge-resources/jobs/pagination/size',
    ],
    [
      'pagination of an unknown style',
      (t: string) => t.replace('    showDocument: true', '    showDocument: true\n    pagination: { style: cursor }'),
      'style',
      '/x-specforge-resources/jobs/pagination/style',
    ],
    [
      'scope values that are not strings',
      (t: string) => t.replace('    showDocument: true', '    showDocument: true\n    scope: { fields: { owner: 1 } }'),
      'scope.fields',
      '/x-specforge-resources/jobs/scope',
    ],
    [
      'a pull that is not a mapping',
      (t: string) => t.replace('cancelJob: { from: [queued, running], to: cancelled, otherwise: 409 }', 'cancelJob: { pull: steps, otherwise: 409 }'),
      'pull',
      '/x-specforge-resources/jobs/state/transitions/cancelJob/pull',
    ],
    [
      'a $replace pattern that is not a regular expression',
      (t: string) => t.replace("pattern: '\\s+'", "pattern: '(unclosed'"),
      'not a regular expression',
      '/x-specforge-resources/jobs/createSet/slug/$replace/pattern',
    ],
    [
      'hidden that is not a list of fields',
      (t: string) => t.replace('    showDocument: true', '    showDocument: true\n    hidden: token'),
      'field names',
      '/x-specforge-resources/jobs/hidden',
    ],
    [
      'event filters without a parameter',
      (t: string) => `${t.trimEnd()}\nx-specforge-events:\n  operation: cancelJob\n  filters: { match: { kind: [Type] } }\n`,
      'parameter',
      '/x-specforge-events/filters',
    ],
    [
      'an event filter with neither fields nor labels',
      (t: string) => `${t.trimEnd()}\nx-specforge-events:\n  operation: cancelJob\n  filters: { parameter: q, match: { kind: { when: { Type: job } } } }\n`,
      'needs fields or labels',
      '/x-specforge-events/filters/match/kind',
    ],
    [
      'an event filter whose when is not strings',
      (t: string) =>
        `${t.trimEnd()}\nx-specforge-events:\n  operation: cancelJob\n  filters: { parameter: q, match: { kind: { fields: [Type], when: { Type: [job] } } } }\n`,
      'when must map',
      '/x-specforge-events/filters/match/kind/when',
    ],
  ])('%s', async (_name, mutate, message, pointer) => {
    const err = await problem(mutate, 'mocks');
    const d = err.diagnostics[0];
    expect(d?.code).toBe('SPECFORGE_EXTENSION');
    expect(d?.message).toContain(message);
    expect(d?.location?.pointer).toBe(pointer);
    expect(d?.location?.line).toBeGreaterThan(0);
  });

  const SHAPES =
    'an x-specforge-rules entry needs compare: [field, >|>=|<|<=, field], difference: [field, field] with min and/or max, or refersTo: field with in: and key:';
  const RULE = '/components/schemas/Job/x-specforge-rules/0';

  it.each([
    ['a rule of no known kind', '[{ ratio: [a, b] }]', SHAPES, RULE],
    ['a difference without bounds', '[{ difference: [a, b] }]', SHAPES, RULE],
    ['a difference of three fields', '[{ difference: [a, b, c], min: 1 }]', SHAPES, RULE],
    ['a refersTo without in', '[{ refersTo: a, key: name }]', SHAPES, RULE],
    [
      'a when that is not lists of values',
      '[{ difference: [a, b], min: 1, when: { a: 1 } }]',
      'x-specforge-rules when must map field names to lists of values',
      RULE,
    ],
    ['defaults that are not a mapping', '[{ difference: [a, b], min: 1, defaults: [a] }]', 'x-specforge-rules defaults must map field names to values', RULE],
    ['rules that are not a list', '{ difference: [a, b], min: 1 }', 'x-specforge-rules must be a list', '/components/schemas/Job'],
  ])('x-specforge-rules with %s', async (_name, rule, message, pointer) => {
    const err = await problem(
      (t) => t.replace('    Job:\n      type: object\n', `    Job:\n      type: object\n      x-specforge-rules: ${rule}\n`),
      'validators',
    );
    const d = err.diagnostics[0];
    expect(d?.code).toBe('SPECFORGE_EXTENSION');
    expect(d?.message).toBe(message);
    expect(d?.location?.pointer).toBe(pointer);
    expect(d?.location?.line).toBeGreaterThan(0);
  });
});
