/**
 * Alternatives of anyOf/oneOf are matched by identity, never by position: a `$ref` name (also
 * inside an allOf), a tag property's const or one-value enum, then structural subsumption. An enum
 * and a oneOf of its values are one set of values; alternatives merged into one that accepts more
 * break no client. The three cases come from GitHub's description 22.0.0 -> 23.0.0; the
 * counter-cases stay breaking.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { api, diffDocs, OK, rulesOf, tmpRoot, type Doc } from './helpers.js';

const TMP = tmpRoot('diff-union-identity');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** A contract whose POST /a takes `request` and answers `response` (both optional). */
function contract(request: Doc | undefined, response: Doc | undefined, schemas?: Doc): Doc {
  const op: Doc = {
    responses: response ? { '200': { description: 'ok', content: { 'application/json': { schema: response } } } } : OK,
  };
  if (request) op['requestBody'] = { content: { 'application/json': { schema: request } } };
  return api({ '/a': { post: op } }, schemas ? { schemas } : undefined);
}

const budget = (budgetType: Doc): Doc => ({ type: 'object', properties: { budget_type: budgetType } });
const ENUM = { type: 'string', enum: ['ProductPricing', 'SkuPricing'] };
const oneOfValues = (values: string[]): Doc => ({ oneOf: values.map((v) => ({ type: 'string', enum: [v] })) });

describe('an enum and a oneOf of its values are the same set', () => {
  it('an enum rewritten as a oneOf of one-value enums (one value more) is not a removed value in a request', async () => {
    const findings = await diffDocs(
      TMP,
      contract(budget(ENUM), undefined),
      contract(budget(oneOfValues(['BundlePricing', 'ProductPricing', 'SkuPricing'])), undefined),
    );
    expect(findings.filter((f) => f.level === 'error')).toEqual([]);
    expect(rulesOf(findings)).toEqual(['request-property-enum-value-added']);
    expect(findings[0]?.message).toContain('"BundlePricing" added');
  });

  it('consts count as values too, and the same set rewritten is no change at all, either way', async () => {
    const consts = { oneOf: [{ const: 'ProductPricing' }, { const: 'SkuPricing' }] };
    expect(await diffDocs(TMP, contract(budget(ENUM), budget(ENUM)), contract(budget(consts), budget(consts)))).toEqual([]);
    expect(await diffDocs(TMP, contract(budget(consts), budget(consts)), contract(budget(ENUM), budget(ENUM)))).toEqual([]);
  });

  it('in a response, a value the oneOf adds is reported as an added enum value, not an added alternative', async () => {
    const findings = await diffDocs(
      TMP,
      contract(undefined, budget(ENUM)),
      contract(undefined, budget(oneOfValues(['BundlePricing', 'ProductPricing', 'SkuPricing']))),
    );
    expect(rulesOf(findings)).toEqual(['response-property-enum-value-added']);
  });

  it('counter-case: a value truly dropped in the rewrite is still a breaking removed value', async () => {
    const findings = await diffDocs(TMP, contract(budget(ENUM), undefined), contract(budget(oneOfValues(['ProductPricing'])), undefined));
    expect(rulesOf(findings)).toEqual(['request-property-enum-value-removed']);
    expect(findings[0]?.level).toBe('error');
    expect(findings[0]?.message).toContain('"SkuPricing" removed');
  });
});

describe('alternatives merged into one that accepts more', () => {
  const labels = (items: Doc): Doc => ({ type: 'object', properties: { labels: { type: 'array', minItems: 1, items } } });
  const named = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
  const BASE = { oneOf: [labels({ type: 'string' }), labels(named)] };
  const widerNamed = { type: 'object', properties: { name: { type: 'string' }, rationale: { type: 'string' } }, required: ['name'] };
  const MERGED = { oneOf: [labels({ oneOf: [{ type: 'string' }, widerNamed] })] };

  it('two request alternatives merged into one that accepts both is not breaking', async () => {
    const findings = await diffDocs(TMP, contract(BASE, undefined), contract(MERGED, undefined));
    expect(findings.filter((f) => f.level === 'error')).toEqual([]);
  });

  it('the same merge written without a oneOf around the single alternative is not breaking either', async () => {
    const findings = await diffDocs(TMP, contract(BASE, undefined), contract(labels({ oneOf: [{ type: 'string' }, widerNamed] }), undefined));
    expect(findings.filter((f) => f.level === 'error')).toEqual([]);
  });

  it('counter-case: a merged alternative that refuses what one of them took is still an alternative removed', async () => {
    // The object form now needs `id` too: a client that sent {labels: [{name}]} is refused.
    const stricter = { ...widerNamed, required: ['name', 'id'], properties: { ...widerNamed.properties, id: { type: 'integer' } } };
    const findings = await diffDocs(TMP, contract(BASE, undefined), contract({ oneOf: [labels({ oneOf: [{ type: 'string' }, stricter] })] }, undefined));
    expect(findings.some((f) => f.level === 'error')).toBe(true);
  });

  it('counter-case: an alternative truly removed is breaking', async () => {
    const findings = await diffDocs(TMP, contract(BASE, undefined), contract({ oneOf: [labels({ type: 'string' })] }, undefined));
    expect(rulesOf(findings)).toEqual(['request-body-variant-removed']);
    expect(findings[0]?.level).toBe('error');
  });
});

describe('alternatives reordered, one added', () => {
  const names = ['creation', 'update', 'deletion', 'file_path_restriction', 'max_file_path_length', 'file_extension_restriction', 'max_file_size', 'workflows'];
  const rule = (name: string): Doc => ({
    title: name,
    type: 'object',
    required: ['type', ...(name.length > 8 ? ['parameters'] : [])],
    properties: {
      type: { type: 'string', enum: [name] },
      ...(name.length > 8 ? { parameters: { type: 'object', required: [`${name}_setting`], properties: { [`${name}_setting`]: { type: 'string' } } } } : {}),
    },
  });
  const info = { type: 'object', properties: { ruleset_id: { type: 'integer' } } };
  const schemas = (list: string[]): Doc => ({
    ...Object.fromEntries(list.map((n) => [`rule-${n}`, rule(n)])),
    'ruleset-info': info,
    detailed: { oneOf: list.map((n) => ({ allOf: [{ $ref: `#/components/schemas/rule-${n}` }, { $ref: '#/components/schemas/ruleset-info' }] })) },
  });
  const response = { type: 'array', items: { $ref: '#/components/schemas/detailed' } };
  const reordered = [...names.slice(0, 3), 'workflows', 'license_compliance_scanning', ...names.slice(3, 7)];

  it('inline allOf alternatives of a component are matched by their $refs: only the new one is reported', async () => {
    const findings = await diffDocs(TMP, contract(undefined, response, schemas(names)), contract(undefined, response, schemas(reordered)));
    expect(rulesOf(findings)).toEqual(['response-property-variant-added']);
    expect(findings[0]?.message).toContain('license_compliance_scanning');
    expect(findings.some((f) => /required\) was removed/.test(f.message))).toBe(false);
  });

  it('matched by $ref name when nothing else tells them apart', async () => {
    const limits: Record<string, number> = { A: 10, B: 20, C: 30 };
    const plain = (list: string[]): Doc => ({
      ...Object.fromEntries(list.map((n) => [n, { type: 'object', properties: { value: { type: 'string', maxLength: limits[n] } } }])),
      detailed: { oneOf: list.map((n) => ({ allOf: [{ $ref: `#/components/schemas/${n}` }, { $ref: '#/components/schemas/info' }] })) },
      info,
    });
    expect(await diffDocs(TMP, contract(response, response, plain(['A', 'B', 'C'])), contract(response, response, plain(['C', 'A', 'B'])))).toEqual([]);
    // The same alternatives as pure $refs, reordered: nothing either.
    const refs = (list: string[]): Doc => ({ ...plain(list), detailed: { oneOf: list.map((n) => ({ $ref: `#/components/schemas/${n}` })) } });
    expect(await diffDocs(TMP, contract(response, response, refs(['A', 'B', 'C'])), contract(response, response, refs(['B', 'C', 'A'])))).toEqual([]);
  });

  it('counter-case: an alternative truly removed from the reordered list is reported by its name', async () => {
    const fewer = reordered.filter((n) => n !== 'max_file_size');
    const findings = await diffDocs(TMP, contract(response, undefined, schemas(names)), contract(response, undefined, schemas(fewer)));
    expect(rulesOf(findings)).toEqual(['request-property-variant-removed']);
    expect(findings[0]?.message).toContain('max_file_size');
  });
});
