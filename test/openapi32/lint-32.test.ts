/**
 * Lint of OpenAPI 3.2 contracts: `specforge/item-schema-media-type` finds an `itemSchema` on a media
 * type that is not sequential (written in place or through components.mediaTypes), at the media
 * type, and stays silent on the sequential ones; `specforge/operation-tags` counts a tag that
 * is another's `parent` as used (it groups its children's operations).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSpecs } from '../../src/lint/lint.js';
import { isSequentialMediaType } from '../../src/lint/rules/item-schema-media-type.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `lint-32-${process.pid}`);
const CONTRACT = `openapi: 3.2.0
info: { title: items, version: '1' }
security: []
tags:
  - { name: animals, description: Animals, kind: nav }
  - { name: pets, description: Pets, parent: animals }
paths:
  /a:
    get:
      operationId: a
      tags: [pets]
      responses:
        '200':
          description: ok
          content:
            application/json:
              itemSchema: { type: string }
            text/event-stream:
              itemSchema: { type: object }
            application/jsonl:
              itemSchema: { type: object }
  /b:
    get:
      operationId: b
      tags: [pets]
      responses:
        '200':
          description: ok
          content:
            text/event-stream: { $ref: '#/components/mediaTypes/Events' }
            application/json: { $ref: '#/components/mediaTypes/Events' }
components:
  mediaTypes:
    Events: { itemSchema: { type: object } }
`;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.yaml'), CONTRACT);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('lint of 3.2 contracts', () => {
  it('finds an itemSchema on a media type that is not sequential, in place or by reference', async () => {
    const [result] = await lintSpecs([{ path: join(TMP, 'openapi.yaml'), rules: { 'specforge/operation-tags': 'warn' } }]);
    const found = (result?.problems ?? []).filter((p) => p.ruleId === 'specforge/item-schema-media-type');
    expect(found.map((p) => [p.location[0]?.pointer, p.message.split(':')[0]])).toEqual([
      ['#/paths/~1a/get/responses/200/content/application~1json', 'application/json is not a sequential media type'],
      ['#/paths/~1b/get/responses/200/content/application~1json', 'application/json is not a sequential media type'],
    ]);
    expect(
      [
        'text/event-stream',
        'application/jsonl',
        'application/x-ndjson',
        'application/json-seq',
        'application/geo+json-seq',
        'multipart/mixed',
        'Text/Event-Stream; charset=utf-8',
      ].every(isSequentialMediaType),
    ).toBe(true);
    expect(['application/json', 'text/plain', 'application/octet-stream'].some(isSequentialMediaType)).toBe(false);
  });

  it('counts a tag that is the parent of another as used', async () => {
    const [result] = await lintSpecs([{ path: join(TMP, 'openapi.yaml'), rules: { 'specforge/operation-tags': 'warn' } }]);
    const tags = (result?.problems ?? []).filter((p) => p.ruleId === 'specforge/operation-tags');
    expect(tags).toEqual([]);
    expect(result?.rules.has('specforge/operation-tags')).toBe(true);
  });
});
