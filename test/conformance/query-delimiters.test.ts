/**
 * Delimited query parameters (form with explode: false, spaceDelimited, pipeDelimited) are sent as
 * OpenAPI's style examples write them: the delimiter literal (`ids=a%2Cb,c`, `p=x%7Cy|z`), each
 * item percent-encoded on its own, so a server that splits the raw value before decoding it sees
 * the items the runner meant. A local listener reads the raw request target; the printed curl line
 * sends the same target.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { writeSpec } from './support.js';

const SPEC = `openapi: 3.1.0
info: { title: q, version: 1.0.0 }
paths:
  /search:
    get:
      operationId: search
      parameters:
        - { name: ids, in: query, required: true, style: form, explode: false, schema: { type: array, items: { type: string } }, example: ['a,b', c] }
        - { name: pipes, in: query, required: true, style: pipeDelimited, explode: false, schema: { type: array, items: { type: string } }, example: ['x|y', z] }
        - { name: spaces, in: query, required: true, style: spaceDelimited, explode: false, schema: { type: array, items: { type: string } }, example: [one, two] }
        - { name: color, in: query, required: true, style: form, explode: false, schema: { type: object, properties: { R: { type: integer }, G: { type: integer } } }, example: { R: 100, G: 200 } }
        - { name: tags, in: query, required: true, style: form, explode: true, schema: { type: array, items: { type: string } }, example: ['p,q', r] }
      responses:
        '200': { description: found }
`;

const EXPECTED = 'ids=a%2Cb,c&pipes=x%7Cy|z&spaces=one%20two&color=R,100,G,200&tags=p%2Cq&tags=r';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A listener that keeps every raw request target and answers 500 (so the run reports, with curl lines). */
async function listen(): Promise<{ base: string; seen: string[] }> {
  const seen: string[] = [];
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(500).end();
  });
  await new Promise<void>((ok) => server?.listen(0, '127.0.0.1', ok));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('delimited query parameters', () => {
  it("the delimiter goes literal, an item's own delimiter stays percent-encoded, and the curl line sends the same", async () => {
    const { base, seen } = await listen();
    const report = await runConformance({ spec: writeSpec(SPEC), fetch, baseUrl: base, phases: ['examples'], timeoutMs: 5000 });
    expect(seen).toEqual([`/search?${EXPECTED}`]);
    // Decoded, the values are the items joined by the delimiter (what a server that decodes first reads).
    const query = new URLSearchParams(seen[0]?.split('?')[1]);
    expect(query.get('ids')).toBe('a,b,c');
    expect(query.get('pipes')).toBe('x|y|z');
    expect(query.get('spaces')).toBe('one two');
    // Split before decoding (as some servers do), the items are the runner's.
    const raw = Object.fromEntries((seen[0]?.split('?')[1] ?? '').split('&').map((pair) => pair.split('=')));
    expect(raw['ids']?.split(',').map(decodeURIComponent)).toEqual(['a,b', 'c']);
    expect(raw['pipes']?.split('|').map(decodeURIComponent)).toEqual(['x|y', 'z']);
    expect(raw['spaces']?.split('%20').map(decodeURIComponent)).toEqual(['one', 'two']);
    const failure = report.failures.find((f) => f.check === 'not_a_server_error');
    expect(failure?.request.url).toBe(`/search?${EXPECTED}`);
    expect(failure?.curl).toContain(`'${base}/search?${EXPECTED}'`);
    await promisify(execFile)('sh', ['-c', `${failure?.curl ?? 'false'} --silent --output /dev/null`], { timeout: 20_000 });
    expect(seen).toEqual([`/search?${EXPECTED}`, `/search?${EXPECTED}`]);
  });
});
