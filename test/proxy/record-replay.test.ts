/**
 * Record and replay: `specforge test --record` keeps every exchange (credentials redacted) as a
 * cassette, and `specforge test <spec> --replay <file>` re-checks those exchanges against the
 * contract as it is now, sending nothing: a changed contract's new disagreement with the recorded
 * server is found, and a listener at the base URL proves no request left.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTest } from '../../src/cli/commands/test.js';
import { CASSETTE_VERSION, readCassette } from '../../src/conformance/cassette.js';
import { UsageError } from '../../src/contract/errors.js';
import { writeSpec } from '../conformance/support.js';
import { PETS, startUpstream, tripwire, type Upstream } from './fixture.js';

let upstream: Upstream;
let wire: Awaited<ReturnType<typeof tripwire>>;
let dir = '';
let v1 = '';

interface Report {
  requests: number;
  failures: Array<{ check: string; operationId: string; phase: string; request: { origin: string } }>;
}

async function test(options: Parameters<typeof runTest>[0]): Promise<{ code: number; report: Report }> {
  const out: string[] = [];
  const code = await runTest({ progress: false, format: 'json', write: (t) => out.push(t), ...options });
  return { code, report: JSON.parse(out.join('')) as Report };
}

beforeAll(async () => {
  upstream = await startUpstream();
  wire = await tripwire();
  dir = mkdtempSync(join(tmpdir(), 'sf-replay-'));
  v1 = writeSpec(PETS.replace('SERVERS_URL', wire.origin));
});

afterAll(async () => {
  await upstream.close();
  await wire.close();
});

describe('specforge test --record / --replay', () => {
  it('records a run, and a replay against a changed contract finds the new disagreement without a server', async () => {
    const cassette = join(dir, 'run.json');
    const recorded = await test({
      spec: v1,
      baseUrl: upstream.origin,
      phases: 'examples,negative',
      operations: 'getPet,createPet',
      auth: ['bearer=secret-bearer-0815'],
      record: cassette,
    });
    const hits = upstream.hits.length;
    expect(hits).toBeGreaterThan(3);
    const text = readFileSync(cassette, 'utf8');
    expect(text).not.toContain('secret-bearer-0815');
    const doc = readCassette(cassette);
    expect(doc.specforgeCassette).toBe(CASSETTE_VERSION);
    expect(doc.exchanges.length).toBe(recorded.report.requests);
    expect(doc.exchanges.some((x) => x.phase === 'negative')).toBe(true);

    // The same contract: the replay finds what the run found (the accepted invalid bodies).
    const same = await test({ spec: v1, baseUrl: wire.origin, replay: cassette });
    expect(same.report.failures.map((f) => `${f.check} ${f.operationId}`).sort()).toEqual(
      [...new Set(recorded.report.failures.map((f) => `${f.check} ${f.operationId}`))].sort(),
    );

    // The contract changes: a pet now has a required tag, and a name is at most 2 characters.
    const v2 = writeSpec(
      PETS.replace('SERVERS_URL', wire.origin)
        .replace(
          'required: [id, name]\n      properties: { id: { type: integer }, name: { type: string } }',
          'required: [id, name, tag]\n      properties: { id: { type: integer }, name: { type: string }, tag: { type: string } }',
        )
        .replace('maxLength: 10', 'maxLength: 2'),
    );
    const changed = await test({ spec: v2, baseUrl: wire.origin, replay: cassette });
    expect(changed.code).toBe(1);
    const found = changed.report.failures.map((f) => `${f.check} ${f.operationId}`);
    expect(found).toContain('response_schema_conformance getPet');
    expect(found).toContain('response_schema_conformance createPet');
    // The example's name ("Rex") is too long now, and the server accepted it.
    expect(
      changed.report.failures.some((f) => f.check === 'negative_data_rejection' && f.request.origin.includes('(replayed)') && f.phase === 'examples'),
    ).toBe(true);
    expect(changed.report.requests).toBe(recorded.report.requests);
    // Nothing was sent: not to the base URL, not to the recorded server.
    expect(wire.connections()).toBe(0);
    expect(upstream.hits.length).toBe(hits);
  });

  it('replays a cassette the proxy wrote, and refuses a file that is not a cassette', async () => {
    const file = join(dir, 'proxy.json');
    writeFileSync(
      file,
      JSON.stringify({
        specforgeCassette: 1,
        source: 'proxy',
        exchanges: [
          {
            phase: 'proxy',
            origin: 'proxied traffic',
            request: { method: 'GET', url: '/pets/3', headers: {} },
            response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":3}' },
          },
        ],
      }),
    );
    const { report } = await test({ spec: v1, replay: file });
    expect(report.failures.map((f) => f.check)).toEqual(['response_schema_conformance']);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ specforgeCassette: 9, exchanges: [] }));
    await expect(runTest({ spec: v1, replay: bad, write: () => undefined })).rejects.toThrow(UsageError);
    await expect(runTest({ spec: v1, replay: bad, write: () => undefined })).rejects.toThrow(/cassette version 9 is not supported/);
    writeFileSync(bad, JSON.stringify({ specforgeCassette: 1, exchanges: [{ request: { method: 'GET', url: 'http://elsewhere/x', headers: {} } }] }));
    await expect(runTest({ spec: v1, replay: bad, write: () => undefined })).rejects.toThrow(/exchanges\[0\]: request needs method, url \(starting with \/\)/);
    expect(wire.connections()).toBe(0);
  });
});
