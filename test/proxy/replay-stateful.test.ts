/**
 * `specforge test --replay` re-derives the stateful checks from the recorded sequence, in order:
 * a document deleted but still readable (use_after_free), a transition the contract's state machine
 * (as it is now) does not allow that the recorded server accepted (transition_precondition), and a
 * link whose recorded follow-up was a 404 (ensure_resource_availability). A replay of a faultless
 * recording against the same contract finds nothing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTest } from '../../src/cli/commands/test.js';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import type { Cassette } from '../../src/conformance/cassette.js';

const NOTES = resolve(import.meta.dirname, '..', 'fixtures', 'mocks', 'notes', 'openapi.yaml');
const BASE = 'http://notes.test/';

interface Report {
  requests: number;
  failures: Array<{ check: string; operationId: string; phase: string; message: string; request: { origin: string; url: string } }>;
}

async function test(options: Parameters<typeof runTest>[0]): Promise<{ code: number; report: Report }> {
  const out: string[] = [];
  const code = await runTest({ progress: false, format: 'json', write: (t) => out.push(t), ...options });
  return { code, report: JSON.parse(out.join('')) as Report };
}

const STATEFUL = ['use_after_free', 'ensure_resource_availability', 'transition_precondition'];
const stateful = (r: Report): string[] =>
  r.failures
    .filter((f) => STATEFUL.includes(f.check))
    .map((f) => `${f.check} ${f.operationId}`)
    .sort();

/** A stateful run against the notes mock (a fault wrapped around it, or none), recorded. */
async function record(
  dir: string,
  fault?: (request: Request, next: (r: Request) => Promise<Response>) => Promise<Response>,
): Promise<{ cassette: string; report: Report }> {
  const mock = await createMockFromSpec(NOTES, { stateful: true });
  const send = (r: Request): Promise<Response> => mock.fetch(r);
  const cassette = join(dir, `run-${Math.random().toString(36).slice(2)}.json`);
  const { report } = await test({ spec: NOTES, baseUrl: BASE, fetch: fault ? (r) => fault(r, send) : send, phases: 'stateful', record: cassette });
  return { cassette, report };
}

describe('specforge test --replay: the stateful checks', () => {
  it('a faultless recording replays without a finding; a stricter state machine makes its recorded publish a transition_precondition failure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-replay-stateful-'));
    const { cassette, report } = await record(dir);
    expect(report.failures).toEqual([]);
    const doc = JSON.parse(readFileSync(cassette, 'utf8')) as Cassette;
    expect(doc.exchanges.some((x) => x.phase === 'stateful' && x.request.url.endsWith('/publish') && x.response?.status === 204)).toBe(true);

    const same = await test({ spec: NOTES, baseUrl: BASE, replay: cassette });
    expect(same.report.failures).toEqual([]);
    expect(same.code).toBe(0);

    // The contract now allows publishing only a reviewed note: the recorded publish of a draft (204) breaks it.
    const v2 = join(dir, 'openapi.yaml');
    writeFileSync(v2, readFileSync(NOTES, 'utf8').replace('publishNote: { from: [draft]', 'publishNote: { from: [reviewed]'));
    const changed = await test({ spec: v2, baseUrl: BASE, replay: cassette });
    expect(changed.code).toBe(1);
    expect(stateful(changed.report)).toEqual(['transition_precondition publishNote']);
    const failure = changed.report.failures.find((f) => f.check === 'transition_precondition');
    expect(failure?.message).toBe('publishNote on a notes in state draft (allowed from reviewed) answers 204, not 409');
    expect(failure?.phase).toBe('stateful');
    expect(failure?.request.origin).toMatch(/\(replayed\)$/);
  });

  it('a server that answers a delete but keeps the note: the replay finds use_after_free as the live run did', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-replay-stateful-'));
    const keeps = async (r: Request, next: (r: Request) => Promise<Response>): Promise<Response> =>
      r.method === 'DELETE' ? new Response(null, { status: 204 }) : next(r);
    const { cassette, report } = await record(dir, keeps);
    expect(stateful(report)).toContain('use_after_free getNote');
    const replayed = await test({ spec: NOTES, baseUrl: BASE, replay: cassette });
    expect(stateful(replayed.report)).toEqual(stateful(report));
    expect(replayed.report.failures.find((f) => f.check === 'use_after_free' && f.operationId === 'getNote')?.message).toMatch(
      /^notes \d+, deleted, answers 200 on getNote \(expected 404\)$/,
    );
  });

  it('proxied traffic: a link followed to a 404, a deleted note still read (and listed)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-replay-stateful-'));
    const json = { 'content-type': 'application/json' };
    const x = (method: string, url: string, status: number, body?: unknown, requestBody?: unknown): Cassette['exchanges'][number] => ({
      phase: 'proxy',
      origin: 'proxied traffic',
      request: { method, url, headers: requestBody === undefined ? {} : json, ...(requestBody === undefined ? {} : { body: JSON.stringify(requestBody) }) },
      response: { status, headers: body === undefined ? {} : json, body: body === undefined ? '' : JSON.stringify(body) },
    });
    const cassette: Cassette = {
      specforgeCassette: 1,
      recorded: '2026-11-26T06:00:00.000Z',
      source: 'proxy',
      exchanges: [
        x('POST', '/notes', 201, { id: 7 }, { name: 'a' }),
        x('GET', '/notes/7', 404, { message: 'no such note' }),
        x('POST', '/notes', 201, { id: 8 }, { name: 'b' }),
        x('GET', '/notes/8', 200, { id: 8, name: 'b', status: 'draft' }),
        x('DELETE', '/notes/8', 204),
        x('GET', '/notes/8', 200, { id: 8, name: 'b', status: 'draft' }),
        x('GET', '/notes', 200, [{ id: 8, name: 'b', status: 'draft' }]),
      ],
    };
    const file = join(dir, 'traffic.json');
    writeFileSync(file, JSON.stringify(cassette));
    const { code, report } = await test({ spec: NOTES, baseUrl: BASE, replay: file });
    expect(code).toBe(1);
    const found = report.failures.filter((f) => STATEFUL.includes(f.check)).map((f) => `${f.check} ${f.operationId}: ${f.message}`);
    expect(found.sort()).toEqual([
      'ensure_resource_availability getNote: link GetNote from createNote 201 leads to 404',
      'ensure_resource_availability getNote: notes 7, created, answers 404 on getNote',
      // Note 7, created and never deleted, is missing from the list (two notes: completeness is judged).
      'ensure_resource_availability listNotes: notes 7, created, is missing from listNotes',
      // Note 8, deleted and still read: one fault, found on its read (the list showing it is that fault again).
      'use_after_free getNote: notes 8, deleted, answers 200 on getNote (expected 404)',
    ]);
  });
});
