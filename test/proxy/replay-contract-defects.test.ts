/**
 * An undeclared 4xx answered to a request the contract forbids is the contract's omission, not a
 * fault of the server: `specforge test` says so (grouping.ts: contractCause), and so must the proxy
 * on real traffic and `--replay` of its recording, instead of reporting the server's correct refusal
 * as its fault.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTest } from '../../src/cli/commands/test.js';
import { createProxy } from '../../src/conformance/proxy.js';
import { buildModel } from '../../src/contract/model.js';
import { writeSpec } from '../conformance/support.js';

const SPEC = `openapi: 3.1.0
info: { title: items, version: 1.0.0 }
paths:
  /items:
    post:
      operationId: createItem
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties: { name: { type: string, maxLength: 5 } }
      responses:
        '201': { description: created, content: { application/json: { schema: { type: object } } } }
`;

let upstream: Server;
let origin = '';

beforeAll(async () => {
  // A correct server whose validation layer answers 400, which the contract does not declare.
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { name?: unknown }).name;
      const ok = typeof name === 'string' && name.length <= 5;
      res.writeHead(ok ? 201 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { name } : { message: 'name too long' }));
    });
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((ok) => {
    upstream.close(() => ok());
    upstream.closeAllConnections();
  });
});

interface Failure {
  check: string;
  operationId: string;
  cause?: string;
  defect?: string;
}

describe('an undeclared 400 to invalid input, through the proxy and replayed', () => {
  it('is the contract’s defect, as specforge test reports it, not a fault of the server', async () => {
    const spec = writeSpec(SPEC);
    const proxy = await createProxy({ model: await buildModel(spec), upstream: origin, record: true });
    try {
      for (const name of ['Rex', 'far too long']) {
        const res = await fetch(`${proxy.origin}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
        await res.arrayBuffer();
      }
    } finally {
      await proxy.close();
    }
    const expected = [{ check: 'status_code_conformance', operationId: 'createItem', cause: 'status 400 to invalid input', defect: 'contract' }];
    const shape = (f: Failure): Failure => ({
      check: f.check,
      operationId: f.operationId,
      ...(f.cause ? { cause: f.cause } : {}),
      ...(f.defect ? { defect: f.defect } : {}),
    });
    expect(proxy.report().failures.map(shape)).toEqual(expected);
    const file = join(mkdtempSync(join(tmpdir(), 'sf-replay-defects-')), 'proxied.json');
    proxy.recorder?.write(file);
    const out: string[] = [];
    await runTest({ spec, replay: file, progress: false, format: 'json', write: (t) => out.push(t) });
    const replayed = JSON.parse(out.join('')) as { failures: Failure[] };
    expect(replayed.failures.map(shape)).toEqual(expected);
  });
});
