/**
 * Release notes from the diff (`specforge changelog`): every change between two versions of a
 * contract, breaking or not, grouped by operation and then by contract-wide subject, each in a
 * category (breaking, deprecation, change, addition) read from the rule's level and id, and the
 * semantic-version bump those categories call for. Rendered as markdown, HTML or JSON; the same
 * input gives the same bytes.
 *
 * Categories come from the rule catalogue's levels and id patterns, never from a list of rules, so
 * rules added to the diff engine land in a category without a change here.
 */
import { HTTP_METHODS, syntheticOperationId, type ContractModel, type OperationModel } from '../contract/model.js';
import { getAtPointer, isRecord } from '../contract/pointer.js';
import { displayPath } from '../contract/resolve.js';
import { backticks, inertReferences } from '../codegen/escape.js';
import { escapeHtml, staticPage } from '../report/html.js';
import { changeKey, type DiffChange } from './change.js';
import type { DiffLevel } from './rules.js';
import { bumpSemver, formatSemver, parseSemver, satisfiesBump, type BumpKind } from './semver.js';

export type { BumpKind } from './semver.js';

export type ChangelogCategory = 'breaking' | 'deprecation' | 'change' | 'addition';

/** Categories in the order entries are listed in a group. */
export const CHANGELOG_CATEGORIES: readonly ChangelogCategory[] = ['breaking', 'deprecation', 'change', 'addition'];

/**
 * Rule-id patterns and the category of the changes they report, first match wins, after the one
 * fixed rule: a change at the breaking level is always `breaking`. Anything else is a `change`.
 */
export const CATEGORY_PATTERNS: ReadonlyArray<readonly [RegExp, ChangelogCategory]> = [
  [/deprecated/, 'deprecation'],
  [/-added$/, 'addition'],
];

/** The bump each category calls for (semver 2.0.0 §7: a deprecation is a minor release). */
export const CATEGORY_BUMP: Record<ChangelogCategory, BumpKind> = { breaking: 'major', deprecation: 'minor', addition: 'minor', change: 'patch' };

export function categoryOf(change: { rule: string; level: DiffLevel }): ChangelogCategory {
  if (change.level === 'breaking') return 'breaking';
  for (const [pattern, category] of CATEGORY_PATTERNS) if (pattern.test(change.rule)) return category;
  return 'change';
}

/**
 * Contract-wide sections: rule-id patterns to the section a change goes to when it concerns no
 * operation and no path (webhook rules go to Webhooks whatever they concern), in the order they are
 * printed; the last, with no pattern, takes the rest.
 */
export const CONTRACT_SECTIONS: ReadonlyArray<readonly [RegExp | undefined, string]> = [
  [/(^|-)security-/, 'Security schemes'],
  [/(^|-)servers?-/, 'Servers'],
  [/(^|-)webhooks?-/, 'Webhooks'],
  [undefined, 'Contract'],
];

const WEBHOOK_RULE = /(^|-)webhooks?-/;

export interface ChangelogEntry {
  category: ChangelogCategory;
  level: DiffLevel;
  rule: string;
  /** The message as its group shows it: without the "METHOD path: " its operation heading says. */
  text: string;
  /** The message as the diff reports it. */
  message: string;
  /** Pointer in the head contract (for a removal, the nearest surviving parent). */
  pointer: string;
  detail?: string;
}

export interface OperationSummary {
  method: string;
  /** The operationId the contract gives (none when the contract gives none). */
  operationId?: string;
  summary?: string;
}

export interface ChangelogGroup {
  /** An operation, a path (its addition or removal), or a contract-wide section. */
  kind: 'operation' | 'path' | 'contract';
  /** `GET /pets`, `/pets` or the section's name. */
  title: string;
  method?: string;
  path?: string;
  operationId?: string;
  summary?: string;
  /** For a path: its operations (in the head, else in the base). */
  operations?: OperationSummary[];
  entries: ChangelogEntry[];
}

export interface VersionAdvice {
  bump: BumpKind;
  /** Why, in words: "2 breaking changes", "3 additions", "no change". */
  reason: string;
  /** info.version of the base (none for a contract new at the base revision) and of the head. */
  base?: string;
  head: string;
  /** The base bumped, when the base is a semantic version. */
  next?: string;
  /** One sentence about the head's info.version. */
  verdict: string;
  /** The head's info.version is lower than the bump needs (or unchanged when one is needed). */
  warning: boolean;
}

export interface ContractChangelog {
  /** The head contract's entry file, relative to the working folder. */
  spec: string;
  title: string;
  /** What the head was compared with: a git revision or the base file. */
  since: string;
  /** True when the contract does not exist at the base revision. */
  isNew: boolean;
  counts: Record<ChangelogCategory, number>;
  version: VersionAdvice;
  /** Operations and paths, by path and then method. */
  operations: ChangelogGroup[];
  /** Contract-wide sections, in CONTRACT_SECTIONS order; only those with changes. */
  contract: ChangelogGroup[];
}

export interface Changelog {
  contracts: ContractChangelog[];
}

export interface ChangelogInput {
  /**
   * The head contract's entry file (not the model's: models are cached by content, so two files
   * with the same content share one).
   */
  path: string;
  base?: ContractModel;
  head: ContractModel;
  changes: readonly DiffChange[];
  /** What the head is compared with, as printed. */
  since: string;
}

/** Operations in the order of the fixed methods (QUERY last of them), then custom methods. */
function methodRank(method: string): number {
  const i = (HTTP_METHODS as readonly string[]).indexOf(method.toLowerCase());
  return i === -1 ? HTTP_METHODS.length : i;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `/pets/{petId}` and `/pets/{id}` are one path, as the diff pairs them. */
function pathKey(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

/** Whether the contract itself gives the operation's id (an id equal to the one specforge would invent included). */
function givesOperationId(model: ContractModel | undefined, op: OperationModel): boolean {
  if (model !== undefined) {
    const found = getAtPointer(model.document, op.pointer);
    if (found.found && isRecord(found.value)) return typeof found.value['operationId'] === 'string';
  }
  return op.id !== syntheticOperationId(op.method, op.path);
}

function summaryOf(op: OperationModel, model?: ContractModel): OperationSummary {
  const out: OperationSummary = { method: op.method };
  if (givesOperationId(model, op)) out.operationId = op.id;
  if (op.summary !== undefined && op.summary.trim() !== '') out.summary = op.summary;
  return out;
}

/** Operations of the head (else of the base) at a path, optionally of one method, as summaries. */
function operationsAt(models: Array<ContractModel | undefined>, path: string, method?: string): OperationSummary[] {
  const key = pathKey(path);
  for (const model of models) {
    const ops = (model?.operations ?? []).filter((o) => pathKey(o.path) === key && (method === undefined || o.method === method.toLowerCase()));
    if (ops.length > 0) return ops.sort((a, b) => methodRank(a.method) - methodRank(b.method)).map((o) => summaryOf(o, model));
  }
  return [];
}

/** JSON with sorted keys: two documents that differ only in key order are the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort(compareText);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether two contracts are the same document, apart from key order and info.version. */
function sameDocument(base: ContractModel, head: ContractModel): boolean {
  const strip = (doc: Record<string, unknown>): Record<string, unknown> => ({
    ...doc,
    info: isRecord(doc['info']) ? { ...doc['info'], version: undefined } : doc['info'],
  });
  return canonical(strip(base.document)) === canonical(strip(head.document));
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const CATEGORY_WORDS: Record<ChangelogCategory, [string, string]> = {
  breaking: ['breaking change', 'breaking changes'],
  deprecation: ['deprecation', 'deprecations'],
  change: ['change', 'changes'],
  addition: ['addition', 'additions'],
};

/** "1 breaking change, 2 additions" (categories with none left out); "no change" for none at all. */
export function countsText(counts: Record<ChangelogCategory, number>): string {
  const parts = CHANGELOG_CATEGORIES.filter((c) => counts[c] > 0).map((c) => plural(counts[c], ...CATEGORY_WORDS[c]));
  return parts.length > 0 ? parts.join(', ') : 'no change';
}

/** The bump the changes call for, and what to say about the head's info.version. */
export function adviseVersion(counts: Record<ChangelogCategory, number>, base: string | undefined, head: string, undetailed = false): VersionAdvice {
  if (base === undefined) {
    return { bump: 'none', reason: 'the contract is new', head, verdict: `the contract is new: its first info.version is ${head}`, warning: false };
  }
  const bump: BumpKind =
    counts.breaking > 0 ? 'major' : counts.addition + counts.deprecation > 0 ? 'minor' : counts.change > 0 || undetailed ? 'patch' : 'none';
  const reason =
    bump === 'major'
      ? plural(counts.breaking, ...CATEGORY_WORDS.breaking)
      : bump === 'minor'
        ? countsText({ breaking: 0, change: 0, addition: counts.addition, deprecation: counts.deprecation })
        : bump === 'patch'
          ? counts.change > 0
            ? plural(counts.change, ...CATEGORY_WORDS.change)
            : 'changes the diff does not list (descriptions, examples, …)'
          : 'no change';
  const b = parseSemver(base);
  const h = parseSemver(head);
  if (b === undefined) {
    // Not a semantic version ("2022-11-28", "v1"): the kind of bump, no number.
    const unchanged = bump !== 'none' && head === base;
    const verdict = unchanged
      ? `info.version is still ${head}: a ${bump} change needs a new version (${base} is not a semantic version, so no number is suggested)`
      : `${base} is not a semantic version, so no number is suggested`;
    return { bump, reason, base, head, verdict, warning: unchanged };
  }
  const nextVersion = bumpSemver(b, bump);
  const next = formatSemver(nextVersion);
  let verdict: string;
  let warning = false;
  if (h === undefined) {
    verdict = `the head's info.version ${head} is not a semantic version; ${bump === 'none' ? `nothing changed since ${base}` : `a ${bump} bump of ${base} is ${next}`}`;
    warning = bump !== 'none';
  } else if (!satisfiesBump(b, h, nextVersion)) {
    verdict =
      bump === 'none'
        ? `the head's info.version ${head} is lower than the base's ${base}`
        : `the head's info.version ${head} is lower than the suggested ${next}`;
    warning = true;
  } else if (bump === 'none') {
    verdict = head === base ? 'info.version is unchanged, and nothing needs a new one' : `nothing needs a new version; the head's info.version is ${head}`;
  } else {
    verdict = `the head's info.version ${head} already satisfies the ${bump} bump`;
  }
  return { bump, reason, base, head, next, verdict, warning };
}

function sectionOf(rule: string): string {
  for (const [pattern, name] of CONTRACT_SECTIONS) if (pattern === undefined || pattern.test(rule)) return name;
  return 'Contract';
}

/** The changelog of one contract. */
export function contractChangelog(input: ChangelogInput, cwd: string): ContractChangelog {
  const { base, head, changes } = input;
  const counts: Record<ChangelogCategory, number> = { breaking: 0, deprecation: 0, change: 0, addition: 0 };
  const groups = new Map<string, { group: ChangelogGroup; path: string; rank: number }>();
  const sections = new Map<string, ChangelogGroup>();
  const order = new Map<ChangelogEntry, number>();
  // A change of a shared schema is listed under each operation it reaches, and counted once, as
  // diff and review count it (changeKey).
  const counted = new Set<string>();
  changes.forEach((change, index) => {
    const category = categoryOf(change);
    const key = `${category}|${changeKey(change, index)}`;
    if (!counted.has(key)) {
      counted.add(key);
      counts[category]++;
    }
    const entry: ChangelogEntry = { category, level: change.level, rule: change.rule, text: change.message, message: change.message, pointer: change.pointer };
    if (change.detail !== undefined) entry.detail = change.detail;
    order.set(entry, index);
    const op = change.operation;
    if (!WEBHOOK_RULE.test(change.rule) && op !== undefined) {
      const title = `${op.method.toUpperCase()} ${op.path}`;
      if (entry.text.startsWith(`${title}: `)) entry.text = entry.text.slice(title.length + 2);
      const key = `op\0${pathKey(op.path)}\0${op.method}`;
      let slot = groups.get(key);
      if (!slot) {
        const s = operationsAt([head, base], op.path, op.method)[0];
        const group: ChangelogGroup = { kind: 'operation', title, method: op.method.toUpperCase(), path: op.path, entries: [] };
        if (s) {
          if (s.operationId !== undefined) group.operationId = s.operationId;
          if (s.summary !== undefined) group.summary = s.summary;
        }
        slot = { group, path: op.path, rank: 1 + methodRank(op.method) };
        groups.set(key, slot);
      }
      slot.group.entries.push(entry);
    } else if (!WEBHOOK_RULE.test(change.rule) && change.path !== undefined) {
      const key = `path\0${pathKey(change.path)}`;
      let slot = groups.get(key);
      if (!slot) {
        const group: ChangelogGroup = { kind: 'path', title: change.path, path: change.path, operations: operationsAt([head, base], change.path), entries: [] };
        slot = { group, path: change.path, rank: 0 };
        groups.set(key, slot);
      }
      slot.group.entries.push(entry);
    } else {
      const name = sectionOf(change.rule);
      let group = sections.get(name);
      if (!group) {
        group = { kind: 'contract', title: name, entries: [] };
        sections.set(name, group);
      }
      group.entries.push(entry);
    }
  });
  const byCategory = (a: ChangelogEntry, b: ChangelogEntry): number =>
    CHANGELOG_CATEGORIES.indexOf(a.category) - CHANGELOG_CATEGORIES.indexOf(b.category) || (order.get(a) ?? 0) - (order.get(b) ?? 0);
  const operations = [...groups.values()]
    .sort(
      (a, b) => compareText(pathKey(a.path), pathKey(b.path)) || compareText(a.path, b.path) || a.rank - b.rank || compareText(a.group.title, b.group.title),
    )
    .map((s) => s.group);
  const contract = CONTRACT_SECTIONS.map(([, name]) => sections.get(name)).filter((g): g is ChangelogGroup => g !== undefined);
  for (const g of [...operations, ...contract]) g.entries.sort(byCategory);
  const undetailed = base !== undefined && changes.length === 0 && !sameDocument(base, head);
  return {
    spec: displayPath(input.path, cwd),
    title: head.info.title,
    since: input.since,
    isNew: base === undefined,
    counts,
    version: adviseVersion(counts, base?.info.version, head.info.version, undetailed),
    operations,
    contract,
  };
}

export function buildChangelog(inputs: readonly ChangelogInput[], cwd: string): Changelog {
  return { contracts: inputs.map((i) => contractChangelog(i, cwd)) };
}

// Markdown ---------------------------------------------------------------------------------------

/** Inline code holding `text` as is (no table is printed, so a "|" needs no escape). */
function mdCode(text: string): string {
  const one = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  const fence = backticks(one);
  const pad = one.startsWith('`') || one.endsWith('`') || one.startsWith(' ') || one.endsWith(' ') ? ' ' : '';
  return `${fence}${pad}${one}${pad}${fence}`;
}

/**
 * Inline markdown text: one line, every character that could start markup escaped (emphasis,
 * code, links, HTML, table cells, entities), GitHub's references made inert (inertReferences).
 * Never the start of a line here, so a leading "1." or "-" needs no escape (markdownText's would
 * show as "1\\.").
 */
function md(text: string): string {
  return inertReferences(
    text
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[\\`*_[\]<>|#!~&]/g, '\\$&'),
  );
}

function mdEntry(e: ChangelogEntry): string {
  const detail = e.detail !== undefined && e.detail.trim() !== '' ? ` (${md(e.detail)})` : '';
  return `- **${e.category}**: ${md(e.text)}${detail} (${mdCode(e.rule)})`;
}

function mdOperationTitle(g: Pick<ChangelogGroup, 'title' | 'summary' | 'operationId'>): string {
  return `${mdCode(g.title)}${g.summary !== undefined ? `: ${md(g.summary)}` : ''}${g.operationId !== undefined ? ` (${mdCode(g.operationId)})` : ''}`;
}

function mdVersion(c: ContractChangelog): string[] {
  const v = c.version;
  const lines: string[] = [];
  if (v.base === undefined) {
    lines.push(`- info.version: ${md(v.head)} (new contract)`);
  } else {
    lines.push(`- info.version: ${md(v.base)} (base) -> ${md(v.head)} (head)`);
    const next = v.next !== undefined && v.bump !== 'none' ? `: ${md(v.base)} -> **${md(v.next)}**` : '';
    lines.push(`- Suggested bump: ${v.bump === 'none' ? 'none' : `**${v.bump}**`} (${md(v.reason)})${next}`);
  }
  lines.push(v.warning ? `- **Warning:** ${md(v.verdict)}` : `- ${md(v.verdict)}`);
  return lines;
}

function mdContract(c: ContractChangelog): string {
  const out: string[] = [`# Changelog: ${md(c.title)}`, ''];
  out.push(`Contract ${mdCode(c.spec)} since ${mdCode(c.since)}: ${countsText(c.counts)}.`, '');
  out.push(...mdVersion(c), '');
  if (c.operations.length > 0) {
    out.push('## Operations', '');
    for (const g of c.operations) {
      if (g.kind === 'path') {
        out.push(`### ${mdCode(g.title)}`, '');
        const ops = g.operations ?? [];
        if (ops.length > 0) out.push(`Operations: ${ops.map((o) => mdOperationTitle({ title: o.method.toUpperCase(), ...o })).join('; ')}`, '');
      } else {
        out.push(`### ${mdOperationTitle(g)}`, '');
      }
      out.push(...g.entries.map(mdEntry), '');
    }
  }
  if (c.contract.length > 0) {
    out.push('## Contract-wide changes', '');
    for (const g of c.contract) out.push(`### ${md(g.title)}`, '', ...g.entries.map(mdEntry), '');
  }
  if (c.operations.length === 0 && c.contract.length === 0)
    out.push(c.version.bump === 'none' ? 'No change.' : 'No change the diff lists; the contract differs in descriptions, examples or other text.', '');
  return out.join('\n');
}

export function changelogMarkdown(changelog: Changelog): string {
  if (changelog.contracts.length === 0) return '# Changelog\n\nNo contract compared.\n';
  return changelog.contracts.map(mdContract).join('\n').replace(/\n+$/, '\n');
}

// HTML -------------------------------------------------------------------------------------------

const h = escapeHtml;

export const CHANGELOG_STYLE = `
    .marker { display: inline-block; min-width: 6.5rem; font-size: .8rem; font-weight: 600; text-transform: uppercase; letter-spacing: .03em; }
    .breaking .marker { color: #cf222e; }
    .deprecation .marker { color: #9a6700; }
    .change .marker { color: #0969da; }
    .addition .marker { color: #1a7f37; }
    .rule { color: #59636e; }
    .warning { color: #9a6700; font-weight: 600; }
    ul.changes { list-style: none; padding-left: 0; }
    ul.changes li { margin: .25rem 0; }`;

function htmlEntry(e: ChangelogEntry): string {
  const detail = e.detail !== undefined && e.detail.trim() !== '' ? ` <span class="detail">(${h(e.detail)})</span>` : '';
  return `    <li class="${e.category}"><span class="marker">${e.category}</span> ${h(e.text)}${detail} <code class="rule">${h(e.rule)}</code></li>`;
}

function htmlOperationTitle(g: Pick<ChangelogGroup, 'title' | 'summary' | 'operationId'>): string {
  return `<code>${h(g.title)}</code>${g.summary !== undefined ? `: ${h(g.summary)}` : ''}${g.operationId !== undefined ? ` (<code>${h(g.operationId)}</code>)` : ''}`;
}

function htmlGroup(heading: string, g: ChangelogGroup, before = ''): string {
  return `  <section>\n  <h3>${heading}</h3>\n${before}  <ul class="changes">\n${g.entries.map(htmlEntry).join('\n')}\n  </ul>\n  </section>`;
}

/** One contract's changelog as an HTML article (for a page of its own, or the docs site's changelog page). */
export function changelogArticle(c: ContractChangelog): string {
  const v = c.version;
  const out: string[] = [
    '<article>',
    `  <h1>Changelog: ${h(c.title)}</h1>`,
    `  <p>Contract <code>${h(c.spec)}</code> since <code>${h(c.since)}</code>: ${h(countsText(c.counts))}.</p>`,
    '  <ul class="version">',
  ];
  if (v.base === undefined) {
    out.push(`    <li>info.version: ${h(v.head)} (new contract)</li>`);
  } else {
    out.push(`    <li>info.version: ${h(v.base)} (base) -&gt; ${h(v.head)} (head)</li>`);
    const next = v.next !== undefined && v.bump !== 'none' ? `: ${h(v.base)} -&gt; <strong>${h(v.next)}</strong>` : '';
    out.push(`    <li>Suggested bump: ${v.bump === 'none' ? 'none' : `<strong>${v.bump}</strong>`} (${h(v.reason)})${next}</li>`);
  }
  out.push(v.warning ? `    <li class="warning">Warning: ${h(v.verdict)}</li>` : `    <li>${h(v.verdict)}</li>`, '  </ul>');
  if (c.operations.length > 0) {
    out.push('  <h2>Operations</h2>');
    for (const g of c.operations) {
      if (g.kind === 'path') {
        const ops = g.operations ?? [];
        const list = ops.length > 0 ? `  <p>Operations: ${ops.map((o) => htmlOperationTitle({ title: o.method.toUpperCase(), ...o })).join('; ')}</p>\n` : '';
        out.push(htmlGroup(`<code>${h(g.title)}</code>`, g, list));
      } else {
        out.push(htmlGroup(htmlOperationTitle(g), g));
      }
    }
  }
  if (c.contract.length > 0) {
    out.push('  <h2>Contract-wide changes</h2>');
    for (const g of c.contract) out.push(htmlGroup(h(g.title), g));
  }
  if (c.operations.length === 0 && c.contract.length === 0)
    out.push(`  <p>${v.bump === 'none' ? 'No change.' : 'No change the diff lists; the contract differs in descriptions, examples or other text.'}</p>`);
  out.push('</article>');
  return out.join('\n');
}

export interface ChangelogHtmlOptions {
  /** Navigation above the changelog, already HTML (the docs site links its index and the contract). */
  nav?: string;
}

/** A standalone page (no script, nothing loaded from elsewhere); every text from a contract is escaped. */
export function changelogHtml(changelog: Changelog, options: ChangelogHtmlOptions = {}): string {
  const only = changelog.contracts.length === 1 ? changelog.contracts[0] : undefined;
  const title = only ? `Changelog: ${only.title}` : 'Changelog';
  const body = changelog.contracts.length > 0 ? changelog.contracts.map(changelogArticle).join('\n') : '<h1>Changelog</h1>\n<p>No contract compared.</p>';
  return staticPage(title, `${options.nav !== undefined ? `${options.nav}\n` : ''}<main>\n${body}\n</main>`, CHANGELOG_STYLE);
}

// JSON -------------------------------------------------------------------------------------------

export function changelogJson(changelog: Changelog): string {
  return JSON.stringify(changelog, null, 2) + '\n';
}

export const CHANGELOG_FORMATS = ['markdown', 'html', 'json'] as const;
export type ChangelogFormat = (typeof CHANGELOG_FORMATS)[number];

export function renderChangelog(changelog: Changelog, format: ChangelogFormat, options: ChangelogHtmlOptions = {}): string {
  if (format === 'html') return changelogHtml(changelog, options);
  if (format === 'json') return changelogJson(changelog);
  return changelogMarkdown(changelog);
}
