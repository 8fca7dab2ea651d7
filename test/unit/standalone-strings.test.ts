/**
 * Standalone validator code treats contract text as data: an enum value, a const, a default or a
 * pattern that reads like code (`require("x")`, a closing comment, a template) is generated and
 * compared as the string it is.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { ValidateFunction } from '../../src/runtime/validation/standalone.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `standalone-strings-${process.pid}`);
const CODE_LIKE = ['require("x")', "require('fs')", 'a require(\\"z', '*/ require("child_process") /*', '${require("os")}', 'import("x")'];
const SPEC = {
  openapi: '3.1.0',
  info: { title: 'strings', version: '1' },
  paths: {},
  components: {
    schemas: {
      Word: { type: 'string', enum: CODE_LIKE },
      Fixed: { const: 'require("fixed")' },
      Named: { type: 'object', required: ['require("k")'], properties: { 'require("k")': { type: 'string', pattern: '^require\\("[a-z]+"\\)$' } } },
    },
  },
};

let validators: { schemaValidators: Record<string, ValidateFunction> };

beforeAll(async () => {
  mkdirSync(join(TMP, 'spec'), { recursive: true });
  writeFileSync(join(TMP, 'spec', 'openapi.json'), JSON.stringify(SPEC));
  await generateSpec(
    { path: join(TMP, 'spec', 'openapi.json'), api: 'strings', out: join(TMP, 'out'), targets: ['validators'], strict: false },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  validators = (await import(pathToFileURL(join(TMP, 'out', 'validators.ts')).href)) as typeof validators;
});

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('code-like strings in standalone validators', () => {
  it('generate, and leave no require() in the code', () => {
    const code = readFileSync(join(TMP, 'out', 'validators.ts'), 'utf8');
    // Outside string literals (minified code quotes a string holding `"` with `'`).
    const outsideStrings = code.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
    expect(outsideStrings).not.toMatch(/(?<![\w$.])require\(/);
  });

  it.each(CODE_LIKE)('an enum accepts %j exactly, and nothing near it', (value) => {
    const word = validators.schemaValidators['Word'] as ValidateFunction;
    expect(word(value)).toBe(true);
    expect(word(`${value} `)).toBe(false);
  });

  it('a const, a property name and a pattern that read like code', () => {
    expect(validators.schemaValidators['Fixed']?.('require("fixed")')).toBe(true);
    expect(validators.schemaValidators['Fixed']?.('require("other")')).toBe(false);
    const named = validators.schemaValidators['Named'] as ValidateFunction;
    expect(named({ 'require("k")': 'require("ok")' })).toBe(true);
    expect(named({ 'require("k")': 'require(ok)' })).toBe(false);
    expect(named({})).toBe(false);
    expect(named.errors?.[0]?.params).toEqual({ missingProperty: 'require("k")' });
  });
});
