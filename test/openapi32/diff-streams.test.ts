/**
 * `specforge diff` knows OpenAPI 3.2's new keywords: an item schema (`itemSchema` of a sequential
 * media type) that narrows a request or widens a response (`request-stream-item-*`,
 * `response-stream-item-*`), a removed custom method (`api-custom-method-removed`), a querystring
 * parameter whose schema gains a required property, and a stream whose media type changes
 * (`request-stream-media-type-changed`, `response-stream-media-type-changed`). A crafted pair for
 * each; the harmless direction reports nothing breaking.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, diffDocs, OK, type Doc } from '../diff/helpers.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `diff-streams-${process.pid}`);
beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const v32 = (paths: Doc): Doc => api(paths, undefined, { openapi: '3.2.0' });

/** GET /events answers a stream of items of `item` in media type `type`. */
const answers = (item: Doc, type = 'text/event-stream'): Doc =>
  v32({ '/events': { get: { responses: { '200': { description: 'events', content: { [type]: { itemSchema: item } } } } } } });
/** POST /logs takes a stream of items of `item` in media type `type`. */
const takes = (item: Doc, type = 'application/jsonl'): Doc =>
  v32({ '/logs': { post: { requestBody: { content: { [type]: { itemSchema: item } } }, responses: OK } } });

const event = (data: Doc): Doc => ({ type: 'object', required: ['data'], properties: { event: { type: 'string' }, data } });
const line = (level: Doc): Doc => ({ type: 'object', required: ['message'], properties: { message: { type: 'string', maxLength: 200 }, level } });
const LEVELS = { type: 'string', enum: ['info', 'warn'] };

async function found(base: Doc, head: Doc): Promise<Array<[string, string, string]>> {
  return (await diffDocs(join(TMP, `case-${Math.random().toString(36).slice(2)}`), base, head)).map((f) => [f.rule, f.level, f.message]);
}
const breaking = (list: Array<[string, string, string]>): Array<[string, string, string]> => list.filter(([, level]) => level === 'error');

describe('an item schema that narrows or widens', () => {
  it('a response item that may carry a new value is breaking (response-stream-item-*), and the other way is not', async () => {
    const base = answers(event({ type: 'string', enum: ['start', 'delta'] }));
    const head = answers(event({ type: 'string', enum: ['start', 'delta', 'done'] }));
    expect(await found(base, head)).toEqual([
      [
        'response-stream-item-enum-value-added',
        'error',
        expect.stringContaining('GET /events: response 200 (text/event-stream) each item property "data": enum value "done" added') as string,
      ],
    ]);
    expect(breaking(await found(head, base))).toEqual([]);
  });

  it('a response item that loses a required property is breaking', async () => {
    const head = answers({ type: 'object', properties: { event: { type: 'string' } } });
    expect(breaking(await found(answers(event({ type: 'string' })), head)).map(([rule]) => rule)).toEqual(['response-required-property-removed']);
  });

  it('a request item that refuses what it took is breaking (request-stream-item-*), and the other way is not', async () => {
    const narrowed = { type: 'object', required: ['message'], properties: { message: { type: 'string', maxLength: 100 }, level: LEVELS } };
    expect(await found(takes(line(LEVELS)), takes(narrowed))).toEqual([
      [
        'request-stream-item-max-length-decreased',
        'error',
        expect.stringContaining('POST /logs: request body (application/jsonl) each item property "message": maxLength decreased from 200 to 100') as string,
      ],
    ]);
    expect(breaking(await found(takes(narrowed), takes(line(LEVELS))))).toEqual([]);
  });

  it('a request item whose enum loses a value is breaking', async () => {
    const fewer = line({ type: 'string', enum: ['info'] });
    expect(breaking(await found(takes(line(LEVELS)), takes(fewer))).map(([rule]) => rule)).toEqual(['request-stream-item-enum-value-removed']);
  });
});

describe('a stream media type that changes', () => {
  it('a response stream in another framing is response-stream-media-type-changed, not a media type removed, and its items are still compared', async () => {
    const list = await found(answers(event({ type: 'string' })), answers(event({ type: 'integer' }), 'application/jsonl'));
    expect(list.map(([rule, level]) => [rule, level])).toEqual([
      ['response-stream-media-type-changed', 'error'],
      ['response-stream-item-type-changed', 'error'],
    ]);
    expect(list[0]?.[2]).toContain('response 200 stream text/event-stream (sse) is now application/jsonl (jsonl)');
  });

  it('a request stream in another framing is request-stream-media-type-changed', async () => {
    const list = await found(takes(line(LEVELS)), takes(line(LEVELS), 'application/json-seq'));
    expect(list).toEqual([
      [
        'request-stream-media-type-changed',
        'error',
        expect.stringContaining('request body stream application/jsonl (jsonl) is now application/json-seq (json-seq)') as string,
      ],
    ]);
  });

  it('a JSON array answer turned into a stream of its items is a stream media type change too', async () => {
    const array = v32({
      '/events': {
        get: {
          responses: { '200': { description: 'events', content: { 'application/json': { schema: { type: 'array', items: event({ type: 'string' }) } } } } },
        },
      },
    });
    expect((await found(array, answers(event({ type: 'string' }), 'application/jsonl'))).map(([rule]) => rule)).toEqual(['response-stream-media-type-changed']);
  });
});

describe('custom methods and querystring parameters', () => {
  it('a removed custom method (additionalOperations) is api-custom-method-removed, breaking', async () => {
    const base = v32({ '/cache': { get: { responses: OK }, additionalOperations: { PURGE: { responses: OK } } } });
    const head = v32({ '/cache': { get: { responses: OK } } });
    expect(await found(base, head)).toEqual([
      ['api-custom-method-removed', 'error', expect.stringContaining('PURGE /cache: the custom method PURGE was removed') as string],
    ]);
  });

  it('a querystring schema that gains a required property is new-required-request-property, breaking', async () => {
    const searched = (schema: Doc): Doc =>
      v32({
        '/pets': { get: { parameters: [{ name: 'filter', in: 'querystring', content: { 'application/x-www-form-urlencoded': { schema } } }], responses: OK } },
      });
    const base = searched({ type: 'object', properties: { name: { type: 'string' } } });
    const head = searched({ type: 'object', required: ['species'], properties: { name: { type: 'string' }, species: { type: 'string' } } });
    expect(await found(base, head)).toEqual([
      ['new-required-request-property', 'error', expect.stringContaining('querystring parameter "filter" property "species" was added as required') as string],
    ]);
  });
});
