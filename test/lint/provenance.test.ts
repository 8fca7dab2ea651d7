/**
 * Descriptions speak to the API's users. The repository's specforge.config.yaml sets a
 * configurable rule under `defaults: lint:` that fails on provenance wording ("seed 7.3", "not
 * shown by the seed", "section 4.2") in a description, summary or title of every contract it
 * lists; where a text came from goes in a YAML comment beside the node. `defaults: lint:` applies to every contract of
 * the config, and a contract's own `lint:` setting of a rule wins over the default one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSpecs, type LintTarget } from '../../src/lint/lint.js';
import { loadConfig, type SpecEntry } from '../../src/config/config.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const RULE = 'rule/no-provenance-in-descriptions';
const TMP = join(import.meta.dirname, '..', '.tmp', `provenance-${process.pid}`);

const repoConfig = loadConfig(ROOT);

function targetOf(entry: SpecEntry): LintTarget {
  return { path: entry.path, strict: entry.strict, ...(entry.lint ? { rules: entry.lint } : {}) };
}

/** The rule's own pattern, as the repository's config writes it (`/.../flags`). */
function rulePattern(): RegExp {
  const setting = repoConfig.specs[0]?.lint?.[RULE];
  const text = typeof setting === 'object' ? (setting['assertions'] as { notPattern?: unknown } | undefined)?.notPattern : undefined;
  const m = typeof text === 'string' ? /^\/(.*)\/([a-z]*)$/s.exec(text) : null;
  if (!m) throw new Error(`${RULE} has no notPattern in specforge.config.yaml`);
  return new RegExp(m[1] as string, m[2]);
}

// A clean contract but for provenance wording in an info description, a tag, an operation, a
// parameter and a schema property; its YAML comments and an x- extension key name the seed too.
const SPEC = `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
  # source: the specforge seed document, section 2 (a comment: never rendered)
  description: Pets of a shop.
  license:
    name: MIT
    identifier: MIT
servers:
  - url: https://pets.test
security: []
tags:
  - name: pets
    description: Pets (seed section 2.1).
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      description: Lists the pets. 400 is answered for a malformed filter (bad parameter, seed 7.3).
      tags: [pets]
      x-seed-note: an extension key, not a description
      parameters:
        - name: limit
          in: query
          description: At most this many pets (section 4.2).
          schema:
            type: integer
            maximum: 10
      responses:
        '200': # seed 7.2: comments are free to name the source
          description: The pets (fields from the public documentation).
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
        default:
          description: Failed.
components:
  schemas:
    Pet:
      type: object
      description: A pet.
      properties:
        name:
          type: string
          description: The pet's name; its other fields are not shown by the seed.
`;

describe('the repository config lints provenance wording in descriptions', () => {
  beforeAll(() => {
    mkdirSync(TMP, { recursive: true });
    writeFileSync(join(TMP, 'openapi.yaml'), SPEC);
  });
  afterAll(() => rmSync(TMP, { recursive: true, force: true }));

  it('sets the rule as an error for every contract the config lists (from defaults: lint)', () => {
    expect(repoConfig.specs.length).toBeGreaterThanOrEqual(7);
    for (const entry of repoConfig.specs) {
      const setting = entry.lint?.[RULE];
      expect(typeof setting === 'object' ? setting.severity : setting, entry.path).toBe('error');
      // The style ruleset (descriptions, summaries, tags, the licence), off by default, is on here.
      expect(entry.lint?.['specforge/descriptions'], entry.path).toBe('warn');
    }
  });

  it('reports "(seed 7.3)", "(seed section 2.1)", "(section 4.2)", "not shown by the seed" and "from the public documentation" as errors at their nodes, and nothing else', async () => {
    const entry = repoConfig.specs[0] as SpecEntry;
    const [result] = await lintSpecs([{ ...targetOf(entry), path: join(TMP, 'openapi.yaml') }]);
    const mine = (result?.problems ?? []).filter((p) => p.ruleId === RULE);
    expect(mine.map((p) => p.severity)).toEqual(['error', 'error', 'error', 'error', 'error']);
    expect(mine.map((p) => p.location[0]?.pointer).sort()).toEqual([
      '#/components/schemas/Pet/properties/name/description',
      '#/paths/~1pets/get/description',
      '#/paths/~1pets/get/parameters/0/description',
      '#/paths/~1pets/get/responses/200/description',
      '#/tags/0/description',
    ]);
    expect(mine[0]?.message).toMatch(/YAML comment/);
  });

  it('passes the same contract once the wording is gone (comments and extension keys may name the seed)', async () => {
    const clean = SPEC.replace(' (seed section 2.1)', '')
      .replace(' (bad parameter, seed 7.3)', ' (bad parameter)')
      .replace(' (section 4.2)', '')
      .replace('; its other fields are not shown by the seed', '')
      .replace(' (fields from the public documentation)', '');
    writeFileSync(join(TMP, 'clean.yaml'), clean);
    const entry = repoConfig.specs[0] as SpecEntry;
    const [result] = await lintSpecs([{ ...targetOf(entry), path: join(TMP, 'clean.yaml') }]);
    expect((result?.problems ?? []).filter((p) => p.ruleId === RULE)).toEqual([]);
  });
});

describe('the shipped contracts tell their users what the API does, not where the text came from', () => {
  it('`specforge lint` (the built CLI, in the repository) passes on every contract the config lists', () => {
    const cli = join(ROOT, 'dist', 'src', 'cli', 'main.js');
    if (!existsSync(cli)) throw new Error('build specforge first (npm run build)');
    const r = spawnSync(process.execPath, [cli, 'lint'], { cwd: ROOT, encoding: 'utf8', timeout: 240_000, env: { ...process.env, NO_COLOR: '1' } });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('✔ no findings\n');
    expect(r.status).toBe(0);
  }, 240_000);

  it('specforge lint finds no provenance wording in any of them', async () => {
    const results = await lintSpecs(repoConfig.specs.map(targetOf));
    const found = results.flatMap((r) => r.problems.filter((p) => p.ruleId === RULE).map((p) => `${r.spec} ${p.location[0]?.pointer ?? ''}`));
    expect(found).toEqual([]);
  }, 240_000);

  it('no description, summary or title of any file under specs/ has it, not even beside a $ref or in an x- extension', () => {
    const pattern = rulePattern();
    const files = repoConfig.specs.flatMap((e) => {
      const dir = resolve(e.path, '..');
      const text = readFileSync(e.path, 'utf8');
      // The contract and the sibling files it refers to.
      const siblings = [...new Set([...text.matchAll(/\$ref: '([^'#]+)#/g)].map((m) => resolve(dir, m[1] as string)))];
      return [e.path, ...siblings];
    });
    expect(files.length).toBeGreaterThan(repoConfig.specs.length);
    const found: string[] = [];
    const walk = (node: unknown, at: string, file: string): void => {
      if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`, file));
      else if (node !== null && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (typeof value === 'string' && ['description', 'summary', 'title'].includes(key) && pattern.test(value)) found.push(`${file} ${at}/${key}`);
          else walk(value, `${at}/${key}`, file);
        }
      }
    };
    for (const file of new Set(files)) walk(parse(readFileSync(file, 'utf8')), '', file);
    expect(found).toEqual([]);
  });
});

describe('defaults: lint in specforge.config.yaml', () => {
  const dir = join(TMP, 'config');
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'specforge.config.yaml'),
      `defaults:
  lint:
    specforge/descriptions: error
    rule/no-todo:
      subject: { type: any, property: description }
      assertions: { notPattern: /TODO/ }
      severity: error
specs:
  - path: a/openapi.yaml
  - path: b/openapi.yaml
    lint:
      rule/no-todo: off
      operation-4xx-response: warn
`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("applies to every contract, and a contract's own setting of a rule wins", () => {
    const [a, b] = loadConfig(dir).specs;
    expect(a?.lint).toEqual({
      'specforge/descriptions': 'error',
      'rule/no-todo': { subject: { type: 'any', property: 'description' }, assertions: { notPattern: '/TODO/' }, severity: 'error' },
    });
    expect(b?.lint).toEqual({ 'specforge/descriptions': 'error', 'rule/no-todo': 'off', 'operation-4xx-response': 'warn' });
  });

  it("refuses a malformed default as a contract's own lint is refused", () => {
    writeFileSync(join(dir, 'bad.yaml'), 'defaults:\n  lint:\n    specforge/descriptions: loud\nspecs:\n  - a/openapi.yaml\n');
    expect(() => loadConfig(dir, 'bad.yaml')).toThrow(/defaults: lint rule "specforge\/descriptions"/);
  });
});
