/**
 * The built-in ruleset triages: a convention it asks for is a warning, a defect an error. One small
 * contract breaks conventions (no summary, description, tags, operationId or 4xx; no security
 * stated) and holds defects (an example its schema rejects, a requirement naming no scheme, an
 * enum value of the wrong type); each finding carries its rule's level. The tables of docs/reference/lint-rules.md list each
 * rule at its level, and the SARIF log describes each rule, links its documentation and gives it
 * the level its results use.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLint } from '../../src/cli/commands/lint.js';
import { builtInRuleLevels, HOUSE_RULE_DOCS, LINT_RULE_DOCS, LINT_RULES_DOC, styleRuleLevels } from '../../src/lint/rule-info.js';
import { STYLE_RULES } from '../../src/lint/ruleset.js';
import { DOC_FILE, ruleTableMarkdown, TABLE_END, TABLE_START } from '../../src/lint/rule-table.js';
import { HOUSE_RULES } from '../../src/lint/plugin.js';
import type { Finding } from '../../src/report/findings.js';
import { REPOSITORY_URL, SOURCE_DOCS } from '../../src/report/format.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `lint-levels-${process.pid}`);

const SPEC = `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
  description: Pets.
  license:
    name: MIT
    identifier: MIT
servers:
  - url: https://pets.test
x-specforge-error:
  schema:
    $ref: '#/components/schemas/Error'
tags:
  - name: pets
    description: Pets.
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: The pets.
          content:
            application/json:
              schema:
                type: array
                items:
                  type: string
              example: [1]
        default:
          description: Failed.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
    post:
      operationId: addPet
      summary: Add a pet
      description: Adds a pet.
      tags: [pets]
      security:
        - token: []
      responses:
        '201':
          description: Added.
        '400':
          description: Refused.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
        default:
          description: Failed.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
components:
  schemas:
    Error:
      description: The error body.
      type: object
      properties:
        message:
          type: string
        kind:
          type: string
          enum: [refused, 500]
`;

let spec = '';
let findings: Finding[] = [];
let sarifLog: SarifLog;

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  helpUri?: string;
  defaultConfiguration: { level: string };
}
interface SarifLog {
  runs: Array<{ tool: { driver: { rules: SarifRule[] } }; results: Array<{ ruleId: string; level: string }> }>;
}

async function lintTo(format: string): Promise<string> {
  let out = '';
  await runLint({ cwd: TMP, specs: [spec], format, write: (t) => (out += t) });
  return out;
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  spec = join(TMP, 'openapi.yaml');
  writeFileSync(spec, SPEC);
  findings = (JSON.parse(await lintTo('json')) as { findings: Finding[] }).findings;
  sarifLog = JSON.parse(await lintTo('sarif')) as SarifLog;
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

describe('levels', () => {
  it('conventions are warnings, defects errors', () => {
    const got = findings.map((f) => `${f.level} ${f.rule}: ${f.message.replace(/:.*$/s, '').slice(0, 90)}`).sort();
    expect(got).toEqual([
      'error no-enum-type-mismatch: All values of `enum` field must be of the same type as the `type` field',
      'error specforge/security-defined: security scheme "token" is not declared',
      'error specforge/valid-examples: example "example" of listPets 200 response (application/json) does not match its schema',
      'warning specforge/operation-error-response: operation "listPets" declares no 4xx response',
      'warning specforge/security-defined: operation "listPets" states no security requirements, nor does the root',
    ]);
  });

  it("the docs' tables are the catalogue's, at the ruleset's levels (run `node dist/src/lint/rule-table.js` after changing a rule)", async () => {
    const page = readFileSync(join(ROOT, DOC_FILE), 'utf8');
    expect(page).toContain(TABLE_START);
    const block = page.slice(page.indexOf(TABLE_START) + TABLE_START.length, page.indexOf(TABLE_END)).trim();
    expect(block).toBe(await ruleTableMarkdown());
  });

  it('the catalogue documents every rule the ruleset and the style ruleset turn on, and nothing else; every rule says why', async () => {
    const levels = await builtInRuleLevels();
    const style = await styleRuleLevels();
    expect([...style.keys()].sort()).toEqual(Object.keys(STYLE_RULES).sort());
    expect([...style.keys()].filter((id) => levels.has(id))).toEqual([]);
    expect(Object.keys(LINT_RULE_DOCS).sort()).toEqual([...levels.keys(), ...style.keys()].sort());
    for (const [id, doc] of Object.entries(LINT_RULE_DOCS)) expect(doc.why.length, id).toBeGreaterThan(20);
    expect(Object.keys(HOUSE_RULE_DOCS).sort()).toEqual(
      Object.keys(HOUSE_RULES)
        .map((r) => `specforge/${r}`)
        .sort(),
    );
  });
});

describe('SARIF rule metadata', () => {
  it('describes each rule, links its docs section and gives it the level its results use', () => {
    const run = sarifLog.runs[0];
    const rules = new Map(run?.tool.driver.rules.map((r) => [r.id, r]));
    expect(run?.results.length).toBe(findings.length);
    for (const result of run?.results ?? []) {
      const rule = rules.get(result.ruleId);
      expect(rule, result.ruleId).toBeDefined();
      if (!rule) continue;
      const levels = new Set(run?.results.filter((r) => r.ruleId === rule.id).map((r) => r.level));
      // A rule whose results differ (security-defined: a convention and a broken reference) keeps its configured level.
      if (levels.size === 1) expect(rule.defaultConfiguration.level, rule.id).toBe(result.level);
      expect(rule.shortDescription.text, rule.id).toBe(LINT_RULE_DOCS[rule.id]?.summary);
      expect(rule.fullDescription.text.startsWith(rule.shortDescription.text), rule.id).toBe(true);
      const url = `${REPOSITORY_URL}/blob/main/docs/reference/lint-rules.md#lint-rules-and-review-output`;
      expect(rule.helpUri).toBe(url);
      expect(rule.help.text).toContain(url);
      expect(rule.help.markdown).toContain(`](${url})`);
      expect(rule.help.markdown).toContain(`**\`${rule.id}\`**`);
    }
    expect(rules.get('specforge/valid-examples')?.defaultConfiguration.level).toBe('error');
    expect(rules.get('specforge/operation-error-response')?.defaultConfiguration.level).toBe('warning');
    expect(rules.get('specforge/security-defined')?.defaultConfiguration.level).toBe('warning');
    // Rules that found nothing are described too, at their configured level.
    expect(rules.get('struct')?.defaultConfiguration.level).toBe('error');
    expect(rules.get('specforge/no-unused-components')?.defaultConfiguration.level).toBe('warning');
  });

  it('links docs sections that exist', () => {
    // GitHub's heading anchors: lower case, punctuation but "-" and "_" dropped, spaces as "-".
    for (const section of [LINT_RULES_DOC, ...Object.values(SOURCE_DOCS)]) {
      const page = readFileSync(join(ROOT, section.file), 'utf8');
      const anchors = new Set(
        [...page.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
          (m[1] ?? '')
            .toLowerCase()
            .replace(/[^\p{L}\p{N} _-]/gu, '')
            .replace(/ /g, '-'),
        ),
      );
      expect(anchors, `${section.file}#${section.anchor}`).toContain(section.anchor);
    }
  });
});
