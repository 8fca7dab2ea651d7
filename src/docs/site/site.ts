/**
 * specforge's static docs of one contract, rendered at build time into `<out>/<api>/`: an overview
 * (`index.html`: description, servers, authentication, the groups), a page per tag (operations
 * without a tag are grouped by their first path segment), a schemas page, and the search index as
 * a script (`search-index.js`). Pages link to each other by relative address, so the folder works
 * from a web server and from file://, and they are complete without JavaScript but for what a
 * contract's pages share rather than repeat, read by their script from a script file beside them:
 * an example several operations of a group show (`<group>.examples.js`, shared-examples.ts; its
 * code blocks say where it is) and, past SHARED_NAV_PAGES pages, the sidebar's list of groups
 * (`groups.js`; each page lists its own group and links the overview, which lists them all).
 *
 * No page grows with the contract: a group's operations are split into pages of at most PAGE_OPS
 * operations and about PAGE_BYTES of HTML (an operation larger than that gets a page of its own),
 * and the schemas likewise (`schemas.html` then lists them all, linked to their pages). An address
 * of an operation or schema on the page it used to be on (`accounts.html#op-PostAccounts`) still
 * reaches it: that page links to it, and its script follows the link.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { isRecord } from '../../contract/pointer.js';
import type { ContractModel, OperationModel } from '../../contract/model-types.js';
import { CONSOLE_JS } from './client-script.js';
import { type Node } from './document.js';
import { methodBadge, operationAnchor, operationHtml, schemeSummary, type OperationContext } from './operation.js';
import { connectSources, sharedNavScript, sitePage, type ConsoleServer, type NavGroup, type PageShell } from './page.js';
import { schemaHtml, schemaSummary } from './schema.js';
import { searchIndexScript } from './search-index.js';
import { ExampleShelf } from './shared-examples.js';
import { idOf, markdownHtml, text } from './text.js';
import { badgeTags } from './tags.js';

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
  /** The tag's `summary` (OpenAPI 3.2), the group's title where it has one. */
  label?: string;
  description?: string;
  ops: OperationModel[];
  /** The group's pages: at most PAGE_OPS operations and about PAGE_BYTES each ("repos.html", "repos-page-2.html", …). */
  pages: { file: string; ops: OperationModel[] }[];
}

/** Pages of a contract past which its sidebar's list of groups is shared (groups.js) rather than repeated in each page. */
export const SHARED_NAV_PAGES = 40;
/** Operations per page at most: a large tag (GitHub's repos has 200) is split so every page stays small. */
export const PAGE_OPS = 20;
/**
 * HTML of a page's entries (operations or schemas) at most, in bytes: past it the next entry starts a
 * new page. A page's time to become interactive grows with its size (Stripe's accounts tag, 20
 * operations, was 1.2 MB); an entry larger than this on its own gets a page of its own.
 */
export const PAGE_BYTES = 100_000;
/** The same for a schemas page: a schema's nested lists cost more layout per byte than an operation, whose long parts are folded. */
export const SCHEMA_PAGE_BYTES = 60_000;

/** Entries in order cut into runs of at most `maxCount` entries and about `maxBytes` (by `size`); never an empty run. */
export function paginate<T>(entries: readonly T[], size: (entry: T) => number, maxBytes = PAGE_BYTES, maxCount = Number.POSITIVE_INFINITY): T[][] {
  const pages: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const n = size(entry);
    if (current.length > 0 && (bytes + n > maxBytes || current.length >= maxCount)) {
      pages.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += n;
  }
  if (current.length > 0) pages.push(current);
  return pages;
}

/** A link to a named schema while its page is not known yet: replaced once the schemas are paginated. */
const SCHEMA_MARK = '\u0001';
const SCHEMA_LINK = /\u0001(schema-[A-Za-z0-9_.-]*)\u0001/g;

const RESERVED = new Set(['index', 'schemas', 'cli', 'changelog', 'search-index']);

interface ConsoleApi {
  serverUrl(template: string, values: Record<string, string>): { url?: string; error?: string };
}

let consoleApi: ConsoleApi | undefined;

/** The console's own serverUrl (assets/console.js, run here once): the pages and the console read a server the same way. */
function consoleServerUrl(template: string, values: Record<string, string>): string | undefined {
  if (consoleApi === undefined) {
    const sandbox: Record<string, unknown> = { URL, encodeURIComponent };
    sandbox['self'] = sandbox;
    runInNewContext(CONSOLE_JS, sandbox);
    consoleApi = sandbox['specforgeConsole'] as ConsoleApi;
  }
  return consoleApi.serverUrl(template, values).url;
}

function serverVariables(server: Record<string, unknown>): ConsoleServer['variables'] {
  const declared = isRecord(server['variables']) ? server['variables'] : {};
  // No prototype: a variable may be named __proto__.
  const out = Object.create(null) as ConsoleServer['variables'];
  for (const m of String(server['url']).matchAll(/\{([^}]*)\}/g)) {
    const name = m[1] as string;
    if (Object.prototype.hasOwnProperty.call(out, name)) continue;
    const v = Object.prototype.hasOwnProperty.call(declared, name) ? declared[name] : undefined;
    const values = isRecord(v) && Array.isArray(v['enum']) ? v['enum'].filter((x): x is string => typeof x === 'string') : [];
    out[name] = { default: isRecord(v) && typeof v['default'] === 'string' ? v['default'] : '', ...(values.length > 0 ? { enum: values } : {}) };
  }
  return out;
}

/**
 * Servers with their variables at their defaults, and their descriptions. A server whose defaults
 * the console would refuse (a default that moves the host, or none) keeps its template.
 */
export function serversOf(document: Node): { url: string; description?: string; name?: string }[] {
  const servers = Array.isArray(document['servers']) ? document['servers'] : [];
  return servers.filter(isRecord).flatMap((s) => {
    if (typeof s['url'] !== 'string') return [];
    const vars = serverVariables(s);
    const defaults = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, v.default]));
    const url = consoleServerUrl(s['url'], defaults) ?? s['url'];
    // OpenAPI 3.2: a server's name ("production"), shown before its URL.
    return [
      {
        url,
        ...(typeof s['description'] === 'string' ? { description: s['description'] } : {}),
        ...(typeof s['name'] === 'string' ? { name: s['name'] } : {}),
      },
    ];
  });
}

/** The servers the console offers: absolute http(s) templates, with their variables. */
export function consoleServers(document: Node): ConsoleServer[] {
  const servers = Array.isArray(document['servers']) ? document['servers'] : [];
  return servers
    .filter(isRecord)
    .flatMap((s) => (typeof s['url'] === 'string' && /^https?:\/\//i.test(s['url']) ? [{ url: s['url'], variables: serverVariables(s) }] : []));
}

/** Combinations of a server's variables the page's policy lets the console call: defaults and allowed values, at most this many a server. */
const MAX_SERVER_URLS = 64;

/** Every URL the console can reach with the contract's values of the variables (for the page's connect-src). */
export function consoleServerUrls(servers: readonly ConsoleServer[]): string[] {
  const out: string[] = [];
  for (const server of servers) {
    let combos: Record<string, string>[] = [{}];
    for (const [name, v] of Object.entries(server.variables)) {
      const values = [...new Set([v.default, ...(v.enum ?? [])])].filter((x) => x !== '');
      combos = combos.flatMap((c) => values.map((x) => ({ ...c, [name]: x }))).slice(0, MAX_SERVER_URLS);
    }
    for (const c of combos) {
      const url = consoleServerUrl(server.url, c);
      if (url !== undefined) out.push(url);
    }
  }
  return out;
}

/** The groups of operations with their first page's file; `pages` is filled by the caller. */
function groupsOf(model: ContractModel, document: Node, fileFor: (name: string) => string): Group[] {
  const declared = Array.isArray(document['tags']) ? document['tags'].filter(isRecord) : [];
  const byName = new Map<string, Group>();
  const groupOf = (name: string): Group => {
    let g = byName.get(name);
    if (g === undefined) {
      const tag = declared.find((t) => t['name'] === name);
      g = { name, file: '', ops: [], pages: [], ...(tag !== undefined && typeof tag['description'] === 'string' ? { description: tag['description'] } : {}) };
      if (typeof tag?.['summary'] === 'string' && tag['summary'].trim() !== '') g.label = tag['summary'].trim();
      byName.set(name, g);
    }
    return g;
  };
  // OpenAPI 3.2 tag kinds: a tag of another kind than `nav` (a badge, an audience) is shown on the
  // operation (see tagBadges), not made a group; an operation is grouped by its first other tag.
  const badges = badgeTags(document);
  for (const t of declared) if (typeof t['name'] === 'string' && !badges.has(t['name'])) groupOf(t['name']);
  for (const op of model.operations) {
    const tag = op.tags.find((t) => !badges.has(t));
    const segment = op.path.split('/').filter((s) => s !== '' && !/^v\d+(\.\d+)*$/.test(s) && !s.startsWith('{'))[0];
    groupOf(tag ?? segment ?? 'Other').ops.push(op);
  }
  const groups = [...byName.values()].filter((g) => g.ops.length > 0);
  for (const g of groups) g.file = fileFor(g.name);
  return groups;
}

/**
 * The navigation's groups: each with its tag's `summary` and `parent` (OpenAPI 3.2), and the parent
 * tags that have no operations of their own as headings, so nested tags are listed under them.
 */
function navGroups(groups: readonly Group[], document: Node): NavGroup[] {
  const declared = new Map<string, Node>();
  for (const t of Array.isArray(document['tags']) ? document['tags'].filter(isRecord) : []) {
    if (typeof t['name'] === 'string' && !declared.has(t['name'])) declared.set(t['name'], t);
  }
  const entryOf = (name: string, file: string, count: number): NavGroup => {
    const tag = declared.get(name);
    const entry: NavGroup = { name, file, count };
    if (typeof tag?.['summary'] === 'string' && tag['summary'].trim() !== '') entry.label = tag['summary'].trim();
    if (typeof tag?.['parent'] === 'string' && tag['parent'] !== name) entry.parent = tag['parent'];
    return entry;
  };
  const listed = new Set(groups.map((g) => g.name));
  const out: NavGroup[] = [];
  for (const g of groups) {
    const entry = entryOf(g.name, g.file, g.ops.length);
    // A parent tag without operations becomes a heading before its first child; so do its own
    // parents (bounded: a cycle stops).
    const headings: NavGroup[] = [];
    for (let parent = entry.parent, i = 0; i < 16 && parent !== undefined && !listed.has(parent) && declared.has(parent); i++) {
      const heading = entryOf(parent, '', 0);
      listed.add(parent);
      headings.unshift(heading);
      parent = heading.parent;
    }
    out.push(...headings, entry);
  }
  return out;
}

/** The selector's links of a page: the same page in each version where it exists, else that version's overview. */
function versionLinks(versions: readonly SiteVersion[], root: string, file: string): [string, string, boolean][] {
  return versions.map((v) => [`${root}${v.folder}/${v.files.has(file) ? file : 'index.html'}`, v.label, v.current]);
}

/** A contract's site rendered and paginated, not written yet: its page files (for the version selector) and a writer. */
export interface PreparedSite {
  /** The page files of the contract's folder. */
  files: Set<string>;
  /** Writes the pages with the header's version selector; returns the overview's path from the site's root and the page count. */
  write(versions?: readonly SiteVersion[]): { file: string; pages: number };
}

/** Writes the contract's pages; returns the overview's path from the site's root and the page count. */
export function writeContractSite(options: ContractSiteOptions): { file: string; pages: number } {
  return prepareContractSite(options).write(options.versions);
}

/** Renders the contract's pages (operations, then schemas) and cuts them into pages; `write` writes them. */
export function prepareContractSite(options: Omit<ContractSiteOptions, 'versions'>): PreparedSite {
  const { model, document, api } = options;
  const folder = options.folder ?? api;
  const dir = join(options.out, ...folder.split('/'));
  const root = '../'.repeat(folder.split('/').length);
  const used = new Set<string>(['index.html', 'schemas.html', ...(options.extraPages ?? []).map((p) => p.file)]);
  const fileFor = (name: string): string => {
    let base = idOf('', name.toLowerCase());
    if (RESERVED.has(base)) base = `tag-${base}`;
    let file = `${base}.html`;
    for (let i = 2; used.has(file); i++) file = `${base}-${i}.html`;
    used.add(file);
    return file;
  };
  const groups = groupsOf(model, document, fileFor);
  const servers = serversOf(document);
  const absolute = servers.map((s) => s.url).filter((u) => /^https?:\/\//i.test(u) && !u.includes('{'));
  const offered = consoleServers(document);
  const schemaNames = new Set(
    Object.keys(isRecord(document['components']) && isRecord(document['components']['schemas']) ? document['components']['schemas'] : {}),
  );
  // Links to schemas are marks until the schemas' pages are known.
  const schemaHref = (name: string): string | undefined => (schemaNames.has(name) ? `${SCHEMA_MARK}${idOf('schema-', name)}${SCHEMA_MARK}` : undefined);
  const shelf = new ExampleShelf();
  const ctx: OperationContext = { document, api, schemes: model.securitySchemes, sampleServer: absolute[0] ?? 'http://127.0.0.1:4010', schemaHref, shelf };

  // Operations: rendered once, then cut into pages by count and size (their examples counted whole).
  const sectionOf = new Map<OperationModel, string>();
  const weightOf = new Map<OperationModel, number>();
  for (const g of groups)
    for (const op of g.ops) {
      const html = operationHtml(ctx, op);
      sectionOf.set(op, html);
      weightOf.set(op, html.length + shelf.taken());
    }
  for (const g of groups) {
    paginate(g.ops, (op) => weightOf.get(op) ?? 0, PAGE_BYTES, PAGE_OPS).forEach((ops, i) => {
      g.pages.push({ file: i === 0 ? g.file : fileFor(`${g.file.slice(0, -'.html'.length)}-page-${i + 1}`), ops });
    });
  }
  const pageOf = new Map<OperationModel, string>();
  for (const g of groups) for (const p of g.pages) for (const op of p.ops) pageOf.set(op, p.file);

  // Schemas: likewise; with more than one page, schemas.html lists them all.
  const schemaEntries = [...schemaNames].sort().map((name) => {
    const id = idOf('schema-', name);
    const schema = (document['components'] as { schemas: Node })['schemas'][name];
    const description = isRecord(schema) && typeof schema['description'] === 'string' ? schema['description'] : undefined;
    const sctx = { document, schemaHref };
    return {
      name,
      id,
      html: `<section class="op" id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${text(name)}</h2>${markdownHtml(description)}${schemaSummary(sctx, schema)}${schemaHtml(sctx, schema, { expandNamed: 1, rows: 120, topRef: name, foldPast: 40 })}</section>`,
    };
  });
  const schemaRuns = paginate(schemaEntries, (e) => e.html.length, SCHEMA_PAGE_BYTES);
  const schemaPages =
    schemaRuns.length <= 1
      ? [{ file: 'schemas.html', entries: schemaRuns[0] ?? [] }]
      : schemaRuns.map((entries, i) => ({ file: fileFor(`schemas-${i + 1}`), entries }));
  const schemaFile = new Map<string, string>();
  for (const p of schemaPages) for (const e of p.entries) if (!schemaFile.has(e.id)) schemaFile.set(e.id, p.file);
  const links = (html: string, here: string): string =>
    html.replace(SCHEMA_LINK, (_, id: string) => {
      const file = schemaFile.get(id);
      return file === undefined ? '#' : `${file === here ? '' : file}#${id}`;
    });

  const files = new Set(used);
  return {
    files,
    write(versions = []) {
      mkdirSync(dir, { recursive: true });
      const contract = `${model.info.title} ${model.info.version}`;
      const nav = navGroups(groups, document);
      // A contract of many pages lists its groups once, in groups.js, which every page but the overview reads.
      const shareNav = groups.reduce((n, g) => n + g.pages.length, schemaPages.length) > SHARED_NAV_PAGES;
      if (shareNav) writeFileSync(join(dir, 'groups.js'), sharedNavScript(nav));
      const shell = (title: string, current: string, main: string, ops: PageShell['ops'] = [], group = current, scripts: string[] = []): string =>
        sitePage({
          scripts: shareNav && current !== 'index.html' ? ['groups.js', ...scripts] : scripts,
          sharedGroups: shareNav && current !== 'index.html',
          title,
          contract,
          root,
          here: '',
          versions: versions.length > 1 ? versionLinks(versions, root, current) : [],
          groups: nav,
          current,
          group,
          ops,
          extraLinks: options.extraLinks,
          servers: offered,
          connect: connectSources(consoleServerUrls(offered)),
          hasTheme: options.hasTheme,
          main,
          ...(options.logo !== undefined ? { logo: options.logo } : {}),
        });

      for (const g of groups) {
        // An example shown more than once in the group is written once, in a script its pages share.
        const examplesScript = g.file.replace(/\.html$/, '.examples.js');
        const shared = shelf.resolve(
          g.pages.map((p) => p.ops.map((op) => links(sectionOf.get(op) as string, p.file)).join('\n')),
          examplesScript,
        );
        if (shared.script !== undefined) writeFileSync(join(dir, examplesScript), shared.script);
        g.pages.forEach((p, n) => {
          const sections = shared.pages[n] as string;
          const part = g.pages.length > 1 ? ` <span class="muted">(page ${n + 1} of ${g.pages.length})</span>` : '';
          const pager =
            g.pages.length > 1
              ? `<nav class="pager" aria-label="Pages of ${text(g.name)}"><ul>${g.pages.map((q, i) => `<li><a href="${text(q.file)}"${i === n ? ' aria-current="page"' : ''}>${i + 1}</a></li>`).join('')}</ul></nav>`
              : '';
          const main = `<h1>${text(g.label ?? g.name)}${part}</h1>\n${n === 0 ? markdownHtml(g.description) : ''}\n${pager}\n${sections}`;
          // A paged group lists all its operations once, in a script its pages share; each page lists its own inline.
          const navScript = g.pages.length > 1 ? g.file.replace(/\.html$/, '.nav.js') : undefined;
          if (navScript !== undefined && n === 0) {
            const all = g.ops.map((op) => [pageOf.get(op) ?? '', operationAnchor(op), op.method, op.summary?.trim() || op.path]);
            writeFileSync(join(dir, navScript), `self.specforgeNav = ${JSON.stringify(all)};\n`);
          }
          const ops: PageShell['ops'] = (navScript !== undefined ? p.ops : g.ops).map((op) => [
            `${pageOf.get(op) === p.file ? '' : (pageOf.get(op) ?? '')}#${operationAnchor(op)}`,
            op.method,
            op.summary?.trim() || op.path,
          ]);
          const scripts = [
            ...(navScript !== undefined ? [navScript] : []),
            ...(shared.script !== undefined && sections.includes(' data-ex="') ? [examplesScript] : []),
          ];
          writeFileSync(join(dir, p.file), shell(`${g.name}${n > 0 ? ` (${n + 1})` : ''}: ${contract}`, p.file, main, ops, g.file, scripts));
        });
      }

      writeFileSync(join(dir, 'index.html'), shell(contract, 'index.html', overview(model, document, groups, servers, pageOf) + versionList(versions, root)));
      for (const p of options.extraPages ?? []) writeFileSync(join(dir, p.file), shell(`${p.title}: ${contract}`, p.file, p.main));
      if (schemaPages.length === 1) {
        const only = schemaPages[0]?.entries ?? [];
        writeFileSync(
          join(dir, 'schemas.html'),
          shell(
            `Schemas: ${contract}`,
            'schemas.html',
            `<h1>Schemas</h1>\n${only.length > 0 ? only.map((e) => links(e.html, 'schemas.html')).join('\n') : '<p>The contract names no schema.</p>'}`,
          ),
        );
      } else {
        // schemas.html lists every schema (the way to one without JavaScript, and where an old address finds its page).
        const pager = (n: number): string =>
          `<nav class="pager" aria-label="Pages of schemas"><ul>${schemaPages.map((q, i) => `<li><a href="${text(q.file)}"${i === n ? ' aria-current="page"' : ''}>${i + 1}</a></li>`).join('')}</ul></nav>`;
        const list = schemaPages
          .map(
            (p, i) =>
              `<h2>Page ${i + 1}</h2><ul class="schema-list">${p.entries.map((e) => `<li><a href="${text(p.file)}#${e.id}">${text(e.name)}</a></li>`).join('')}</ul>`,
          )
          .join('\n');
        writeFileSync(
          join(dir, 'schemas.html'),
          shell(
            `Schemas: ${contract}`,
            'schemas.html',
            `<h1>Schemas</h1>\n<p>${schemaEntries.length} schemas on ${schemaPages.length} pages.</p>\n${pager(-1)}\n${list}`,
          ),
        );
        schemaPages.forEach((p, n) => {
          const first = p.entries[0]?.name ?? '';
          const last = p.entries.at(-1)?.name ?? '';
          const main = `<h1>Schemas <span class="muted">(page ${n + 1} of ${schemaPages.length}: ${text(first)} to ${text(last)})</span></h1>\n${pager(n)}\n${p.entries.map((e) => links(e.html, p.file)).join('\n')}`;
          writeFileSync(join(dir, p.file), shell(`Schemas (${n + 1}): ${contract}`, p.file, main, [], 'schemas.html'));
        });
      }

      const entries = groups.flatMap((g) => g.ops.map((op) => ({ op, href: `${pageOf.get(op) ?? g.file}#${operationAnchor(op)}`, group: g.name })));
      writeFileSync(join(dir, 'search-index.js'), searchIndexScript(document, entries));
      return { file: `${folder}/index.html`, pages: groups.reduce((n, g) => n + g.pages.length, 1 + (schemaPages.length > 1 ? schemaPages.length + 1 : 1)) };
    },
  };
}

function overview(
  model: ContractModel,
  document: Node,
  groups: Group[],
  servers: { url: string; description?: string; name?: string }[],
  pageOf: ReadonlyMap<OperationModel, string>,
): string {
  const info = isRecord(document['info']) ? document['info'] : {};
  const parts: string[] = [`<h1>${text(model.info.title)} <span class="muted">${text(model.info.version)}</span></h1>`, markdownHtml(model.info.description)];
  const links: string[] = [];
  const contact = isRecord(info['contact']) ? info['contact'] : undefined;
  if (contact !== undefined && typeof contact['url'] === 'string' && /^https?:/i.test(contact['url']))
    links.push(`<a href="${text(contact['url'])}" rel="noreferrer">${text(typeof contact['name'] === 'string' ? contact['name'] : 'Contact')}</a>`);
  if (contact !== undefined && typeof contact['email'] === 'string') links.push(`<a href="mailto:${text(contact['email'])}">${text(contact['email'])}</a>`);
  const license = isRecord(info['license']) ? info['license'] : undefined;
  if (license !== undefined && typeof license['name'] === 'string')
    links.push(
      typeof license['url'] === 'string' && /^https?:/i.test(license['url'])
        ? `License: <a href="${text(license['url'])}" rel="noreferrer">${text(license['name'])}</a>`
        : `License: ${text(license['name'])}`,
    );
  if (links.length > 0) parts.push(`<p>${links.join(' · ')}</p>`);
  if (servers.length > 0) {
    parts.push(
      `<h2>Servers</h2><ul>${servers.map((s) => `<li>${s.name !== undefined ? `<strong>${text(s.name)}</strong> ` : ''}<code>${text(s.url)}</code>${markdownHtml(s.description)}</li>`).join('')}</ul>`,
    );
  }
  if (model.securitySchemes.length > 0) {
    parts.push(
      `<h2>Authentication</h2><ul>${model.securitySchemes.map((s) => `<li>${schemeSummary(s, s.name)}${markdownHtml(s.description)}</li>`).join('')}</ul>`,
    );
  }
  parts.push(
    `<h2>Operations</h2><div class="table-wrap" tabindex="0"><table class="index"><thead><tr><th scope="col">Group</th><th scope="col">Operations</th><th scope="col">First operations</th></tr></thead><tbody>${groups
      .map(
        (g) =>
          `<tr><td><a href="${text(g.file)}">${text(g.label ?? g.name)}</a></td><td>${g.ops.length}</td><td>${g.ops
            .slice(0, 3)
            .map(
              (op) => `${methodBadge(op.method)} <a href="${text(pageOf.get(op) ?? g.file)}#${operationAnchor(op)}">${text(op.summary?.trim() || op.path)}</a>`,
            )
            .join('<br>')}</td></tr>`,
      )
      .join('')}</tbody></table></div>`,
  );
  return parts.join('\n');
}

/** The overview's list of the published versions, newest first, this one marked. */
function versionList(versions: readonly SiteVersion[], root: string): string {
  if (versions.length < 2) return '';
  const items = [...versions]
    .reverse()
    .map(
      (v) =>
        `<li><a href="${text(`${root}${v.folder}/index.html`)}"${v.current ? ' aria-current="page"' : ''}>${text(v.label)}</a>${v.current ? ' <span class="muted">(this version)</span>' : ''}${v.files.has('changelog.html') ? ` · <a href="${text(`${root}${v.folder}/changelog.html`)}">changes</a>` : ''}</li>`,
    );
  return `\n<h2>Versions</h2><ul class="versions">${items.join('')}</ul>`;
}
