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
export const body = (schema: Doc, extra: Doc = {}): Doc => api({ '/items': { post: { requestBody: { content: { 'application/json': { schema } }, ...extra }, responses: OK } } });
export const reply = (schema: Doc, status = '200'): Doc => api({ '/items': { get: { responses: { [status]: { description: 'ok', content: { 'application/json': { schema } } } } } } });
export const object = (properties: Doc, required: string[] = []): Doc => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
export const str = { type: 'string' };
export const secured = (security: Doc[] | undefined, schemes: Doc): Doc =>
  api({ '/items': { get: { ...(security ? { security } : {}), responses: OK } } }, { securitySchemes: schemes });
export const KEY = { key: { type: 'apiKey', in: 'query', name: 'key' }, token: { type: 'http', scheme: 'bearer' } };
export const OAUTH = { o: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'r', write: 'w' } } } } };
/** A contract with one webhook whose payload has this schema (and one path, so it describes an HTTP interface). */
export const hook = (schema: Doc): Doc =>
  api({ '/items': { get: { responses: OK } } }, undefined, { webhooks: { itemAdded: { post: { requestBody: { content: { 'application/json': { schema } } }, responses: OK } } } });
