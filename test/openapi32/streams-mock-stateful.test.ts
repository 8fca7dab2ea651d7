/**
 * OpenAPI 3.2 streams in the stateful mock (test/fixtures/openapi32/stateful-streams.yaml,
 * collections inferred from its paths): a collection's list answered as a stream sends the stored
 * things, in the order they were created (per parent for a nested collection), cut by `Prefer:
 * items=N`; a stream about one stored thing (GET /jobs/{jobId}/events, /progress) sends items that
 * carry the thing's values where the item (an event's data) has a property of the same name (and
 * the path parameter's name, `jobId`, its id), ends when the thing is deleted, and is a 404 in the
 * contract's error shape when there is no such thing, as the read is. The browser mock behind the
 * MSW handlers answers the same.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockFromSpec, type StatefulReport } from '../../src/cli/commands/mock.js';
import { buildMockStart } from '../../src/cli/commands/mock-build.js';
import { buildModel } from '../../src/contract/model.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { createBrowserMock } from '../../src/runtime/mock/browser.js';

const SPEC = resolve(import.meta.dirname, '..', 'fixtures', 'openapi32', 'stateful-streams.yaml');
const BASE = 'http://127.0.0.1:4010';
const TMP = resolve(import.meta.dirname, '..', '.tmp', `openapi32-streams-stateful-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** Declared collections (x-specforge-resources): a list answered as server-sent events, and `streams` about one build whose state moves on by itself. */
const DECLARED = `openapi: 3.2.0
info: { title: Declared streams, version: '1' }
x-specforge-error: { schema: { $ref: '#/components/schemas/Error' }, fields: { message: /message } }
x-specforge-resources:
  builds:
    id: { field: id, param: buildId }
    operations: { create: createBuild, read: getBuild, list: watchBuilds }
    streams: [buildStatus]
    showDocument: true
    state:
      field: status
      initial: queued
      transitions: {}
      progress: { steps: [queued, running, passed], every: { ms: 1000 } }
  runs:
    id: { field: id, param: runId }
    operations: { read: runLog }
    seed: [{ id: r1, status: passed }]
paths:
  /runs/{runId}/log:
    get:
      operationId: runLog
      parameters: [{ name: runId, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: the run's log, one JSON line each
          content:
            application/jsonl:
              itemSchema:
                type: object
                required: [runId, line]
                properties: { runId: { type: string }, status: { type: string }, line: { type: string } }
        '404': { description: no such run, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /builds:
    post:
      operationId: createBuild
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [ref], properties: { ref: { type: string } } } } }
      responses:
        '201': { description: queued, content: { application/json: { schema: { $ref: '#/components/schemas/Build' } } } }
    get:
      operationId: watchBuilds
      responses:
        '200':
          description: the builds, one event each
          content:
            text/event-stream:
              itemSchema:
                type: object
                required: [event, data]
                properties:
                  event: { const: build }
                  data: { type: string, contentMediaType: application/json, contentSchema: { $ref: '#/components/schemas/Build' } }
              examples:
                one:
                  dataValue:
                    - { event: build, data: { id: b1, ref: main, status: passed } }
  /builds/{buildId}:
    get:
      operationId: getBuild
      parameters: [{ name: buildId, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: the build, content: { application/json: { schema: { $ref: '#/components/schemas/Build' } } } }
        '404': { description: no such build, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /builds/{buildId}/status:
    get:
      operationId: buildStatus
      parameters: [{ name: buildId, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: the build's status as it moves on
          content:
            application/jsonl:
              itemSchema:
                type: object
                required: [buildId, status]
                properties:
                  buildId: { type: string }
                  status: { type: string, enum: [queued, running, passed] }
        '404': { description: no such build, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
components:
  schemas:
    Build:
      type: object
      required: [id, ref, status]
      properties:
        id: { type: string }
        ref: { type: string }
        status: { type: string, enum: [queued, running, passed] }
    Error: { type: object, required: [message], properties: { message: { type: string } } }
`;

type Fetch = (request: Request) => Promise<Response>;

async function post(fetch: Fetch, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(new Request(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Record<string, unknown>;
}

async function lines(fetch: Fetch, path: string, prefer?: string): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(new Request(`${BASE}${path}`, prefer === undefined ? {} : { headers: { prefer } }));
  expect(res.status).toBe(200);
  const text = await res.text();
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The events of an SSE answer: each one's fields (data parsed as JSON). */
async function events(res: Response): Promise<Array<Record<string, unknown>>> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((e) => e !== '')
    .map((e) => {
      const out: Record<string, unknown> = {};
      for (const line of e.split('\n')) {
        const colon = line.indexOf(':');
        const field = line.slice(0, colon);
        const value = line.slice(colon + 1).replace(/^ /, '');
        out[field] = field === 'data' ? JSON.parse(value) : value;
      }
      return out;
    });
}

async function scenario(fetch: Fetch): Promise<void> {
  const model = await buildModel(SPEC);
  const validators = compileValidators(model).operationValidators;
  // Before anything is created, the list streams nothing (not samples).
  expect(await lines(fetch, '/logs')).toEqual([]);
  const created = [
    await post(fetch, '/logs', { level: 'info', message: 'started' }),
    await post(fetch, '/logs', { level: 'warn', message: 'disk at 91%' }),
    await post(fetch, '/logs', { level: 'error', message: 'stopped' }),
  ];
  const streamed = await lines(fetch, '/logs');
  expect(streamed).toEqual(created);
  expect(streamed.map((l) => l['message'])).toEqual(['started', 'disk at 91%', 'stopped']);
  const logItem = validators['followLogs']?.responses['200']?.['application/jsonl'];
  for (const item of streamed) expect(logItem?.(item)).toBe(true);
  // Prefer: items=N caps the stored things sent, in order.
  expect(await lines(fetch, '/logs', 'items=2')).toEqual(created.slice(0, 2));

  const job = await post(fetch, '/jobs', { name: 'nightly build' });
  const other = await post(fetch, '/jobs', { name: 'weekly report' });
  const id = String(job['id']);
  // A stream about one job: each item carries the job's values where the item has the same property.
  const progress = await lines(fetch, `/jobs/${id}/progress`, 'items=4');
  expect(progress).toHaveLength(4);
  const progressItem = validators['jobProgress']?.responses['200']?.['application/jsonl'];
  for (const item of progress) {
    expect(item).toMatchObject({ jobId: id, name: 'nightly build' });
    expect(progressItem?.(item)).toBe(true);
  }
  const res = await fetch(new Request(`${BASE}/jobs/${id}/events`));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const sent = await events(res);
  expect(sent).toHaveLength(3);
  const eventItem = validators['jobEvents']?.responses['200']?.['text/event-stream'];
  for (const e of sent) {
    expect(e['data']).toMatchObject({ id, status: job['status'] });
    expect(eventItem?.(e)).toBe(true);
  }
  const theirs = await lines(fetch, `/jobs/${String(other['id'])}/progress`, 'items=1');
  expect(theirs[0]).toMatchObject({ jobId: other['id'], name: 'weekly report' });

  // No such job: 404 in the contract's error shape, as its read answers.
  for (const path of ['/jobs/nope/progress', '/jobs/nope/events', '/jobs/nope']) {
    const missing = await fetch(new Request(`${BASE}${path}`));
    expect(missing.status, path).toBe(404);
    expect(missing.headers.get('content-type'), path).toMatch(/^application\/json/);
    expect(Object.keys((await missing.json()) as Record<string, unknown>), path).toEqual(['message']);
  }

  // A nested collection listed as a stream: each job's notes, not another's.
  const first = await post(fetch, `/jobs/${id}/notes`, { text: 'queued behind the weekly report' });
  await post(fetch, `/jobs/${String(other['id'])}/notes`, { text: 'theirs' });
  const second = await post(fetch, `/jobs/${id}/notes`, { text: 'done in 4 minutes' });
  expect(await lines(fetch, `/jobs/${id}/notes`)).toEqual([first, second]);
  expect((await lines(fetch, `/jobs/${String(other['id'])}/notes`)).map((n) => n['text'])).toEqual(['theirs']);

  // A stream about a job ends when the job is deleted.
  const live = await fetch(new Request(`${BASE}/jobs/${id}/progress`, { headers: { prefer: 'items=50, interval=60' } }));
  const reader = (live.body as ReadableStream<Uint8Array>).getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain(`"jobId":"${id}"`);
  expect((await fetch(new Request(`${BASE}/jobs/${id}`, { method: 'DELETE' }))).status).toBe(204);
  let rest = '';
  const started = Date.now();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
  expect(Date.now() - started).toBeLessThan(2000);
  expect(rest.split('\n').filter((l) => l !== '').length).toBeLessThanOrEqual(10);
  // (of the 50 asked for: at most what was under way when the job went)
  expect((await fetch(new Request(`${BASE}/jobs/${id}/events`))).status).toBe(404);
}

describe('streams in the stateful mock', () => {
  it('specforge mock --stateful: lists stream the stored things, streams about one thing carry its values, 404 when it is not there', async () => {
    const report: StatefulReport = { infer: true, lines: [] };
    const mock = await createMockFromSpec(SPEC, { stateful: true }, undefined, report);
    const said = report.lines.join('\n');
    expect(said).toMatch(/inferred collection logs: POST \/logs, GET \/logs, GET \/logs\/\{id\}/);
    expect(said).toMatch(/inferred collection notes: POST \/jobs\/\{jobId\}\/notes, GET \/jobs\/\{jobId\}\/notes/);
    expect(said).toMatch(/streams about one of jobs: GET \/jobs\/\{jobId\}\/events, GET \/jobs\/\{jobId\}\/progress/);
    await scenario((r) => mock.fetch(r));
  });

  it('the browser mock behind the MSW handlers (stateful: true) streams the same', async () => {
    const { start, validators } = await buildMockStart(SPEC, false);
    const mock = createBrowserMock(start.api, validators, start.tables, { stateful: true });
    await scenario(mock.fetch);
  });

  it('declared collections (x-specforge-resources): a list answered as events sends the stored builds, `streams` follow one build as its state moves on', async () => {
    mkdirSync(TMP, { recursive: true });
    const spec = join(TMP, 'declared.yaml');
    writeFileSync(spec, DECLARED);
    const mock = await createMockFromSpec(spec, { stateful: true }, undefined, { infer: true, lines: [] });
    const fetch: Fetch = (r) => mock.fetch(r);
    const created = await post(fetch, '/builds', { ref: 'feature' });
    expect(created['status']).toBe('queued');
    const listed = await events(await fetch(new Request(`${BASE}/builds`)));
    // The seed (the list example's event data), then the created build, each as an event's data.
    expect(listed.map((e) => [e['event'], e['data']])).toEqual([
      ['build', { id: 'b1', ref: 'main', status: 'passed' }],
      ['build', { ...created, status: 'queued' }],
    ]);
    const id = String(created['id']);
    // Each item is made when it is due: the build's status as it is then (every second it moves on),
    // so the first is queued and the last, two seconds later, passed (timers only ever run late).
    const statuses = await lines(fetch, `/builds/${id}/status`, 'items=3, interval=1100');
    expect(statuses).toHaveLength(3);
    for (const item of statuses) expect(item['buildId']).toBe(id);
    const steps = statuses.map((item) => ['queued', 'running', 'passed'].indexOf(String(item['status'])));
    expect(steps[0]).toBe(0);
    expect(steps[2]).toBe(2);
    expect(steps[1]).toBeGreaterThanOrEqual(0);
    expect([...steps].sort()).toEqual(steps);
    // A declared read answered as a stream: its items carry the stored run's values.
    const run = await lines(fetch, '/runs/r1/log', 'items=2');
    expect(run).toHaveLength(2);
    for (const item of run) expect(item).toMatchObject({ runId: 'r1', status: 'passed' });
    expect((await fetch(new Request(`${BASE}/runs/r2/log`))).status).toBe(404);
    const missing = await fetch(new Request(`${BASE}/builds/nope/status`));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: expect.stringContaining('nope') as unknown });
  });

  it('without --stateful, the streams stay sampled', async () => {
    const mock = await createMockFromSpec(SPEC);
    expect(await lines((r) => mock.fetch(r), '/logs')).toHaveLength(3);
    expect((await mock.fetch(new Request(`${BASE}/jobs/nope/progress`))).status).toBe(200);
  });
});
