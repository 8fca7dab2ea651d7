/**
 * The GitHub workflows the documentation shows (the review guide, the README's lines, the one
 * `specforge init` writes) and the repository's action.yml, parsed and checked by GitHub's own
 * workflow parser (@actions/workflow-parser: the workflow and action schemas the Actions language
 * service uses), then for what makes them work as written: the permission the SARIF upload needs,
 * an upload only when the file exists, a supported Node.js, the whole history or a fetched base.
 */
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parseAction } from '@actions/workflow-parser/actions/index';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { workflowText } from '../../src/cli/commands/init.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

type Doc = Record<string, unknown>;
interface Step {
  uses?: string;
  run?: string;
  if?: string;
  with?: Doc;
  shell?: string;
  'continue-on-error'?: boolean;
}

/** The ```yaml blocks of a markdown file. */
function yamlBlocks(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^```yaml\n([\s\S]*?)^```/gm)].map((m) => m[1] as string);
}

function workflowErrors(name: string, content: string): string[] {
  const result = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  return result.context.errors.getErrors().map((e) => e.message);
}

function stepsOf(workflow: Doc): Step[] {
  return Object.values(workflow['jobs'] as Record<string, { steps: Step[] }>).flatMap((j) => j.steps);
}

/** What a workflow that runs specforge review and uploads its SARIF needs to work on GitHub. */
function expectWorkable(workflow: Doc, usesAction: boolean): void {
  expect(workflow['permissions']).toMatchObject({ 'security-events': 'write' });
  const steps = stepsOf(workflow);
  if (usesAction) {
    expect(steps.some((s) => s.uses?.startsWith('specforge/specforge@'))).toBe(true);
    return;
  }
  const checkout = steps.find((s) => s.uses?.startsWith('actions/checkout@'));
  expect(checkout?.with?.['fetch-depth']).toBe(0);
  const node = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
  expect([22, 24, '22', '24']).toContain(node?.with?.['node-version']);
  const review = steps.find((s) => s.run?.includes('specforge review'));
  const sarif = /--sarif (\S+)/.exec(review?.run ?? '')?.[1];
  expect(sarif).toBeDefined();
  const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
  expect(upload?.with?.['sarif_file']).toBe(sarif);
  expect(upload?.if).toContain('always()');
  expect(upload?.if).toContain(`hashFiles('${sarif ?? ''}') != ''`);
  // A fork's pull request has a read-only token: no upload, and a failed upload never fails the job.
  expect(upload?.if).toMatch(/github\.event\.pull_request\.head\.repo\.full_name == github\.repository/);
  expect(upload?.['continue-on-error']).toBe(true);
}

describe('the documented workflows', () => {
  const guide = yamlBlocks('docs/guides/lint-and-review.md').filter((b) => /^jobs:/m.test(b));

  it('the review guide shows two workflows, with and without the action', () => {
    expect(guide).toHaveLength(2);
  });

  it.each(guide.map((b, i) => [i, b] as const))("guide workflow %i passes GitHub's workflow schema and works as written", (_i, block) => {
    expect(workflowErrors('contracts.yml', block)).toEqual([]);
    expectWorkable(parse(block) as Doc, block.includes('specforge/specforge@'));
  });

  it("the README's steps, in a job, pass the schema and use the action", () => {
    const steps = yamlBlocks('README.md').find((b) => b.includes('specforge/specforge@'));
    expect(steps).toBeDefined();
    const workflow = `on: pull_request\npermissions:\n  contents: read\n  security-events: write\njobs:\n  review:\n    runs-on: ubuntu-latest\n    steps:\n${steps ?? ''}`;
    expect(workflowErrors('readme.yml', workflow)).toEqual([]);
    expectWorkable(parse(workflow) as Doc, true);
  });

  it('the workflow specforge init writes passes the schema and works as written', () => {
    expect(workflowErrors('specforge.yml', workflowText())).toEqual([]);
    expectWorkable(parse(workflowText()) as Doc, false);
  });

  it('the checker finds what GitHub would refuse (an unknown permission, a step key)', () => {
    const broken = workflowText()
      .replace('  contents: read', '  contents: read\n  security-event: write')
      .replace('      - run: npm ci', '      - run: npm ci\n        shel: bash');
    expect(workflowErrors('broken.yml', broken)).toEqual([
      expect.stringContaining("Unexpected value 'security-event'"),
      expect.stringContaining("Unexpected value 'shel'"),
    ]);
  });
});

describe('action.yml', () => {
  const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
  const action = parse(text) as { inputs: Record<string, { default?: string }>; runs: { using: string; steps: Step[] } };

  it("passes GitHub's action schema", () => {
    expect(
      parseAction({ name: 'action.yml', content: text }, new NoOperationTraceWriter())
        .context.errors.getErrors()
        .map((e) => e.message),
    ).toEqual([]);
    // The schema is strict: a run step of a composite action without a shell is refused.
    const broken = text.replace('      shell: bash\n', '');
    expect(
      parseAction({ name: 'action.yml', content: broken }, new NoOperationTraceWriter())
        .context.errors.getErrors()
        .map((e) => e.message),
    ).toEqual([expect.stringContaining('shell')]);
  });

  it('is a composite action: Node.js 22, specforge installed, review against the base, the SARIF uploaded when it exists', () => {
    expect(action.runs.using).toBe('composite');
    const steps = action.runs.steps;
    expect(steps[0]?.uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(steps[0]?.with?.['node-version']).toBe('${{ inputs.node-version }}');
    expect(action.inputs['node-version']?.default).toBe('22');
    expect(steps.some((s) => s.run?.includes('npm ci'))).toBe(true);
    const review = steps.find((s) => s.run?.includes(' review --base '));
    expect(review?.run).toContain('--sarif "$SARIF"');
    // Inputs reach scripts through the environment, never spliced into the script.
    for (const s of steps) expect(s.run ?? '').not.toContain('${{');
    const fetch = steps.find((s) => s.run?.includes('git fetch'));
    expect(fetch?.run).toContain('git fetch --no-tags --depth=1 origin "$BASE_REF:refs/remotes/origin/$BASE_REF"');
    const upload = steps.at(-1);
    expect(upload?.uses).toMatch(/^github\/codeql-action\/upload-sarif@v\d+$/);
    expect(upload?.if).toMatch(/^always\(\) && .*hashFiles\(.*\) != ''$/);
  });
});
