/**
 * GitHub's own client, `@octokit/rest`, against the migrations mock on 127.0.0.1: its seven
 * organization-migration methods end to end, served twice, by the generated mock
 * (generated/migrations/mocks.ts) and by `specforge mock --stateful` compiled from the contract.
 */
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock } from '../../generated/migrations/mocks.js';
import { schemaValidators } from '../../generated/migrations/validators.js';
import { runMock } from '../../src/cli/commands/mock.js';
import type { Mock } from '../../src/runtime/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const ORG = 'octo-org';
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

interface Served {
  server: Server;
  mock: Mock;
}

async function generatedMock(): Promise<Served> {
  const mock = createMock({ stateful: true });
  const server = createServer(mock.listener);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, mock };
}

async function cliMock(): Promise<Served> {
  return runMock({ spec: join(ROOT, 'specs', 'migrations', 'openapi.yaml'), port: 0, host: '127.0.0.1', stateful: true, write: () => {} });
}

/** The status of a failed octokit call (a RequestError carries it). */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (err) {
    return (err as { status: number }).status;
  }
  throw new Error('the call succeeded');
}

describe.each([
  ['the generated mock', generatedMock],
  ['specforge mock --stateful', cliMock],
])('@octokit/rest against %s', (_name, start) => {
  let served: Served;
  let octokit: Octokit;
  const sentAuthorization: string[] = [];

  beforeAll(async () => {
    served = await start();
    const address = served.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    // The Authorization header as it leaves octokit, seen by the fetch it calls.
    const fetcher = (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      sentAuthorization.push(new Headers(init?.headers).get('authorization') ?? '');
      return fetch(url, init);
    };
    // redirect: manual, so that the archive redirect is seen as GitHub answers it and never followed off loopback.
    octokit = new Octokit({
      auth: 'ghp_migrationsTestToken',
      baseUrl: `http://127.0.0.1:${address.port}`,
      request: { redirect: 'manual', fetch: fetcher },
      log: quiet,
    });
  });

  afterAll(async () => {
    served.server.closeAllConnections();
    await new Promise<void>((ok) => served.server.close(() => ok()));
  });

  beforeEach(() => served.mock.reset());

  it('starts a migration, follows it from pending through exporting to exported, and downloads its archive', async () => {
    const started = await octokit.rest.migrations.startForOrg({
      org: ORG,
      repositories: [`${ORG}/Hello-World`, 'docs'],
      lock_repositories: true,
      exclude_attachments: true,
    });
    expect(started.status).toBe(201);
    expect(schemaValidators.Migration(started.data)).toBe(true);
    expect(started.data.state).toBe('pending');
    expect(started.data.lock_repositories).toBe(true);
    expect(started.data.exclude_attachments).toBe(true);
    expect(started.data.exclude_releases).toBe(false);
    expect(started.data.owner?.login).toBe(ORG);
    expect(started.data.repositories.map((r) => [r.name, r.full_name])).toEqual([
      ['Hello-World', `${ORG}/Hello-World`],
      ['docs', `${ORG}/docs`],
    ]);
    expect(started.data.archive_url).toBeUndefined();
    const id = started.data.id;

    const pendingArchive = await statusOf(octokit.rest.migrations.downloadArchiveForOrg({ org: ORG, migration_id: id }));
    expect(pendingArchive).toBe(404);

    const states: string[] = [];
    for (let i = 0; i < 3; i++) {
      const status = await octokit.rest.migrations.getStatusForOrg({ org: ORG, migration_id: id });
      expect(status.status).toBe(200);
      expect(schemaValidators.Migration(status.data)).toBe(true);
      states.push(status.data.state);
    }
    expect(states).toEqual(['exporting', 'exported', 'exported']);
    const exported = await octokit.rest.migrations.getStatusForOrg({ org: ORG, migration_id: id });
    expect(exported.data.archive_url).toBe(`https://api.github.com/orgs/${ORG}/migrations/${id}/archive`);

    const archive = await octokit.rest.migrations.downloadArchiveForOrg({ org: ORG, migration_id: id });
    expect(archive.status).toBe(302);
    expect(archive.headers.location).toBe(`https://github-cloud.s3.amazonaws.com/migration/${started.data.guid}/archive.tar.gz`);
  });

  it('lists migrations page by page through the Link header, and leaves out what exclude names', async () => {
    const started = await octokit.rest.migrations.startForOrg({ org: ORG, repositories: ['Hello-World'] });
    const first = await octokit.rest.migrations.listForOrg({ org: ORG, per_page: 1 });
    expect(first.status).toBe(200);
    expect(first.data).toHaveLength(1);
    expect(first.headers.link).toContain('rel="next"');
    const all = await octokit.paginate(octokit.rest.migrations.listForOrg, { org: ORG, per_page: 1 });
    expect(all.map((m) => m.id)).toEqual([79, 80, started.data.id]);
    for (const m of all) expect(schemaValidators.Migration(m)).toBe(true);
    const onePage = await octokit.rest.migrations.listForOrg({ org: ORG });
    expect(onePage.data).toHaveLength(3);
    expect(onePage.headers.link).toBeUndefined();
    const slim = await octokit.rest.migrations.listForOrg({ org: ORG, exclude: ['repositories'] });
    expect(slim.data.every((m) => !('repositories' in m))).toBe(true);
    const other = await octokit.rest.migrations.listForOrg({ org: 'another-org' });
    expect(other.data).toEqual([]);
  });

  it('lists the repositories of a migration, paged', async () => {
    const started = await octokit.rest.migrations.startForOrg({ org: ORG, repositories: ['a', 'b', 'c'] });
    const repos = await octokit.rest.migrations.listReposForOrg({ org: ORG, migration_id: started.data.id });
    expect(repos.status).toBe(200);
    expect(repos.data.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    for (const r of repos.data) expect(schemaValidators.Repository(r)).toBe(true);
    const paged = await octokit.paginate(octokit.rest.migrations.listReposForOrg, { org: ORG, migration_id: started.data.id, per_page: 2 });
    expect(paged.map((r) => r.full_name)).toEqual([`${ORG}/a`, `${ORG}/b`, `${ORG}/c`]);
    expect(await statusOf(octokit.rest.migrations.listReposForOrg({ org: ORG, migration_id: 999 }))).toBe(404);
  });

  it('unlocks each locked repository once', async () => {
    const locked = await octokit.rest.migrations.startForOrg({ org: ORG, repositories: [`${ORG}/Hello-World`, 'docs'], lock_repositories: true });
    const id = locked.data.id;
    const unlocked = await octokit.rest.migrations.unlockRepoForOrg({ org: ORG, migration_id: id, repo_name: 'docs' });
    expect(unlocked.status).toBe(204);
    expect(await statusOf(octokit.rest.migrations.unlockRepoForOrg({ org: ORG, migration_id: id, repo_name: 'docs' }))).toBe(404);
    expect((await octokit.rest.migrations.unlockRepoForOrg({ org: ORG, migration_id: id, repo_name: 'Hello-World' })).status).toBe(204);
    expect(await statusOf(octokit.rest.migrations.unlockRepoForOrg({ org: ORG, migration_id: id, repo_name: 'not-migrated' }))).toBe(404);
    const free = await octokit.rest.migrations.startForOrg({ org: ORG, repositories: ['docs'] });
    expect(await statusOf(octokit.rest.migrations.unlockRepoForOrg({ org: ORG, migration_id: free.data.id, repo_name: 'docs' }))).toBe(404);
  });

  it('deletes the archive: the download and a second delete are then 404', async () => {
    // Migration 80 of the contract's examples is exported with its archive.
    expect((await octokit.rest.migrations.downloadArchiveForOrg({ org: ORG, migration_id: 80 })).status).toBe(302);
    const deleted = await octokit.rest.migrations.deleteArchiveForOrg({ org: ORG, migration_id: 80 });
    expect(deleted.status).toBe(204);
    expect(await statusOf(octokit.rest.migrations.downloadArchiveForOrg({ org: ORG, migration_id: 80 }))).toBe(404);
    expect(await statusOf(octokit.rest.migrations.deleteArchiveForOrg({ org: ORG, migration_id: 80 }))).toBe(404);
    const after = await octokit.rest.migrations.getStatusForOrg({ org: ORG, migration_id: 80 });
    expect(after.data.state).toBe('exported');
    expect(after.data.archive_url).toBeUndefined();
  });

  it('answers 404, 422, 400 and 401 in GitHub error bodies', async () => {
    const missing = await octokit.rest.migrations.getStatusForOrg({ org: ORG, migration_id: 4242 }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404 });
    expect(schemaValidators.BasicError((missing as { response: { data: unknown } }).response.data)).toBe(true);
    expect(await statusOf(octokit.rest.migrations.getStatusForOrg({ org: 'another-org', migration_id: 79 }))).toBe(404);
    const invalid = await octokit.request('POST /orgs/{org}/migrations', { org: ORG, lock_repositories: true } as never).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 422 });
    expect(schemaValidators.ValidationError((invalid as { response: { data: unknown } }).response.data)).toBe(true);
    expect(await statusOf(octokit.rest.migrations.listForOrg({ org: ORG, per_page: 101 }))).toBe(400);
    expect(await statusOf(octokit.rest.migrations.listForOrg({ org: ORG, headers: { 'x-github-api-version': '2021-01-01' } }))).toBe(400);
    expect((await octokit.rest.migrations.listForOrg({ org: ORG, headers: { 'x-github-api-version': '2022-11-28' } })).status).toBe(200);
    const anonymous = new Octokit({ baseUrl: octokit.request.endpoint.DEFAULTS.baseUrl, log: quiet });
    expect(await statusOf(anonymous.rest.migrations.listForOrg({ org: ORG }))).toBe(401);
  });

  it('sends its token as "token <token>", which the contract accepts for Bearer', async () => {
    sentAuthorization.length = 0;
    const listed = await octokit.rest.migrations.listForOrg({ org: ORG });
    expect(listed.status).toBe(200);
    const started = await octokit.rest.migrations.startForOrg({ org: ORG, repositories: ['Hello-World'] });
    expect(started.status).toBe(201);
    expect(sentAuthorization).toEqual(['token ghp_migrationsTestToken', 'token ghp_migrationsTestToken']);
  });
});
