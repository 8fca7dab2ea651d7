/**
 * What the API sends and where clients find it, beyond the rule cases: webhook and callback
 * payloads compared as responses (in 3.1 webhooks and 3.0 x-webhooks, through $refs), x- values
 * of any shape under x-webhooks, servers at every level, and how parameters are read (moved,
 * serialized, defaulted).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/report/findings.js';
import { api, diffDocs, OK, tmpRoot, type Doc } from './helpers.js';

const TMP = tmpRoot('diff-sent');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function summary(findings: Finding[]): Array<[string, string]> {
  return findings.map((f) => [f.rule, f.level]);
}

const payload = (schema: Doc): Doc => ({ requestBody: { content: { 'application/json': { schema } } }, responses: OK });
const order = (status: Doc): Doc => ({ type: 'object', required: ['id', 'status'], properties: { id: { type: 'string' }, status: status } });

describe('webhooks', () => {
  const v30 = (hooks: unknown): Doc => ({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/items': { get: { responses: OK } } }, 'x-webhooks': hooks });

  it('a 3.0 contract: x-webhooks entries that are path items are compared; others are skipped without a word', async () => {
    const base = v30({ 'x-sdk-exclude': true, orderShipped: { post: payload(order({ type: 'string', enum: ['shipped'] })) } });
    const head = v30({ 'x-sdk-exclude': true, orderShipped: { post: payload(order({ type: 'string', enum: ['shipped', 'lost'] })) } });
    const findings = await diffDocs(TMP, base, head);
    expect(summary(findings)).toEqual([['webhook-property-enum-value-added', 'error']]);
    expect(findings[0]?.message).toBe('webhook "orderShipped" POST payload (application/json) property "status": enum value "lost" added');
  });

  it('an x-webhooks that is no mapping, or whose entries are no path items, is no webhook and no error', async () => {
    for (const odd of [true, 'see docs', ['a'], { 'x-sdk-exclude': true }, { orderShipped: 'todo' }, { orderShipped: { description: 'later' } }]) {
      expect(await diffDocs(TMP, v30(odd), v30({ orderShipped: { post: payload({ type: 'object' }) } })), JSON.stringify(odd)).toEqual([
        expect.objectContaining({ rule: 'webhook-added' }),
      ]);
      expect(await diffDocs(TMP, v30(odd), v30(odd))).toEqual([]);
    }
  });

  it('payloads behind $refs (a path item, a request body, a schema) are compared where they are written', async () => {
    const hook = (status: Doc): Doc =>
      api({ '/items': { get: { responses: OK } } }, { pathItems: { Shipped: { post: { requestBody: { $ref: '#/components/requestBodies/Order' }, responses: OK } } }, requestBodies: { Order: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } }, schemas: { Order: order(status) } }, {
        webhooks: { orderShipped: { $ref: '#/components/pathItems/Shipped' } },
      });
    const findings = await diffDocs(TMP, hook({ type: 'string', maxLength: 10 }), hook({ type: 'string' }));
    expect(summary(findings)).toEqual([['webhook-property-max-length-increased', 'error']]);
    expect(findings[0]?.location.pointer).toBe('/components/schemas/Order/properties/status');
  });

  it('a narrower payload does not break subscribers', async () => {
    const hook = (schema: Doc): Doc => api({ '/items': { get: { responses: OK } } }, undefined, { webhooks: { orderShipped: { post: payload(schema) } } });
    expect(await diffDocs(TMP, hook(order({ type: ['string', 'null'] })), hook(order({ type: 'string', maxLength: 5 })))).toEqual([]);
  });
});

describe('callbacks', () => {
  const withCallback = (callbacks: Doc): Doc => api({ '/orders': { post: { callbacks, responses: OK } } });

  it('the payload of a callback is compared as the API sends it', async () => {
    const cb = (status: Doc): Doc => ({ onShipped: { '{$request.body#/callbackUrl}': { post: payload(order(status)) } } });
    const findings = await diffDocs(TMP, withCallback(cb({ type: 'string' })), withCallback(cb({ type: ['string', 'integer'] })));
    expect(summary(findings)).toEqual([['webhook-property-type-changed', 'error']]);
    expect(findings[0]?.message).toBe('POST /orders: callback "onShipped" POST {$request.body#/callbackUrl} payload (application/json) property "status": type changed from string to string | integer');
    expect(await diffDocs(TMP, withCallback(cb({ type: ['string', 'integer'] })), withCallback(cb({ type: 'string' })))).toEqual([]);
  });

  it('a callback that calls another URL or with another method is one request removed and another added', async () => {
    const findings = await diffDocs(TMP, withCallback({ onShipped: { '{$request.body#/callbackUrl}': { post: payload({}) } } }), withCallback({ onShipped: { '{$request.body#/hooks/shipped}': { post: payload({}) } } }));
    expect(summary(findings)).toEqual([
      ['callback-removed', 'error'],
      ['callback-added', 'info'],
    ]);
  });
});

describe('servers', () => {
  it('servers of a path and of an operation are compared with the list they replace', async () => {
    const base = api({ '/items': { get: { responses: OK } } }, undefined, { servers: [{ url: 'https://api.example/v1' }] });
    const head = api({ '/items': { get: { servers: [{ url: 'https://files.example/v1' }], responses: OK } } }, undefined, { servers: [{ url: 'https://api.example/v1' }] });
    const findings = await diffDocs(TMP, base, head);
    expect(summary(findings)).toEqual([['api-server-removed', 'warning']]);
    expect(findings[0]?.message).toBe('GET /items: server https://api.example/v1 became https://files.example/v1: clients configured with it may call an address the API no longer answers at');
  });

  it('an enum newly set on a server variable limits the addresses clients may use', async () => {
    const served = (variable: Doc): Doc => api({ '/items': { get: { responses: OK } } }, undefined, { servers: [{ url: 'https://{region}.api.example', variables: { region: variable } }] });
    expect(summary(await diffDocs(TMP, served({ default: 'eu' }), served({ default: 'eu', enum: ['eu'] })))).toEqual([['api-server-variable-enum-value-removed', 'warning']]);
  });
});

describe('response headers', () => {
  const header = (h: Doc): Doc => api({ '/items': { get: { responses: { '200': { description: 'ok', headers: { 'X-Count': h } } } } } });

  it('a header described by content is compared by the schema of its media type', async () => {
    const findings = await diffDocs(TMP, header({ content: { 'text/plain': { schema: { type: 'integer' } } } }), header({ content: { 'text/plain': { schema: { type: ['integer', 'string'] } } } }));
    expect(summary(findings)).toEqual([['response-header-type-changed', 'error']]);
    expect(findings[0]?.location.pointer).toBe('/paths/~1items/get/responses/200/headers/X-Count/content/text~1plain/schema/type');
  });

  it('a header moved from schema to content with the same schema is no change', async () => {
    expect(await diffDocs(TMP, header({ schema: { type: 'integer' } }), header({ content: { 'text/plain': { schema: { type: 'integer' } } } }))).toEqual([]);
  });
});

describe('parameters', () => {
  const get = (...parameters: Doc[]): Doc => api({ '/items': { get: { parameters, responses: OK } } });

  it('a required query parameter moved to a header: reported once, as moved, with what clients meet', async () => {
    const findings = await diffDocs(TMP, get({ name: 'X-Trace', in: 'query', required: true, schema: { type: 'string' } }), get({ name: 'x-trace', in: 'header', required: true, schema: { type: 'string' } }));
    expect(summary(findings)).toEqual([['request-parameter-location-changed', 'error']]);
    expect(findings[0]?.message).toBe('GET /items: query parameter "X-Trace" moved to the header: a value clients send in the query is ignored, and requests without the new header are refused');
  });

  it('a path parameter written with its default style is no change; another style is', async () => {
    const path = (extra: Doc): Doc => api({ '/items/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, ...extra }], responses: OK } } });
    expect(await diffDocs(TMP, path({}), path({ style: 'simple', explode: false }))).toEqual([]);
    expect(summary(await diffDocs(TMP, path({}), path({ style: 'label' })))).toEqual([['request-parameter-style-changed', 'error']]);
  });

  it('a default behind allOf counts; a default of a required parameter does not', async () => {
    const limit = (schema: Doc, required = false): Doc => get({ name: 'limit', in: 'query', required, schema });
    expect(summary(await diffDocs(TMP, limit({ allOf: [{ type: 'integer' }, { default: 10 }] }), limit({ type: 'integer', default: 20 })))).toEqual([['request-parameter-default-changed', 'warning']]);
    expect(await diffDocs(TMP, limit({ type: 'integer', default: 10 }, true), limit({ type: 'integer' }, true))).toEqual([]);
  });

  it('a moved parameter is not also reported for its style', async () => {
    const findings = await diffDocs(TMP, get({ name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'string' } } }), get({ name: 'ids', in: 'header', schema: { type: 'array', items: { type: 'string' } } }));
    expect(summary(findings)).toEqual([['request-parameter-location-changed', 'error']]);
  });
});
