/** Cases of the schema checks, each placed at every scope of its family. */
import { REQUEST_SCOPES, RESPONSE_SCOPES, type DiffRuleId } from '../../../src/diff/rules.js';
import { api, body, hook, object, OK, param, reply, str, withParams, type Case, type Doc } from './shared.js';

/** Where a schema family's schema stands, for each scope. */
const PLACE: Record<string, (schema: Doc) => Doc> = {
  'request-parameter': (schema) => withParams(param({ schema })),
  'request-body': (schema) => body(schema),
  'request-property': (schema) => body(object({ p: schema })),
  'response-body': (schema) => reply(schema),
  'response-property': (schema) => reply(object({ p: schema })),
  'response-header': (schema) =>
    api({ '/items': { get: { responses: { '200': { description: 'ok', headers: { 'X-Count': { required: true, schema } } } } } } }),
  'webhook-body': (schema) => hook(schema),
  'webhook-property': (schema) => hook(object({ p: schema })),
  // OpenAPI 3.2 streams: the schema of each item of a JSON Lines request, of a server-sent events answer.
  'request-stream-item': (schema) =>
    api({ '/logs': { post: { requestBody: { content: { 'application/jsonl': { itemSchema: schema } } }, responses: OK } } }, undefined, { openapi: '3.2.0' }),
  'response-stream-item': (schema) =>
    api({ '/events': { get: { responses: { '200': { description: 'events', content: { 'text/event-stream': { itemSchema: schema } } } } } } }, undefined, {
      openapi: '3.2.0',
    }),
};

const open = { type: 'object', properties: { a: str } };
const tagged = (propertyName: string): Doc => ({ type: 'object', properties: { kind: str, type: str }, discriminator: { propertyName } });
const alt = (kind: string, extra: Doc = {}): Doc => ({ type: 'object', required: ['kind'], properties: { kind: { const: kind }, ...extra } });

/**
 * For each check of a request schema: a narrowing pair (or, for an info check, a widening one); for a
 * response schema: a widening pair. The third element lists near pairs that must not report it.
 */
type Pair = [Doc, Doc] | [Doc, Doc, Array<[Doc, Doc]>];
const REQUEST_PAIRS: Record<string, Pair> = {
  'type-changed': [{ type: ['string', 'integer'] }, { type: 'string' }],
  'enum-value-removed': [
    { type: 'string', enum: ['a', 'b'] },
    { type: 'string', enum: ['a'] },
  ],
  'max-length-decreased': [
    { type: 'string', maxLength: 10 },
    { type: 'string', maxLength: 5 },
  ],
  'min-length-increased': [
    { type: 'string', minLength: 1 },
    { type: 'string', minLength: 2 },
  ],
  'max-decreased': [
    { type: 'integer', maximum: 10 },
    { type: 'integer', exclusiveMaximum: 10 },
  ],
  'min-increased': [
    { type: 'integer', minimum: 0 },
    { type: 'integer', minimum: 1 },
  ],
  'max-items-decreased': [
    { type: 'array', items: str, maxItems: 5 },
    { type: 'array', items: str, maxItems: 3 },
  ],
  'min-items-increased': [
    { type: 'array', items: str },
    { type: 'array', items: str, minItems: 1 },
  ],
  'pattern-changed': [{ type: 'string' }, { type: 'string', pattern: '^a' }],
  'variant-removed': [
    { anyOf: [str, { type: 'integer' }] },
    { anyOf: [str] },
    [
      // Alternatives swapped: paired by meaning, not position.
      [{ oneOf: [alt('card', { number: str }), alt('bank', { iban: str })] }, { oneOf: [alt('bank', { iban: str }), alt('card', { number: str })] }],
      [{ anyOf: [str, { type: 'integer' }] }, { anyOf: [{ type: 'integer' }, str] }],
    ],
  ],
  'format-changed': [
    { type: 'integer' },
    { type: 'integer', format: 'int32' },
    [
      [{ type: 'string', format: 'uuid' }, { type: 'string' }],
      [{ type: 'integer' }, { type: 'integer', format: 'int64' }],
      [
        { type: 'integer', format: 'int32' },
        { type: 'integer', format: 'int64' },
      ],
    ],
  ],
  'additional-properties-restricted': [
    open,
    { ...open, additionalProperties: false },
    [
      [
        { ...open, additionalProperties: false },
        { ...open, additionalProperties: false, description: 'same' },
      ],
    ],
  ],
  'discriminator-changed': [tagged('kind'), tagged('type'), [[tagged('kind'), { ...tagged('kind'), description: 'same' }]]],
  'enum-value-added': [
    { type: 'string', enum: ['a'] },
    { type: 'string', enum: ['a', 'b'] },
    [
      [
        { type: 'string', enum: ['a', 'b'] },
        { type: 'string', enum: ['b', 'a'] },
      ],
    ],
  ],
};
const RESPONSE_PAIRS: Record<string, Pair> = {
  'type-changed': [{ type: 'string' }, { type: ['string', 'null'] }],
  'enum-value-added': [
    { type: 'string', enum: ['a'] },
    { type: 'string', enum: ['a', 'b'] },
  ],
  'extensible-enum-value-added': [
    { type: 'string', 'x-extensible-enum': ['a'] },
    { type: 'string', 'x-extensible-enum': ['a', 'b'] },
    [
      [
        { type: 'string', enum: ['a'], 'x-extensible-enum': true },
        { type: 'string', enum: ['a'], 'x-extensible-enum': true, description: 'same' },
      ],
    ],
  ],
  'max-length-increased': [{ type: 'string', maxLength: 5 }, { type: 'string' }],
  'min-length-decreased': [
    { type: 'string', minLength: 2 },
    { type: 'string', minLength: 1 },
  ],
  'max-increased': [
    { type: 'number', exclusiveMaximum: 10 },
    { type: 'number', maximum: 10 },
  ],
  'min-decreased': [
    { type: 'integer', minimum: 1 },
    { type: 'integer', minimum: 0 },
  ],
  'max-items-increased': [
    { type: 'array', items: str, maxItems: 3 },
    { type: 'array', items: str, maxItems: 5 },
  ],
  'min-items-decreased': [
    { type: 'array', items: str, minItems: 1 },
    { type: 'array', items: str },
  ],
  'pattern-changed': [{ type: 'string', pattern: '^a' }, { type: 'string' }],
  'variant-added': [
    { anyOf: [str] },
    { anyOf: [str, { type: 'integer' }] },
    [[{ oneOf: [alt('card', { number: str }), alt('bank', { iban: str })] }, { oneOf: [alt('bank', { iban: str }), alt('card', { number: str })] }]],
  ],
  'format-changed': [
    { type: 'string', format: 'date-time' },
    { type: 'string' },
    [
      [{ type: 'string' }, { type: 'string', format: 'date' }],
      [{ type: 'integer', format: 'int64' }, { type: 'integer' }],
    ],
  ],
  'discriminator-changed': [tagged('kind'), tagged('type'), [[tagged('kind'), { ...tagged('kind'), description: 'same' }]]],
  'enum-value-removed': [
    { type: 'string', enum: ['a', 'b'] },
    { type: 'string', enum: ['a'] },
    [
      [
        { type: 'string', enum: ['a', 'b'] },
        { type: 'string', enum: ['b', 'a'] },
      ],
    ],
  ],
};

/** Rules of their own (not families): properties added, readOnly and writeOnly moves, defaults. */
const FIXED: Case[] = [
  {
    rule: 'request-property-added',
    base: body(object({ a: str })),
    head: body(object({ a: str, b: str })),
    oneWay: true,
    quiet: [[body(object({ a: str })), body(object({ a: str, b: str }, ['b']))]],
  },
  {
    rule: 'response-property-added',
    base: reply(object({ a: str })),
    head: reply(object({ a: str, b: str })),
    oneWay: true,
    quiet: [[reply(object({ a: str })), reply(object({ a: str, b: { ...str, writeOnly: true } }))]],
  },
  {
    rule: 'request-property-became-read-only',
    base: body(object({ id: str, a: str })),
    head: body(object({ id: { ...str, readOnly: true }, a: str })),
    oneWay: true,
    quiet: [[reply(object({ id: str })), reply(object({ id: { ...str, readOnly: true } }))]],
  },
  {
    rule: 'response-property-became-write-only',
    base: reply(object({ secret: str, a: str })),
    head: reply(object({ secret: { ...str, writeOnly: true }, a: str })),
    oneWay: true,
    quiet: [[body(object({ secret: str })), body(object({ secret: { ...str, writeOnly: true } }))]],
  },
  {
    rule: 'request-property-default-changed',
    base: body(object({ limit: { type: 'integer', default: 20 } })),
    head: body(object({ limit: { type: 'integer', default: 50 } })),
    quiet: [
      [body(object({ limit: { type: 'integer', default: 20 } }, ['limit'])), body(object({ limit: { type: 'integer', default: 50 } }, ['limit']))],
      [reply(object({ limit: { type: 'integer', default: 20 } })), reply(object({ limit: { type: 'integer', default: 50 } }))],
    ],
  },
];

/** Checks that report the change both ways (a discriminator renamed back is renamed again). */
const BOTH_WAYS = new Set(['discriminator-changed']);

function family(scopes: string[], pairs: Record<string, Pair>): Case[] {
  return scopes.flatMap((scope) =>
    Object.entries(pairs).map(([check, [b, h, near]]) => {
      const place = PLACE[scope] as (s: Doc) => Doc;
      const c: Case = { rule: `${scope}-${check}` as DiffRuleId, base: place(b), head: place(h), oneWay: !BOTH_WAYS.has(check) };
      if (near) c.quiet = near.map(([nb, nh]) => [place(nb), place(nh)]);
      return c;
    }),
  );
}

export const SCHEMA_CASES: Case[] = [...family(Object.keys(REQUEST_SCOPES), REQUEST_PAIRS), ...family(Object.keys(RESPONSE_SCOPES), RESPONSE_PAIRS), ...FIXED];
