/**
 * specforge's static docs of one contract, rendered at build time into `<out>/<api>/`: an overview
 * (`index.html`: description, servers, authentication, the groups), a page per tag (operations
 * without a tag are grouped by their first path segment), a schemas page, and the search index as
 * a script (`search-index.js`). Pages link to each other by relative address, so the folder works
 * from a web server and from file://, and they are complete without JavaScript.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../../contract/pointer.js';
import type { ContractModel, OperationModel } from '../../contract/model-types.js';
import { type Node } from './document.js';
import { methodBadge, operationAnchor, operationHtml, schemeSummary, type OperationContext } from './operation.js';
import { connectSources, sitePage, type NavGroup, type PageShell } from './page.js';
import { schemaHtml, schemaSummary } from './schema.js';
import { idOf, markdownHtml, text } from './text.js';

export interface ContractSiteOptions {
  /** The site's root folder; the contract's pages go to `<out>/<api>/`. */
  out: string;
  api: string;
  model: ContractModel;
  /** The sanitized bundled document (sanitizeForDocs). */
  document: Node;
  /** Other pages of the contract in its folder: [file, label] ("changelog.html", "Changelog"). */
  extraLinks: [string, string][];
  /** Pages of those links written here, in the site's shell: the file, its title, its main column (HTML, escaped). */
  extraPages?: { file: string; title: string; main: string }[];
  /** The logo's path from the site's root ("assets/logo.svg"). */
  logo?: string;
  hasTheme: boolean;
  /** The folder of these pages from the site's root (default: the contract's name); an earlier version's is deeper. */
  folder?: string;
  /** Every published version of the contract (this one marked current), for the header's selector and the overview. */
  versions?: SiteVersion[];
}

/** A published version of a contract: its label (untrusted text), its folder from the site's root and its page files. */
export interface SiteVersion {
  label: string;
  folder: string;
  files: ReadonlySet<string>;
  current: boolean;
}

interface Group {
  name: string;
  file: string;
  description?: string;
  ops: OperationModel[];
  /** The group's pages: at most PAGE_OPS operations each ("repos.html", "repos-page-2.html", …). */
  pages: { file: string; ops: OperationModel[] }[];
}

/** Operations per page: a large tag (GitHub's repos has 200) is split so every page stays small. */
export const PAGE_OPS = 20;

const RESERVED = new Set(['index', 'schemas', 'cli', 'changelog', 'search-index']);

/** Servers with their variables at their defaults, and their descriptions. */
export function serversOf(document: Node): { url: string; description?: string }[] {
  const servers = Array.isArray(document['servers']) ? document['servers'] : [];
  return servers.filter(isRecord).flatMap((s) => {
    if (typeof s['url'] !== 'string') return [];
    let url = s['url'];
    const vars = isRecord(s['variables']) ? s['variables'] : {};
    url = url.replace(/\{([^}]+)\}/g, (m, name: string) => {
      const v = vars[name];
      return isRecord(v) && typeof v['default'] === 'string' ? v['default'] : m;
    });
    return [{ url, ...(typeof s['description'] === 'string' ? { description: s['description'] } : {}) }];
  });
}

function groupsOf(model: ContractModel, document: Node): Group[] {
  const declared = Array.isArray(document['tags']) ? document['tags'].filter(isRecord) : [];
  const byName = new Map<string, Group>();
  const used = new Set<string>();
  const fileFor = (name: string): string => {
    let base = idOf('', name.toLowerCase());
    if (RESERVED.has(base)) base = `tag-${base}`;
    let file = `${base}.html`;
    for (let i = 2; used.has(file); i++) file = `${base}-${i}.html`;
    used.add(file);
    return file;
  };
  const groupOf = (name: string): Group => {
    let g = byName.get(name);
    if (g === undefined) {
      const tag = declared.find((t) => t['name'] === name);
      g = { name, file: '', ops: [], pages: [], ...(tag !== undefined && typeof tag['description'] === 'string' ? { description: tag['description'] } : {}) };
      byName.set(name, g);
    }
    return g;
  };
  for (const t of declared) if (typeof t['name'] === 'string') groupOf(t['name']);
  for (const op of model.operations) {
    const tag = op.tags[0];
    const segment = op.path.split('/').filter((s) => s !== '' && !/^v\d+(\.\d+)*$/.test(s) && !s.startsWith('{'))[0];
    groupOf(tag ?? segment ?? 'Other').ops.push(op);
  }
  const groups = [...byName.values()].filter((g) => g.ops.length > 0);
  for (const g of groups) {
    g.file = fileFor(g.name);
    for (let i = 0; i < g.ops.length; i += PAGE_OPS) {
      const file = i === 0 ? g.file : fileFor(`${g.file.slice(0, -'.html'.length)}-page-${i / PAGE_OPS + 1}`);
      g.pages.push({ file, ops: g.ops.slice(i, i + PAGE_OPS) });
    }
  }
  return groups;
}

/** The page files of a contract's site (in its folder), for the version selector's links. */
export function contractPageFiles(model: ContractModel, document: Node, extraFiles: readonly string[]): Set<string> {
  const files = new Set(['index.html', 'schemas.html', ...extraFiles]);
  for (const g of groupsOf(model, document)) for (const p of g.pages) files.add(p.file);
  return files;
}

/** The selector's links of a page: the same page in each version where it exists, else that version's overview. */
function versionLinks(versions: readonly SiteVersion[], root: string, file: string): [string, string, boolean][] {
  return versions.map((v) => [`${root}${v.folder}/${v.files.has(file) ? file : 'index.html'}`, v.label, v.current]);
}

/** Writes the contract's pages; returns the overview's path from the site's root and the page count. */
export function writeContractSite(options: ContractSiteOptions): { file: string; pages: number } {
  const { model, document, api } = options;
  const folder = options.folder ?? api;
  const dir = join(options.out, ...folder.split('/'));
  const root = '../'.repeat(folder.split('/').length);
  const versions = options.versions ?? [];
  mkdirSync(dir, { recursive: true });
  const groups = groupsOf(model, document);
  const servers = serversOf(document);
  const absolute = servers.map((s) => s.url).filter((u) => /^https?:\/\//i.test(u) && !u.includes('{'));
  const schemaNames = new Set(Object.keys(isRecord(document['components']) && isRecord(document['components']['schemas']) ? document['components']['schemas'] : {}));
  const schemaHref = (here: string) => (name: string): string | undefined => (schemaNames.has(name) ? `${here}${idOf('schema-', name)}` : undefined);
  const ctx: OperationContext = { document, api, schemes: model.securitySchemes, sampleServer: absolute[0] ?? 'http://127.0.0.1:4010', schemaHref: schemaHref('schemas.html#') };
  const contract = `${model.info.title} ${model.info.version}`;
  const nav: NavGroup[] = groups.map((g) => ({ name: g.name, file: g.file, count: g.ops.length }));
  const shell = (title: string, current: string, main: string, ops: PageShell['ops'] = [], group = current): string =>
    sitePage({ title, contract, root, here: '', versions: versions.length > 1 ? versionLinks(versions, root, current) : [], groups: nav, current, group, ops, extraLinks: options.extraLinks, servers: absolute, connect: connectSources(absolute), hasTheme: options.hasTheme, main, ...(options.logo !== undefined ? { logo: options.logo } : {}) });

  const pageOf = new Map<OperationModel, string>();
  for (const g of groups) for (const p of g.pages) for (const op of p.ops) pageOf.set(op, p.file);
  for (const g of groups) {
    g.pages.forEach((p, n) => {
      const sections = p.ops.map((op) => operationHtml(ctx, op)).join('\n');
      const part = g.pages.length > 1 ? ` <span class="muted">(page ${n + 1} of ${g.pages.length})</span>` : '';
      const pager = g.pages.length > 1 ? `<nav class="pager" aria-label="Pages of ${text(g.name)}"><ul>${g.pages.map((q, i) => `<li><a href="${text(q.file)}"${i === n ? ' aria-current="page"' : ''}>${i + 1}</a></li>`).join('')}</ul></nav>` : '';
      const main = `<h1>${text(g.name)}${part}</h1>\n${n === 0 ? markdownHtml(g.description) : ''}\n${pager}\n${sections}`;
      const ops: PageShell['ops'] = g.ops.map((op) => [`${pageOf.get(op) === p.file ? '' : pageOf.get(op) ?? ''}#${operationAnchor(op)}`, op.method, op.summary?.trim() || op.path]);
      writeFileSync(join(dir, p.file), shell(`${g.name}${n > 0 ? ` (${n + 1})` : ''}: ${contract}`, p.file, main, ops, g.file));
    });
  }

  writeFileSync(join(dir, 'index.html'), shell(contract, 'index.html', overview(model, document, groups, servers) + versionList(versions, root)));
  for (const p of options.extraPages ?? []) writeFileSync(join(dir, p.file), shell(`${p.title}: ${contract}`, p.file, p.main));
  const schemaSections = [...schemaNames].sort().map((name) => {
    const id = idOf('schema-', name);
    const schema = (document['components'] as { schemas: Node })['schemas'][name];
    const description = isRecord(schema) && typeof schema['description'] === 'string' ? schema['description'] : undefined;
    const sctx = { document, schemaHref: schemaHref('#') };
    return `<section class="op" id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${text(name)}</h2>${markdownHtml(description)}${schemaSummary(sctx, schema)}${schemaHtml(sctx, schema, { expandNamed: 1, rows: 120, topRef: name })}</section>`;
  });
  writeFileSync(join(dir, 'schemas.html'), shell(`Schemas: ${contract}`, 'schemas.html', `<h1>Schemas</h1>\n${schemaSections.length > 0 ? schemaSections.join('\n') : '<p>The contract names no schema.</p>'}`));

  const index = groups.flatMap((g) => g.ops.map((op) => [op.method.toUpperCase(), op.path, op.summary ?? '', op.id, `${pageOf.get(op) ?? g.file}#${operationAnchor(op)}`, g.name]));
  writeFileSync(join(dir, 'search-index.js'), `self.specforgeSearchIndex = ${JSON.stringify({ ops: index })};\n`);
  return { file: `${folder}/index.html`, pages: groups.reduce((n, g) => n + g.pages.length, 2) };
}

function overview(model: ContractModel, document: Node, groups: Group[], servers: { url: string; description?: string }[]): string {
  const info = isRecord(document['info']) ? document['info'] : {};
  const parts: string[] = [`<h1>${text(model.info.title)} <span class="muted">${text(model.info.version)}</span></h1>`, markdownHtml(model.info.description)];
  const links: string[] = [];
  const contact = isRecord(info['contact']) ? info['contact'] : undefined;
  if (contact !== undefined && typeof contact['url'] === 'string' && /^https?:/i.test(contact['url'])) links.push(`<a href="${text(contact['url'])}" rel="noreferrer">${text(typeof contact['name'] === 'string' ? contact['name'] : 'Contact')}</a>`);
  if (contact !== undefined && typeof contact['email'] === 'string') links.push(`<a href="mailto:${text(contact['email'])}">${text(contact['email'])}</a>`);
  const license = isRecord(info['license']) ? info['license'] : undefined;
  if (license !== undefined && typeof license['name'] === 'string') links.push(typeof license['url'] === 'string' && /^https?:/i.test(license['url']) ? `License: <a href="${text(license['url'])}" rel="noreferrer">${text(license['name'])}</a>` : `License: ${text(license['name'])}`);
  if (links.length > 0) parts.push(`<p>${links.join(' · ')}</p>`);
  if (servers.length > 0) {
    parts.push(`<h2>Servers</h2><ul>${servers.map((s) => `<li><code>${text(s.url)}</code>${markdownHtml(s.description)}</li>`).join('')}</ul>`);
  }
  if (model.securitySchemes.length > 0) {
    parts.push(`<h2>Authentication</h2><ul>${model.securitySchemes.map((s) => `<li>${schemeSummary(s, s.name)}${markdownHtml(s.description)}</li>`).join('')}</ul>`);
  }
  parts.push(`<h2>Operations</h2><div class="table-wrap" tabindex="0"><table class="index"><thead><tr><th scope="col">Group</th><th scope="col">Operations</th><th scope="col">First operations</th></tr></thead><tbody>${groups
    .map((g) => `<tr><td><a href="${text(g.file)}">${text(g.name)}</a></td><td>${g.ops.length}</td><td>${g.ops.slice(0, 3).map((op) => `${methodBadge(op.method)} <a href="${text(g.pages[0]?.file ?? g.file)}#${operationAnchor(op)}">${text(op.summary?.trim() || op.path)}</a>`).join('<br>')}</td></tr>`)
    .join('')}</tbody></table></div>`);
  return parts.join('\n');
}

/** The overview's list of the published versions, newest first, this one marked. */
function versionList(versions: readonly SiteVersion[], root: string): string {
  if (versions.length < 2) return '';
  const items = [...versions].reverse().map((v) => `<li><a href="${text(`${root}${v.folder}/index.html`)}"${v.current ? ' aria-current="page"' : ''}>${text(v.label)}</a>${v.current ? ' <span class="muted">(this version)</span>' : ''}${v.files.has('changelog.html') ? ` · <a href="${text(`${root}${v.folder}/changelog.html`)}">changes</a>` : ''}</li>`);
  return `\n<h2>Versions</h2><ul class="versions">${items.join('')}</ul>`;
}
