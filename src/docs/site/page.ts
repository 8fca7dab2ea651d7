/**
 * The shell of a page of specforge's static docs: header, sidebar (search, overview, groups, the
 * current group's operations; on a narrow screen folded behind the header's menu button, a link to
 * it without script), main column, and the policy: scripts and styles from the site only
 * (no inline script, no inline style), images from the site, requests (the console's) only to the
 * contract's servers and to this machine.
 */
import { escapeHtml } from '../../report/html.js';

/** A server as the request console offers it: its URL template and each variable's default and allowed values. */
export interface ConsoleServer {
  url: string;
  variables: Record<string, { default: string; enum?: string[] }>;
}

export interface NavGroup {
  name: string;
  /** The group's first page; '' for a parent tag with no operations of its own (a heading). */
  file: string;
  count: number;
  /** OpenAPI 3.2: the tag's `summary`, shown instead of its name. */
  label?: string;
  /** OpenAPI 3.2: the tag's `parent`: the group is listed under it. */
  parent?: string;
}

/** Each group's parent in the navigation, where the parent is listed and no cycle leads back. */
function navParents(groups: readonly NavGroup[]): Map<NavGroup, string | undefined> {
  const byName = new Map(groups.map((g) => [g.name, g]));
  const out = new Map<NavGroup, string | undefined>();
  for (const g of groups) {
    const seen = new Set([g.name]);
    let at = g.parent;
    let ok = at !== undefined && byName.has(at);
    while (ok && at !== undefined) {
      if (seen.has(at)) ok = false;
      seen.add(at);
      const next = byName.get(at)?.parent;
      at = next !== undefined && byName.has(next) ? next : undefined;
    }
    out.set(g, ok ? g.parent : undefined);
  }
  return out;
}

export interface PageShell {
  title: string;
  /** The contract's title and version, shown in the header. */
  contract: string;
  /** Path from the page to the site's root ("../"). */
  root: string;
  /** Path from the page to the contract's folder ("" for a page in it). */
  here: string;
  groups: NavGroup[];
  /** The file of this page in the contract's folder ("pets.html"), for aria-current. */
  current: string;
  /** The first page of the group this page belongs to (its operations are listed under it). */
  group: string;
  /** Links of the current group's operations: [href, method, label]. */
  ops: [string, string, string][];
  /**
   * Scripts of the contract's folder the page's script reads, shared by a group's pages: a paged
   * group's list of all its operations (<group>.nav.js; `ops` then holds this page's own), the
   * examples several of its operations show (<group>.examples.js).
   */
  scripts?: string[];
  /** The groups are listed by the contract's groups.js (sharedNavScript): the page lists its own group and a link to the overview. */
  sharedGroups?: boolean;
  extraLinks: [string, string][];
  /** The version selector: [href, label, current] per published version, oldest first; empty with one version. */
  versions?: [string, string, boolean][];
  /** The servers the request console offers (site.ts consoleServers). */
  servers: ConsoleServer[];
  connect: string[];
  logo?: string;
  hasTheme: boolean;
  main: string;
}

/** Origins the console may call: absolute http(s) origins only, as a CSP source list accepts them. */
export function connectSources(servers: string[]): string[] {
  const out = new Set<string>();
  for (const s of servers) {
    try {
      const u = new URL(s);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && /^https?:\/\/[A-Za-z0-9.-]+(?::\d+)?$/.test(u.origin)) out.add(u.origin);
    } catch {
      // a relative or templated server: not callable from the page
    }
  }
  return [...out].sort();
}

export function pageCsp(connect: string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${[...connect, 'http://127.0.0.1:*', 'http://localhost:*'].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The header's version selector: a disclosure of links (no script), the current version marked. */
function versionSelector(versions: [string, string, boolean][]): string {
  if (versions.length < 2) return '';
  const current = versions.find(([, , c]) => c)?.[1] ?? '';
  const items = [...versions]
    .reverse()
    .map(([href, label, here]) => `<li><a href="${escapeHtml(href)}"${here ? ' aria-current="true"' : ''}>${escapeHtml(label)}</a></li>`)
    .join('');
  return `<details class="versions"><summary>Version ${escapeHtml(current)}</summary><nav aria-label="Versions"><ul>${items}</ul></nav></details>\n`;
}

/**
 * The navigation's groups in the order the sidebar lists them, each with its depth under its
 * parents: the script every page of a large contract shares (groups.js, `self.specforgeGroups`,
 * [file, label, count, depth] each, file '' for a heading), read by assets/docs.js.
 */
export function sharedNavScript(groups: readonly NavGroup[]): string {
  const parents = navParents(groups);
  const out: [string, string, number, number][] = [];
  const walk = (parent: string | undefined, depth: number): void => {
    for (const g of groups.filter((x) => parents.get(x) === parent)) {
      out.push([g.file, g.label ?? g.name, g.count, depth]);
      walk(g.name, depth + 1);
    }
  };
  walk(undefined, 0);
  return `self.specforgeGroups = ${JSON.stringify(out)};\n`;
}

export function sitePage(shell: PageShell): string {
  const link = (file: string, label: string): string =>
    `<li><a href="${escapeHtml(shell.here + file)}"${file === shell.current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a></li>`;
  const parents = navParents(shell.groups);
  const under = (parent: string | undefined): NavGroup[] => shell.groups.filter((g) => parents.get(g) === parent);
  const navItems = (list: NavGroup[]): string =>
    list
      .map((g) => {
        const name = escapeHtml(g.label ?? g.name);
        const item =
          g.file === ''
            ? `<span class="group-heading">${name}</span>`
            : `<a href="${escapeHtml(shell.here + g.file)}"${g.file === shell.current ? ' aria-current="page"' : ''}>${name} <span class="muted">(${g.count})</span></a>`;
        const ops =
          g.file !== '' && g.file === shell.group && shell.ops.length > 0
            ? `<ul class="ops">${shell.ops.map(([href, method, label]) => `<li><a href="${escapeHtml(href)}"><span class="method m-${escapeHtml(method.toLowerCase())}">${escapeHtml(method.toUpperCase())}</span> <span>${escapeHtml(label)}</span></a></li>`).join('')}</ul>`
            : '';
        const children = under(g.name);
        return `<li>${item}${ops}${children.length > 0 ? `<ul class="subgroups">${navItems(children)}</ul>` : ''}</li>`;
      })
      .join('\n');
  // A large contract lists its groups once, in a script its pages share (groups.js): each page lists
  // its own group inline, and the overview (which lists every group) is the way on without JavaScript.
  const groups =
    shell.sharedGroups === true
      ? `${navItems(shell.groups.filter((g) => g.file !== '' && g.file === shell.group))}\n<li><a href="${escapeHtml(shell.here)}index.html">Every group: the overview</a></li>`
      : navItems(under(undefined));
  const logo = shell.logo !== undefined ? `<img src="${escapeHtml(shell.root + shell.logo)}" alt="">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(pageCsp(shell.connect))}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(shell.title)}</title>
<link rel="stylesheet" href="${escapeHtml(shell.root)}assets/docs.css">
${shell.hasTheme ? `<link rel="stylesheet" href="${escapeHtml(shell.root)}assets/theme.css">\n` : ''}<script src="${escapeHtml(shell.root)}assets/console.js" defer></script>
${(shell.scripts ?? []).map((file) => `<script src="${escapeHtml(shell.here + file)}" defer></script>\n`).join('')}<script src="${escapeHtml(shell.root)}assets/docs.js" defer></script>
<script src="${escapeHtml(shell.root)}assets/search.js" defer></script>
</head>
<body data-root="${escapeHtml(shell.here)}" data-search="${escapeHtml(shell.here)}search-index.js" data-servers="${escapeHtml(JSON.stringify(shell.servers))}">
<a class="skip" href="#main">Skip to content</a>
<header class="top">
${logo}<a class="site" href="${escapeHtml(shell.root)}index.html">API docs</a>
<span class="crumbs"><a href="${escapeHtml(shell.here)}index.html">${escapeHtml(shell.contract)}</a></span>
${versionSelector(shell.versions ?? [])}<a class="menu" href="#side-nav">Menu</a>
</header>
<div class="layout">
<nav class="side" id="side-nav" aria-label="Contract">
<div class="search" role="search" hidden>
<label for="search-input">Search operations</label>
<input id="search-input" type="search" autocomplete="off" spellcheck="false" placeholder="name, path, description or property">
<ol aria-label="Search results"></ol>
</div>
<h2>Contract</h2>
<ul>
${link('index.html', 'Overview')}
${shell.extraLinks.map(([file, label]) => link(file, label)).join('\n')}
${link('schemas.html', 'Schemas')}
</ul>
<h2>Operations</h2>
<ul class="groups"${shell.sharedGroups === true ? ` data-group="${escapeHtml(shell.group)}" data-current="${escapeHtml(shell.current)}"` : ''}>
${groups}
</ul>
</nav>
<main id="main">
${shell.main}
</main>
</div>
</body>
</html>
`;
}
