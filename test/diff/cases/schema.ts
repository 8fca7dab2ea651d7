/** Cases of the schema checks, each placed at every scope of its family. */
import { REQUEST_SCOPES, RESPONSE_SCOPES, type DiffRuleId } from '../../../src/diff/rules.js';
import { api, body, hook, object, param, reply, str, withParams, type Case, type Doc } from './shared.js';

/** Where a schema family's schema stands, for each scope. */
const PLACE: Record<string, (schema: Doc) => Doc> = {
  'request-parameter': (schema) => withParams(param({ schema })),
  'request-body': (schema) => body(schema),
  'request-property': (schema) => body(object({ p: schema })),
  'response-body': (schema) => reply(schema),
  'response-property': (schema) => reply(object({ p: schema })),
  'response-header': (schema) => api({ '/items': { get: { responses: { '200': { description: 'ok', headers: { 'X-Count': { required: true, schema } } } } } } }),
  'webhook-body': (schema) => hook(schema),
  'webhook-property': (schema) => hook(object({ p: schema })),
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

export const SCHEMA_CASES: Case[] = [
  ...Object.keys(REQUEST_SCOPES).flatMap((scope) =>
    Object.entries(REQUEST_PAIRS).map(([check, [b, h]]) => ({ rule: `${scope}-${check}` as DiffRuleId, base: (PLACE[scope] as (s: Doc) => Doc)(b), head: (PLACE[scope] as (s: Doc) => Doc)(h), oneWay: true })),
  ),
  ...Object.keys(RESPONSE_SCOPES).flatMap((scope) =>
    Object.entries(RESPONSE_PAIRS).map(([check, [b, h]]) => ({ rule: `${scope}-${check}` as DiffRuleId, base: (PLACE[scope] as (s: Doc) => Doc)(b), head: (PLACE[scope] as (s: Doc) => Doc)(h), oneWay: true })),
  ),
];
