/**
 * Every diff rule with a pair of contracts that breaks it. Where the rule has a direction (narrowing
 * a request, widening a response), the same pair the other way round must not report it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { DIFF_RULES, FINDING_LEVEL, REQUEST_SCOPES, RESPONSE_SCOPES, diffRule, type DiffRuleId } from '../../src/diff/rules.js';
import { api, diffDocs, OK, rulesOf, tmpRoot, type Doc } from './helpers.js';

const TMP = tmpRoot('diff-rules');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

interface Case {
  rule: DiffRuleId;
  base: Doc;
  head: Doc;
  /** The reverse change must not report the rule (it is the harmless direction). */
  oneWay?: boolean;
}

const param = (extra: Doc = {}): Doc => ({ name: 'q', in: 'query', schema: { type: 'string' }, ...extra });
const withParams = (...parameters: Doc[]): Doc => api({ '/items': { get: { parameters, responses: OK } } });
const body = (schema: Doc, extra: Doc = {}): Doc => api({ '/items': { post: { requestBody: { content: { 'application/json': { schema } }, ...extra }, responses: OK } } });
const reply = (schema: Doc, status = '200'): Doc => api({ '/items': { get: { responses: { [status]: { description: 'ok', content: { 'application/json': { schema } } } } } } });
const object = (properties: Doc, required: string[] = []): Doc => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
const str = { type: 'string' };
const secured = (security: Doc[] | undefined, schemes: Doc): Doc =>
  api({ '/items': { get: { ...(security ? { security } : {}), responses: OK } } }, { securitySchemes: schemes });
const KEY = { key: { type: 'apiKey', in: 'query', name: 'key' }, token: { type: 'http', scheme: 'bearer' } };
const OAUTH = { o: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'r', write: 'w' } } } } };

const STRUCTURE: Case[] = [
  { rule: 'api-path-removed', base: api({ '/a': { get: { responses: OK } }, '/b': { get: { responses: OK } } }), head: api({ '/a': { get: { responses: OK } } }), oneWay: true },
  { rule: 'api-operation-removed', base: api({ '/a': { get: { responses: OK }, post: { responses: OK } } }), head: api({ '/a': { get: { responses: OK } } }), oneWay: true },
  { rule: 'api-path-added', base: api({ '/a': { get: { responses: OK } } }), head: api({ '/a': { get: { responses: OK } }, '/b': { get: { responses: OK } } }), oneWay: true },
  { rule: 'api-operation-added', base: api({ '/a': { get: { responses: OK } } }), head: api({ '/a': { get: { responses: OK }, post: { responses: OK } } }), oneWay: true },
  { rule: 'operation-id-changed', base: api({ '/a': { get: { operationId: 'listA', responses: OK } } }), head: api({ '/a': { get: { operationId: 'getA', responses: OK } } }) },
  { rule: 'operation-deprecated', base: api({ '/a': { get: { responses: OK } } }), head: api({ '/a': { get: { deprecated: true, responses: OK } } }), oneWay: true },
  { rule: 'request-parameter-added-required', base: withParams(), head: withParams(param({ required: true })), oneWay: true },
  { rule: 'request-parameter-became-required', base: withParams(param()), head: withParams(param({ required: true })), oneWay: true },
  { rule: 'request-parameter-removed', base: withParams(param()), head: withParams(), oneWay: true },
  { rule: 'request-parameter-deprecated', base: withParams(param()), head: withParams(param({ deprecated: true })), oneWay: true },
  { rule: 'request-body-became-required', base: body(str), head: body(str, { required: true }), oneWay: true },
  {
    rule: 'request-media-type-removed',
    base: api({ '/items': { post: { requestBody: { content: { 'application/json': { schema: str }, 'text/plain': { schema: str } } }, responses: OK } } }),
    head: body(str),
    oneWay: true,
  },
  { rule: 'new-required-request-property', base: body(object({ a: str })), head: body(object({ a: str, b: str }, ['b'])), oneWay: true },
  { rule: 'request-property-became-required', base: body(object({ a: str })), head: body(object({ a: str }, ['a'])), oneWay: true },
  { rule: 'request-property-removed', base: body({ ...object({ a: str, b: str }), additionalProperties: false }), head: body({ ...object({ a: str }), additionalProperties: false }), oneWay: true },
  {
    rule: 'response-status-removed',
    base: api({ '/a': { get: { responses: { '200': { description: 'ok' }, '404': { description: 'no' } } } } }),
    head: api({ '/a': { get: { responses: { '404': { description: 'no' } } } } }),
    oneWay: true,
  },
  {
    rule: 'response-non-success-status-removed',
    base: api({ '/a': { get: { responses: { '200': { description: 'ok' }, '404': { description: 'no' } } } } }),
    head: api({ '/a': { get: { responses: OK } } }),
    oneWay: true,
  },
  {
    rule: 'response-status-added',
    base: api({ '/a': { get: { responses: OK } } }),
    head: api({ '/a': { get: { responses: { '200': { description: 'ok' }, '409': { description: 'conflict' } } } } }),
    oneWay: true,
  },
  {
    rule: 'response-media-type-removed',
    base: api({ '/items': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: str }, 'text/plain': { schema: str } } } } } } }),
    head: reply(str),
    oneWay: true,
  },
  {
    rule: 'response-header-removed',
    base: api({ '/a': { get: { responses: { '200': { description: 'ok', headers: { 'X-Rate': { schema: str }, ETag: { schema: str } } } } } } }),
    head: api({ '/a': { get: { responses: { '200': { description: 'ok', headers: { etag: { schema: str } } } } } } }),
    oneWay: true,
  },
  {
    rule: 'response-required-header-removed',
    base: api({ '/a': { get: { responses: { '200': { description: 'ok', headers: { ETag: { required: true, schema: str } } } } } } }),
    head: api({ '/a': { get: { responses: { '200': { description: 'ok', headers: { ETag: { schema: str } } } } } } }),
    oneWay: true,
  },
  { rule: 'response-property-removed', base: reply(object({ a: str, b: str })), head: reply(object({ a: str })), oneWay: true },
  { rule: 'response-required-property-removed', base: reply(object({ a: str, b: str }, ['b'])), head: reply(object({ a: str })), oneWay: true },
  { rule: 'response-property-became-optional', base: reply(object({ a: str }, ['a'])), head: reply(object({ a: str })), oneWay: true },
  { rule: 'security-added', base: secured(undefined, KEY), head: secured([{ key: [] }], KEY), oneWay: true },
  { rule: 'security-scheme-added', base: secured([{ key: [] }], KEY), head: secured([{ key: [], token: [] }], KEY), oneWay: true },
  { rule: 'security-scope-added', base: secured([{ o: ['read'] }], OAUTH), head: secured([{ o: ['read', 'write'] }], OAUTH), oneWay: true },
  {
    rule: 'security-scheme-changed',
    base: secured([{ key: [] }], KEY),
    head: secured([{ key: [] }], { ...KEY, key: { type: 'apiKey', in: 'header', name: 'X-Key' } }),
  },
];

/** Where a schema family's schema stands, for each scope. */
const PLACE: Record<string, (schema: Doc) => Doc> = {
  'request-parameter': (schema) => withParams(param({ schema })),
  'request-body': (schema) => body(schema),
  'request-property': (schema) => body(object({ p: schema })),
  'response-body': (schema) => reply(schema),
  'response-property': (schema) => reply(object({ p: schema })),
};

/** For each check of a request schema: a narrowing pair. For a response schema: a widening pair. */
const REQUEST_PAIRS: Record<string, [Doc, Doc]> = {
  'type-changed': [{ type: ['string', 'integer'] }, { type: 'string' }],
  'enum-value-removed': [{ type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['a'] }],
  'max-length-decreased': [{ type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 }],
  'min-length-increased': [{ type: 'string', minLength: 1 }, { type: 'string', minLength: 2 }],
  'max-decreased': [{ type: 'integer', maximum: 10 }, { type: 'integer', exclusiveMaximum: 10 }],
  'min-increased': [{ type: 'integer', minimum: 0 }, { type: 'integer', minimum: 1 }],
  'max-items-decreased': [{ type: 'array', items: str, maxItems: 5 }, { type: 'array', items: str, maxItems: 3 }],
  'min-items-increased': [{ type: 'array', items: str }, { type: 'array', items: str, minItems: 1 }],
  'pattern-changed': [{ type: 'string' }, { type: 'string', pattern: '^a' }],
  'variant-removed': [{ anyOf: [str, { type: 'integer' }] }, { anyOf: [str] }],
};
const RESPONSE_PAIRS: Record<string, [Doc, Doc]> = {
  'type-changed': [{ type: 'string' }, { type: ['string', 'null'] }],
  'enum-value-added': [{ type: 'string', enum: ['a'] }, { type: 'string', enum: ['a', 'b'] }],
  'max-length-increased': [{ type: 'string', maxLength: 5 }, { type: 'string' }],
  'min-length-decreased': [{ type: 'string', minLength: 2 }, { type: 'string', minLength: 1 }],
  'max-increased': [{ type: 'number', exclusiveMaximum: 10 }, { type: 'number', maximum: 10 }],
  'min-decreased': [{ type: 'integer', minimum: 1 }, { type: 'integer', minimum: 0 }],
  'max-items-increased': [{ type: 'array', items: str, maxItems: 3 }, { type: 'array', items: str, maxItems: 5 }],
  'min-items-decreased': [{ type: 'array', items: str, minItems: 1 }, { type: 'array', items: str }],
  'pattern-changed': [{ type: 'string', pattern: '^a' }, { type: 'string' }],
  'variant-added': [{ anyOf: [str] }, { anyOf: [str, { type: 'integer' }] }],
};

const SCHEMA_CASES: Case[] = [
  ...Object.keys(REQUEST_SCOPES).flatMap((scope) =>
    Object.entries(REQUEST_PAIRS).map(([check, [b, h]]) => ({ rule: `${scope}-${check}` as DiffRuleId, base: (PLACE[scope] as (s: Doc) => Doc)(b), head: (PLACE[scope] as (s: Doc) => Doc)(h), oneWay: true })),
  ),
  ...Object.keys(RESPONSE_SCOPES).flatMap((scope) =>
    Object.entries(RESPONSE_PAIRS).map(([check, [b, h]]) => ({ rule: `${scope}-${check}` as DiffRuleId, base: (PLACE[scope] as (s: Doc) => Doc)(b), head: (PLACE[scope] as (s: Doc) => Doc)(h), oneWay: true })),
  ),
];

const CASES = [...STRUCTURE, ...SCHEMA_CASES];

/** Rules whose pair lives in another test file (they need a git revision). */
const TESTED_ELSEWHERE = ['spec-added'];

describe('diff rule catalogue', () => {
  it('has unique kebab-case ids with a level and a description', () => {
    const ids = DIFF_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of DIFF_RULES) {
      expect(r.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(['breaking', 'warning', 'info']).toContain(r.level);
      expect(r.description.length).toBeGreaterThan(10);
    }
  });

  it('every rule has a test case', () => {
    const tested = new Set([...CASES.map((c) => c.rule), ...TESTED_ELSEWHERE]);
    expect(DIFF_RULES.map((r) => r.id).filter((id) => !tested.has(id))).toEqual([]);
  });
});

describe.each(CASES.map((c) => [c.rule, c] as const))('%s', (rule, c) => {
  it('is reported for its pair, at its level', async () => {
    const findings = await diffDocs(TMP, c.base, c.head);
    const hits = findings.filter((f) => f.rule === rule);
    expect(hits.length, JSON.stringify(findings, null, 2)).toBeGreaterThan(0);
    for (const f of hits) {
      expect(f.level).toBe(FINDING_LEVEL[diffRule(rule).level]);
      expect(f.source).toBe('diff');
      expect(f.location.line).toBeGreaterThan(0);
    }
  });

  it('is not reported when nothing changed', async () => {
    expect(await diffDocs(TMP, c.head, c.head)).toEqual([]);
  });

  if (c.oneWay) {
    it('is not reported for the change the other way round', async () => {
      expect(rulesOf(await diffDocs(TMP, c.head, c.base))).not.toContain(rule);
    });
  }
});
