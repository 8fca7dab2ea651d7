/**
 * Conformance of every contract in specforge.config.yaml: every example is accepted by the
 * generated validators, and every operation's example request makes a round trip through the
 * generated server with the generated mock handlers, answering the documented status with a body
 * the contract allows; a body that breaks the schema is a 400 in the interface's error shape.
 */
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel, collectExamples, isHttpLess, type ContractModel } from '../../src/contract/model.js';
import { loadContract } from '../../src/contract/resolve.js';
import { brokenBodyRequest, exampleRequests, rootType, type ExampleRequest } from '../../src/conformance/requests.js';
import { schemaResolver } from '../../src/contract/tables/api.js';
import { loadConfig } from '../../src/config/config.js';
import type { MockTables, RequestListener, ValidateFunction } from '../../src/runtime/index.js';
import { responseKey } from '../../src/runtime/index.js';
import { examplesWithValidators } from '../support/example-checks.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const config = loadConfig(ROOT);
/** Contracts of an HTTP interface; command-line contracts are proven by test/cli-contracts. */
const httpSpecs = config.specs.filter((s) => !isHttpLess(loadContract(s.path).document));

interface GeneratedValidators {
  schemaValidators: Record<string, ValidateFunction>;
  operationValidators: Record<string, { responses: Record<string, Record<string, ValidateFunction>>; body?: Record<string, ValidateFunction> }>;
  errorBodyValidator?: ValidateFunction;
}

interface GeneratedMocks {
  mocks: MockTables;
  createMockServer(): RequestListener;
}

async function send(base: string, r: ExampleRequest): Promise<{ status: number; contentType: string; body: unknown }> {
  // A redirect (an archive download, say) is checked as it is answered, never followed off loopback.
  const init: RequestInit = { method: r.method, headers: r.headers, redirect: 'manual' };
  if (r.body !== undefined) init.body = r.body;
  const res = await fetch(base + r.url, init);
  const contentType = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return { status: res.status, contentType, body: text && /json/.test(contentType) ? (JSON.parse(text) as unknown) : text };
}

describe.each(httpSpecs.map((s) => [s.api, s] as const))('contract %s', (_api, entry) => {
  let model: ContractModel;
  let validators: GeneratedValidators;
  let mocks: GeneratedMocks;
  let server: Server;
  let base = '';

  beforeAll(async () => {
    model = await buildModel(entry.path, { api: entry.api });
    validators = (await import(pathToFileURL(join(entry.out, 'validators.ts')).href)) as GeneratedValidators;
    mocks = (await import(pathToFileURL(join(entry.out, 'mocks.ts')).href)) as GeneratedMocks;
    server = createServer(mocks.createMockServer());
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await new Promise<void>((ok) => server.close(() => ok()));
  });

  it('has operations and examples to check', () => {
    expect(model.operations.length).toBeGreaterThan(0);
    expect(collectExamples(model).length).toBeGreaterThan(0);
  });

  it('every example is accepted by the generated validators', () => {
    const failures: string[] = [];
    for (const { check: c, generated, validate } of examplesWithValidators(model, validators)) {
      if (c.validator) expect(generated, `generated validator for ${c.subject}`).toBeTypeOf('function');
      if (validate && !validate(c.example.value))
        failures.push(`${c.subject} example "${c.example.name}" (#${c.example.pointer}): ${JSON.stringify(validate.errors)}`);
    }
    expect(failures).toEqual([]);
  });

  it('every operation answers its example request with the documented status and a conforming body', async () => {
    const requests = exampleRequests(model);
    expect(requests.length).toBeGreaterThanOrEqual(model.operations.length);
    for (const r of requests) {
      const op0 = mocks.mocks.operations[r.operationId];
      const mock = op0?.primary ? op0.responses[op0.primary] : undefined;
      expect(mock, `mock for ${r.operationId}`).toBeDefined();
      const res = await send(base, r);
      const where = `${r.method} ${r.url} (${r.operationId}, body: ${r.bodyExample ?? 'none'})`;
      expect(res.status, `${where}: ${JSON.stringify(res.body)}`).toBe(mock?.status);
      const op = validators.operationValidators[r.operationId];
      const key = responseKey(op?.responses ?? {}, res.status);
      const type = res.contentType.split(';')[0]?.trim() ?? '';
      const fn = key ? op?.responses[key]?.[type] : undefined;
      if (fn) expect(fn(res.body), `${where}: ${JSON.stringify(fn.errors)}`).toBe(true);
    }
  });

  it('every declared status, forced with Prefer: code=…, answers a body and content type that match it', async () => {
    let forced = 0;
    for (const r of exampleRequests(model)) {
      const op = model.operations.find((o) => o.id === r.operationId);
      for (const response of op?.responses ?? []) {
        // 101 hands the connection over; a response to HEAD or without content has no body to check.
        if (response.status === '101' || r.method.toUpperCase() === 'HEAD' || response.content.length === 0) continue;
        forced++;
        const res = await send(base, { ...r, headers: { ...r.headers, prefer: `code=${response.status}` } });
        const where = `${r.operationId} forced to ${response.status}`;
        if (/^\d{3}$/.test(response.status)) expect(res.status, where).toBe(Number(response.status));
        const type = res.contentType.split(';')[0]?.trim() ?? '';
        expect(
          response.content.map((c) => c.type),
          `${where}: content type "${type}"`,
        ).toContain(type);
        const fn = validators.operationValidators[r.operationId]?.responses[response.status]?.[type];
        expect(fn, `${where}: validator for ${type}`).toBeTypeOf('function');
        if (fn) expect(fn(res.body), `${where}: ${JSON.stringify(res.body)} ${JSON.stringify(fn.errors)}`).toBe(true);
      }
    }
    expect(forced).toBeGreaterThan(0);
  });

  it('a body that breaks the schema is a 400 (or the dialect invalidBodyStatus) in the interface error shape', async () => {
    const dialect = model.document['x-specforge-dialect'];
    const status = typeof dialect === 'object' && dialect !== null && 'invalidBodyStatus' in dialect ? Number(dialect.invalidBodyStatus) : 400;
    let broken = 0;
    for (const op of model.operations) {
      const r = brokenBodyRequest(model, op);
      if (!r) continue;
      broken++;
      const res = await send(base, r);
      expect(res.status, `${op.id}: ${JSON.stringify(res.body)}`).toBe(status);
      if (validators.errorBodyValidator) expect(validators.errorBodyValidator(res.body), JSON.stringify(res.body)).toBe(true);
    }
    const resolve = schemaResolver(model);
    const withBodies = model.operations.filter((op) => {
      const media = op.requestBody?.content.find((c) => /json/i.test(c.type));
      return media !== undefined && rootType(media.schema, resolve) !== undefined;
    });
    expect(broken).toBe(withBodies.length);
  });
});
