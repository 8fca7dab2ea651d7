/**
 * `specforge diff` as a command: --fail-on, the accept file, --base against a git revision (a
 * temporary repository), exit codes and usage errors through the built CLI.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiff, type DiffOptions } from '../../src/cli/commands/diff.js';
import { ContractError, UsageError } from '../../src/contract/errors.js';
import type { Finding } from '../../src/report/findings.js';
import { api, OK, ROOT, tmpRoot, writeFiles, type Doc } from './helpers.js';

const TMP = tmpRoot('diff-cli');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

interface Run {
  code: number;
  out: string;
  err: string;
  findings: Finding[];
}

async function run(options: DiffOptions): Promise<Run> {
  let out = '';
  let err = '';
  const code = await runDiff({ format: 'json', ...options, write: (t) => (out += t), warn: (t) => (err += t) });
  const findings = options.format === undefined || options.format === 'json' ? (JSON.parse(out) as { findings: Finding[] }).findings : [];
  return { code, out, err, findings };
}

const pets = (responseRequired: string[], params: Doc[] = []): Doc =>
  api({
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: params,
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': { schema: { type: 'object', required: responseRequired, properties: { id: { type: 'string' }, name: { type: 'string' } } } },
            },
          },
        },
      },
    },
  });

const LIMIT = { name: 'limit', in: 'query', schema: { type: 'integer' } };

function pair(name: string, base: Doc, head: Doc): [string, string] {
  return [writeFiles(join(TMP, name, 'base', 'pets'), { 'openapi.yaml': base }), writeFiles(join(TMP, name, 'head', 'pets'), { 'openapi.yaml': head })];
}

describe('--fail-on', () => {
  const [warnBase, warnHead] = pair('warn', pets(['id'], [LIMIT]), pets(['id']));
  const [breakBase, breakHead] = pair('break', pets(['id', 'name']), pets(['id']));

  it('exits 0 without changes, and 1 for a breaking change', async () => {
    expect((await run({ cwd: TMP, specs: [breakBase, breakBase] })).code).toBe(0);
    const r = await run({ cwd: TMP, specs: [breakBase, breakHead] });
    expect(r.code).toBe(1);
    expect(r.findings.map((f) => [f.rule, f.level])).toEqual([['response-property-became-optional', 'error']]);
  });

  it('a warning fails only with --fail-on warning', async () => {
    const r = await run({ cwd: TMP, specs: [warnBase, warnHead] });
    expect(r.findings.map((f) => [f.rule, f.level])).toEqual([['request-parameter-removed', 'warning']]);
    expect(r.code).toBe(0);
    expect((await run({ cwd: TMP, specs: [warnBase, warnHead], failOn: 'warning' })).code).toBe(1);
    expect((await run({ cwd: TMP, specs: [warnBase, warnHead], failOn: 'breaking' })).code).toBe(0);
  });

  it('rejects other levels, formats and argument counts', async () => {
    await expect(run({ cwd: TMP, specs: [warnBase, warnHead], failOn: 'info' })).rejects.toThrow(UsageError);
    await expect(run({ cwd: TMP, specs: [warnBase, warnHead], format: 'xml' })).rejects.toThrow(/unknown --format "xml"/);
    await expect(run({ cwd: TMP, specs: [warnBase] })).rejects.toThrow(/two contracts/);
  });
});

describe('accept file', () => {
  const [base, head] = pair('accept', pets(['id', 'name'], [LIMIT]), pets(['id']));

  function acceptFile(name: string, text: string): string {
    const path = join(TMP, 'accept', name);
    writeFileSync(path, text);
    return path;
  }

  it('silences an accepted change: reported as info with its reason, exit 0', async () => {
    const file = acceptFile(
      'ok.yaml',
      `accepted:
  - rule: response-property-became-optional
    operation: GET /pets
    reason: name is filled in later now
`,
    );
    const r = await run({ cwd: TMP, specs: [base, head], accept: file });
    expect(r.code).toBe(0);
    const accepted = r.findings.find((f) => f.rule === 'response-property-became-optional');
    expect(accepted?.level).toBe('info');
    expect(accepted?.message).toBe('accepted: GET /pets: response 200 (application/json) property "name" became optional (name is filled in later now)');
    // The warning is not accepted and stays one.
    expect(r.findings.find((f) => f.rule === 'request-parameter-removed')?.level).toBe('warning');
    expect(r.err).toBe('');
  });

  it('matches by operationId, path and pointer; an entry that matches nothing is not applied and is named', async () => {
    const pointer = '/paths/~1pets/get/responses/200/content/application~1json/schema/properties/name';
    const file = acceptFile(
      'narrow.json',
      JSON.stringify([
        { rule: 'response-property-became-optional', operation: 'listPets', path: '/pets', pointer },
        { rule: 'response-property-became-optional', operation: 'POST /pets' },
      ]),
    );
    const r = await run({ cwd: TMP, specs: [base, head], accept: file });
    expect(r.code).toBe(0);
    expect(r.findings.find((f) => f.rule === 'response-property-became-optional')?.level).toBe('info');
    expect(r.err).toBe('warning: accepted change at accept/narrow.json:1 (response-property-became-optional) matched no change\n');
    const wrongPointer = acceptFile('pointer.yaml', `- rule: response-property-became-optional\n  pointer: /paths/~1pets/get\n`);
    expect((await run({ cwd: TMP, specs: [base, head], accept: wrongPointer })).code).toBe(1);
  });

  it('an accept file with an unknown rule or field is an input error with its line', async () => {
    const file = acceptFile('bad.yaml', `- rule: response-property-became-optional\n- rule: no-such-rule\n  because: x\n`);
    const err = await run({ cwd: TMP, specs: [base, head], accept: file }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    const diagnostics = (err as ContractError).diagnostics.map((d) => [d.location?.line, d.message]);
    expect(diagnostics).toEqual([
      [3, 'unknown field "because"; use rule, operation, path, pointer, spec, reason'],
      [2, 'unknown diff rule "no-such-rule"'],
    ]);
    await expect(run({ cwd: TMP, specs: [base, head], accept: join(TMP, 'accept', 'missing.yaml') })).rejects.toThrow(/cannot read the accept file/);
  });
});

describe('--base <git-ref>', () => {
  let repo: string;
  const git = (...args: string[]): string => {
    const r = spawnSync('git', ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const ENTRY = `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: './schemas.yaml#/Pet'
`;
  const SCHEMAS = `Pet:
  type: object
  required: [id, name]
  properties:
    id: { type: string }
    name: { type: string }
`;

  beforeAll(() => {
    repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-diff-git-')));
    git('init', '-q');
    writeFiles(repo, {
      'specforge.config.yaml': 'specs:\n  - path: specs/pets/openapi.yaml\n',
      'specs/pets/openapi.yaml': ENTRY,
      'specs/pets/schemas.yaml': SCHEMAS,
    });
    git('add', '.');
    git('commit', '-qm', 'pets');
  });

  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('reports nothing for an unchanged working tree', async () => {
    const r = await run({ cwd: repo, base: 'HEAD' });
    expect(r.findings).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('compares each contract, with its $ref-ed sibling files, with the revision; a new contract is reported as new', async () => {
    const changed = SCHEMAS.replace('required: [id, name]', 'required: [id]').replace('    name: { type: string }\n', '');
    writeFiles(repo, {
      'specs/pets/schemas.yaml': changed,
      'specs/new/openapi.yaml': api({ '/n': { get: { responses: OK } } }),
      'specforge.config.yaml': 'specs:\n  - path: specs/pets/openapi.yaml\n  - path: specs/new/openapi.yaml\n',
    });
    try {
      const r = await run({ cwd: repo, base: 'HEAD' });
      expect(r.code).toBe(1);
      expect(r.findings.map((f) => [f.rule, f.level, f.location.file, f.location.line])).toEqual([
        ['spec-added', 'info', 'specs/new/openapi.yaml', 1],
        ['response-required-property-removed', 'error', 'specs/pets/schemas.yaml', 4],
      ]);
      expect(r.findings[0]?.message).toBe('specs/new/openapi.yaml is new: it does not exist at HEAD');
      // Only the contracts named.
      const one = await run({ cwd: repo, base: 'HEAD', specs: ['specs/new/openapi.yaml'] });
      expect(one.findings.map((f) => f.rule)).toEqual(['spec-added']);
    } finally {
      git('checkout', '-q', '--', '.');
      rmSync(join(repo, 'specs', 'new'), { recursive: true, force: true });
    }
  });

  it('a revision at which the contract was broken is an input error naming the revision and path', async () => {
    writeFiles(repo, { 'specs/pets/schemas.yaml': 'Dog: {}\n' });
    git('commit', '-qam', 'broken');
    writeFiles(repo, { 'specs/pets/schemas.yaml': SCHEMAS });
    try {
      const err = await run({ cwd: repo, base: 'HEAD' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ContractError);
      expect((err as ContractError).diagnostics[0]?.location?.file).toBe('HEAD:specs/pets/openapi.yaml');
      expect((await run({ cwd: repo, base: 'HEAD~1' })).findings).toEqual([]);
    } finally {
      git('commit', '-qam', 'fixed');
    }
  });

  it('an unknown revision or a folder outside git is a usage error', async () => {
    await expect(run({ cwd: repo, base: 'no-such-branch' })).rejects.toThrow(/no such revision/);
    await expect(run({ cwd: repo, base: '--output=x' })).rejects.toThrow(UsageError);
    const outside = mkdtempSync(join(tmpdir(), 'specforge-diff-nogit-'));
    try {
      await expect(run({ cwd: outside, base: 'HEAD' })).rejects.toThrow(/not inside a git repository/);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("specforge's own contracts have no change against HEAD", async () => {
    const r = await run({ cwd: ROOT, base: 'HEAD' });
    expect(r.findings.filter((f) => f.level !== 'info')).toEqual([]);
  });
});

describe('a seeded breaking change in a copy of the echo contract', () => {
  const text = readFileSync(join(ROOT, 'specs', 'echo', 'openapi.yaml'), 'utf8');
  const seeded = text.replace('      required:\n        - message\n      additionalProperties: false\n', '      additionalProperties: false\n');
  const head = writeFiles(join(TMP, 'seeded', 'echo'), { 'openapi.yaml': seeded });
  const base = join(ROOT, 'specs', 'echo', 'openapi.yaml');
  // The echoed message is no longer promised in the response: the line of the property in the copy.
  const lines = seeded.split('\n');
  const line = lines.indexOf('        message:', lines.indexOf('    echoMessage:')) + 1;
  const file = 'seeded/echo/openapi.yaml';
  const rule = 'response-property-became-optional';

  it('is found, on the line of the property', async () => {
    expect(seeded).not.toBe(text);
    const r = await run({ cwd: TMP, specs: [base, head] });
    expect(r.code).toBe(1);
    expect(r.findings.map((f) => [f.rule, f.location.file, f.location.line])).toEqual([[rule, file, line]]);
  });

  it.each(['stylish', 'github-actions', 'markdown', 'sarif'])('is reported in %s', async (format) => {
    const r = await run({ cwd: TMP, specs: [base, head], format });
    expect(r.code).toBe(1);
    const expected: Record<string, RegExp> = {
      stylish: new RegExp(`^${file}\\n  ${line}:9  error  POST /echo: response 200 \\(application/json\\) property "message" became optional  ${rule}$`, 'm'),
      'github-actions': new RegExp(`^::error file=${file},line=${line},col=9,title=${rule}::POST /echo: `, 'm'),
      // Grouped by operation (the review's summary): the row's message after its operation's heading.
      markdown: new RegExp(`^\\*\\*\`POST /echo\`\\*\\* \\(1\\)\n\n[^\n]*\n[^\n]*\n\\| error \\| ${rule} \\| ${file}:${line}:9 \\| response 200 `, 'm'),
      sarif: new RegExp(`"startLine": ${line},\\s+"startColumn": 9`),
    };
    expect(r.out).toMatch(expected[format] as RegExp);
    if (format === 'sarif') {
      const log = JSON.parse(r.out) as {
        runs: Array<{
          results: Array<{ ruleId: string; level: string }>;
          tool: {
            driver: {
              rules: Array<{
                id: string;
                shortDescription: { text: string };
                fullDescription: { text: string };
                helpUri: string;
                defaultConfiguration: { level: string };
              }>;
            };
          };
        }>;
      };
      expect(log.runs[0]?.results.map((x) => [x.ruleId, x.level])).toEqual([[rule, 'error']]);
      // The rule entry describes the rule, not its id: a sentence, an example, the docs section, the level results use.
      const entry = log.runs[0]?.tool.driver.rules.find((x) => x.id === rule);
      expect(entry?.shortDescription.text).toBe('a required response property became optional; clients may not find it');
      expect(entry?.fullDescription.text).toMatch(/^A required response property became optional; clients may not find it \(breaking\)\. Example: /);
      expect(entry?.helpUri).toBe('https://github.com/specforge/specforge/blob/main/docs/reference/diff.md#breaking-change-diff-specforge-diff');
      expect(entry?.defaultConfiguration.level).toBe('error');
    }
  });
});

describe('the built CLI', () => {
  const cli = (args: string[]): { code: number | null; stdout: string; stderr: string } => {
    const r = spawnSync(process.execPath, [CLI, 'diff', ...args], { cwd: TMP, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  let base: string;
  let head: string;

  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error('build specforge first (npm run build)');
    mkdirSync(TMP, { recursive: true });
    [base, head] = pair('cli', pets(['id', 'name']), pets(['id']));
  });

  it('exits 1 with annotations for a breaking change, 0 without', () => {
    const r = cli([base, head, '--format', 'github-actions']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=cli\/head\/pets\/openapi\.yaml,line=\d+,col=\d+,title=response-property-became-optional::GET \/pets: /);
    expect(cli([base, base]).code).toBe(0);
  });

  it.each([
    [['only-one.yaml'], 'diff needs two contracts'],
    [['a.yaml', 'b.yaml', '--format', 'xml'], 'unknown --format "xml"'],
    [['a.yaml', 'b.yaml', '--fail-on', 'info'], '--fail-on must be breaking or warning'],
    [['--base', 'no-such-ref'], 'no such revision'],
    [['a.yaml', 'b.yaml', '--no-such-flag'], "unknown option '--no-such-flag'"],
  ])('%j is a usage error: exit 2, no stack trace', (args, message) => {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a contract that does not exist is an input error, exit 2', () => {
    const r = cli([base, 'missing/openapi.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('SPECFORGE_FILE_NOT_FOUND');
  });
});
