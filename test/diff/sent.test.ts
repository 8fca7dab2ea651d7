/**
 * What the API sends and where clients find it, beyond the rule cases: webhook and callback
 * payloads compared as responses (in 3.1 webhooks and 3.0 x-webhooks, through $refs), what
 * subscribers answer compared as requests, callbacks under the webhook rules, x- values
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
  const v30 = (hooks: unknown): Doc => ({
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: { '/items': { get: { responses: OK } } },
    'x-webhooks': hooks,
  });

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
      api(
        { '/items': { get: { responses: OK } } },
        {
          pathItems: { Shipped: { post: { requestBody: { $ref: '#/components/requestBodies/Order' }, responses: OK } } },
          requestBodies: { Order: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } },
          schemas: { Order: order(status) },
        },
        {
          webhooks: { orderShipped: { $ref: '#/components/pathItems/Shipped' } },
        },
      );
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
    expect(findings[0]?.message).toBe(
      'POST /orders: callback "onShipped" POST {$request.body#/callbackUrl} payload (application/json) property "status": type changed from string to string | integer',
    );
    expect(await diffDocs(TMP, withCallback(cb({ type: ['string', 'integer'] })), withCallback(cb({ type: 'string' })))).toEqual([]);
  });

  it('a callback that calls another URL or with another method is one request removed and another added', async () => {
    const findings = await diffDocs(
      TMP,
      withCallback({ onShipped: { '{$request.body#/callbackUrl}': { post: payload({}) } } }),
      withCallback({ onShipped: { '{$request.body#/hooks/shipped}': { post: payload({}) } } }),
    );
    expect(summary(findings)).toEqual([
      ['callback-removed', 'error'],
      ['callback-added', 'info'],
    ]);
  });
});

describe('what subscribers receive and answer', () => {
  const hook = (op: Doc): Doc => api({ '/items': { get: { responses: OK } } }, undefined, { webhooks: { orderShipped: { post: { responses: OK, ...op } } } });
  const cb = (op: Doc): Doc =>
    api({ '/orders': { post: { callbacks: { onShipped: { '{$request.body#/callbackUrl}': { post: { responses: OK, ...op } } } }, responses: OK } } });
  const types = (...list: string[]): Doc => ({ requestBody: { content: Object.fromEntries(list.map((t) => [t, { schema: { type: 'object' } }])) } });
  const answer = (schema: Doc): Doc => ({ responses: { '200': { description: 'ack', content: { 'application/json': { schema } } } } });

  it('a payload media type added or removed, named with the webhook', async () => {
    const added = await diffDocs(TMP, hook(types('application/json')), hook(types('application/json', 'application/xml')));
    expect(summary(added)).toEqual([['webhook-media-type-added', 'error']]);
    expect(added[0]?.message).toBe(
      'webhook "orderShipped" POST payload may now be sent as application/xml: subscribers that only handled application/json cannot read it',
    );
    expect(added[0]?.location.pointer).toBe('/webhooks/orderShipped/post/requestBody/content/application~1xml');
    expect(summary(await diffDocs(TMP, hook(types('application/json', 'application/xml')), hook(types('application/json'))))).toEqual([
      ['webhook-media-type-removed', 'warning'],
    ]);
  });

  it('callbacks report under the same ids, with the operation and the callback in the message', async () => {
    const findings = await diffDocs(
      TMP,
      cb({ ...types('application/json'), parameters: [{ name: 'X-Signature', in: 'header', required: true, schema: { type: 'string' } }] }),
      cb(types('application/json', 'text/plain')),
    );
    expect(summary(findings)).toEqual([
      ['webhook-required-header-removed', 'error'],
      ['webhook-media-type-added', 'error'],
    ]);
    expect(findings.map((f) => f.message)).toEqual([
      'POST /orders: callback "onShipped" POST {$request.body#/callbackUrl} header X-Signature (required) was removed: subscribers that read it no longer receive it',
      'POST /orders: callback "onShipped" POST {$request.body#/callbackUrl} payload may now be sent as text/plain: subscribers that only handled application/json cannot read it',
    ]);
  });

  it('a required payload removed is reported once, as no longer sent', async () => {
    const findings = await diffDocs(TMP, hook({ requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } } }), hook({}));
    expect(summary(findings)).toEqual([['webhook-body-became-optional', 'error']]);
    expect(findings[0]?.message).toBe('webhook "orderShipped" POST payload was removed: subscribers receive requests without a body');
  });

  it('a required header made optional is reported at the header', async () => {
    const header = (required: boolean): Doc => hook({ parameters: [{ name: 'X-Signature', in: 'header', required, schema: { type: 'string' } }] });
    const findings = await diffDocs(TMP, header(true), header(false));
    expect(summary(findings)).toEqual([['webhook-required-header-removed', 'error']]);
    expect(findings[0]?.message).toBe('webhook "orderShipped" POST header X-Signature became optional: subscribers may not receive it');
    expect(findings[0]?.location.pointer).toBe('/webhooks/orderShipped/post/parameters/0');
  });

  it('the statuses subscribers answer: a success no longer accepted breaks them; one more accepted does not', async () => {
    const statuses = (...list: string[]): Doc => hook({ responses: Object.fromEntries(list.map((s) => [s, { description: s }])) });
    const findings = await diffDocs(TMP, statuses('200', '204'), statuses('204'));
    expect(summary(findings)).toEqual([['webhook-response-status-removed', 'error']]);
    expect(findings[0]?.message).toBe(
      'webhook "orderShipped" POST: the API no longer accepts the answer 200 (it expects 204): subscribers that answer 200 are taken as failing',
    );
    expect(await diffDocs(TMP, statuses('204'), statuses('200', '204'))).toEqual([]);
    expect(summary(await diffDocs(TMP, statuses('2XX'), statuses('200')))).toEqual([['webhook-response-status-removed', 'error']]);
  });

  it('what subscribers answer is compared as a request: the API accepting less breaks them, more does not', async () => {
    const ack = (status: Doc): Doc => ({ type: 'object', properties: { status } });
    const findings = await diffDocs(TMP, hook(answer(ack({ type: 'string', enum: ['ok', 'retry'] }))), hook(answer(ack({ type: 'string', enum: ['ok'] }))));
    expect(summary(findings)).toEqual([['request-property-enum-value-removed', 'error']]);
    expect(findings[0]?.message).toBe('webhook "orderShipped" POST response 200 (application/json) property "status": enum value "retry" removed');
    expect(
      summary(await diffDocs(TMP, hook(answer(ack({ type: 'string', enum: ['ok'] }))), hook(answer(ack({ type: 'string', enum: ['ok', 'retry'] }))))),
    ).toEqual([['request-property-enum-value-added', 'info']]);
  });

  it('changes of an alpha webhook are info', async () => {
    const alpha = (op: Doc): Doc => hook({ 'x-stability-level': 'alpha', ...op });
    expect(summary(await diffDocs(TMP, alpha(types('application/json')), alpha(types('application/json', 'application/xml'))))).toEqual([
      ['webhook-media-type-added', 'info'],
    ]);
  });
});

describe('servers', () => {
  it('servers of a path and of an operation are compared with the list they replace', async () => {
    const base = api({ '/items': { get: { responses: OK } } }, undefined, { servers: [{ url: 'https://api.example/v1' }] });
    const head = api({ '/items': { get: { servers: [{ url: 'https://files.example/v1' }], responses: OK } } }, undefined, {
      servers: [{ url: 'https://api.example/v1' }],
    });
    const findings = await diffDocs(TMP, base, head);
    expect(summary(findings)).toEqual([['api-server-removed', 'warning']]);
    expect(findings[0]?.message).toBe(
      'GET /items: server https://api.example/v1 became https://files.example/v1: clients configured with it may call an address the API no longer answers at',
    );
  });

  it('an enum newly set on a server variable limits the addresses clients may use', async () => {
    const served = (variable: Doc): Doc =>
      api({ '/items': { get: { responses: OK } } }, undefined, { servers: [{ url: 'https://{region}.api.example', variables: { region: variable } }] });
    expect(summary(await diffDocs(TMP, served({ default: 'eu' }), served({ default: 'eu', enum: ['eu'] })))).toEqual([
      ['api-server-variable-enum-value-removed', 'warning'],
    ]);
  });
});

describe('response headers', () => {
  const header = (h: Doc): Doc => api({ '/items': { get: { responses: { '200': { description: 'ok', headers: { 'X-Count': h } } } } } });

  it('a header described by content is compared by the schema of its media type', async () => {
    const findings = await diffDocs(
      TMP,
      header({ content: { 'text/plain': { schema: { type: 'integer' } } } }),
      header({ content: { 'text/plain': { schema: { type: ['integer', 'string'] } } } }),
    );
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
    const findings = await diffDocs(
      TMP,
      get({ name: 'X-Trace', in: 'query', required: true, schema: { type: 'string' } }),
      get({ name: 'x-trace', in: 'header', required: true, schema: { type: 'string' } }),
    );
    expect(summary(findings)).toEqual([['request-parameter-location-changed', 'error']]);
    expect(findings[0]?.message).toBe(
      'GET /items: query parameter "X-Trace" moved to the header: a value clients send in the query is ignored, and requests without the new header are refused',
    );
  });

  it('a path parameter written with its default style is no change; another style is', async () => {
    const path = (extra: Doc): Doc =>
      api({ '/items/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, ...extra }], responses: OK } } });
    expect(await diffDocs(TMP, path({}), path({ style: 'simple', explode: false }))).toEqual([]);
    expect(summary(await diffDocs(TMP, path({}), path({ style: 'label' })))).toEqual([['request-parameter-style-changed', 'error']]);
  });

  it('a default behind allOf counts; a default of a required parameter does not', async () => {
    const limit = (schema: Doc, required = false): Doc => get({ name: 'limit', in: 'query', required, schema });
    expect(summary(await diffDocs(TMP, limit({ allOf: [{ type: 'integer' }, { default: 10 }] }), limit({ type: 'integer', default: 20 })))).toEqual([
      ['request-parameter-default-changed', 'warning'],
    ]);
    expect(await diffDocs(TMP, limit({ type: 'integer', default: 10 }, true), limit({ type: 'integer' }, true))).toEqual([]);
  });

  it('a moved parameter is not also reported for its style', async () => {
    const findings = await diffDocs(
      TMP,
      get({ name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'string' } } }),
      get({ name: 'ids', in: 'header', schema: { type: 'array', items: { type: 'string' } } }),
    );
    expect(summary(findings)).toEqual([['request-parameter-location-changed', 'error']]);
  });
});
