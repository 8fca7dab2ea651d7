/**
 * The verdicts of the mock's sampled answers are kept: once a start has checked every sample against
 * its response's validator, the start-up cache entry holds each sample with its verdict
 * (MockResponse.sampleValid), and a later start answers and warns from them without checking again
 * (so without compiling a response validator before its first answer).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec, runMock, withVerdicts, type StartCache } from '../../src/cli/commands/mock.js';
import { startKey } from '../../src/cli/commands/model-start.js';
import { readStart, startCacheDir, writeStart } from '../../src/cli/commands/start-cache.js';
import type { Diagnostic } from '../../src/contract/errors.js';
import { defaultCacheDir } from '../../src/pipeline/generate.js';
import { DEFAULT_STRICT } from '../../src/runtime/validation/ajv.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `mock-verdicts-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');
const TEXT = `openapi: 3.1.0
info: { title: things, version: '1' }
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: a thing
          content:
            application/json:
              schema:
                type: object
                required: [id, name]
                properties:
                  id: { type: integer, minimum: 1 }
                  name: { type: string, maxLength: 20 }
  /odd:
    get:
      operationId: getOdd
      responses:
        '200':
          description: a value no sample satisfies
          content:
            application/json:
              schema: { type: string, format: ipv4, pattern: '^x$' }
`;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(SPEC, TEXT);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const dir = (): string => startCacheDir(defaultCacheDir(TMP));

describe('specforge mock keeps the verdicts of its sampled answers', () => {
  it('writes them into the start-up entry once every operation is checked', async () => {
    let said: () => void = () => undefined;
    const done = new Promise<void>((ok) => (said = ok));
    const { server } = await runMock({ cwd: TMP, spec: 'openapi.yaml', port: 0, host: '127.0.0.1', write: (t) => t.includes('checked the sampled') && said() });
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/things/1`);
      expect(res.status).toBe(200);
      await done;
    } finally {
      await new Promise((ok) => server.close(ok));
    }
    const entry = readStart(dir(), startKey(SPEC, DEFAULT_STRICT));
    const thing = entry?.start.tables.operations['getThing']?.responses['200'];
    const odd = entry?.start.tables.operations['getOdd']?.responses['200'];
    expect(thing?.sampleValid).toBe(true);
    expect(thing?.sample).toMatchObject({ id: expect.any(Number) as number, name: expect.any(String) as string });
    expect(odd?.sampleValid).toBe(false);
    // Nothing new to keep: the same verdicts give no entry to write.
    expect(withVerdicts(entry!.start, [{ operationId: 'getThing', key: '200', value: thing?.sample, ok: true }])).toBeUndefined();
  });

  it('a later start answers the kept sample and warns from the kept verdict, without checking again', async () => {
    const key = startKey(SPEC, DEFAULT_STRICT);
    const entry = readStart(dir(), key);
    expect(entry).toBeDefined();
    const start = entry!.start;
    // The kept verdict is trusted: a sample the validator would refuse, kept as valid, is answered as is
    // (a check on answer would give a 500 naming it).
    const planted = structuredClone(start);
    const thing = planted.tables.operations['getThing']?.responses['200'];
    if (thing) thing.sample = { id: 0, name: 'kept, not checked again' };
    expect(writeStart(dir(), key, [{ path: SPEC, text: TEXT }], planted)).toBe(true);
    const hits: string[] = [];
    const warnings: Diagnostic[] = [];
    const cache: StartCache = { dir: dir(), note: (line) => hits.push(line) };
    const mock = await createMockFromSpec(SPEC, {}, DEFAULT_STRICT, undefined, (d) => warnings.push(d), undefined, cache);
    expect(hits).toHaveLength(1);
    const res = await mock.fetch(new Request('http://mock/things/1'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 0, name: 'kept, not checked again' });
    expect(warnings.filter((d) => d.code === 'SPECFORGE_NO_VALID_SAMPLE').map((d) => d.message)).toEqual([
      expect.stringContaining('getOdd 200: no value sampled from the schema satisfies it') as string,
    ]);
  });

  it('a start without a kept verdict checks the sample as before', async () => {
    const key = startKey(SPEC, DEFAULT_STRICT);
    const start = structuredClone(readStart(dir(), key)!.start);
    const thing = start.tables.operations['getThing']?.responses['200'];
    if (thing) {
      thing.sample = { id: 0, name: 'refused' };
      delete thing.sampleValid;
    }
    expect(writeStart(dir(), key, [{ path: SPEC, text: TEXT }], start)).toBe(true);
    const cache: StartCache = { dir: dir(), note: () => undefined };
    const mock = await createMockFromSpec(SPEC, {}, DEFAULT_STRICT, undefined, undefined, undefined, cache);
    const res = await mock.fetch(new Request('http://mock/things/1'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number };
    expect(body.id).toBeGreaterThanOrEqual(1);
  });
});
