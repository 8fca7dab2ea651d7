/**
 * OpenAPI 3.2 tags with `parent` and `summary` in the docs' navigation: a child tag is listed under
 * its parent (a parent without operations of its own is a heading), by its summary, escaped; a
 * parent that is not declared, or a cycle of parents, leaves the tag at the top, never lost.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { sanitizeForDocs } from '../../src/docs/sanitize.js';
import { writeContractSite } from '../../src/docs/site/site.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `docs-tag-nav-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');

const op = (id: string, tag: string): string =>
  `    get:\n      operationId: ${id}\n      tags: [${tag}]\n      responses:\n        '204': { description: Done. }\n`;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(
    SPEC,
    `openapi: 3.2.0
info: { title: Store, version: '1' }
security: []
tags:
  - { name: store, summary: 'Store <b>', kind: nav }
  - { name: orders, parent: store, summary: Orders }
  - { name: refunds, parent: orders }
  - { name: pets, parent: store }
  - { name: orphan, parent: nowhere }
  - { name: loop-a, parent: loop-b }
  - { name: loop-b, parent: loop-a }
paths:
  /orders:
${op('listOrders', 'orders')}  /refunds:
${op('listRefunds', 'refunds')}  /pets:
${op('listPets', 'pets')}  /orphans:
${op('listOrphans', 'orphan')}  /a:
${op('getA', 'loop-a')}  /b:
${op('getB', 'loop-b')}`,
  );
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('nested tag navigation (OpenAPI 3.2)', () => {
  it('lists child tags under their parent, by summary, a parent without operations as a heading', async () => {
    const model = await buildModel(SPEC);
    const out = join(TMP, 'site');
    writeContractSite({ out, api: 'store', model, document: sanitizeForDocs(model.document), extraLinks: [], hasTheme: false });
    const page = readFileSync(join(out, 'store', 'index.html'), 'utf8');
    const nav = /<ul class="groups">([\s\S]*?)<\/nav>/.exec(page)?.[1] ?? '';
    const squashed = nav.replace(/\s*<span class="muted">\(\d+\)<\/span>/g, '').replace(/\n/g, '');
    // store (no operations) is a heading holding orders (its own child refunds under it) and pets.
    expect(squashed).toContain(
      '<li><span class="group-heading">Store &lt;b&gt;</span><ul class="subgroups"><li><a href="orders.html">Orders</a><ul class="subgroups"><li><a href="refunds.html">refunds</a></li></ul></li><li><a href="pets.html">pets</a></li></ul></li>',
    );
    // An undeclared parent and a cycle of parents leave their tags at the top level.
    const top = squashed.replace(/<ul class="subgroups">[\s\S]*?<\/ul><\/li>/g, '</li>');
    expect(top).toContain('<a href="orphan.html">');
    expect(top).toContain('<a href="loop-a.html">');
    expect(top).toContain('<a href="loop-b.html">');
    expect(page).not.toContain('<b>');
  });

  it('shows a tag of another kind than nav (badge, audience) as a badge on its operations, never as a group', async () => {
    const spec = join(TMP, 'kinds.yaml');
    writeFileSync(
      spec,
      `openapi: 3.2.0
info: { title: Kinds, version: '1' }
security: []
tags:
  - { name: pets, summary: All the pets, kind: nav }
  - { name: beta, summary: 'Beta <i>', kind: badge }
  - { name: partners, kind: audience }
paths:
  /pets:
    get:
      operationId: listPets
      tags: [beta, pets, partners]
      responses:
        '204': { description: Done. }
  /labs:
    get:
      operationId: listLabs
      tags: [beta]
      responses:
        '204': { description: Done. }
`,
    );
    const model = await buildModel(spec);
    const out = join(TMP, 'kinds-site');
    writeContractSite({ out, api: 'kinds', model, document: sanitizeForDocs(model.document), extraLinks: [], hasTheme: false });
    const index = readFileSync(join(out, 'kinds', 'index.html'), 'utf8');
    const nav = /<ul class="groups">([\s\S]*?)<\/nav>/.exec(index)?.[1] ?? '';
    // listPets is grouped by pets (its first tag of kind nav), titled by its summary; listLabs, with
    // only a badge, by its path; no group is made of beta or partners.
    expect(nav).toContain('<a href="pets.html">All the pets');
    expect(nav).toContain('<a href="labs.html">labs');
    expect(nav).not.toMatch(/beta|partners/i);
    const pets = readFileSync(join(out, 'kinds', 'pets.html'), 'utf8');
    expect(pets).toContain('<h1>All the pets</h1>');
    expect(pets).toContain(
      '<span class="tag-badge" title="tag beta (badge)">Beta &lt;i&gt;</span> <span class="tag-badge" title="tag partners (audience)">partners</span></h2>',
    );
  });
});
