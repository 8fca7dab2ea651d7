/**
 * `specforge changelog`: changes grouped by operation and contract-wide section, each in a category
 * read from the rule's level and id (also for rules the catalogue does not have yet), the semver
 * bump they call for, --base against a temporary git repository, escaping of hostile contract text
 * in HTML and markdown, usage errors through the built CLI, and `specforge docs --changelog-base`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChangelog, type ChangelogOptions } from '../../src/cli/commands/changelog.js';
import { runDocs } from '../../src/cli/commands/docs.js';
import { UsageError } from '../../src/contract/errors.js';
import type { DiffChange } from '../../src/diff/change.js';
import { adviseVersion, categoryOf, contractChangelog, type Changelog, type ChangelogCategory } from '../../src/diff/changelog.js';
import { changesOfFiles } from '../../src/diff/report.js';
import { api, OK, ROOT, tmpRoot, writeFiles, type Doc } from './helpers.js';

const TMP = tmpRoot('changelog');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

interface Run {
  code: number;
  out: string;
}

async function run(options: ChangelogOptions): Promise<Run> {
  let out = '';
  const code = await runChangelog({ cwd: TMP, ...options, write: (t) => (out += t) });
  return { code, out };
}

async function json(options: ChangelogOptions): Promise<Changelog> {
  return JSON.parse((await run({ ...options, format: 'json' })).out) as Changelog;
}

function pair(name: string, base: Doc, head: Doc): [string, string] {
  return [writeFiles(join(TMP, name, 'base', 'pets'), { 'openapi.yaml': base }), writeFiles(join(TMP, name, 'head', 'pets'), { 'openapi.yaml': head })];
}

const versioned = (version: string, paths: Doc, components?: Doc): Doc => ({ ...api(paths, components), info: { title: 'Pets', version } });

const petSchema = (required: string[]): Doc => ({ type: 'object', required, properties: { id: { type: 'string' }, name: { type: 'string' } } });
const json200 = (schema: Doc): Doc => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const ID = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const SORT = { name: 'sort', in: 'query', schema: { type: 'string' } };

const BASE = versioned('1.4.2', {
  '/pets': { get: { operationId: 'listPets', summary: 'List pets', parameters: [SORT], responses: json200(petSchema(['id', 'name'])) } },
  '/pets/{id}': {
    get: { parameters: [ID], responses: OK },
    delete: { operationId: 'deletePet', parameters: [ID], responses: { '204': { description: 'gone' } } },
  },
});

const HEAD = versioned('1.5.0', {
  '/pets': {
    get: {
      operationId: 'listPets',
      summary: 'List pets',
      deprecated: true,
      responses: { ...json200(petSchema(['id'])), '404': { description: 'none' } },
    },
  },
  '/pets/{petId}': { get: { parameters: [{ ...ID, name: 'petId' }], responses: OK } },
  '/owners': { get: { operationId: 'listOwners', summary: 'List owners', responses: OK }, post: { responses: { '201': { description: 'made' } } } },
});

describe('grouping and categories', () => {
  const [base, head] = pair('groups', BASE, HEAD);

  it('groups changes by operation (path, then method), then contract-wide sections, each entry in its category', async () => {
    const log = await json({ specs: [base, head] });
    const c = log.contracts[0];
    expect(log.contracts).toHaveLength(1);
    expect(c?.spec).toBe('groups/head/pets/openapi.yaml');
    expect(c?.since).toBe('groups/base/pets/openapi.yaml');
    const groups = c?.operations.map((g) => [g.kind, g.title, g.operationId, g.summary, g.entries.map((e) => [e.category, e.rule])]);
    expect(groups).toEqual([
      ['path', '/owners', undefined, undefined, [['addition', 'api-path-added']]],
      [
        'operation',
        'GET /pets',
        'listPets',
        'List pets',
        [
          ['breaking', 'response-property-became-optional'],
          ['deprecation', 'operation-deprecated'],
          ['change', 'request-parameter-removed'],
          ['addition', 'response-status-added'],
        ],
      ],
      ['operation', 'DELETE /pets/{id}', 'deletePet', undefined, [['breaking', 'api-operation-removed']]],
    ]);
    // A path lists its operations, with their operationId and summary when the contract gives one.
    expect(c?.operations[0]?.operations).toEqual([{ method: 'get', operationId: 'listOwners', summary: 'List owners' }, { method: 'post' }]);
    // The operation's heading says "METHOD path": its entries do not repeat it.
    expect(c?.operations[1]?.entries[0]?.text).toBe('response 200 (application/json) property "name" became optional');
    expect(c?.operations[1]?.entries[0]?.message).toBe('GET /pets: response 200 (application/json) property "name" became optional');
    expect(c?.contract).toEqual([]);
    expect(c?.counts).toEqual({ breaking: 2, deprecation: 1, change: 1, addition: 2 });
  });

  it('puts a change of a security scheme in the contract-wide Security schemes section', async () => {
    const keyIn = (where: string): Doc =>
      versioned(
        '1.0.0',
        { '/a': { get: { security: [{ key: [] }], responses: OK } } },
        { securitySchemes: { key: { type: 'apiKey', in: where, name: 'key' } } },
      );
    const [b, h] = pair('schemes', keyIn('query'), keyIn('header'));
    const c = (await json({ specs: [b, h] })).contracts[0];
    expect(c?.operations).toEqual([]);
    expect(c?.contract.map((g) => g.title)).toEqual(['Security schemes']);
    expect(c?.contract[0]?.entries.map((e) => [e.category, e.rule.startsWith('security-scheme')])).toEqual([['breaking', true]]);
    const md = (await run({ specs: [b, h] })).out;
    expect(md).toMatch(/\n## Contract-wide changes\n\n### Security schemes\n\n- \*\*breaking\*\*: security scheme "key".* \(`security-scheme[a-z-]*`\)\n$/);
  });

  it('prints markdown release notes', async () => {
    const r = await run({ specs: [base, head] });
    expect(r.code).toBe(0);
    expect(r.out).toBe(`# Changelog: Pets

Contract \`groups/head/pets/openapi.yaml\` since \`groups/base/pets/openapi.yaml\`: 2 breaking changes, 1 deprecation, 1 change, 2 additions.

- info.version: 1.4.2 (base) -> 1.5.0 (head)
- Suggested bump: **major** (2 breaking changes): 1.4.2 -> **2.0.0**
- **Warning:** the head's info.version 1.5.0 is lower than the suggested 2.0.0

## Operations

### \`/owners\`

Operations: \`GET\`: List owners (\`listOwners\`); \`POST\`

- **addition**: path /owners was added (GET, POST) (\`api-path-added\`)

### \`GET /pets\`: List pets (\`listPets\`)

- **breaking**: response 200 (application/json) property "name" became optional (\`response-property-became-optional\`)
- **deprecation**: the operation is now deprecated (\`operation-deprecated\`)
- **change**: query parameter "sort" was removed (\`request-parameter-removed\`)
- **addition**: response 404 was added (\`response-status-added\`)

### \`DELETE /pets/{id}\` (\`deletePet\`)

- **breaking**: the operation was removed (\`api-operation-removed\`)
`);
  });

  it('is deterministic: the same input gives the same bytes, in every format', async () => {
    for (const format of ['markdown', 'html', 'json']) {
      const a = await run({ specs: [base, head], format });
      const b = await run({ specs: [base, head], format });
      expect(b.out).toBe(a.out);
    }
  });

  const CASES: Array<[string, { rule: string; level: DiffChange['level'] }, ChangelogCategory]> = [
    ['a breaking level wins over an -added id', { rule: 'response-body-enum-value-added', level: 'breaking' }, 'breaking'],
    ['a rule the catalogue does not have yet, ending in -added', { rule: 'response-property-added', level: 'info' }, 'addition'],
    ['an -added rule at the warning level', { rule: 'response-non-success-status-added', level: 'warning' }, 'addition'],
    ['an id with "deprecated"', { rule: 'request-property-deprecated', level: 'info' }, 'deprecation'],
    ['a warning that adds nothing', { rule: 'operation-id-changed', level: 'warning' }, 'change'],
    ['an info rule that adds nothing', { rule: 'operation-description-changed', level: 'info' }, 'change'],
    ['"added" not at the end', { rule: 'request-parameter-added-required', level: 'breaking' }, 'breaking'],
  ];
  it.each(CASES)('categorizes %s', (_, change, category) => {
    expect(categoryOf(change)).toBe(category);
  });

  it('places rules it has never seen by their ids: servers, webhooks and the rest of the contract', async () => {
    const compared = await changesOfFiles(base, base, { cwd: TMP });
    expect(compared.changes).toEqual([]);
    // Rules the engine may report later, with levels from the rule: not in today's catalogue.
    const extra = (rule: string, level: DiffChange['level'], message: string, more: Partial<DiffChange> = {}): DiffChange => ({
      rule: rule as DiffChange['rule'],
      level,
      message,
      pointer: '',
      ...more,
    });
    const changes = [
      extra('webhook-added', 'info', 'webhook newPet was added'),
      extra('server-removed', 'warning', 'server https://old.example.com was removed'),
      extra('info-contact-changed', 'info', 'the contact changed'),
      extra('webhook-property-type-changed', 'breaking', 'POST newPet: property "id" changed type', {
        operation: { method: 'post', path: 'newPet', id: 'newPet' },
      }),
      extra('request-property-added', 'info', 'GET /pets: request property "tag" was added', { operation: { method: 'get', path: '/pets', id: 'listPets' } }),
    ];
    const log = contractChangelog({ ...compared, path: base, changes, since: 'v1' }, TMP);
    expect(log.operations.map((g) => [g.title, g.entries.map((e) => [e.category, e.text])])).toEqual([
      ['GET /pets', [['addition', 'request property "tag" was added']]],
    ]);
    expect(log.contract.map((g) => [g.title, g.entries.map((e) => [e.category, e.rule])])).toEqual([
      ['Servers', [['change', 'server-removed']]],
      [
        'Webhooks',
        [
          ['breaking', 'webhook-property-type-changed'],
          ['addition', 'webhook-added'],
        ],
      ],
      ['Contract', [['change', 'info-contact-changed']]],
    ]);
    expect(log.version.bump).toBe('major');
  });
});

describe('suggested version', () => {
  const counts = (breaking: number, deprecation: number, change: number, addition: number): Record<ChangelogCategory, number> => ({
    breaking,
    deprecation,
    change,
    addition,
  });
  const CASES: Array<[string, Record<ChangelogCategory, number>, string, string, { bump: string; next?: string; warning: boolean; verdict: RegExp }]> = [
    [
      'breaking: major',
      counts(1, 0, 2, 3),
      '1.4.2',
      '1.4.2',
      { bump: 'major', next: '2.0.0', warning: true, verdict: /1\.4\.2 is lower than the suggested 2\.0\.0/ },
    ],
    [
      'addition: minor',
      counts(0, 0, 2, 1),
      '1.4.2',
      '1.5.0',
      { bump: 'minor', next: '1.5.0', warning: false, verdict: /1\.5\.0 already satisfies the minor bump/ },
    ],
    [
      'deprecation: minor (semver §7)',
      counts(0, 1, 0, 0),
      '1.4.2',
      '1.4.3',
      { bump: 'minor', next: '1.5.0', warning: true, verdict: /1\.4\.3 is lower than the suggested 1\.5\.0/ },
    ],
    ['change only: patch', counts(0, 0, 1, 0), '1.4.2', '1.4.3', { bump: 'patch', next: '1.4.3', warning: false, verdict: /satisfies the patch bump/ }],
    [
      'nothing: no change',
      counts(0, 0, 0, 0),
      '1.4.2',
      '1.4.2',
      { bump: 'none', next: '1.4.2', warning: false, verdict: /unchanged, and nothing needs a new one/ },
    ],
    [
      'a higher bump than needed satisfies',
      counts(0, 0, 0, 1),
      '1.4.2',
      '2.0.0',
      { bump: 'minor', next: '1.5.0', warning: false, verdict: /already satisfies/ },
    ],
    [
      'a release candidate of the next major satisfies',
      counts(1, 0, 0, 0),
      '1.4.2',
      '2.0.0-rc.1',
      { bump: 'major', next: '2.0.0', warning: false, verdict: /already satisfies/ },
    ],
    [
      'a pre-release base is released by its bump',
      counts(1, 0, 0, 0),
      '2.0.0-rc.1',
      '2.0.0-rc.2',
      { bump: 'major', next: '2.0.0', warning: false, verdict: /already satisfies/ },
    ],
    ['a "v" prefix is kept', counts(1, 0, 0, 0), 'v1.4.2', 'v2.0.0', { bump: 'major', next: 'v2.0.0', warning: false, verdict: /already satisfies/ }],
    [
      '0.x still bumps major',
      counts(1, 0, 0, 0),
      '0.3.1',
      '0.4.0',
      { bump: 'major', next: '1.0.0', warning: true, verdict: /lower than the suggested 1\.0\.0/ },
    ],
    [
      'a version lower than the base',
      counts(0, 0, 0, 0),
      '1.4.2',
      '1.4.1',
      { bump: 'none', next: '1.4.2', warning: true, verdict: /1\.4\.1 is lower than the base's 1\.4\.2/ },
    ],
    [
      'a date version: the kind, no number',
      counts(1, 0, 0, 0),
      '2022-11-28',
      '2024-01-01',
      { bump: 'major', warning: false, verdict: /2022-11-28 is not a semantic version, so no number is suggested/ },
    ],
    [
      'a date version left unchanged',
      counts(0, 0, 0, 1),
      '2022-11-28',
      '2022-11-28',
      { bump: 'minor', warning: true, verdict: /still 2022-11-28: a minor change needs a new version/ },
    ],
    ['"v1": the kind, no number', counts(0, 0, 1, 0), 'v1', 'v2', { bump: 'patch', warning: false, verdict: /v1 is not a semantic version/ }],
    [
      'a semver base and a head that is not',
      counts(0, 0, 0, 1),
      '1.4.2',
      'next',
      { bump: 'minor', next: '1.5.0', warning: true, verdict: /next is not a semantic version; a minor bump of 1\.4\.2 is 1\.5\.0/ },
    ],
  ];
  it.each(CASES)('%s', (_, c, base, head, want) => {
    const advice = adviseVersion(c, base, head);
    expect(advice.bump).toBe(want.bump);
    expect(advice.next).toBe(want.next);
    expect(advice.warning).toBe(want.warning);
    expect(advice.verdict).toMatch(want.verdict);
  });

  it('says "no change" for identical contracts, and patch when only a description changed', async () => {
    const doc = versioned('3.1.0', { '/pets': { get: { description: 'All the pets.', responses: OK } } });
    const [same] = pair('same', doc, doc);
    const none = await run({ specs: [same, same] });
    expect(none.out).toContain('- Suggested bump: none (no change)\n');
    expect(none.out).toContain(': no change.\n');
    expect(none.out).toMatch(/\nNo change\.\n$/);
    const [base, head] = pair('described', doc, versioned('3.1.1', { '/pets': { get: { description: 'Every pet.', responses: OK } } }));
    const log = await json({ specs: [base, head] });
    expect(log.contracts[0]?.version).toMatchObject({
      bump: 'patch',
      next: '3.1.1',
      warning: false,
      reason: 'changes the diff does not list (descriptions, examples, …)',
    });
    // Only info.version changed: nothing to release.
    const [b2, h2] = pair('bumped-only', doc, versioned('3.2.0', { '/pets': { get: { description: 'All the pets.', responses: OK } } }));
    expect((await json({ specs: [b2, h2] })).contracts[0]?.version.bump).toBe('none');
  });

  it('--check-version exits 1 when info.version is lower than the bump needs', async () => {
    const [base, head] = pair(
      'check',
      versioned('1.0.0', { '/a': { get: { responses: OK } } }),
      versioned('1.0.0', { '/a': { get: { responses: OK } }, '/b': { get: { responses: OK } } }),
    );
    expect((await run({ specs: [base, head] })).code).toBe(0);
    expect((await run({ specs: [base, head], checkVersion: true })).code).toBe(1);
    const [okBase, okHead] = pair(
      'check-ok',
      versioned('1.0.0', { '/a': { get: { responses: OK } } }),
      versioned('1.1.0', { '/a': { get: { responses: OK } }, '/b': { get: { responses: OK } } }),
    );
    expect((await run({ specs: [okBase, okHead], checkVersion: true })).code).toBe(0);
  });
});

describe('hostile contract text', () => {
  const HOSTILE = '<script>alert(1)</script>';
  const doc = (version: string, extra: Doc): Doc => ({
    openapi: '3.1.0',
    info: { title: `Pets ${HOSTILE}`, version: `${version}<img src=x onerror=alert(2)>` },
    paths: {
      [`/x${HOSTILE}`]: { get: { operationId: 'x_script', summary: `Pipe | tick \` star * ${HOSTILE} & [link](http://e.example)`, responses: OK, ...extra } },
    },
  });
  const [base, head] = pair('hostile', doc('1.0.0', {}), doc('1.0.1', { deprecated: true }));

  it('escapes every contract text in HTML: no element, attribute or script from the contract', async () => {
    const r = await run({ specs: [base, head], format: 'html' });
    const body = r.out.slice(r.out.indexOf('<body>'));
    expect(r.out).not.toContain('<script');
    expect(r.out).not.toContain('<img');
    expect(r.out).toContain('<title>Changelog: Pets &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(body).toContain(
      '<h3><code>GET /x&lt;script&gt;alert(1)&lt;/script&gt;</code>: Pipe | tick ` star * &lt;script&gt;alert(1)&lt;/script&gt; &amp; [link](http://e.example) (<code>x_script</code>)</h3>',
    );
    expect(body).toContain('1.0.0&lt;img src=x onerror=alert(2)&gt; (base)');
    expect(r.out).toContain('Content-Security-Policy" content="default-src \'none\'');
  });

  it('escapes markdown: no HTML, code span, emphasis, link or table cell from the contract', async () => {
    const r = await run({ specs: [base, head] });
    expect(r.out).toContain('# Changelog: Pets \\<script\\>alert(1)\\</script\\>\n');
    expect(r.out).toContain(
      '### `GET /x<script>alert(1)</script>`: Pipe \\| tick \\` star \\* \\<script\\>alert(1)\\</script\\> \\& \\[link\\](http://e.example) (`x_script`)\n',
    );
    expect(r.out).toContain('- info.version: 1.0.0\\<img src=x onerror=alert(2)\\> (base)');
    // Outside code spans, no "<" is left unescaped.
    const outsideCode = r.out.replace(/`[^`]*`/g, '');
    expect(outsideCode).not.toMatch(/(^|[^\\])</m);
  });

  it('keeps a backtick in a path inside its code span', async () => {
    const [b, h] = pair('tick', api({ '/a`b': { get: { responses: OK } } }), api({ '/a`b': { get: { responses: OK, deprecated: true } } }));
    expect((await run({ specs: [b, h] })).out).toContain('### ``GET /a`b``\n');
  });
});

describe('--output', () => {
  const [base, head] = pair('output', BASE, HEAD);

  it('writes the file, in the format its name ends in, and prints the bump', async () => {
    const r = await run({ specs: [base, head], output: 'out/notes.html' });
    expect(r.code).toBe(0);
    expect(readFileSync(join(TMP, 'out', 'notes.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect(r.out).toBe(
      "output/head/pets/openapi.yaml: 2 breaking changes; suggested bump: major (1.4.2 -> 2.0.0); warning: the head's info.version 1.5.0 is lower than the suggested 2.0.0\nchangelog written to out/notes.html\n",
    );
    await run({ specs: [base, head], output: 'out/notes.txt' });
    expect(readFileSync(join(TMP, 'out', 'notes.txt'), 'utf8')).toMatch(/^# Changelog: Pets\n/);
    await run({ specs: [base, head], output: 'out/notes.json' });
    expect(JSON.parse(readFileSync(join(TMP, 'out', 'notes.json'), 'utf8'))).toHaveProperty('contracts');
  });

  it('rejects a bad format and a wrong number of contracts', async () => {
    await expect(run({ specs: [base, head], format: 'xml' })).rejects.toThrow(/unknown --format "xml"; use one of markdown, html, json/);
    await expect(run({ specs: [base] })).rejects.toThrow(UsageError);
  });
});

describe('with a git repository', () => {
  let repo: string;
  const git = (...args: string[]): string => {
    const r = spawnSync('git', ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const ENTRY = (version: string, extra = ''): string => `openapi: 3.1.0
info: { title: Pets, version: '${version}' }
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: './schemas.yaml#/Pet'
${extra}`;
  const SCHEMAS = `Pet:
  type: object
  required: [id, name]
  properties:
    id: { type: string }
    name: { type: string }
`;

  beforeAll(() => {
    repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-changelog-git-')));
    git('init', '-q');
    writeFiles(repo, {
      'specforge.config.yaml': 'specs:\n  - path: specs/pets/openapi.yaml\n',
      'specs/pets/openapi.yaml': ENTRY('1.0.0'),
      'specs/pets/schemas.yaml': SCHEMAS,
    });
    git('add', '.');
    git('commit', '-qm', 'pets 1.0.0');
    git('tag', 'v1.0.0');
    // The working tree: a $ref-ed schema loses a required property, an operation is added, a new contract.
    writeFiles(repo, {
      'specs/pets/openapi.yaml': ENTRY(
        '1.1.0',
        `  /pets/{id}:\n    get:\n      operationId: showPet\n      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]\n      responses: { '200': { description: ok } }\n`,
      ),
      'specs/pets/schemas.yaml': SCHEMAS.replace('required: [id, name]', 'required: [id]'),
      'specs/owners/openapi.yaml': api({ '/owners': { get: { responses: OK } } }),
      'specforge.config.yaml': 'specs:\n  - path: specs/pets/openapi.yaml\n  - path: specs/owners/openapi.yaml\n',
    });
  });

  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('--base compares every contract of the config with the revision, with its $ref-ed files', async () => {
    const log = await json({ cwd: repo, base: 'v1.0.0' });
    expect(log.contracts.map((c) => [c.spec, c.since, c.isNew, c.version.bump, c.version.next, c.version.warning])).toEqual([
      ['specs/pets/openapi.yaml', 'v1.0.0', false, 'major', '2.0.0', true],
      ['specs/owners/openapi.yaml', 'v1.0.0', true, 'none', undefined, false],
    ]);
    const pets = log.contracts[0];
    expect(pets?.operations.map((g) => [g.title, g.entries.map((e) => e.rule)])).toEqual([
      ['GET /pets', ['response-property-became-optional']],
      ['/pets/{id}', ['api-path-added']],
    ]);
    expect(log.contracts[1]?.contract.map((g) => [g.title, g.entries.map((e) => e.rule)])).toEqual([['Contract', ['spec-added']]]);
    // Only the contracts named.
    const one = await json({ cwd: repo, base: 'v1.0.0', specs: ['specs/owners/openapi.yaml'] });
    expect(one.contracts.map((c) => c.spec)).toEqual(['specs/owners/openapi.yaml']);
    const md = (await run({ cwd: repo, base: 'v1.0.0', specs: ['specs/pets/openapi.yaml'] })).out;
    expect(md).toContain('Contract `specs/pets/openapi.yaml` since `v1.0.0`: 1 breaking change, 1 addition.\n');
  });

  it('an unknown revision is a usage error', async () => {
    await expect(run({ cwd: repo, base: 'no-such-tag' })).rejects.toThrow(/no such revision/);
  });

  it('specforge docs --changelog-base publishes each changelog beside its page, linked from the index', async () => {
    const out = join(repo, 'site');
    let printed = '';
    const code = await runDocs({ cwd: repo, out: 'site', changelogBase: 'v1.0.0', write: (t) => (printed += t) });
    expect(code).toBe(0);
    const html = readFileSync(join(out, 'pets', 'changelog.html'), 'utf8');
    // A page of the contract's site: the site's header and sidebar (the changelog marked current), no inline script.
    expect(html).toContain('<a class="site" href="../index.html">API docs</a>');
    expect(html).toContain('<span class="crumbs"><a href="index.html">Pets 1.1.0</a></span>');
    expect(html).toContain('<li><a href="changelog.html" aria-current="page">Changelog</a></li>');
    expect(html).toContain('<h3><code>GET /pets</code>: List pets (<code>listPets</code>)</h3>');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(readFileSync(join(out, 'pets', 'changelog.md'), 'utf8')).toMatch(/^# Changelog: Pets\n\nContract `specs\/pets\/openapi\.yaml` since `v1\.0\.0`/);
    expect(existsSync(join(out, 'owners', 'changelog.html'))).toBe(true);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<a href="./pets/changelog.html">changelog</a>');
    expect(printed).toContain('site/pets/changelog.html: changes of Pets since v1.0.0\n');
    // Without the option, no changelog and no link.
    rmSync(out, { recursive: true, force: true });
    await runDocs({ cwd: repo, out: 'site', write: () => undefined });
    expect(existsSync(join(out, 'pets', 'changelog.html'))).toBe(false);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain('changelog');
  });

  it('docs with a --changelog-base that does not exist writes nothing', async () => {
    const out = join(repo, 'site-bad');
    await expect(runDocs({ cwd: repo, out: 'site-bad', changelogBase: 'no-such-tag', write: () => undefined })).rejects.toThrow(/no such revision/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('the built CLI', () => {
  const cli = (args: string[]): { code: number | null; stdout: string; stderr: string } => {
    const r = spawnSync(process.execPath, [CLI, 'changelog', ...args], { cwd: TMP, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  let base: string;
  let head: string;

  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error('build specforge first (npm run build)');
    [base, head] = pair('cli', BASE, HEAD);
  });

  it('prints the changelog and exits 0', () => {
    const r = cli([base, head]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^# Changelog: Pets\n/);
    expect(r.stderr).toBe('');
  });

  it.each([
    [['a.yaml', 'b.yaml', '--format', 'xml'], 'unknown --format "xml"; use one of markdown, html, json'],
    [['only-one.yaml'], 'changelog needs two contracts (<base> <head>) or --base <git-ref>'],
    [['--base', 'no-such-ref'], 'no such revision'],
    [['a.yaml', 'b.yaml', '--no-such-flag'], "unknown option '--no-such-flag'"],
  ])('%j is a usage error: exit 2, a message, no stack trace', (args, message) => {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });
});
