/**
 * x-specforge-error's `fields` name where each part of an error goes; `field` takes the first
 * problem's parameter name or body property path. A key specforge does not fill is a warning at
 * its line (it was ignored in silence, so a misspelt key looked as if it worked).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `error-fields-keys-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('x-specforge-error fields', () => {
  it('keeps field, and warns at its line about a key it does not fill', async () => {
    mkdirSync(TMP, { recursive: true });
    const file = join(TMP, 'openapi.yaml');
    writeFileSync(
      file,
      `openapi: 3.1.0
info: { title: T, version: '1' }
paths: {}
x-specforge-error:
  schema: { type: object, properties: { message: { type: string }, param: { type: string } } }
  fields:
    message: /message
    field: /param
    parameter: /param
`,
    );
    const model = await buildModel(file);
    expect(model.errorBody?.fields).toEqual({ message: '/message', field: '/param' });
    const warnings = model.warnings.filter((w) => w.code === 'SPECFORGE_EXTENSION').map((w) => [w.message, w.location?.line]);
    expect(warnings).toEqual([
      [expect.stringMatching(/^x-specforge-error fields: "parameter" is not a field specforge fills \(message, status, code, details, requestId, field\)/), 9],
    ]);
  });
});
