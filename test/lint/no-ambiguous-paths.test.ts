/**
 * specforge/no-ambiguous-paths reports what Redocly's no-ambiguous-paths reports (the same paths,
 * naming the same earlier path), for OpenAPI 3 and Swagger 2.0, without comparing each path with
 * every earlier one; a contract built to make the walk long is cut by the budget, reported once.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLint } from '../../src/cli/commands/lint.js';
import { AMBIGUITY_BUDGET } from '../../src/lint/rules/no-ambiguous-paths.js';
import type { Finding } from '../../src/report/findings.js';

const TMP = join(import.meta.dirname, '..', '.tmp', `lint-ambiguous-${process.pid}`);

const PATHS = [
  '/pets/{id}',
  '/pets/mine',
  '/{kind}/mine',
  '/owners/{id}/pets',
  '/owners/{owner}/{pet}',
  '/owners/me/pets',
  '/a/b/c',
  '/a/{x}/c',
  '/{x}/{y}/{z}',
  '/{p}/{q}/{r}',
  '/stores/{id}',
  '/stores/{id}/items',
];

function contract(version: '3' | '2', paths: readonly string[]): string {
  const head = version === '3' ? 'openapi: 3.1.0\ninfo: {title: A, version: "1"}\npaths:\n' : 'swagger: "2.0"\ninfo: {title: A, version: "1"}\npaths:\n';
  const body = paths
    .map((p) => {
      const params = [...p.matchAll(/\{(\w+)\}/g)].map((m) =>
        version === '3'
          ? `        - {name: ${m[1]}, in: path, required: true, schema: {type: string}}`
          : `        - {name: ${m[1]}, in: path, required: true, type: string}`,
      );
      return `  ${p}:\n    get:\n${params.length ? `      parameters:\n${params.join('\n')}\n` : ''}      responses:\n        '200': {description: ok}\n`;
    })
    .join('');
  return head + body;
}

async function redoclyMessages(text: string): Promise<string[]> {
  const config = await createConfig({ rules: { 'no-ambiguous-paths': 'warn' } });
  const problems = await lintFromString({ source: text, absoluteRef: join(TMP, 'redocly.yaml'), config });
  return problems.filter((p) => p.ruleId === 'no-ambiguous-paths').map((p) => p.message);
}

async function specforgeFindings(file: string): Promise<Finding[]> {
  let out = '';
  await runLint({ cwd: TMP, specs: [file], format: 'json', write: (t) => (out += t) });
  const report = JSON.parse(out) as { findings: Finding[] };
  return report.findings.filter((f) => f.rule === 'specforge/no-ambiguous-paths');
}

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('specforge/no-ambiguous-paths', () => {
  it.each(['3', '2'] as const)('reports what Redocly reports (OpenAPI %s)', async (version) => {
    const text = contract(version, PATHS);
    const file = join(TMP, `paths-${version}.yaml`);
    writeFileSync(file, text);
    const expected = await redoclyMessages(text);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const found = await specforgeFindings(file);
    expect(found.map((f) => f.message).sort()).toEqual([...expected].sort());
    expect(found.every((f) => f.level === 'warning')).toBe(true);
    // Located at the later path's key.
    const line = text.split('\n').findIndex((l) => l === '  /{kind}/mine:') + 1;
    expect(found.find((f) => f.message.includes('`/{kind}/mine`'))?.location?.line).toBe(line);
  });

  it("replaces Redocly's rule: one finding per ambiguous path, not two", async () => {
    const file = join(TMP, 'two.yaml');
    writeFileSync(file, contract('3', ['/pets/{id}', '/{kind}/mine']));
    let out = '';
    await runLint({ cwd: TMP, specs: [file], format: 'json', write: (t) => (out += t) });
    const report = JSON.parse(out) as { findings: Finding[] };
    expect(report.findings.filter((f) => /ambiguous/i.test(f.message)).map((f) => f.rule)).toEqual(['specforge/no-ambiguous-paths']);
  });

  it('stops at its budget on paths built to make the walk long, and says where', async () => {
    // n paths with distinct literals, then n of the same shape whose template meets every one of those
    // literals and fails one step later:
    // n * n trie steps, past the budget.
    const n = Math.ceil(Math.sqrt(AMBIGUITY_BUDGET)) + 200;
    const lines = ['openapi: 3.1.0', 'info: {title: A, version: "1"}', 'paths:'];
    for (let i = 0; i < n; i++) lines.push(`  /a${i}/b/{y}/{w}: {}`);
    for (let i = 0; i < n; i++) lines.push(`  /{x}/c${i}/{z}/d: {}`);
    const file = join(TMP, 'slow.yaml');
    writeFileSync(file, lines.join('\n') + '\n');
    const started = performance.now();
    const found = await specforgeFindings(file);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toMatch(/checked for ambiguity up to `\/\{x\}\/c\d+\/\{z\}\/d` only/);
    // Generous: the budget is about half a second of work; the whole lint of 4,900 paths a few seconds.
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
