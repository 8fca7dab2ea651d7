/**
 * OpenAPI 3.2 examples with `dataValue` and `serializedValue`, modelled on the specification's
 * Parameter Object and Example Object examples: a serializedValue is read back as it travels (a
 * query parameter with its name, a header's text, a cookie pair, a querystring's whole query
 * string, a media type's JSON), checked against the schema, and must be the dataValue given beside
 * it; an example with only a serializedValue is read as that data (the mock answers it). Lint
 * (`specforge/valid-examples`) reports each bad one at its line.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { buildModel } from '../../src/contract/model.js';
import { sanitizeForDocs } from '../../src/docs/sanitize.js';
import { writeContractSite } from '../../src/docs/site/site.js';
import { getLineColLocation } from '@redocly/openapi-core';
import { lintSpecs } from '../../src/lint/lint.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `openapi32-example-values-${process.pid}`);

const CONTRACT = `openapi: 3.2.0
info: { title: Example values 3.2, version: '1' }
paths:
  /things:
    get:
      operationId: things
      parameters:
        - name: thing
          in: query
          schema: { type: array, items: { type: string } }
          examples:
            two:
              dataValue: [one thing, another thing]
              serializedValue: thing=one%20thing&thing=another%20thing
        - name: flag
          in: query
          schema: { type: boolean }
          examples:
            on: { dataValue: true, serializedValue: flag=true }
        - name: X-Token
          in: header
          schema: { type: array, items: { type: integer, format: int64 } }
          examples:
            tokens: { dataValue: [12345678, 90099], serializedValue: '12345678,90099' }
        - name: greeting
          in: cookie
          schema: { type: string }
          examples:
            hello: { dataValue: 'Hello, world!', serializedValue: 'greeting=Hello%2C%20world%21' }
      responses:
        '200':
          description: things
          content:
            application/json:
              schema:
                type: object
                required: [id]
                properties: { id: { type: integer }, rating: { type: integer, maximum: 5 } }
              examples:
                withRating:
                  dataValue: { id: 1, rating: 4 }
                  serializedValue: '{"id":1,"rating":4}'
                textOnly:
                  serializedValue: '{"id":2}'
  /search:
    get:
      operationId: search
      parameters:
        - name: filter
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema:
                type: object
                properties: { foo: { type: string }, bar: { type: boolean } }
          examples:
            spacesAndPluses:
              dataValue: { foo: a + b, bar: true }
              serializedValue: foo=a+%2B+b&bar=true
      responses:
        '204': { description: searched }
  /json:
    get:
      operationId: jsonQuery
      parameters:
        - name: json
          in: querystring
          content:
            application/json:
              schema:
                type: object
                properties:
                  numbers: { type: array, items: { type: integer } }
                  flag: { type: [boolean, 'null'] }
              examples:
                TwoNoFlag:
                  dataValue: { numbers: [1, 2], flag: null }
                  serializedValue: '{"numbers":[1,2],"flag":null}'
          examples:
            TwoNoFlag:
              dataValue: { numbers: [1, 2], flag: null }
              serializedValue: "%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D"
            Serialized:
              serializedValue: "%7B%22numbers%22%3A%5B3%5D%7D"
      responses:
        '204': { description: counted }
`;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.yaml'), CONTRACT);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

async function exampleFindings(text: string): Promise<Array<[number | undefined, string]>> {
  const file = join(TMP, `c-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  const [result] = await lintSpecs([file]);
  return (result?.problems ?? [])
    .filter((p) => p.ruleId === 'specforge/valid-examples')
    .map((p) => [p.location[0] === undefined ? undefined : getLineColLocation(p.location[0]).start.line, p.message]);
}

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('dataValue and serializedValue examples (OpenAPI 3.2)', () => {
  it('are modelled: a serializedValue read back as it travels, one alone taken as the example value, with no warning', async () => {
    const model = await buildModel(join(TMP, 'openapi.yaml'));
    expect(model.warnings).toEqual([]);
    const [things, search, json] = model.operations;
    expect(things?.parameters.map((p) => p.examples.map((e) => [e.value, e.serialized?.data]))).toEqual([
      [
        [
          ['one thing', 'another thing'],
          ['one thing', 'another thing'],
        ],
      ],
      [[true, true]],
      [
        [
          [12345678, 90099],
          [12345678, 90099],
        ],
      ],
      [['Hello, world!', 'Hello, world!']],
    ]);
    expect(search?.parameters[0]?.examples[0]?.serialized?.data).toEqual({ foo: 'a + b', bar: true });
    expect(json?.parameters[0]?.examples.map((e) => [e.name, e.value, e.serialized?.text])).toEqual([
      ['TwoNoFlag', { numbers: [1, 2], flag: null }, '%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D'],
      ['Serialized', { numbers: [3] }, '%7B%22numbers%22%3A%5B3%5D%7D'],
      ['TwoNoFlag', { numbers: [1, 2], flag: null }, '{"numbers":[1,2],"flag":null}'],
    ]);
    const media = things?.responses[0]?.content[0];
    expect(media?.examples.map((e) => [e.name, e.value])).toEqual([
      ['withRating', { id: 1, rating: 4 }],
      ['textOnly', { id: 2 }],
    ]);
  });

  it('pass lint when each serializedValue is the serialization of its dataValue and fits the schema', async () => {
    expect(await exampleFindings(CONTRACT)).toEqual([]);
  });

  it('are found by lint at their line: a serializedValue that breaks the schema, or is not its dataValue, alone or beside one', async () => {
    const bad = CONTRACT.replace('serializedValue: flag=true', 'serializedValue: flag=maybe')
      .replace("serializedValue: '12345678,90099'", "serializedValue: '12345678,90098'")
      .replace('serializedValue: foo=a+%2B+b&bar=true', 'serializedValue: foo=a+b&bar=true')
      .replace('serializedValue: "%7B%22numbers%22%3A%5B3%5D%7D"', 'serializedValue: "%7B%22numbers%22%3A%5B%22x%22%5D%7D"')
      .replace(`serializedValue: '{"id":2}'`, `serializedValue: '{"id":2,"rating":9}'`)
      .replace(`serializedValue: '{"id":1,"rating":4}'`, `serializedValue: '{"id":1,"rating":3}'`);
    const found = await exampleFindings(bad);
    expect(found).toEqual(
      expect.arrayContaining([
        [lineOf(bad, 'flag=maybe'), 'the serializedValue of example "on" of things query parameter flag does not match its schema: the value must be boolean'],
        [
          lineOf(bad, '12345678,90098'),
          'the serializedValue of example "tokens" of things header parameter X-Token reads as [12345678,90098], not its dataValue [12345678,90099]',
        ],
        [
          lineOf(bad, 'foo=a+b&bar=true'),
          'the serializedValue of example "spacesAndPluses" of search querystring parameter filter reads as {"foo":"a b","bar":true}, not its dataValue {"foo":"a + b","bar":true}',
        ],
        [
          lineOf(bad, '%5B%22x%22'),
          expect.stringMatching(
            /^the serializedValue of example "Serialized" of jsonQuery querystring parameter json does not match its schema: \/numbers\/0 must be integer/,
          ) as string,
        ],
        [
          lineOf(bad, '"rating":9'),
          expect.stringMatching(
            /^the serializedValue of example "textOnly" of things 200 response \(application\/json\) does not match its schema: \/rating must be <= 5/,
          ) as string,
        ],
        [lineOf(bad, '"rating":3'), expect.stringMatching(/reads as \{"id":1,"rating":3\}, not its dataValue \{"id":1,"rating":4\}/) as string],
      ]),
    );
    expect(found).toHaveLength(6);
  });

  it('are answered by the mock: an example with only a serializedValue is its data', async () => {
    const mock = await createMockFromSpec(join(TMP, 'openapi.yaml'));
    const answer = await mock.fetch(new Request('http://mock.test/things', { headers: { prefer: 'example=textOnly' } }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: 2 });
  });

  it('are documented with both forms: the data, and the serialized form as sent', async () => {
    const model = await buildModel(join(TMP, 'openapi.yaml'));
    const out = join(TMP, 'site');
    writeContractSite({ out, api: 'ex', model, document: sanitizeForDocs(model.document), extraLinks: [], hasTheme: false });
    const html = readdirSync(join(out, 'ex'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.html'))
      .map((f) => readFileSync(join(out, 'ex', f), 'utf8'))
      .join('\n');
    // A parameter's example: its data, sent as its serializedValue.
    expect(html).toMatch(
      /&quot;another thing&quot;\s*\]<\/code> <span class="muted">sent as<\/span> <code>thing=one%20thing&amp;thing=another%20thing<\/code>/,
    );
    // A media type's example: the data, then the serialized text.
    expect(html).toMatch(
      /withRating[\s\S]*?"rating": 4[\s\S]*?<p class="muted">serialized<\/p><pre class="code" tabindex="0"><code>\{&quot;id&quot;:1,&quot;rating&quot;:4\}<\/code>/,
    );
  });
});
