/**
 * Specification extensions are opaque to every command that loads a contract: an `x-` value of any
 * shape is never an input error (Redocly's type tree expects `info.x-logo` to be a Logo object,
 * `x-webhooks` entries path items, `x-query` an operation, …), and the house rules do not walk
 * `x-webhooks` entries as path items. What an extension refers to still counts as used.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiff } from '../../src/cli/commands/diff.js';
import { runLint } from '../../src/cli/commands/lint.js';
import { buildModel } from '../../src/contract/model.js';
import type { Finding } from '../../src/report/findings.js';

const TMP = join(import.meta.dirname, '..', '.tmp', `lint-extensions-${process.pid}`);

// Clean under the built-in ruleset but for its extensions, each of a shape Redocly's types refuse;
// the webhook's operation breaks every house rule, and PingEvent is used only by the webhook.
const SPEC = `openapi: 3.0.3
info:
  title: Pings
  version: 1.0.0
  description: Pings, with vendor extensions of every shape.
  license:
    name: MIT
    url: https://opensource.org/licenses/MIT
  x-logo: https://pings.test/logo.png
servers:
  - url: https://pings.test
security: []
x-specforge-error:
  schema:
    $ref: '#/components/schemas/Error'
x-tagGroups: all of them
x-webhooks:
  x-sdk-exclude: true
  ping:
    post:
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/PingEvent'
      responses:
        '200':
          description: ok
tags:
  - name: pings
    description: Pings.
    x-displayName: 42
paths:
  /pings:
    x-query: not an operation
    get:
      operationId: listPings
      summary: List pings
      description: Lists pings.
      tags: [pings]
      x-codeSamples: none
      responses:
        '200':
          description: The pings.
          x-summary: [1, 2]
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Ping'
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
    Ping:
      description: A ping.
      type: object
      x-tags: one
      properties:
        at:
          type: string
    PingEvent:
      description: What the ping webhook sends.
      type: object
    Error:
      description: The error body.
      type: object
      properties:
        message:
          type: string
`;

let base = '';
let head = '';

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  base = join(TMP, 'a.yaml');
  head = join(TMP, 'b.yaml');
  writeFileSync(base, SPEC);
  writeFileSync(head, SPEC.replace('description: Lists pings.', 'description: Lists every ping.'));
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

describe('x- values of any shape', () => {
  it('load: the structure check (generate, docs, test, bundle) accepts them', async () => {
    const model = await buildModel(base);
    expect(model.operations.map((op) => op.id)).toEqual(['listPings']);
    expect(model.warnings).toEqual([]);
  });

  it('lint: no finding, neither from their shapes nor from the webhook x-webhooks holds', async () => {
    let out = '';
    const code = await runLint({ cwd: TMP, specs: [base], format: 'json', write: (t) => (out += t) });
    const { findings } = JSON.parse(out) as { findings: Finding[] };
    expect(findings).toEqual([]);
    expect(code).toBe(0);
  });

  it("OpenAPI 3.1's own webhooks: an x- key is an extension, and the webhooks are still linted as operations", async () => {
    const webhooks = join(TMP, 'webhooks.yaml');
    writeFileSync(
      webhooks,
      SPEC.replace('openapi: 3.0.3', 'openapi: 3.1.0')
        .replace('    url: https://opensource.org/licenses/MIT', '    identifier: MIT')
        .replace('\nx-webhooks:', '\nwebhooks:'),
    );
    await expect(buildModel(webhooks)).resolves.toBeDefined();
    let out = '';
    await runLint({ cwd: TMP, specs: [webhooks], format: 'json', write: (t) => (out += t) });
    const { findings } = JSON.parse(out) as { findings: Finding[] };
    expect(findings.filter((f) => f.rule === 'struct')).toEqual([]);
    expect(new Set(findings.map((f) => `${f.rule} ${f.location.pointer ?? ''}`))).toEqual(
      new Set(['specforge/operation-operationid /webhooks/ping/post', 'specforge/operation-error-response /webhooks/ping/post/responses']),
    );
  });

  it('diff: both versions load (exit 0 or 1, not an input error)', async () => {
    let out = '';
    const code = await runDiff({ cwd: TMP, specs: [base, head], format: 'json', write: (t) => (out += t), warn: () => undefined });
    expect([0, 1]).toContain(code);
    expect((JSON.parse(out) as { findings: Finding[] }).findings.filter((f) => f.level === 'error')).toEqual([]);
  });
});
