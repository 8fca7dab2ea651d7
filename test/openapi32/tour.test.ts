/**
 * One OpenAPI 3.2 contract holding an example of each addition a reader or a caller meets
 * (test/fixtures/openapi32/tour.yaml: a named server, nested tags, QUERY and a custom method, a
 * querystring parameter, dataValue and serializedValue examples, components.mediaTypes, response
 * summaries, a discriminator's defaultMapping, a deprecated scheme and an OAuth 2.0 device flow
 * with scopes) taken through lint, generate (tsc --strict under TypeScript 5.9 and 7), the mock and
 * the docs in Chromium. The streams have their own fixture and suites (streams-*.test.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { runDocs } from '../../src/cli/commands/docs.js';
import { lintSpecs } from '../../src/lint/lint.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { launchChromium } from '../support/chromium.js';
import { typecheckApp } from '../support/typecheck-app.js';
import { AXE, axeViolations } from '../support/axe.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SPEC = join(ROOT, 'test', 'fixtures', 'openapi32', 'tour.yaml');
const TMP = join(ROOT, 'test', '.tmp', `openapi32-tour-${process.pid}`);

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('an OpenAPI 3.2 contract with one of each addition', () => {
  it('lints clean (a device flow with scopes threw "Unknown type name found: string" from the structure check, at no place)', async () => {
    const [result] = await lintSpecs([SPEC]);
    expect(result?.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('is generated into code a server, a client and TanStack Query users compile under tsc --strict (TypeScript 5.9 and 7)', async () => {
    const out = join(TMP, 'gen');
    await generateSpec(
      { path: SPEC, api: 'tour', out, targets: ['types', 'validators', 'server', 'client', 'sdk', 'react-query', 'mocks', 'msw', 'index'], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    const app = join(TMP, 'app.ts');
    writeFileSync(
      app,
      `import { createSdkClient, addPet, listPets, searchPets, purgePets } from './gen/sdk.js';
import type { components } from './gen/types.js';
export async function run(): Promise<string[]> {
  const client = createSdkClient({ baseUrl: 'http://127.0.0.1:4010/v1', auth: { device: 'token' } });
  const untagged: components['schemas']['Pet'] = { nickname: 'Rex' };
  const added = await addPet(client, { body: untagged });
  const found = await searchPets(client, { body: { nickname: 'Rex' } });
  const listed = await listPets(client, { query: { kind: 'cat', name: 'Tom' } });
  const purged = await purgePets(client);
  return [String(added.status), String(found.status), String(listed.status), String(purged.status)];
}
`,
    );
    for (const r of typecheckApp({ dir: TMP, files: [app, join(TMP, 'gen', 'index.ts'), join(TMP, 'gen', 'react-query.ts'), join(TMP, 'gen', 'msw.ts')] })) {
      expect(r.output, r.compiler).toBe('');
      expect(r.status, r.compiler).toBe(0);
    }
  }, 400_000);

  it('is mocked: a pet without petType is the default schema, QUERY searches, PURGE answers, a bad querystring is a 400 naming its field', async () => {
    const mock = await createMockFromSpec(SPEC);
    const call = (method: string, path: string, body?: unknown): Promise<Response> =>
      mock.fetch(
        new Request(`http://mock.test${path}`, {
          method,
          headers: { authorization: 'Bearer token', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
    expect((await call('POST', '/pets', { nickname: 'Rex' })).status).toBe(201);
    const cat = await call('POST', '/pets', { petType: 'Cat' });
    expect([cat.status, await cat.json()]).toEqual([400, { message: 'request does not match the contract: body /name is required', field: 'name' }]);
    expect((await call('QUERY', '/pets', { nickname: 'Rex' })).status).toBe(200);
    expect((await call('PURGE', '/pets')).status).toBe(204);
    expect((await call('GET', '/pets?kind=cat&name=Tom')).status).toBe(200);
    const fish = await call('GET', '/pets?kind=fish');
    expect(fish.status).toBe(400);
    expect(await fish.json()).toMatchObject({ field: 'kind' });
  });

  describe('docs, in Chromium', () => {
    let browser: Browser;
    const site = join(TMP, 'site');
    beforeAll(async () => {
      writeFileSync(join(TMP, 'specforge.config.yaml'), `specs:\n  - path: ${SPEC}\n    api: tour\n`);
      expect(await runDocs({ cwd: TMP, out: site, write: () => undefined })).toBe(0);
      browser = await launchChromium();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
    });

    /** Opens a page of the site; what it asked of the network and what went wrong in it are collected. */
    async function open(file: string): Promise<{ page: Page; requests: string[]; problems: string[] }> {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.addInitScript({ content: AXE });
      const requests: string[] = [];
      const problems: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith('file:')) requests.push(r.url());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      await page.goto(pathToFileURL(join(site, 'tour', file)).href);
      return { page, requests, problems };
    }

    it('the overview: the server by name, nested tags by summary, the device flow and the deprecated key', async () => {
      const { page, requests, problems } = await open('index.html');
      await expect.poll(async () => page.getByText('Local mock', { exact: true }).isVisible()).toBe(true);
      const nav = page.locator('nav ul.groups');
      expect(
        (await nav.innerText())
          .replace(/\s*\(\d+\)/g, '')
          .split('\n')
          .filter(Boolean),
      ).toEqual(['The store', 'Pets', 'Pet search']);
      // Pet search sits inside Pets, which sits inside The store.
      expect(await nav.locator('ul.subgroups ul.subgroups a').innerText()).toMatch(/^Pet search/);
      const auth = await page.locator('main').innerText();
      expect(auth).toContain('flows: device authorization; server metadata at http://127.0.0.1:4010/.well-known/oauth-authorization-server');
      expect(auth).toMatch(/legacyKey\s*deprecated/);
      expect(await axeViolations(page)).toEqual([]);
      expect(requests).toEqual([]);
      expect(problems).toEqual([]);
    }, 60_000);

    it('the pets: the querystring as sent, response summaries, both forms of an example, the default variant', async () => {
      const { page, requests, problems } = await open('pets.html');
      const list = page.locator('#op-listPets');
      await expect.poll(async () => list.getByText('Query string', { exact: false }).first().isVisible()).toBe(true);
      const listText = await list.innerText();
      expect(listText).toMatch(/sent as\s*kind=cat&name=Tom/);
      expect(listText).toMatch(/200\s*The pets/);
      const add = page.locator('#op-addPet');
      const addText = await add.innerText();
      expect(addText).toContain('A pet without petType is an OtherPet');
      expect(addText).toMatch(/serialized\s*\{"petType":"Cat","name":"Tom"\}/);
      expect(addText).toMatch(/201\s*The pet as stored/);
      expect(addText).toContain('Chosen by petType; without it, or with a value no variant is named by: OtherPet.');
      expect(await axeViolations(page)).toEqual([]);
      expect(requests).toEqual([]);
      expect(problems).toEqual([]);
    }, 60_000);

    it('QUERY and PURGE: their badges, and curl samples that send them', async () => {
      const search = await open('search.html');
      const op = search.page.locator('#op-searchPets');
      await expect.poll(async () => op.locator('.method.m-query').first().isVisible()).toBe(true);
      // The tag of kind badge is a badge on the operation, the page titled by its group's summary.
      expect(await op.locator('h2 .tag-badge').innerText()).toBe('Beta');
      expect(await search.page.locator('main h1').innerText()).toBe('Pet search');
      expect(await op.locator('figure.sample[data-lang="curl"] code').innerText()).toMatch(
        /^curl --globoff -X QUERY 'http:\/\/127\.0\.0\.1:4010\/v1\/pets'[\s\S]*--data-raw '\{\s*"nickname": "Rex"\s*\}'$/,
      );
      expect(await axeViolations(search.page)).toEqual([]);
      const store = await open('store.html');
      const purge = store.page.locator('#op-purgePets');
      await expect.poll(async () => purge.getByText('PURGE', { exact: true }).first().isVisible()).toBe(true);
      expect(await purge.locator('figure.sample[data-lang="curl"] code').innerText()).toMatch(/^curl --globoff -X PURGE /);
      expect(await purge.innerText()).toMatch(/204\s*Purged/);
      expect(await axeViolations(store.page)).toEqual([]);
      expect([...search.requests, ...store.requests]).toEqual([]);
      expect([...search.problems, ...store.problems]).toEqual([]);
    }, 60_000);
  });
});
