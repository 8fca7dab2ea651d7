/**
 * `specforge lint --format sarif` as GitHub's code scanning reads it: a log the SARIF 2.1.0 schema
 * accepts, the driver naming specforge's version, and `originalUriBaseIds.SRCROOT` the folder lint
 * ran in, against which every result's relative artifact location (`uriBaseId: SRCROOT`) resolves
 * to the contract file it was found in.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLint } from '../../src/cli/commands/lint.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `lint-sarif-${process.pid}`);
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

interface SarifLog {
  runs: Array<{
    tool: { driver: { name: string; version?: string } };
    originalUriBaseIds?: Record<string, { uri?: string }>;
    results: Array<{
      ruleId: string;
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region?: { startLine: number } } }>;
    }>;
  }>;
}

/** The SARIF 2.1.0 schema shipped by @microsoft/jest-sarif, with the Ajv (draft-04) it ships with. */
function sarifValidator(): (log: unknown) => string[] {
  const require = createRequire(createRequire(import.meta.url).resolve('@microsoft/jest-sarif/package.json'));
  const Ajv = require('ajv') as new (options: Record<string, unknown>) => {
    addMetaSchema(schema: unknown): void;
    compile(schema: unknown): ((data: unknown) => boolean) & { errors?: Array<{ dataPath?: string; message?: string }> | null };
  };
  const ajv = new Ajv({ schemaId: 'auto', allErrors: true });
  ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json'));
  const validate = ajv.compile(
    JSON.parse(readFileSync(join(ROOT, 'node_modules', '@microsoft', 'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json'), 'utf8')),
  );
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.dataPath ?? ''} ${e.message ?? ''}`));
}

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(TMP, 'api'), { recursive: true });
  const text = readFileSync(join(ROOT, 'specs', 'echo', 'openapi.yaml'), 'utf8');
  const seeded = text.replace('      operationId: echo\n      summary: Echo a message\n', '      operationId: echo\n');
  expect(seeded).not.toBe(text);
  writeFileSync(join(TMP, 'api', 'openapi.yaml'), seeded);
  cpSync(join(ROOT, 'specs', 'echo', 'openapi.yaml'), join(TMP, 'api', 'clean.yaml'));
  writeFileSync(join(TMP, 'specforge.config.yaml'), 'specs:\n  - path: api/openapi.yaml\n    lint:\n      extends: [style]\n');
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

async function sarifOf(spec: string): Promise<SarifLog> {
  let out = '';
  await runLint({ cwd: TMP, specs: [spec], format: 'sarif', write: (t) => (out += t) });
  return JSON.parse(out) as SarifLog;
}

describe('lint SARIF', () => {
  it('is a SARIF 2.1.0 log the schema accepts, naming specforge and its version', async () => {
    const log = await sarifOf('api/openapi.yaml');
    expect(sarifValidator()(log)).toEqual([]);
    expect(log.runs[0]?.tool.driver).toMatchObject({ name: 'specforge', version: VERSION });
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('says where SRCROOT is, and each result resolves against it to the contract file', async () => {
    const log = await sarifOf('api/openapi.yaml');
    const run = log.runs[0];
    const base = run?.originalUriBaseIds?.['SRCROOT']?.uri;
    expect(base).toBe(`${pathToFileURL(TMP).href}/`);
    expect(run?.results.length).toBeGreaterThan(0);
    for (const r of run?.results ?? []) {
      const at = r.locations[0]?.physicalLocation.artifactLocation;
      expect(at?.uriBaseId, r.ruleId).toBe('SRCROOT');
      expect(at?.uri, r.ruleId).toBe('api/openapi.yaml');
      const file = fileURLToPath(new URL(at?.uri ?? '', base));
      expect(file).toBe(join(TMP, 'api', 'openapi.yaml'));
      expect(existsSync(file)).toBe(true);
    }
    expect(run?.results.some((r) => r.ruleId === 'specforge/operation-summary')).toBe(true);
  });

  it('a clean contract: no results, the same tool version and base', async () => {
    const log = await sarifOf('api/clean.yaml');
    expect(sarifValidator()(log)).toEqual([]);
    expect(log.runs[0]?.results).toEqual([]);
    expect(log.runs[0]?.tool.driver.version).toBe(VERSION);
    expect(log.runs[0]?.originalUriBaseIds?.['SRCROOT']?.uri).toBe(`${pathToFileURL(TMP).href}/`);
  });
});
