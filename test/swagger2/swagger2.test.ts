/**
 * Swagger 2.0 contracts: converted to OpenAPI 3 on load, every target generated with default options
 * (and type-checked), the mock answering every operation with a conforming body, and every message
 * pointing into the 2.0 file as written.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { exampleRequests } from '../../src/conformance/requests.js';
import { ContractError, type Diagnostic } from '../../src/contract/errors.js';
import { escapeSegment } from '../../src/contract/pointer.js';
import { buildModel } from '../../src/contract/model.js';
import { loadContractAsync } from '../../src/contract/resolve.js';
import { lintSpecs } from '../../src/lint/lint.js';
import { STYLE_RULES } from '../../src/lint/ruleset.js';
import type { LintRuleSetting } from '../../src/config/config.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { responseKey } from '../../src/runtime/index.js';
import { DEFAULT_TARGETS } from '../../src/codegen/targets.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { typeCheck } from '../support/type-errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const STORE = join(ROOT, 'test', 'fixtures', 'swagger2', 'store', 'openapi.yaml');
const EXAMPLES = join(ROOT, 'node_modules', '@readme', 'oas-examples', '2.0', 'json');
const TMP = join(ROOT, 'test', '.tmp', `swagger2-${process.pid}`);

/** This repository's 2.0 fixture and every Swagger 2.0 document of the public @readme/oas-examples package. */
const CONTRACTS: Array<[string, string]> = [
  ['store (fixture)', STORE],
  ...readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f): [string, string] => [f, join(EXAMPLES, f)]),
];

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe.each(CONTRACTS)('Swagger 2.0 contract %s', (name, path) => {
  it('generates every target with default options, and the output type-checks under tsc --strict', async () => {
    const out = join(TMP, 'gen', name.replace(/[^A-Za-z0-9.-]/g, '_'));
    const result = await generateSpec({ path, api: 'api', out, targets: [...DEFAULT_TARGETS], strict: false }, { cacheDir: join(TMP, 'cache'), force: true });
    expect(result.files.map((f) => f.path)).toEqual(expect.arrayContaining(['types.ts', 'validators.ts', 'server.ts', 'mocks.ts', 'client.ts', 'index.ts']));
    const { diagnostics } = typeCheck([join(out, 'index.ts'), join(out, 'mocks.ts')]);
    expect(diagnostics).toEqual([]);
  });

  it('is modelled as OpenAPI 3.0, and the mock answers every operation with a body its contract allows', async () => {
    const model = await buildModel(path);
    expect(model.version).toBe('3.0');
    expect(model.loaded.sourceVersion).toBe('2.0');
    expect(model.operations.length).toBeGreaterThan(0);
    const validators = compileValidators(model, undefined, false);
    const mock = await createMockFromSpec(path);
    for (const r of exampleRequests(model)) {
      const init: RequestInit = { method: r.method, headers: r.headers };
      if (r.body !== undefined) init.body = r.body;
      const res = await mock.fetch(new Request(`http://mock.test${r.url}`, init));
      const text = await res.text();
      // The status the operation documents first (a few public operations document errors only).
      const declared = Object.fromEntries((model.operations.find((o) => o.id === r.operationId)?.responses ?? []).map((d) => [d.status, true]));
      const key = responseKey(declared, res.status);
      expect(key, `${r.operationId} answered ${res.status}: ${text}`).toBeDefined();
      const type = res.headers.get('content-type')?.split(';')[0] ?? '';
      const op = validators.operationValidators[r.operationId];
      const validate = key ? op?.responses[key]?.[type] : undefined;
      if (validate) expect(validate(JSON.parse(text)), `${r.operationId}: ${text}`).toBe(true);
    }
  });
});

/** Line and column (1-based) of the first `key:` after the line holding `after`, in `text`. */
function positionOf(text: string, after: string, key: string): { line: number; col: number } {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.includes(after));
  for (let i = Math.max(start, 0); i < lines.length; i++) {
    const col = (lines[i] as string).indexOf(`${key}:`);
    if (col >= 0) return { line: i + 1, col: col + 1 };
  }
  throw new Error(`no ${key} after ${after}`);
}

const photo = `/paths/${escapeSegment('/items/{id}/photo')}/post`;

/** [what breaks, the text replaced, its replacement, the line the key follows, the key, the 2.0 pointer]. */
const BROKEN: Array<[string, string, string, string, string, string]> = [
  [
    'a definition property',
    'name: { type: string, minLength: 1, maxLength: 40 }',
    'name: { type: string, minLength: one, maxLength: 40 }',
    'NewItem:',
    'minLength',
    '/definitions/NewItem/properties/name/minLength',
  ],
  ['a shared parameter', '    maximum: 100\n', '    maximum: lots\n', 'Limit:', 'maximum', '/parameters/Limit/maximum'],
  ['a formData parameter', 'maxLength: 80', 'maxLength: eighty', 'name: caption', 'maxLength', `${photo}/parameters/1/maxLength`],
  [
    'a path parameter after a body-less list',
    '          minimum: 1\n          description: The item',
    "          minimum: 'one'\n          description: The item",
    'name: id',
    'minimum',
    `${photo}/parameters/0/minimum`,
  ],
  [
    'a response header',
    '              type: integer\n              description: How many',
    '              type: 7\n              description: How many',
    'X-Total:',
    'type',
    `/paths/${escapeSegment('/items')}/get/responses/200/headers/X-Total/type`,
  ],
];

describe('messages point into the 2.0 file', () => {
  const original = readFileSync(STORE, 'utf8');

  it.each(BROKEN)('%s', async (_what, from, to, after, key, pointer) => {
    expect(original).toContain(from);
    const dir = join(TMP, 'broken', key + pointer.length);
    mkdirSync(dir, { recursive: true });
    const text = original.replace(from, to);
    writeFileSync(join(dir, 'openapi.yaml'), text);
    let diagnostics: Diagnostic[] = [];
    try {
      await buildModel(join(dir, 'openapi.yaml'));
    } catch (err) {
      if (!(err instanceof ContractError)) throw err;
      diagnostics = err.diagnostics;
    }
    const at = positionOf(text, after, key);
    expect(diagnostics.map((d) => ({ pointer: d.location?.pointer, line: d.location?.line, col: d.location?.col }))).toContainEqual({ pointer, ...at });
    expect(diagnostics.every((d) => d.location?.file.endsWith('openapi.yaml'))).toBe(true);
  });

  it.each([
    [
      'a body parameter',
      `/paths/${escapeSegment('/items')}/post/requestBody/content/application~1json/schema`,
      `/paths/${escapeSegment('/items')}/post/parameters/0/schema`,
    ],
    ['a formData file', `${photo}/requestBody/content/multipart~1form-data/schema/properties/file`, `${photo}/parameters/2`],
    [
      'a formData property schema keyword',
      `${photo}/requestBody/content/multipart~1form-data/schema/properties/caption/maxLength`,
      `${photo}/parameters/1/maxLength`,
    ],
    [
      'a query parameter schema keyword',
      `/paths/${escapeSegment('/items')}/get/parameters/1/schema/items`,
      `/paths/${escapeSegment('/items')}/get/parameters/1/items`,
    ],
    [
      'a response schema',
      `/paths/${escapeSegment('/items')}/get/responses/401/content/application~1json/schema`,
      `/paths/${escapeSegment('/items')}/get/responses/401/schema`,
    ],
    [
      'a response example',
      `/paths/${escapeSegment('/items')}/get/responses/200/content/application~1json/example`,
      `/paths/${escapeSegment('/items')}/get/responses/200/examples/application~1json`,
    ],
    ['a component schema', '/components/schemas/Item/allOf/1/properties/id', '/definitions/Item/allOf/1/properties/id'],
    ['a security scheme (made up parts map to the nearest)', '/components/securitySchemes/oauth/flows/authorizationCode/scopes', '/securityDefinitions/oauth'],
    ['a shared parameter', '/components/parameters/Limit/schema/maximum', '/parameters/Limit/maximum'],
    ['the servers', '/servers/0/url', '/host'],
  ])('locate() maps %s', async (_what, converted, expected) => {
    const loaded = await loadContractAsync(STORE);
    expect(loaded.locate(converted).pointer).toBe(expected);
  });

  it('a converter warning is a located warning, not a failure', async () => {
    const dir = join(TMP, 'warn');
    mkdirSync(dir, { recursive: true });
    // collectionFormat tsv has no OpenAPI 3 style: converted, with a warning at the parameter.
    writeFileSync(join(dir, 'openapi.yaml'), readFileSync(STORE, 'utf8').replace('collectionFormat: csv', 'collectionFormat: tsv'));
    const model = await buildModel(join(dir, 'openapi.yaml'));
    const warnings = model.warnings.filter((w) => w.code === 'SPECFORGE_SWAGGER_CONVERT');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('tsv') as unknown,
      location: { pointer: `/paths/${escapeSegment('/items')}/get/parameters/1` },
    });
  });
});

describe('commands on a 2.0 contract', () => {
  it('lint runs the rules for Swagger 2.0 and points into the file', async () => {
    // The contract has no licence: a finding of the style ruleset, which is off by default.
    expect((await lintSpecs([STORE]))[0]?.problems).toEqual([]);
    const [result] = await lintSpecs([{ path: STORE, rules: { ...STYLE_RULES } as Record<string, LintRuleSetting> }]);
    const problems = result?.problems ?? [];
    expect(problems.map((p) => p.ruleId)).toContain('info-license');
    expect(problems.find((p) => p.ruleId === 'info-license')?.location[0]?.source.absoluteRef).toBe(STORE);
  });
});
