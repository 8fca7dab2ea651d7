/**
 * The docs of an OpenAPI 3.2 contract show what 3.2 adds for readers: a server's `name` before its
 * URL, a response's `summary` as its one line (its description then whole), a deprecated security
 * scheme marked so, and an OAuth 2.0 scheme's flows (device authorization among them) and metadata
 * URL, all escaped as any contract text.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { sanitizeForDocs } from '../../src/docs/sanitize.js';
import { writeContractSite } from '../../src/docs/site/site.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `docs-32-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(
    SPEC,
    `openapi: 3.2.0
info: { title: Pets, version: '1' }
servers:
  - { url: 'https://pets.test/v1', name: 'production <b>', description: The live API. }
tags:
  - { name: pets, description: Pets. }
security: [{ key: [] }]
paths:
  /pets/{id}:
    get:
      operationId: getPet
      tags: [pets]
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          summary: The pet <i>
          description: The pet with this id, as stored.
          content:
            application/json:
              schema: { type: object, properties: { id: { type: integer } } }
        '404':
          description: No such pet.
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key, deprecated: true, description: The old key. }
    tv:
      type: oauth2
      oauth2MetadataUrl: 'https://auth.pets.test/.well-known/oauth-authorization-server?<x>'
      flows:
        deviceAuthorization: { deviceAuthorizationUrl: 'https://auth.pets.test/device', tokenUrl: 'https://auth.pets.test/token', scopes: {} }
        clientCredentials: { tokenUrl: 'https://auth.pets.test/token', scopes: {} }
`,
  );
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('docs of a 3.2 contract', () => {
  it('show the server name, the response summary, a deprecated scheme and OAuth flows with the metadata URL', async () => {
    const model = await buildModel(SPEC);
    expect(model.operations[0]?.responses.map((r) => r.summary)).toEqual(['The pet <i>', undefined]);
    const out = join(TMP, 'site');
    writeContractSite({ out, api: 'pets', model, document: sanitizeForDocs(model.document), extraLinks: [], hasTheme: false });
    const index = readFileSync(join(out, 'pets', 'index.html'), 'utf8');
    expect(index).toContain('<li><strong>production &lt;b&gt;</strong> <code>https://pets.test/v1</code>');
    expect(index).toMatch(/<code>key<\/code> <span class="deprecated">deprecated<\/span>: API key in the header/);
    expect(index).toContain(
      'flows: device authorization, client credentials; server metadata at <code>https://auth.pets.test/.well-known/oauth-authorization-server?&lt;x&gt;</code>',
    );
    const page = readFileSync(join(out, 'pets', 'pets.html'), 'utf8');
    expect(page).toMatch(/<span class="status s-ok">200<\/span> The pet &lt;i&gt;<\/summary>[\s\S]{0,40}The pet with this id, as stored\./);
    expect(page).toMatch(/<span class="status s-error">404<\/span> No such pet\.<\/summary>/);
  });
});
