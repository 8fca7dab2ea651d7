/**
 * The organization migrations contract (specs/migrations) held against its seed document
 * (test/fixtures/seeds/001_46745661de956c3e.txt, part C):
 *
 * 1. every endpoint, status, field, state, start-body field, limit and the version header of the
 *    seed, read from the seed at test time;
 * 2. conformance: every example validates, and every example request makes a round trip through
 *    the generated server with the generated mock handlers;
 * 3. one counter-example per rule, each next to a value that passes: requests through the mock,
 *    response bodies through the generated validators and the generated server;
 * 4. the stateful mock: state progression, locks, archives, organizations, pages, exclude.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMock, createMockHandlers, mocks } from '../../generated/migrations/mocks.js';
import { createServer, type Handlers } from '../../generated/migrations/server.js';
import * as validators from '../../generated/migrations/validators.js';
import { buildModel } from '../../src/contract/model.js';
import { toFetchHandler } from '../../src/runtime/index.js';
import { deref, jsonClient, propertyNames, rejectedExamples, roundTripFailures, schemaOf, withValue, type Json } from './contract-helpers.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SEED = resolve(import.meta.dirname, '..', 'fixtures', 'seeds', '001_46745661de956c3e.txt');
const seed = readFileSync(SEED, 'utf8');
const model = await buildModel(join(ROOT, 'specs', 'migrations', 'openapi.yaml'));
const { schemaValidators } = validators;
const ORG = 'octo-org';

/** The seed text from the line starting with `from` up to the next line starting with `to`. */
function seedSection(from: string, to: string, after = 0): string {
  const start = seed.indexOf(`\n${from}`, after);
  const end = seed.indexOf(`\n${to}`, start + 1);
  if (start < 0 || end < 0) throw new Error(`seed section ${from} not found`);
  return seed.slice(start, end);
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

/** Splits a list at top-level commas (not inside braces or parentheses). */
function topLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '{' || c === '(') depth++;
    if (c === '}' || c === ')') depth--;
    if (c === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** Field names of a seed field list, with the fields of `name {a, b}` groups and `*_url (a, b)` templates. */
function seedFields(list: string): { fields: string[]; nested: Record<string, string[]> } {
  const fields: string[] = [];
  const nested: Record<string, string[]> = {};
  for (const item of topLevel(list)) {
    const urls = /\*_url template fields \(([^)]*)\)/.exec(item);
    if (urls) {
      fields.push(...(urls[1] as string).split(',').map((u) => `${u.trim()}_url`));
      continue;
    }
    const name = /^(?:and in the migration listings also )?([a-z_]+)/.exec(item)?.[1];
    if (!name) throw new Error(`unreadable field ${item}`);
    fields.push(name);
    const group = /\{(.*)\}/.exec(item);
    if (group) nested[name] = topLevel((group[1] as string).split(';')[0] as string).map((f) => (/^[a-z_]+/.exec(f) as RegExpExecArray)[0]);
  }
  return { fields, nested };
}

const partC = seed.slice(seed.indexOf('\n### C. Migration'));
const migrationRows = seedSection('| Field | Type |', '\n', seed.indexOf('### C. Migration'))
  .split('\n')
  .filter((l) => /^\|\s*[a-z_]/.test(l) && !l.includes('| Field |'));
const repositoryLine = (/Repository object \([^)]*\): (.*)\.\n/.exec(partC) as RegExpExecArray)[1] as string;
const [baseRepository, migrationListingExtras] = repositoryLine.split(', and in the migration listings also ') as [string, string];

const endpointRows = seedSection('### C. Organization migrations', '### ', seed.indexOf('## 4. Endpoints'))
  .split('\n')
  .filter((l) => /^\|\s*(GET|POST|DELETE)\s+\//.test(l))
  .map((l) => {
    const row = cells(l);
    const [method, path] = (row[0] as string).split(/\s+/) as [string, string];
    const statuses = [...`${row[2]} ${row[3]}`.matchAll(/\b[1-5][0-9]{2}\b/g)].map((m) => m[0]);
    return { method, path, statuses };
  });

const startBodyRows = seedSection('Start body fields:', 'The default values', seed.indexOf('### C. Organization migrations'))
  .split('\n')
  .filter((l) => /^\|\s*[a-z_]+\s*\|/.test(l) && !l.includes('| Field |'))
  .map((l) => cells(l)[0] as string);

function operation(method: string, path: string): (typeof model.operations)[number] {
  const op = model.operations.find((o) => o.method === method.toLowerCase() && o.path === path);
  if (!op) throw new Error(`no operation ${method} ${path}`);
  return op;
}

// ---- 1. seed coverage ---------------------------------------------------------------------------

describe('seed part C: the contract has every endpoint, field, state and limit', () => {
  it('reads the seven endpoints of the seed', () => {
    expect(endpointRows).toHaveLength(7);
    expect(model.operations).toHaveLength(7);
  });

  it.each(endpointRows.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s declares the seed statuses and org (and migration_id) parameters',
    (_name, row) => {
      const op = operation(row.method, row.path);
      expect(op.responses.map((r) => r.status)).toEqual(expect.arrayContaining(row.statuses));
      expect(op.parameters.find((p) => p.name === 'org')).toMatchObject({ in: 'path', required: true });
      if (row.path.includes('{migration_id}')) {
        const id = op.parameters.find((p) => p.name === 'migration_id');
        expect(id?.required).toBe(true);
        expect(deref(model, id?.schema)['type']).toBe('integer');
      }
      const version = op.parameters.find((p) => p.name === 'X-GitHub-Api-Version');
      expect(version?.in).toBe('header');
      expect(deref(model, version?.schema)['enum']).toEqual(['2022-11-28']);
    },
  );

  it('the list operations take per_page (at most 100) and page; the migration reads take exclude', () => {
    for (const path of ['/orgs/{org}/migrations', '/orgs/{org}/migrations/{migration_id}/repositories']) {
      const op = operation('GET', path);
      expect(deref(model, op.parameters.find((p) => p.name === 'per_page')?.schema)).toMatchObject({ type: 'integer', maximum: 100 });
      expect(deref(model, op.parameters.find((p) => p.name === 'page')?.schema)['type']).toBe('integer');
      expect(op.responses.find((r) => r.status === '200')?.headers.map((h) => h.name)).toContain('Link');
    }
    for (const path of ['/orgs/{org}/migrations', '/orgs/{org}/migrations/{migration_id}']) {
      expect(deref(model, operation('GET', path).parameters.find((p) => p.name === 'exclude')?.schema)['type']).toBe('array');
    }
  });

  it('the archive download is a 302 whose Location header is required', () => {
    const found = operation('GET', '/orgs/{org}/migrations/{migration_id}/archive').responses.find((r) => r.status === '302');
    expect(found?.headers.find((h) => h.name === 'Location')?.required).toBe(true);
  });

  it('404 and 422 answer GitHub error bodies', () => {
    const start = operation('POST', '/orgs/{org}/migrations');
    expect(start.responses.find((r) => r.status === '404')?.content[0]?.schema).toEqual({ $ref: '#/components/schemas/BasicError' });
    expect(start.responses.find((r) => r.status === '422')?.content[0]?.schema).toEqual({ $ref: '#/components/schemas/ValidationError' });
  });

  it('Migration has every field of the seed table, and the owner every user field', () => {
    const names = migrationRows.flatMap((l) => (cells(l)[0] as string).split(',').map((n) => n.trim()));
    expect(names).toContain('exclude_owner_projects');
    expect(propertyNames(model, schemaOf(model, 'Migration'))).toEqual(expect.arrayContaining(names));
    const ownerRow = migrationRows.find((l) => l.startsWith('| owner'));
    const ownerFields = ((/with (.*) \|$/.exec(ownerRow ?? '') as RegExpExecArray)[1] as string)
      .replace(/\s*\(boolean\)/, '')
      .split(',')
      .map((f) => f.trim());
    expect(ownerFields).toHaveLength(18);
    expect(propertyNames(model, schemaOf(model, 'SimpleUser'))).toEqual(expect.arrayContaining(ownerFields));
    expect(schemaOf(model, 'SimpleUser')['required']).toEqual(expect.arrayContaining(ownerFields));
  });

  it('the state enum is the seed list', () => {
    const row = migrationRows.find((l) => l.startsWith('| state'));
    const states = ((/string: (.*) \|$/.exec(row ?? '') as RegExpExecArray)[1] as string).split(',').map((s) => s.trim());
    expect(schemaOf(model, 'MigrationState')['enum']).toEqual(states);
  });

  it('Repository has every field of the seed, MigrationRepository the listing fields too', () => {
    const base = seedFields(baseRepository);
    const extras = seedFields(migrationListingExtras);
    expect(base.fields).toContain('trees_url');
    expect(base.fields.length).toBeGreaterThan(70);
    expect(propertyNames(model, schemaOf(model, 'Repository'))).toEqual(expect.arrayContaining(base.fields));
    expect(propertyNames(model, schemaOf(model, 'MigrationRepository'))).toEqual(expect.arrayContaining([...base.fields, ...extras.fields]));
    const repository = schemaOf(model, 'Repository')['properties'] as Json;
    expect(propertyNames(model, deref(model, repository['permissions']))).toEqual(base.nested['permissions']);
    expect(propertyNames(model, deref(model, repository['security_and_analysis']))).toEqual(base.nested['security_and_analysis']);
    expect(deref(model, schemaOf(model, 'FeatureStatus')['properties'] as Json)['status']).toMatchObject({ enum: ['enabled', 'disabled'] });
    expect(propertyNames(model, schemaOf(model, 'License'))).toEqual(extras.nested['license']);
  });

  it('the start body has every field of the seed, repositories required', () => {
    expect(startBodyRows).toHaveLength(9);
    const start = schemaOf(model, 'StartMigration');
    expect(Object.keys(start['properties'] as Json)).toEqual(startBodyRows);
    expect(start['required']).toEqual(['repositories']);
  });
});

// ---- 2. conformance -----------------------------------------------------------------------------

describe('conformance', () => {
  it('every example of the contract is accepted by the generated validators', () => {
    expect(rejectedExamples(model, validators)).toEqual([]);
  });

  it('every example request makes a round trip through the generated server with the mock handlers', async () => {
    const server = createServer(createMockHandlers(), { validateResponses: true });
    const { sent, failures } = await roundTripFailures(model, toFetchHandler(server), mocks, validators);
    expect(sent).toBeGreaterThanOrEqual(model.operations.length);
    expect(failures).toEqual([]);
  });
});

// ---- 3. counter-examples ------------------------------------------------------------------------

const mock = createMock({ stateful: true });
const call = jsonClient(mock.fetch, { authorization: 'Bearer conformance-token' });
beforeEach(() => mock.reset());

describe('every request rule has a value that is refused', () => {
  it.each([
    ['per_page 100 is the largest page', '/orgs/octo-org/migrations?per_page=100', 200],
    ['per_page over 100', '/orgs/octo-org/migrations?per_page=101', 400],
    ['per_page below 1', '/orgs/octo-org/migrations?per_page=0', 400],
    ['per_page not an integer', '/orgs/octo-org/migrations?per_page=ten', 400],
    ['page below 1', '/orgs/octo-org/migrations?page=0', 400],
    ['exclude repositories', '/orgs/octo-org/migrations?exclude=repositories', 200],
    ['exclude of something else', '/orgs/octo-org/migrations?exclude=owner', 400],
    ['exclude on a read', '/orgs/octo-org/migrations/79?exclude=repositories', 200],
    ['exclude of something else on a read', '/orgs/octo-org/migrations/79?exclude=owner', 400],
    ['migration_id not an integer', '/orgs/octo-org/migrations/seventy-nine', 400],
    ['repositories per_page over 100', '/orgs/octo-org/migrations/79/repositories?per_page=101', 400],
  ])('%s: %s is %i', async (_rule, path, status) => {
    const answer = await call('GET', path);
    expect(answer.status, answer.text).toBe(status);
    if (status >= 400) expect(schemaValidators.BasicError(answer.body)).toBe(true);
  });

  it.each([
    ['2022-11-28', 200],
    ['2021-01-01', 400],
    ['latest', 400],
  ])('X-GitHub-Api-Version %s is %i', async (version, status) => {
    const answer = await call('GET', '/orgs/octo-org/migrations', undefined, { 'x-github-api-version': version });
    expect(answer.status).toBe(status);
  });

  it.each([
    ['a valid body', { repositories: ['Hello-World'], lock_repositories: true }, 201],
    ['repositories missing', { lock_repositories: true }, 422],
    ['repositories not an array', { repositories: 'Hello-World' }, 422],
    ['a repository not a string', { repositories: [42] }, 422],
    ['a flag not a boolean', { repositories: ['a'], exclude_releases: 'yes' }, 422],
    ['exclude of something else', { repositories: ['a'], exclude: ['owner'] }, 422],
    ['org_metadata_only with no repositories', { repositories: [], org_metadata_only: true }, 201],
    ['org_metadata_only with repositories', { repositories: ['a'], org_metadata_only: true }, 422],
  ])('start with %s: %j is %i', async (_rule, body, status) => {
    const answer = await call('POST', '/orgs/octo-org/migrations', body);
    expect(answer.status, answer.text).toBe(status);
    if (status === 422) expect(schemaValidators.ValidationError(answer.body)).toBe(true);
  });

  const FLAGS = [
    'lock_repositories',
    'exclude_metadata',
    'exclude_git_data',
    'exclude_attachments',
    'exclude_releases',
    'exclude_owner_projects',
    'org_metadata_only',
  ];

  it('the start-body booleans are those of the seed', () => {
    const start = schemaOf(model, 'StartMigration')['properties'] as Json;
    expect(startBodyRows.filter((f) => deref(model, start[f])['type'] === 'boolean')).toEqual(FLAGS);
  });

  it.each(
    FLAGS.flatMap(
      (flag) =>
        [
          ['"true"', flag, 'true'],
          ['1', flag, 1],
          ['null', flag, null],
          ['[]', flag, []],
        ] as const,
    ),
  )('start with %s as %s is 422 naming the flag, and nothing is started', async (_text, flag, value) => {
    const answer = await call('POST', '/orgs/octo-org/migrations', { repositories: flag === 'org_metadata_only' ? [] : ['a'], [flag]: value });
    expect(answer.status, answer.text).toBe(422);
    expect(schemaValidators.ValidationError(answer.body)).toBe(true);
    expect(answer.text).toContain(`/${flag}`);
    expect(((await call('GET', '/orgs/octo-org/migrations')).body as Json[]).map((m) => m['id'])).toEqual([79, 80]);
  });

  it.each(FLAGS)('start with %s true is 201', async (flag) => {
    const answer = await call('POST', '/orgs/octo-org/migrations', { repositories: flag === 'org_metadata_only' ? [] : ['a'], [flag]: true });
    expect(answer.status, answer.text).toBe(201);
    expect((answer.body as Json)[flag]).toBe(true);
  });

  it.each(
    ['/orgs/octo-org/migrations', '/orgs/octo-org/migrations/79/repositories'].flatMap(
      (list) =>
        [
          [list, 'per_page=1', 200],
          [list, 'per_page=100', 200],
          [list, 'per_page=0', 400],
          [list, 'per_page=101', 400],
          [list, 'per_page=-5', 400],
          [list, 'per_page=2.5', 400],
          [list, 'page=1', 200],
          [list, 'page=0', 400],
          [list, 'page=-1', 400],
          [list, 'page=1.5', 400],
          [list, 'page=two', 400],
        ] as const,
    ),
  )('%s?%s is %i', async (list, query, status) => {
    const answer = await call('GET', `${list}?${query}`);
    expect(answer.status, answer.text).toBe(status);
    if (status === 400) {
      expect(schemaValidators.BasicError(answer.body)).toBe(true);
      expect(answer.text).toContain(query.split('=')[0] as string);
    }
  });

  /** One valid request of each of the seven operations (81 is a migration that locks Hello-World, started first). */
  const EVERY_OPERATION: Array<[string, string, Json | undefined, number]> = [
    ['GET', '/orgs/octo-org/migrations', undefined, 200],
    ['POST', '/orgs/octo-org/migrations', { repositories: ['a'] }, 201],
    ['GET', '/orgs/octo-org/migrations/80', undefined, 200],
    ['GET', '/orgs/octo-org/migrations/80/archive', undefined, 302],
    ['DELETE', '/orgs/octo-org/migrations/80/archive', undefined, 204],
    ['DELETE', '/orgs/octo-org/migrations/81/repos/Hello-World/lock', undefined, 204],
    ['GET', '/orgs/octo-org/migrations/80/repositories', undefined, 200],
  ];

  it('every operation of the seed is in the table above', () => {
    expect(
      EVERY_OPERATION.map(
        ([method, path]) =>
          method +
          ' ' +
          path
            .replace('octo-org', '{org}')
            .replace(/\/8[01]\b/, '/{migration_id}')
            .replace('Hello-World', '{repo_name}'),
      ).sort(),
    ).toEqual(endpointRows.map((r) => `${r.method} ${r.path}`).sort());
  });

  it.each(EVERY_OPERATION)('%s %s takes X-GitHub-Api-Version 2022-11-28, and refuses another version with 400', async (method, path, body, status) => {
    expect((await call('POST', '/orgs/octo-org/migrations', { repositories: ['Hello-World'], lock_repositories: true })).body).toMatchObject({ id: 81 });
    for (const version of ['2021-01-01', '2022-11-29', 'latest', '']) {
      const refused = await call(method, path, body, { 'x-github-api-version': version });
      expect(refused.status, `${version}: ${refused.text}`).toBe(400);
      expect(schemaValidators.BasicError(refused.body)).toBe(true);
      expect((refused.body as { message: string }).message).toBe(
        'request does not match the contract: header parameter "x-github-api-version" must be equal to one of the allowed values: "2022-11-28"',
      );
    }
    const served = await call(method, path, body, { 'x-github-api-version': '2022-11-28' });
    expect(served.status, served.text).toBe(status);
  });

  it('start with a body that is not JSON is a 400 (GitHub: problems parsing JSON)', async () => {
    const res = await mock.fetch(
      new Request('http://contract.test/orgs/octo-org/migrations', {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{"repositories":',
      }),
    );
    expect(res.status).toBe(400);
  });

  it.each([
    ['Bearer', 'Bearer abc', 200],
    ['token (as GitHub clients send it)', 'token abc', 200],
    ['Basic', 'Basic YTpi', 401],
    ['nothing', '', 401],
  ])('Authorization %s (%j) is %i, and the token never appears in the answer', async (_kind, authorization, status) => {
    const headers: Record<string, string> = authorization ? { authorization } : {};
    const res = await mock.fetch(new Request('http://contract.test/orgs/octo-org/migrations', { headers }));
    const text = await res.text();
    expect(res.status).toBe(status);
    if (status === 401) {
      expect(schemaValidators.BasicError(JSON.parse(text))).toBe(true);
      expect(text).not.toContain('YTpi');
    }
  });
});

const pending = (await call('GET', '/orgs/octo-org/migrations/79')).body as Json;
const exportedList = (await call('GET', '/orgs/octo-org/migrations')).body as Json[];
const exported = exportedList[1] as Json;
mock.reset();

describe('every response rule has a value that is refused', () => {
  it('the bases pass', () => {
    expect(schemaValidators.Migration(pending)).toBe(true);
    expect(schemaValidators.Migration(exported)).toBe(true);
    expect(exported['archive_url']).toBeDefined();
  });

  it.each([
    ['state outside the enum', 'state', 'done'],
    ['state missing', 'state', undefined],
    ['guid not a UUID', 'guid', 'not-a-uuid'],
    ['created_at without offset', 'created_at', '2015-07-06 15:33:38'],
    ['updated_at not a date', 'updated_at', 'yesterday'],
    ['url not a URI', 'url', 'not a uri'],
    ['archive_url not a URI', 'archive_url', 'archive'],
    ['id not an integer', 'id', '80'],
    ['owner missing', 'owner', undefined],
    ['owner.site_admin not a boolean', 'owner.site_admin', 'no'],
    ['owner.login missing', 'owner.login', undefined],
    ['lock_repositories not a boolean', 'lock_repositories', 'true'],
    ['exclude_owner_projects missing', 'exclude_owner_projects', undefined],
    ['repositories not an array', 'repositories', {}],
    ['a repository without html_url', 'repositories.0.html_url', undefined],
    ['a repository without clone_url (listing field)', 'repositories.0.clone_url', undefined],
    ['a repository language not a string', 'repositories.0.language', 5],
    ['a repository topic not a string', 'repositories.0.topics', [1]],
    ['permissions without pull', 'repositories.0.permissions.pull', undefined],
    ['a security status other than enabled or disabled', 'repositories.0.security_and_analysis.advanced_security.status', 'on'],
    ['a license without its key', 'repositories.0.license.key', undefined],
    ['forks_count not an integer', 'repositories.0.forks_count', 'nine'],
  ])('Migration with %s is refused', (_rule, path, value) => {
    expect(schemaValidators.Migration(withValue(exported, path, value))).toBe(false);
  });

  it('a handler answering a migration outside the contract is a 500 that names the field', async () => {
    const broken: Handlers = { ...createMockHandlers(), getStatusForOrg: () => ({ status: 200 as const, body: withValue(pending, 'state', 'done') as never }) };
    const server = toFetchHandler(createServer(broken, { validateResponses: true }));
    const res = await server(new Request('http://contract.test/orgs/octo-org/migrations/79', { headers: { authorization: 'Bearer t' } }));
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('/state');
  });
});

// ---- 4. the stateful mock -----------------------------------------------------------------------

async function start(body: Json, org = ORG): Promise<Json> {
  const answer = await call('POST', `/orgs/${org}/migrations`, body);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as Json;
}

describe('the stateful mock', () => {
  it('a started migration is pending, then exporting, then exported with its archive, one step per read', async () => {
    const m = await start({ repositories: ['Hello-World'] });
    expect(m['state']).toBe('pending');
    const read = async (): Promise<Json> => (await call('GET', `/orgs/octo-org/migrations/${String(m['id'])}`)).body as Json;
    const first = await read();
    expect([first['state'], first['archive_url']]).toEqual(['exporting', undefined]);
    const second = await read();
    expect([second['state'], second['archive_url']]).toEqual(['exported', `https://api.github.com/orgs/octo-org/migrations/${String(m['id'])}/archive`]);
    expect((await read())['state']).toBe('exported');
    expect(schemaValidators.Migration(second)).toBe(true);
  });

  it('lists do not move a migration on; reads of one migration do not move another', async () => {
    const a = await start({ repositories: ['a'] });
    const b = await start({ repositories: ['b'] });
    await call('GET', '/orgs/octo-org/migrations');
    await call('GET', `/orgs/octo-org/migrations/${String(a['id'])}`);
    const list = (await call('GET', '/orgs/octo-org/migrations')).body as Json[];
    const states = Object.fromEntries(list.map((m) => [m['id'], m['state']]));
    expect(states[String(a['id'])]).toBe('exporting');
    expect(states[String(b['id'])]).toBe('pending');
  });

  it('the archive downloads only when exported, and is gone once deleted', async () => {
    const m = await start({ repositories: ['a'] });
    const id = String(m['id']);
    expect((await call('GET', `/orgs/octo-org/migrations/${id}/archive`)).status).toBe(404);
    expect((await call('DELETE', `/orgs/octo-org/migrations/${id}/archive`)).status).toBe(404);
    await call('GET', `/orgs/octo-org/migrations/${id}`);
    await call('GET', `/orgs/octo-org/migrations/${id}`);
    const download = await call('GET', `/orgs/octo-org/migrations/${id}/archive`);
    expect(download.status).toBe(302);
    expect(download.headers.get('location')).toBe(`https://github-cloud.s3.amazonaws.com/migration/${String(m['guid'])}/archive.tar.gz`);
    expect(download.text).toBe('');
    expect((await call('DELETE', `/orgs/octo-org/migrations/${id}/archive`)).status).toBe(204);
    const gone = await call('GET', `/orgs/octo-org/migrations/${id}/archive`);
    expect(gone.status).toBe(404);
    expect(schemaValidators.BasicError(gone.body)).toBe(true);
    expect((await call('GET', `/orgs/octo-org/migrations/${id}`)).body).not.toHaveProperty('archive_url');
  });

  it('locks each repository of a locking migration until it is unlocked once', async () => {
    const m = await start({ repositories: ['octo-org/Hello-World', 'docs'], lock_repositories: true });
    const unlock = (repo: string): Promise<number> => call('DELETE', `/orgs/octo-org/migrations/${String(m['id'])}/repos/${repo}/lock`).then((a) => a.status);
    expect(await unlock('Hello-World')).toBe(204);
    expect(await unlock('Hello-World')).toBe(404);
    expect(await unlock('docs')).toBe(204);
    expect(await unlock('other')).toBe(404);
    const unlocked = await start({ repositories: ['docs'], lock_repositories: false });
    expect((await call('DELETE', `/orgs/octo-org/migrations/${String(unlocked['id'])}/repos/docs/lock`)).status).toBe(404);
    expect((await call('DELETE', '/orgs/octo-org/migrations/999/repos/docs/lock')).status).toBe(404);
    expect(JSON.stringify((await call('GET', `/orgs/octo-org/migrations/${String(m['id'])}`)).body)).not.toContain('"locked"');
  });

  it('builds the migration from the start body: flags, repositories by name, ids, URLs', async () => {
    const m = await start({ repositories: ['octo-org/Hello-World', 'other-owner/tools', 'docs'], exclude_releases: true });
    expect(m['exclude_releases']).toBe(true);
    expect(m['exclude_metadata']).toBe(false);
    expect(m['lock_repositories']).toBe(false);
    expect(m['url']).toBe(`https://api.github.com/orgs/octo-org/migrations/${String(m['id'])}`);
    expect(m['guid']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const repos = m['repositories'] as Json[];
    expect(repos.map((r) => [r['name'], r['full_name'], r['html_url']])).toEqual([
      ['Hello-World', 'octo-org/Hello-World', 'https://github.com/octo-org/Hello-World'],
      ['tools', 'other-owner/tools', 'https://github.com/other-owner/tools'],
      ['docs', 'octo-org/docs', 'https://github.com/octo-org/docs'],
    ]);
    expect(new Set(repos.map((r) => r['id'])).size).toBe(3);
    const listed = (await call('GET', `/orgs/octo-org/migrations/${String(m['id'])}/repositories`)).body as Json[];
    expect(listed.map((r) => r['full_name'])).toEqual(
      ['octo-org/Hello-World', 'other-owner/tools', 'docs'].map((n) => (n.includes('/') ? n : `octo-org/${n}`)),
    );
  });

  it('keeps migrations per organization, whose name is not case sensitive', async () => {
    const m = await start({ repositories: ['a'] }, 'Other-Org');
    expect((await call('GET', `/orgs/other-org/migrations/${String(m['id'])}`)).status).toBe(200);
    expect((await call('GET', `/orgs/octo-org/migrations/${String(m['id'])}`)).status).toBe(404);
    expect(((await call('GET', '/orgs/OTHER-ORG/migrations')).body as Json[]).map((x) => x['id'])).toEqual([m['id']]);
    expect(((await call('GET', '/orgs/octo-org/migrations')).body as Json[]).map((x) => x['id'])).toEqual([79, 80]);
    expect(m['id']).toBe(81);
  });

  it('pages the list with per_page and page, and the Link header leads to the others', async () => {
    await start({ repositories: ['a'] });
    const page2 = await call('GET', '/orgs/octo-org/migrations?per_page=1&page=2');
    expect((page2.body as Json[]).map((m) => m['id'])).toEqual([80]);
    expect(page2.headers.get('link')).toBe(
      [
        '<http://contract.test/orgs/octo-org/migrations?per_page=1&page=1>; rel="prev"',
        '<http://contract.test/orgs/octo-org/migrations?per_page=1&page=3>; rel="next"',
        '<http://contract.test/orgs/octo-org/migrations?per_page=1&page=3>; rel="last"',
        '<http://contract.test/orgs/octo-org/migrations?per_page=1&page=1>; rel="first"',
      ].join(', '),
    );
    const beyond = await call('GET', '/orgs/octo-org/migrations?per_page=2&page=9');
    expect(beyond.body).toEqual([]);
    const whole = await call('GET', '/orgs/octo-org/migrations');
    expect(whole.headers.get('link')).toBeNull();
  });

  it('exclude=repositories leaves repositories out of lists, reads and the start answer', async () => {
    const m = await start({ repositories: ['a'], exclude: ['repositories'] });
    expect(m).not.toHaveProperty('repositories');
    const read = (await call('GET', `/orgs/octo-org/migrations/${String(m['id'])}?exclude=repositories`)).body as Json;
    expect(read).not.toHaveProperty('repositories');
    expect(((await call('GET', `/orgs/octo-org/migrations/${String(m['id'])}`)).body as Json)['repositories']).toHaveLength(1);
    expect(((await call('GET', '/orgs/octo-org/migrations?exclude=repositories')).body as Json[]).some((x) => 'repositories' in x)).toBe(false);
  });

  it('an unknown migration is a 404 for every operation on it', async () => {
    for (const [method, path] of [
      ['GET', '/orgs/octo-org/migrations/4242'],
      ['GET', '/orgs/octo-org/migrations/4242/archive'],
      ['DELETE', '/orgs/octo-org/migrations/4242/archive'],
      ['DELETE', '/orgs/octo-org/migrations/4242/repos/a/lock'],
      ['GET', '/orgs/octo-org/migrations/4242/repositories'],
    ] as const) {
      const answer = await call(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(schemaValidators.BasicError(answer.body)).toBe(true);
    }
  });

  it('reset() forgets started migrations and every change to the seeds', async () => {
    await start({ repositories: ['a'] });
    await call('DELETE', '/orgs/octo-org/migrations/80/archive');
    mock.reset();
    expect(((await call('GET', '/orgs/octo-org/migrations')).body as Json[]).map((m) => m['id'])).toEqual([79, 80]);
    expect((await call('GET', '/orgs/octo-org/migrations/80/archive')).status).toBe(302);
  });
});
