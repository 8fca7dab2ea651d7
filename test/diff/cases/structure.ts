/** Cases of the rules about paths, operations, parameters, bodies, responses, security, servers and webhooks. */
import {
  api,
  body,
  callbackTo,
  getItems,
  hookOp,
  KEY,
  NOTICE_30,
  OAUTH,
  OK,
  object,
  param,
  reply,
  secured,
  served,
  str,
  strings,
  TODAY,
  twoOps,
  withCallbacks,
  withHeaders,
  withHooks,
  withParams,
  type Case,
  type Doc,
} from './shared.js';

const CC = (extra: Doc = {}, scopes: Doc = { read: 'r', write: 'w' }): Doc => ({ tokenUrl: 'https://auth.example/token', scopes, ...extra });
const oauth = (flows: Doc): Doc => ({ o: { type: 'oauth2', flows } });
const CODE = (url = 'https://auth.example/authorize'): Doc => ({ authorizationUrl: url, tokenUrl: 'https://auth.example/token', scopes: { read: 'r' } });
const regional = (variable: Doc): Doc[] => [{ url: 'https://{region}.api.example/v1', variables: { region: variable } }];
const filter = (type: string): Doc => ({ name: 'filter', in: 'query', content: { [type]: { schema: { type: 'object' } } } });
/** A contract with one webhook `itemAdded` whose POST has these fields (responses OK unless given). */
const sends = (op: Doc, components?: Doc): Doc => withHooks({ itemAdded: { post: { responses: OK, ...op } } }, 'webhooks', components);
/** A webhook payload with these media types (each an object) and fields. */
const payload = (types: string[], extra: Doc = {}): Doc => ({
  requestBody: { content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'object' } }])), ...extra },
});
/** Webhook responses with these statuses: what the subscriber may answer. */
const answers = (...statuses: string[]): Doc => ({ responses: Object.fromEntries(statuses.map((s) => [s, { description: s }])) });
/** A header parameter the API sends with a webhook. */
const sentHeader = (name: string, required = false): Doc => ({ name, in: 'header', ...(required ? { required } : {}), schema: str });
const JSON_TYPE = 'application/json';
const intParam = (extra: Doc = {}, schema: Doc = {}): Doc => param({ name: 'limit', schema: { type: 'integer', ...schema }, ...extra });

export const STRUCTURE: Case[] = [
  {
    rule: 'api-path-removed',
    base: api({ '/a': { get: { responses: OK } }, '/b': { get: { responses: OK } } }),
    head: api({ '/a': { get: { responses: OK } } }),
    oneWay: true,
  },
  {
    rule: 'api-operation-removed',
    base: api({ '/a': { get: { responses: OK }, post: { responses: OK } } }),
    head: api({ '/a': { get: { responses: OK } } }),
    oneWay: true,
  },
  {
    rule: 'api-custom-method-removed',
    base: api({ '/a': { get: { responses: OK }, additionalOperations: { PURGE: { responses: OK } } } }, undefined, { openapi: '3.2.0' }),
    head: api({ '/a': { get: { responses: OK } } }, undefined, { openapi: '3.2.0' }),
    oneWay: true,
  },
  {
    rule: 'request-stream-media-type-changed',
    base: api({ '/logs': { post: { requestBody: { content: { 'application/jsonl': { itemSchema: str } } }, responses: OK } } }, undefined, {
      openapi: '3.2.0',
    }),
    head: api({ '/logs': { post: { requestBody: { content: { 'application/json-seq': { itemSchema: str } } }, responses: OK } } }, undefined, {
      openapi: '3.2.0',
    }),
  },
  {
    rule: 'response-stream-media-type-changed',
    base: api(
      { '/events': { get: { responses: { '200': { description: 'e', content: { 'text/event-stream': { itemSchema: object({ data: str }) } } } } } } },
      undefined,
      {
        openapi: '3.2.0',
      },
    ),
    head: api(
      { '/events': { get: { responses: { '200': { description: 'e', content: { 'application/jsonl': { itemSchema: object({ data: str }) } } } } } } },
      undefined,
      {
        openapi: '3.2.0',
      },
    ),
  },
  {
    rule: 'api-path-added',
    base: api({ '/a': { get: { responses: OK } } }),
    head: api({ '/a': { get: { responses: OK } }, '/b': { get: { responses: OK } } }),
    oneWay: true,
  },
  {
    rule: 'api-operation-added',
    base: api({ '/a': { get: { responses: OK } } }),
    head: api({ '/a': { get: { responses: OK }, post: { responses: OK } } }),
    oneWay: true,
  },
  {
    rule: 'operation-id-changed',
    base: api({ '/a': { get: { operationId: 'listA', responses: OK } } }),
    head: api({ '/a': { get: { operationId: 'getA', responses: OK } } }),
  },
  {
    rule: 'operation-deprecated',
    base: api({ '/a': { get: { responses: OK } } }),
    head: api({ '/a': { get: { deprecated: true, responses: OK } } }),
    oneWay: true,
  },
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
  {
    rule: 'request-property-removed',
    base: body({ ...object({ a: str, b: str }), additionalProperties: false }),
    head: body({ ...object({ a: str }), additionalProperties: false }),
    oneWay: true,
  },
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
    base: api({
      '/items': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: str }, 'text/plain': { schema: str } } } } } },
    }),
    head: reply(str),
    oneWay: true,
  },
  {
    rule: 'response-non-success-media-type-removed',
    base: api({
      '/a': { get: { responses: { '200': { description: 'ok' }, '422': { description: 'invalid', content: { 'application/json': { schema: str } } } } } },
    }),
    head: api({ '/a': { get: { responses: { '200': { description: 'ok' }, '422': { description: 'invalid' } } } } }),
    oneWay: true,
    // A success response's media type removed is breaking, under its own rule.
    quiet: [
      [
        api({ '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: str } } } } } } }),
        api({ '/a': { get: { responses: OK } } }),
      ],
    ],
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
    head: secured([{ key: [] }], { ...KEY, key: { type: 'http', scheme: 'bearer' } }),
    quiet: [
      [secured([{ token: [] }], KEY), secured([{ token: [] }], { ...KEY, token: { type: 'http', scheme: 'Bearer' } })],
      [secured([{ key: [] }], KEY), secured([{ key: [] }], { ...KEY, key: { type: 'apiKey', in: 'header', name: 'X-Key' } })],
    ],
  },
  {
    rule: 'security-scheme-removed',
    base: secured([{ key: [] }], KEY),
    head: secured([{ key: [] }], { token: KEY.token }),
    oneWay: true,
    // Removed and no longer required: what the operation now needs is security-scheme-added's business.
    quiet: [[secured([{ key: [] }], KEY), secured([{ token: [] }], { token: KEY.token })]],
  },
  {
    rule: 'security-scheme-api-key-location-changed',
    base: secured([{ key: [] }], KEY),
    head: secured([{ key: [] }], { ...KEY, key: { type: 'apiKey', in: 'header', name: 'key' } }),
    quiet: [[secured([{ key: [] }], KEY), secured([{ key: [] }], { ...KEY, key: { ...KEY.key, description: 'the key' } })]],
  },
  {
    rule: 'security-scheme-api-key-name-changed',
    base: secured([{ key: [] }], { key: { type: 'apiKey', in: 'header', name: 'X-Key' } }),
    head: secured([{ key: [] }], { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } }),
    // Header names ignore case.
    quiet: [
      [
        secured([{ key: [] }], { key: { type: 'apiKey', in: 'header', name: 'X-Key' } }),
        secured([{ key: [] }], { key: { type: 'apiKey', in: 'header', name: 'x-key' } }),
      ],
    ],
  },
  {
    rule: 'security-scheme-oauth-flow-removed',
    base: secured([{ o: ['read'] }], oauth({ clientCredentials: CC(), authorizationCode: CODE() })),
    head: secured([{ o: ['read'] }], oauth({ clientCredentials: CC() })),
    oneWay: true,
    quiet: [
      [
        secured([{ o: ['read'] }], oauth({ clientCredentials: CC(), authorizationCode: CODE() })),
        secured([{ o: ['read'] }], oauth({ authorizationCode: CODE(), clientCredentials: CC() })),
      ],
    ],
  },
  {
    rule: 'security-scheme-oauth-scope-removed',
    base: secured([{ o: ['read'] }], OAUTH),
    head: secured([{ o: ['read'] }], oauth({ clientCredentials: CC({}, { read: 'r' }) })),
    oneWay: true,
    quiet: [[secured([{ o: ['read'] }], OAUTH), secured([{ o: ['read'] }], oauth({ clientCredentials: CC({}, { read: 'read the items', write: 'w' }) }))]],
  },
  {
    rule: 'security-scheme-token-url-changed',
    base: secured([{ o: ['read'] }], OAUTH),
    head: secured([{ o: ['read'] }], oauth({ clientCredentials: CC({ tokenUrl: 'https://login.example/oauth/token' }) })),
    quiet: [[secured([{ o: ['read'] }], OAUTH), secured([{ o: ['read'] }], oauth({ clientCredentials: CC({ tokenUrl: 'https://AUTH.example/token/' }) }))]],
  },
  {
    rule: 'security-scheme-oauth-url-changed',
    base: secured([{ o: ['read'] }], oauth({ authorizationCode: CODE() })),
    head: secured([{ o: ['read'] }], oauth({ authorizationCode: CODE('https://login.example/authorize') })),
    quiet: [
      [
        secured([{ o: ['read'] }], oauth({ authorizationCode: CODE() })),
        secured([{ o: ['read'] }], oauth({ authorizationCode: CODE('https://auth.example/authorize/') })),
      ],
    ],
  },
  {
    rule: 'security-scheme-openid-url-changed',
    base: secured([{ oidc: [] }], { oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://auth.example/.well-known/openid-configuration' } }),
    head: secured([{ oidc: [] }], { oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://login.example/.well-known/openid-configuration' } }),
    quiet: [
      [
        secured([{ oidc: [] }], { oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://auth.example/.well-known/openid-configuration' } }),
        secured([{ oidc: [] }], { oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://Auth.Example/.well-known/openid-configuration' } }),
      ],
    ],
  },
  {
    rule: 'response-header-added',
    base: withHeaders({}),
    head: withHeaders({ 'X-Request-Id': { schema: str } }),
    oneWay: true,
    quiet: [[withHeaders({ ETag: { schema: str } }), withHeaders({ etag: { schema: str } })]],
  },
  {
    rule: 'request-parameter-location-changed',
    base: withParams(param({ name: 'trace' })),
    head: withParams({ name: 'trace', in: 'header', schema: str }),
    // Different names: one parameter removed, another added.
    quiet: [[withParams(param({ name: 'trace' })), withParams({ name: 'span', in: 'header', schema: str })]],
  },
  {
    rule: 'request-parameter-style-changed',
    base: withParams(param({ name: 'ids', schema: strings })),
    head: withParams(param({ name: 'ids', schema: strings, style: 'pipeDelimited' })),
    // The defaults written out (form and explode for a query parameter) are no change.
    quiet: [[withParams(param({ name: 'ids', schema: strings })), withParams(param({ name: 'ids', schema: strings, style: 'form', explode: true }))]],
  },
  {
    rule: 'request-parameter-explode-changed',
    base: withParams(param({ name: 'ids', schema: strings })),
    head: withParams(param({ name: 'ids', schema: strings, explode: false })),
    quiet: [
      [withParams(param({ name: 'ids', schema: strings })), withParams(param({ name: 'ids', schema: strings, explode: true }))],
      // A single value is written the same way exploded or not.
      [withParams(param()), withParams(param({ explode: false }))],
    ],
  },
  {
    rule: 'request-parameter-allow-reserved-changed',
    base: withParams(param()),
    head: withParams(param({ allowReserved: true })),
    quiet: [[withParams(param()), withParams(param({ allowReserved: false }))]],
  },
  {
    rule: 'request-parameter-media-type-changed',
    base: withParams(filter('application/json')),
    head: withParams(param({ name: 'filter', schema: { type: 'object' } })),
    quiet: [[withParams(filter('application/json')), withParams(filter('application/json; charset=utf-8'))]],
  },
  {
    rule: 'request-parameter-default-changed',
    base: withParams(intParam({}, { default: 20 })),
    head: withParams(intParam({}, { default: 50 })),
    quiet: [
      // A required parameter is always sent: its default never applies.
      [withParams(intParam({ required: true }, { default: 20 })), withParams(intParam({ required: true }, { default: 50 }))],
      // The same default, now in a referenced schema.
      [
        withParams(intParam({}, { default: 20 })),
        api(
          { '/items': { get: { parameters: [param({ name: 'limit', schema: { $ref: '#/components/schemas/Limit' } })], responses: OK } } },
          { schemas: { Limit: { type: 'integer', default: 20 } } },
        ),
      ],
    ],
  },
  {
    rule: 'request-parameter-default-added',
    base: withParams(intParam()),
    head: withParams(intParam({}, { default: 20 })),
    oneWay: true,
    quiet: [[withParams(intParam({ required: true })), withParams(intParam({ required: true }, { default: 20 }))]],
  },
  {
    rule: 'request-parameter-default-removed',
    base: withParams(intParam({}, { default: 20 })),
    head: withParams(intParam()),
    oneWay: true,
    quiet: [[withParams(intParam({ required: true }, { default: 20 })), withParams(intParam({ required: true }))]],
  },
  {
    rule: 'request-parameter-removed-with-deprecation',
    base: withParams(param({ deprecated: true, 'x-sunset': '2025-05-01' })),
    head: withParams(),
    options: TODAY,
    oneWay: true,
    quiet: [
      [withParams(param()), withParams()],
      [withParams(param({ deprecated: true, 'x-sunset': '2025-12-31' })), withParams()],
    ],
  },
  {
    rule: 'request-parameter-removed-before-sunset',
    base: withParams(param({ deprecated: true, 'x-sunset': '2025-12-31' })),
    head: withParams(),
    options: TODAY,
    oneWay: true,
    quiet: [[withParams(param({ deprecated: true, 'x-sunset': '2025-06-01' })), withParams()]],
  },
  {
    rule: 'request-parameter-deprecated-sunset-missing',
    base: withParams(param()),
    head: withParams(param({ deprecated: true })),
    options: NOTICE_30,
    oneWay: true,
    quiet: [[withParams(param()), withParams(param({ deprecated: true, 'x-sunset': '2025-07-01' }))]],
  },
  {
    rule: 'request-parameter-sunset-date-too-small',
    base: withParams(param()),
    head: withParams(param({ deprecated: true, 'x-sunset': '2025-06-10' })),
    options: NOTICE_30,
    oneWay: true,
    quiet: [[withParams(param()), withParams(param({ deprecated: true, 'x-sunset': '2025-07-15T00:00:00Z' }))]],
  },
  {
    rule: 'api-removed-with-deprecation',
    base: twoOps({ deprecated: true, 'x-sunset': '2025-01-01' }),
    head: twoOps(undefined),
    options: TODAY,
    oneWay: true,
    quiet: [
      [twoOps({ deprecated: true, 'x-sunset': '2025-12-31' }), twoOps(undefined)],
      [twoOps({}), twoOps(undefined)],
    ],
  },
  {
    rule: 'api-path-removed-with-deprecation',
    base: api({ '/a': { get: { responses: OK } }, '/b': { get: { deprecated: true, responses: OK } } }),
    head: api({ '/a': { get: { responses: OK } } }),
    options: TODAY,
    oneWay: true,
    // One operation of the path was not deprecated.
    quiet: [
      [
        api({ '/a': { get: { responses: OK } }, '/b': { get: { deprecated: true, responses: OK }, post: { responses: OK } } }),
        api({ '/a': { get: { responses: OK } } }),
      ],
    ],
  },
  {
    rule: 'api-removed-before-sunset',
    base: twoOps({ deprecated: true, 'x-sunset': '2025-12-31' }),
    head: twoOps(undefined),
    options: TODAY,
    oneWay: true,
    quiet: [[twoOps({ deprecated: true, 'x-sunset': '2025-05-31T23:00:00Z' }), twoOps(undefined)]],
  },
  {
    rule: 'api-path-removed-before-sunset',
    base: api({ '/a': { get: { responses: OK } }, '/b': { get: { deprecated: true, 'x-sunset': '2025-12-31', responses: OK } } }),
    head: api({ '/a': { get: { responses: OK } } }),
    options: TODAY,
    oneWay: true,
    quiet: [
      [
        api({ '/a': { get: { responses: OK } }, '/b': { get: { deprecated: true, 'x-sunset': '2025-01-31', responses: OK } } }),
        api({ '/a': { get: { responses: OK } } }),
      ],
    ],
  },
  {
    rule: 'api-deprecated-sunset-missing',
    base: getItems(),
    head: getItems({ deprecated: true }),
    options: NOTICE_30,
    oneWay: true,
    quiet: [
      [getItems(), getItems({ deprecated: true, 'x-sunset': '2025-08-01' })],
      // Draft and alpha operations need no deprecation period.
      [getItems({ 'x-stability-level': 'alpha' }), getItems({ 'x-stability-level': 'alpha', deprecated: true })],
    ],
  },
  {
    rule: 'api-sunset-date-too-small',
    base: getItems(),
    head: getItems({ deprecated: true, 'x-sunset': '2025-06-15' }),
    options: NOTICE_30,
    oneWay: true,
    quiet: [
      [getItems(), getItems({ deprecated: true, 'x-sunset': '2025-07-15' })],
      // Moved earlier, still far enough.
      [getItems({ deprecated: true, 'x-sunset': '2025-12-31' }), getItems({ deprecated: true, 'x-sunset': '2025-11-30' })],
    ],
  },
  {
    rule: 'api-stability-decreased',
    base: getItems({ 'x-stability-level': 'stable' }),
    head: getItems({ 'x-stability-level': 'beta' }),
    oneWay: true,
    quiet: [
      [getItems(), getItems({ 'x-stability-level': 'stable' })],
      [getItems({ 'x-stability-level': 'alpha' }), getItems({ 'x-stability-level': 'beta' })],
    ],
  },
  {
    rule: 'api-server-removed',
    base: served([{ url: 'https://api.example/v1' }, { url: 'https://eu.api.example/v1' }]),
    head: served([{ url: 'https://api.example/v1' }]),
    oneWay: true,
    quiet: [
      // A trailing slash and the case of the host do not change the address.
      [served([{ url: 'https://api.example/v1' }]), served([{ url: 'https://API.example/v1/' }])],
      // The same list, now declared on the path.
      [
        served([{ url: 'https://api.example/v1' }]),
        served([{ url: 'https://api.example/v1' }], { '/items': { servers: [{ url: 'https://api.example/v1' }], get: { responses: OK } } }),
      ],
    ],
  },
  {
    rule: 'api-server-added',
    base: served([{ url: 'https://api.example/v1' }]),
    head: served([{ url: 'https://api.example/v1' }, { url: 'https://eu.api.example/v1' }]),
    oneWay: true,
    // One URL replaced by another is a change of address, reported as a removal only.
    quiet: [[served([{ url: 'https://api.example/v1' }]), served([{ url: 'https://api.example/v2' }])]],
  },
  {
    rule: 'api-server-variable-enum-value-removed',
    base: served(regional({ default: 'eu', enum: ['eu', 'us'] })),
    head: served(regional({ default: 'eu', enum: ['eu'] })),
    oneWay: true,
    quiet: [[served(regional({ default: 'eu', enum: ['eu', 'us'] })), served(regional({ default: 'eu', enum: ['us', 'eu'] }))]],
  },
  {
    rule: 'api-server-variable-default-changed',
    base: served(regional({ default: 'eu', enum: ['eu', 'us'] })),
    head: served(regional({ default: 'us', enum: ['eu', 'us'] })),
    quiet: [[served(regional({ default: 'eu', enum: ['eu', 'us'] })), served(regional({ default: 'eu', enum: ['eu', 'us', 'ap'] }))]],
  },
  {
    rule: 'callback-removed',
    base: withCallbacks({ onDone: callbackTo() }),
    head: withCallbacks(undefined),
    oneWay: true,
    // The same callback, moved into components and referenced.
    quiet: [
      [withCallbacks({ onDone: callbackTo() }), withCallbacks({ onDone: { $ref: '#/components/callbacks/Done' } }, { callbacks: { Done: callbackTo() } })],
    ],
  },
  {
    rule: 'callback-added',
    base: withCallbacks(undefined),
    head: withCallbacks({ onDone: callbackTo() }),
    oneWay: true,
    quiet: [
      [withCallbacks({ onDone: callbackTo() }), withCallbacks({ onDone: { $ref: '#/components/callbacks/Done' } }, { callbacks: { Done: callbackTo() } })],
    ],
  },
  {
    rule: 'webhook-removed',
    base: withHooks({ itemAdded: { post: hookOp() } }),
    head: withHooks(undefined),
    oneWay: true,
    quiet: [
      // From the x-webhooks extension to 3.1's webhooks: the same webhook.
      [withHooks({ itemAdded: { post: hookOp() } }, 'x-webhooks'), withHooks({ itemAdded: { post: hookOp() } })],
      // An x-webhooks entry that is no path item is no webhook.
      [withHooks({ 'x-sdk-exclude': true, note: 'see the docs' }, 'x-webhooks'), withHooks(undefined)],
    ],
  },
  {
    rule: 'webhook-added',
    base: withHooks(undefined),
    head: withHooks({ itemAdded: { post: hookOp() } }),
    oneWay: true,
    quiet: [[withHooks(undefined), withHooks({ 'x-sdk-exclude': true, itemAdded: { 'x-internal': true } }, 'x-webhooks')]],
  },
  {
    rule: 'webhook-operation-removed',
    base: withHooks({ itemAdded: { post: hookOp(), put: hookOp() } }),
    head: withHooks({ itemAdded: { post: hookOp() } }),
    oneWay: true,
    quiet: [
      [
        withHooks({ itemAdded: { post: hookOp(), put: hookOp() } }),
        withHooks({ itemAdded: { $ref: '#/components/pathItems/ItemAdded' } }, 'webhooks', { pathItems: { ItemAdded: { post: hookOp(), put: hookOp() } } }),
      ],
    ],
  },
  {
    rule: 'webhook-operation-added',
    base: withHooks({ itemAdded: { post: hookOp() } }),
    head: withHooks({ itemAdded: { post: hookOp(), put: hookOp() } }),
    oneWay: true,
    quiet: [
      [
        withHooks({ itemAdded: { post: hookOp() } }),
        withHooks({ itemAdded: { $ref: '#/components/pathItems/ItemAdded' } }, 'webhooks', { pathItems: { ItemAdded: { post: hookOp() } } }),
      ],
    ],
  },
  {
    rule: 'webhook-media-type-removed',
    base: sends(payload([JSON_TYPE, 'application/xml'])),
    head: sends(payload([JSON_TYPE])),
    oneWay: true,
    quiet: [
      // The same type with a parameter, or spelled in capitals.
      [sends(payload([JSON_TYPE])), sends(payload(['application/JSON; charset=utf-8']))],
      // A media type of what the subscriber answers is not the payload.
      [
        sends({ responses: { '200': { description: 'ok', content: { [JSON_TYPE]: {}, 'text/plain': {} } } } }),
        sends({ responses: { '200': { description: 'ok', content: { [JSON_TYPE]: {} } } } }),
      ],
    ],
  },
  {
    rule: 'webhook-media-type-added',
    base: sends(payload([JSON_TYPE])),
    head: sends(payload([JSON_TYPE, 'application/xml'])),
    oneWay: true,
    quiet: [
      [sends(payload([JSON_TYPE])), sends(payload(['application/json; charset=utf-8']))],
      // A payload where there was none: subscribers ignore a body they never read.
      [sends({}), sends(payload([JSON_TYPE]))],
    ],
  },
  {
    rule: 'webhook-body-became-optional',
    base: sends(payload([JSON_TYPE], { required: true })),
    head: sends(payload([JSON_TYPE])),
    oneWay: true,
    quiet: [
      [sends(payload([JSON_TYPE], { required: false })), sends(payload([JSON_TYPE]))],
      // Still required, now behind a $ref.
      [
        sends(payload([JSON_TYPE], { required: true })),
        sends(
          { requestBody: { $ref: '#/components/requestBodies/Item' } },
          { requestBodies: { Item: { required: true, content: { [JSON_TYPE]: { schema: { type: 'object' } } } } } },
        ),
      ],
    ],
  },
  {
    rule: 'webhook-response-status-removed',
    base: sends(answers('200', '204')),
    head: sends(answers('204')),
    oneWay: true,
    quiet: [
      // A range still accepts the status.
      [sends(answers('200')), sends(answers('2XX'))],
      // An error status the subscriber may answer is not a success it relied on.
      [sends(answers('200', '410')), sends(answers('200'))],
    ],
  },
  {
    rule: 'webhook-required-header-removed',
    base: sends({ parameters: [sentHeader('X-Signature', true)] }),
    head: sends({}),
    oneWay: true,
    quiet: [
      // Header names ignore case; moving it to the path item keeps it.
      [sends({ parameters: [sentHeader('X-Signature', true)] }), sends({ parameters: [sentHeader('x-signature', true)] })],
      [
        sends({ parameters: [sentHeader('X-Signature', true)] }),
        withHooks({ itemAdded: { parameters: [sentHeader('X-Signature', true)], post: { responses: OK } } }),
      ],
      // An optional header removed is the warning, not this.
      [sends({ parameters: [sentHeader('X-Retry')] }), sends({})],
    ],
  },
  {
    rule: 'webhook-header-removed',
    base: sends({ parameters: [sentHeader('X-Retry')] }),
    head: sends({}),
    oneWay: true,
    quiet: [
      // A required header removed is breaking under its own rule, not also this.
      [sends({ parameters: [sentHeader('X-Signature', true)] }), sends({})],
      [
        sends({ parameters: [sentHeader('X-Retry')] }),
        sends({ parameters: [{ $ref: '#/components/parameters/Retry' }] }, { parameters: { Retry: sentHeader('X-Retry') } }),
      ],
    ],
  },
];
