/**
 * The refusal of a missing, malformed or rejected credential is the one the operation declares:
 * 401 where it declares 401; 403 where it declares 403 and not 401 (Blockfrost, Directus and GitBook
 * answer 403 to a missing key); else 401 (under 4XX, default, or nothing). The body has the shape
 * the contract declares for that status, a 401 keeps its WWW-Authenticate challenge, and the server,
 * the mock, `specforge test`'s security phase and the lint rule on undeclared statuses agree.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { runConformance } from '../../src/conformance/run.js';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { ownStatuses } from '../../src/lint/statuses.js';
import { toFetchHandler } from '../../src/runtime/server/fetch-adapter.js';
import { createRequestListener } from '../../src/runtime/server/server.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `vendor-refusal-${process.pid}`);
mkdirSync(TMP, { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** Blockfrost's error body: every field required, the status a number. */
const BLOCKFROST_ERROR = {
  type: 'object',
  required: ['status_code', 'error', 'message'],
  properties: { status_code: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
};
const OTHER_ERROR = { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } };
const ok = { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } }, example: { id: 'a' } } } };
const error = (schema: object): object => ({ description: 'refused', content: { 'application/json': { schema } } });

/** Operation id, its declared error statuses, and the refusal expected. */
const CASES: Array<[string, Record<string, object>, number]> = [
  ['only403', { '403': error(BLOCKFROST_ERROR) }, 403],
  ['both', { '401': error(OTHER_ERROR), '403': error(BLOCKFROST_ERROR) }, 401],
  ['only401', { '401': error(OTHER_ERROR) }, 401],
  ['range403', { '4XX': error(OTHER_ERROR), '403': error(BLOCKFROST_ERROR) }, 403],
  ['range', { '4XX': error(OTHER_ERROR) }, 401],
  ['fallback', { default: error(OTHER_ERROR) }, 401],
];

function specFile(scheme: object): string {
  const file = join(TMP, `openapi-${Object.values(scheme).join('-')}.yaml`);
  writeFileSync(
    file,
    stringify({
      openapi: '3.0.1',
      info: { title: 'vendor', version: '1' },
      components: { securitySchemes: { key: scheme } },
      security: [{ key: [] }],
      paths: Object.fromEntries(CASES.map(([id, responses]) => [`/${id}`, { get: { operationId: id, responses: { '200': ok, ...responses } } }])),
    }),
  );
  return file;
}

const KEY_IN_HEADER = specFile({ type: 'apiKey', in: 'header', name: 'project_id' });
const BEARER = specFile({ type: 'http', scheme: 'bearer' });

function schemaOf(status: number, responses: Record<string, object>): object {
  const declared = responses[String(status)] ?? responses['4XX'] ?? responses['default'];
  return ((declared as { content: Record<string, { schema: object }> }).content['application/json'] as { schema: object }).schema;
}

/** What a refusal must be: the expected status, a body of the declared shape, a challenge on a 401. */
async function expectRefusal(
  res: Response,
  id: string,
  responses: Record<string, object>,
  expected: number,
  validators: ReturnType<typeof compileValidators>,
): Promise<void> {
  expect(res.status, id).toBe(expected);
  const body = (await res.json()) as unknown;
  const key = String(expected) in responses ? String(expected) : '4XX' in responses ? '4XX' : 'default';
  const validate = validators.operationValidators[id]?.responses[key]?.['application/json'];
  expect(validate, id).toBeDefined();
  expect(validate?.(body), `${id} ${JSON.stringify(body)} against ${JSON.stringify(schemaOf(expected, responses))}`).toBe(true);
  if (expected === 401) expect(res.headers.get('www-authenticate'), id).toMatch(/^(ApiKey|Bearer) realm=/);
  if (key === '403') expect(body).toMatchObject({ status_code: 403 });
}

describe('a missing or rejected credential', () => {
  it.each([
    ['an API key in a header', KEY_IN_HEADER, { project_id: 'wrong' }],
    ['a bearer token', BEARER, { authorization: 'Bearer wrong' }],
  ])('with %s: the generated server answers the refusal each operation declares, in its declared shape', async (_name, file, wrong) => {
    const model = await buildModel(file);
    const validators = compileValidators(model);
    const handlers = Object.fromEntries(CASES.map(([id]) => [id, () => ({ status: 200, body: { id: 'a' } })]));
    const fetch = toFetchHandler(createRequestListener(apiSpec(model), validators, handlers, { security: { key: (c) => c.credential === 'right' } }));
    for (const [id, responses, expected] of CASES) {
      await expectRefusal(await fetch(new Request(`http://x/${id}`)), id, responses, expected, validators);
      await expectRefusal(await fetch(new Request(`http://x/${id}`, { headers: wrong })), id, responses, expected, validators);
      const right = Object.fromEntries(Object.entries(wrong).map(([k, v]) => [k, v.replace('wrong', 'right')]));
      expect((await fetch(new Request(`http://x/${id}`, { headers: right }))).status, id).toBe(200);
    }
  });

  it('the mock answers the same refusals, missing or malformed', async () => {
    const validators = compileValidators(await buildModel(BEARER));
    const mock = await createMockFromSpec(BEARER);
    for (const [id, responses, expected] of CASES) {
      await expectRefusal(await mock.fetch(new Request(`http://x/${id}`)), id, responses, expected, validators);
      await expectRefusal(await mock.fetch(new Request(`http://x/${id}`, { headers: { authorization: 'Bearer' } })), id, responses, expected, validators);
      expect((await mock.fetch(new Request(`http://x/${id}`, { headers: { authorization: 'Bearer anything' } }))).status, id).toBe(200);
    }
  });

  it('specforge test finds nothing against the mock, for either kind of scheme', async () => {
    for (const file of [KEY_IN_HEADER, BEARER]) {
      const mock = await createMockFromSpec(file);
      const report = await runConformance({ model: await buildModel(file), phases: ['security'], fetch: (r: Request) => mock.fetch(r) });
      expect(
        report.failures.map((f) => `${f.operationId} ${f.check}: ${f.message}`),
        file,
      ).toEqual([]);
      expect(report.requests).toBeGreaterThanOrEqual(CASES.length);
    }
  });

  it('specforge test judges the refusal: any refusal is no ignored_auth, and a status the operation does not declare is a status_code_conformance finding', async () => {
    const model = await buildModel(BEARER);
    const run = async (status: (id: string) => number): Promise<string[]> => {
      const report = await runConformance({
        model,
        phases: ['security'],
        fetch: async (r: Request) => {
          const id = new URL(r.url).pathname.slice(1);
          const s = status(id);
          // A body of both error shapes: only the status is judged here.
          const body = { status_code: s, error: 'Refused', message: 'no', reason: 'no' };
          return new Response(JSON.stringify(body), {
            status: s,
            headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="vendor"' },
          });
        },
      });
      return [...new Set(report.failures.map((f) => `${f.operationId} ${f.check}`))].sort();
    };
    // What the server and mock answer: nothing to find.
    expect(await run((id) => CASES.find(([c]) => c === id)?.[2] ?? 401)).toEqual([]);
    // 401 everywhere: undeclared where only 403 is declared.
    expect(await run(() => 401)).toEqual(['only403 status_code_conformance']);
    // 403 everywhere: a refusal all the same (ignored_auth fails only on success), but undeclared where only 401 is declared.
    expect(await run(() => 403)).toEqual(['only401 status_code_conformance']);
    // Success without the credential: ignored_auth everywhere.
    expect(await run(() => 200).then((found) => found.filter((f) => f.endsWith('ignored_auth')))).toEqual(CASES.map(([id]) => `${id} ignored_auth`).sort());
  });

  it('the lint rule on undeclared statuses expects the declared refusal', async () => {
    const statuses = ownStatuses(await buildModel(BEARER));
    const only403 = statuses.find((s) => s.operation.id === 'only403');
    expect(only403?.statuses.map((s) => s.status)).toContain(403);
    expect(only403?.statuses.map((s) => s.status)).not.toContain(401);
    expect(only403?.undeclared.map((s) => s.status)).not.toContain(403);
    expect(statuses.find((s) => s.operation.id === 'only401')?.statuses.map((s) => s.status)).toContain(401);
  });
});
