/**
 * Reports that agree with themselves and can be acted on: the table's failed counts add up to the
 * summary's failures; a body cut by the read deadline says so (never "not JSON"); a multipart
 * request's curl line holds no raw CR and reproduces the exact bytes; a usage error (an --auth for a
 * scheme the contract lacks) is told before the contract is loaded.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTest, type TestOptions } from '../../src/cli/commands/test.js';
import { UsageError } from '../../src/contract/errors.js';
import { runConformance } from '../../src/conformance/run.js';
import { buildModelFromText, writeSpec } from './support.js';

async function cli(options: TestOptions): Promise<{ code?: number; out: string; error?: Error }> {
  const out: string[] = [];
  try {
    const code = await runTest({ progress: false, write: (t) => out.push(t), ...options });
    return { code, out: out.join('') };
  } catch (error) {
    return { out: out.join(''), error: error as Error };
  }
}

const TWO_OPS = `openapi: 3.0.3
info: { title: two, version: 1.0.0 }
paths:
  /a:
    get:
      operationId: a
      parameters: [{ name: q, in: query, schema: { type: string } }]
      responses: { '200': { description: ok } }
  /b:
    get:
      operationId: b
      parameters: [{ name: n, in: query, schema: { type: integer } }]
      responses: { '200': { description: ok } }
`;

describe('counts', () => {
  it("the table's failed column adds up to the summary's failures", async () => {
    const spec = writeSpec(TWO_OPS);
    const { code, out } = await cli({
      spec,
      baseUrl: 'http://api.test',
      fetch: async () => new Response('{"error":"boom"}', { status: 500 }),
      maxExamples: 15,
      phases: 'examples,fuzz',
    });
    expect(code).toBe(1);
    const failedColumn = [...out.matchAll(/^\s.*\s(\d+)\s+(\d+)(?:\s+✖)?$/gm)].reduce((n, m) => n + Number(m[2]), 0);
    const summary = /: (\d+) failures?\n$/.exec(out);
    expect(summary?.[1]).toBe('2');
    expect(failedColumn).toBe(2);
  });
});

describe('answers cut by the read deadline', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Half an answer, then silence past the deadline.
      res.write('{"items": [' + '"x",'.repeat(1000));
      const t = setTimeout(() => res.end('"x"]}'), 4000);
      res.on('close', () => clearTimeout(t));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('is reported as truncated at N bytes, not as "not JSON"', async () => {
    const model = await buildModelFromText(`openapi: 3.0.3
info: { title: slow, version: 1.0.0 }
paths:
  /slow:
    get:
      operationId: slow
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
`);
    const report = await runConformance({ model, baseUrl: base, fetch: (r) => fetch(r), phases: ['examples'], timeoutMs: 1000 });
    const messages = report.failures.map((f) => f.message);
    expect(messages.some((m) => /truncated at \d+ bytes/.test(m))).toBe(true);
    expect(messages.some((m) => m.includes('not JSON'))).toBe(false);
  }, 30_000);
});

describe('curl lines of multipart requests', () => {
  let server: Server;
  let base = '';
  const received: Buffer[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(Buffer.concat(chunks));
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"upload failed"}');
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('hold no raw CR, and replay the exact body through sh', async () => {
    const model = await buildModelFromText(`openapi: 3.0.3
info: { title: upload, version: 1.0.0 }
paths:
  /upload:
    post:
      operationId: upload
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                note: { type: string, example: "50% off \\\\ back" }
                file: { type: string, format: binary, example: "abc" }
      responses: { '204': { description: stored } }
`);
    const report = await runConformance({ model, baseUrl: base, fetch: (r) => fetch(r), phases: ['examples'] });
    const failure = report.failures.find((f) => f.check === 'not_a_server_error');
    expect(failure).toBeDefined();
    const curl = failure?.curl ?? '';
    expect(curl).not.toMatch(/\r/);
    expect(curl).toMatch(/^printf -- '.*' \| curl .*--data-binary @-$/s);
    const sentByRunner = received[received.length - 1] as Buffer;
    expect(sentByRunner.includes('\r\n')).toBe(true);
    // Asynchronously: the server answering it lives in this process.
    await promisify(execFile)('sh', ['-c', `${curl} --silent --output /dev/null`], { timeout: 20_000 });
    expect(received[received.length - 1]?.equals(sentByRunner)).toBe(true);
  }, 60_000);
});

describe('usage errors before the slow parts', () => {
  it('an --auth naming no scheme of the contract is told before anything the entry file refers to is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-usage-'));
    const spec = join(dir, 'openapi.yaml');
    // The paths live in another file, which a full load would have to read: a FIFO nobody writes to.
    execFileSync('mkfifo', [join(dir, 'paths.yaml')]);
    writeFileSync(
      spec,
      `openapi: 3.0.3
info: { title: fifo, version: 1.0.0 }
paths:
  /x: { $ref: './paths.yaml#/x' }
`,
    );
    const started = Date.now();
    const { error } = await cli({ spec, baseUrl: 'http://127.0.0.1:9', auth: ['bearer=token'] });
    expect(error).toBeInstanceOf(UsageError);
    expect(error?.message).toMatch(/--auth bearer: the contract has no such security scheme/);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('a malformed --auth flag is told before the contract is even looked for', async () => {
    const { error } = await cli({ spec: '/nonexistent/openapi.yaml', baseUrl: 'http://127.0.0.1:9', auth: ['no-equals-sign'] });
    expect(error).toBeInstanceOf(UsageError);
    expect(error?.message).toMatch(/--auth takes <scheme>=<value>/);
  });

  it('an unknown scheme name lists the schemes the entry file declares', async () => {
    const spec = writeSpec(`openapi: 3.0.3
info: { title: keyed, version: 1.0.0 }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
paths:
  /x: { $ref: './missing.yaml#/x' }
`);
    const { error } = await cli({ spec, baseUrl: 'http://127.0.0.1:9', auth: ['tokn=abc'] });
    expect(error).toBeInstanceOf(UsageError);
    expect(error?.message).toMatch(/--auth tokn: .*its schemes are key/);
  });
});
