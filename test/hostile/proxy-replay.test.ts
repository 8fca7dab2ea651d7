/**
 * `specforge test --replay <cassette>` with memory bounded by the cassette: the cassette is read as
 * it streams, one exchange at a time (streamCassette), with the same result as reading it whole;
 * a malformed cassette is a usage error naming the file (and the exchange); a file over 256 MiB is
 * refused by its size before it is read; and a 12 MB cassette replays in a 48 MB heap (reading it
 * whole did not fit).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASSETTE_VERSION, MAX_CASSETTE_BYTES, readCassette, streamCassette, type CassetteExchange } from '../../src/conformance/cassette.js';
import { UsageError } from '../../src/contract/errors.js';
import { writeSpec } from '../conformance/support.js';
import { HOSTILE_CONTRACT } from '../fixtures/hostile-proxy/contract.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sf-replay-stream-'));
});

/** Bodies that test a scanner: quotes, brackets, commas and backslashes in strings, multibyte text. */
function exchange(i: number): CassetteExchange {
  const body = JSON.stringify({ n: i, text: `é€😀 "quoted" [x] {y}, \\ ${'ü'.repeat(i % 700)}`, list: [1, { a: ']' }] });
  return {
    phase: i % 2 === 0 ? 'examples' : 'proxy',
    origin: `origin ${i} "}]`,
    operationId: 'getCase',
    request: { method: 'GET', url: `/case/c${i}?q=%5B${i}%5D`, headers: { accept: 'application/json', 'x-odd': '{[",]}' } },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body },
  };
}

async function collect(path: string): Promise<CassetteExchange[]> {
  const out: CassetteExchange[] = [];
  for await (const x of streamCassette(path)) out.push(x);
  return out;
}

async function refusal(path: string): Promise<string> {
  try {
    await collect(path);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no error');
}

describe('--replay reads a cassette as it streams', () => {
  it('gives what reading it whole gives, pretty or compact, with a BOM, the version after the exchanges', async () => {
    const exchanges = Array.from({ length: 2500 }, (_, i) => exchange(i));
    const doc = { specforgeCassette: CASSETTE_VERSION, recorded: '2026-12-07T00:00:00.000Z', source: 'proxy', exchanges };
    const pretty = join(dir, 'pretty.json');
    writeFileSync(pretty, JSON.stringify(doc, null, 1) + '\n');
    // Larger than several of the reader's chunks, so values are cut at chunk borders.
    expect(readFileSync(pretty).length).toBeGreaterThan(1_500_000);
    const whole = readCassette(pretty).exchanges;
    expect(await collect(pretty)).toEqual(whole);
    const compact = join(dir, 'compact.json');
    writeFileSync(compact, `\uFEFF${JSON.stringify({ source: 'test', exchanges, note: { a: [1, '],'] }, specforgeCassette: CASSETTE_VERSION })}`);
    expect(await collect(compact)).toEqual(whole);
  });

  it('refuses what is not a cassette, naming the file and the exchange', async () => {
    const write = (name: string, text: string): string => {
      const file = join(dir, name);
      writeFileSync(file, text);
      return file;
    };
    const good = JSON.stringify(exchange(1));
    expect(await refusal(write('v9.json', `{"specforgeCassette": 9, "exchanges": [${good}]}`))).toMatch(/v9\.json: cassette version 9 is not supported/);
    expect(await refusal(write('late-v9.json', `{"exchanges": [${good}], "specforgeCassette": 9}`))).toMatch(/cassette version 9 is not supported/);
    expect(await refusal(write('none.json', `{"exchanges": [${good}]}`))).toMatch(/not a specforge cassette/);
    expect(await refusal(write('cut.json', `{"specforgeCassette": 1, "exchanges": [${good}, ${good.slice(0, 40)}`))).toMatch(/cut\.json: not JSON/);
    expect(await refusal(write('list.json', `{"specforgeCassette": 1, "exchanges": {}}`))).toMatch(/"exchanges" must be a list/);
    expect(
      await refusal(write('bad.json', `{"specforgeCassette": 1, "exchanges": [${good}, {"request": {"method": "GET", "url": "x", "headers": {}}}]}`)),
    ).toMatch(/bad\.json: exchanges\[1\]: request needs method, url/);
    expect(await refusal(write('array.json', '[1, 2]'))).toMatch(/not a specforge cassette/);
    expect(await refusal(write('trailing.json', `{"specforgeCassette": 1, "exchanges": []} {}`))).toMatch(/not JSON/);
    expect(await refusal(join(dir, 'missing.json'))).toMatch(/missing\.json: cannot read it \(ENOENT\)/);
  });

  it('refuses a cassette over 256 MiB by its size, before reading it', async () => {
    const file = join(dir, 'huge.json');
    // Sparse: its size on the file system, no bytes on disk.
    const fd = openSync(file, 'w');
    closeSync(fd);
    const { truncateSync } = await import('node:fs');
    truncateSync(file, MAX_CASSETTE_BYTES + 1);
    const started = Date.now();
    expect(await refusal(file)).toMatch(/huge\.json: 268435457 bytes, larger than the 268435456 bytes \(256 MiB\)/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a 12 MB cassette replays in a 48 MB heap (the CLI, a child process)', () => {
    const exchanges: CassetteExchange[] = [];
    let size = 0;
    for (let i = 0; size < 12_000_000; i++) {
      const x: CassetteExchange = {
        phase: 'examples',
        origin: 'example',
        operationId: 'getCase',
        request: { method: 'GET', url: `/case/n${i}`, headers: { accept: 'application/json', 'user-agent': 'curl/8' } },
        response: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: i, notes: 'x'.repeat(200 + (i % 50) * 20) }) },
      };
      exchanges.push(x);
      size += JSON.stringify(x).length + 40;
    }
    const cassette = join(dir, 'twelve.json');
    writeFileSync(cassette, JSON.stringify({ specforgeCassette: 1, recorded: '', source: 'test', exchanges }, null, 1));
    const spec = writeSpec(HOSTILE_CONTRACT);
    const run = spawnSync(process.execPath, ['--max-old-space-size=48', CLI, 'test', spec, '--replay', cassette, '--format', 'json'], {
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.stderr).not.toMatch(/heap out of memory/);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { requests: number }).requests).toBe(exchanges.length);
  });
});
