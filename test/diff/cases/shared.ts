/** Building blocks of the diff rule cases: small contracts with one thing in them. */
import type { DiffRuleId } from '../../../src/diff/rules.js';
import { api, OK, type Doc } from '../helpers.js';

export { api, OK, type Doc };

export interface Case {
  rule: DiffRuleId;
  base: Doc;
  head: Doc;
  /** The reverse change must not report the rule (it is the harmless direction). */
  oneWay?: boolean;
  /** Pairs close to the trigger that must not report the rule: [base, head]. */
  quiet?: Array<[Doc, Doc]>;
}

export const param = (extra: Doc = {}): Doc => ({ name: 'q', in: 'query', schema: { type: 'string' }, ...extra });
export const withParams = (...parameters: Doc[]): Doc => api({ '/items': { get: { parameters, responses: OK } } });
export const body = (schema: Doc, extra: Doc = {}): Doc =>
  api({ '/items': { post: { requestBody: { content: { 'application/json': { schema } }, ...extra }, responses: OK } } });
export const reply = (schema: Doc, status = '200'): Doc =>
  api({ '/items': { get: { responses: { [status]: { description: 'ok', content: { 'application/json': { schema } } } } } } });
export const object = (properties: Doc, required: string[] = []): Doc => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
export const str = { type: 'string' };
export const secured = (security: Doc[] | undefined, schemes: Doc): Doc =>
  api({ '/items': { get: { ...(security ? { security } : {}), responses: OK } } }, { securitySchemes: schemes });
export const KEY = { key: { type: 'apiKey', in: 'query', name: 'key' }, token: { type: 'http', scheme: 'bearer' } };
export const OAUTH = { o: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'r', write: 'w' } } } } };
/** A contract with one webhook whose payload has this schema (and one path, so it describes an HTTP interface). */
export const hook = (schema: Doc): Doc =>
  api({ '/items': { get: { responses: OK } } }, undefined, {
    webhooks: { itemAdded: { post: { requestBody: { content: { 'application/json': { schema } } }, responses: OK } } },
  });

// Structure cases of servers, callbacks, webhooks, deprecation and stability ------------------

import type { DiffOptions } from '../../../src/diff/deprecation.js';

/** Options of the comparison a case needs (merged into Case above). */
export interface Case {
  /** The deprecation policy and today's date the pair is compared under. */
  options?: DiffOptions;
}

/** "Today" of the deprecation cases, and the policy that requires 30 days of notice. */
export const TODAY: DiffOptions = { now: new Date('2025-06-01T12:00:00Z') };
export const NOTICE_30: DiffOptions = { ...TODAY, deprecationDays: 30 };

/** GET /items whose 200 response has these headers. */
export const withHeaders = (headers: Doc): Doc =>
  api({ '/items': { get: { responses: { '200': { description: 'ok', ...(Object.keys(headers).length ? { headers } : {}) } } } } });
/** An array of strings, for parameters whose serialization matters. */
export const strings = { type: 'array', items: { type: 'string' } };
/** GET /items with these operation fields (responses OK). */
export const getItems = (extra: Doc = {}, more: Doc = {}): Doc => api({ '/items': { get: { ...extra, responses: OK } }, ...more });
/** GET /a and POST /a (POST with these fields), and more paths. */
export const twoOps = (post: Doc | undefined, more: Doc = {}): Doc =>
  api({ '/a': { get: { responses: OK }, ...(post ? { post: { ...post, responses: OK } } : {}) }, ...more });
/** A contract with these servers at its root. */
export const served = (servers: Doc[], paths: Doc = { '/items': { get: { responses: OK } } }): Doc => api(paths, undefined, { servers });
/** POST /items with these callbacks (and components). */
export const withCallbacks = (callbacks: Doc | undefined, components?: Doc): Doc =>
  api({ '/items': { post: { ...(callbacks ? { callbacks } : {}), responses: OK } } }, components);
/** A callback request: POST to the URL the client gave, with a JSON payload. */
export const callbackTo = (schema: Doc = { type: 'object' }): Doc => ({
  '{$request.body#/callbackUrl}': { post: { requestBody: { content: { 'application/json': { schema } } }, responses: OK } },
});
/** A contract with these webhooks (under `key`: webhooks or x-webhooks), and one path. */
export const withHooks = (hooks: Doc | undefined, key = 'webhooks', components?: Doc): Doc =>
  api({ '/items': { get: { responses: OK } } }, components, hooks ? { [key]: hooks } : {});
/** A webhook operation with a JSON payload. */
export const hookOp = (schema: Doc = { type: 'object' }): Doc => ({ requestBody: { content: { 'application/json': { schema } } }, responses: OK });
