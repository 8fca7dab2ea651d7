/**
 * The search index of a contract's static docs (`search-index.js`, a script so that it loads from
 * file://): per operation its method, path, summary, operationId, page and group (`ops`, read by the
 * pages' script and the tests), and the words a reader may type for it (`words`), by field, ranked
 * by the search (search-script.ts): the title (summary, operationId, path), the lead (the verb its
 * method stands for, its group, the first sentence of its description), names (its parameters' and
 * its request and response bodies' top-level properties) and the rest of its description. Words are
 * lower case, each once per operation (in its highest field); nothing of the contract is run.
 */
import { isRecord } from '../../contract/pointer.js';
import type { OperationModel } from '../../contract/model-types.js';
import { wireMethod } from '../../contract/model-types.js';
import { deref, type Node } from './document.js';

/** The fields of an entry's words, highest first (the script weighs them in this order). */
export const SEARCH_FIELDS = ['title', 'lead', 'names', 'text'] as const;

/** Words of a description kept per operation at most (the index stays light: Stripe's is loaded on the first search). */
const MAX_TEXT_WORDS = 80;
/** Property names kept per operation at most. */
const MAX_NAMES = 120;

const STOP = new Set(
  'a an and are as at be by can for from has have if in into is it its may not of on or that the this to was when which will with you your'.split(' '),
);

/** The words of a text: runs of letters and digits, lower case; a camelCase or snake_case word also as its parts. */
export function searchWords(value: string): string[] {
  const out: string[] = [];
  for (const raw of value.match(/[\p{L}\p{N}_]+/gu) ?? []) {
    const whole = raw.toLowerCase();
    if (whole.length > 40) continue;
    out.push(whole);
    const parts = raw
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      .toLowerCase()
      .split(/[\s_]+/)
      .filter((p) => p !== '' && p !== whole);
    out.push(...parts);
  }
  return out.filter((w) => w.length > 1 && !STOP.has(w));
}

/** A description as plain text: tags and Markdown link targets dropped. */
function plain(description: string | undefined): string {
  return (description ?? '').replace(/<[^>]*>/g, ' ').replace(/\]\([^)]*\)/g, ']');
}

/** What a method does to its path, in the words readers use ("create", "list", "delete"). */
function verbs(op: OperationModel): string {
  const last =
    op.path
      .split('/')
      .filter((s) => s !== '')
      .at(-1) ?? '';
  const item = last.startsWith('{');
  switch (op.method) {
    case 'get':
      return item ? 'get retrieve show' : 'get list retrieve';
    case 'post':
      return item ? 'update' : 'create add';
    case 'put':
      return 'update replace set';
    case 'patch':
      return 'update edit';
    case 'delete':
      return 'delete remove';
    default:
      return '';
  }
}

/** Top-level property names of a schema (allOf parts merged in, $refs followed). */
function propertyNames(document: Node, raw: unknown, out: string[], depth = 0): void {
  const node = deref(document, raw).node;
  if (!isRecord(node) || depth > 4) return;
  if (isRecord(node['properties'])) out.push(...Object.keys(node['properties']));
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = node[key];
    if (Array.isArray(parts)) for (const part of parts.slice(0, 20)) propertyNames(document, part, out, depth + 1);
  }
}

/** The first sentence of a text. */
function firstSentence(value: string): string {
  const m = /^[\s\S]*?[.!?](?:\s|$)/.exec(value.trim());
  return m !== null ? m[0] : value;
}

/** An operation's words by field (SEARCH_FIELDS), each a space-separated list. */
export function searchEntryWords(document: Node, op: OperationModel, group: string): string[] {
  const description = plain(op.description);
  const lead = firstSentence(description);
  const names: string[] = op.parameters.map((p) => p.name);
  for (const media of op.requestBody?.content ?? []) propertyNames(document, media.schema, names);
  for (const response of op.responses.filter((r) => r.status.startsWith('2')))
    for (const media of response.content) propertyNames(document, media.schema, names);
  const fields = [
    searchWords(`${op.summary ?? ''} ${op.id} ${op.path.replace(/\{[^}]*\}/g, ' ')}`).filter((w) => !/^v\d+$/.test(w)),
    searchWords(`${verbs(op)} ${group} ${lead}`),
    searchWords(names.slice(0, MAX_NAMES).join(' ')),
    searchWords(description.slice(lead.length)).slice(0, MAX_TEXT_WORDS * 2),
  ];
  const seen = new Set<string>();
  return fields.map((words, i) => {
    const kept = words.filter((w) => !seen.has(w) && (seen.add(w), true));
    return (i === 3 ? kept.slice(0, MAX_TEXT_WORDS) : kept).join(' ');
  });
}

/** The index script of a contract's pages: `self.specforgeSearchIndex = { ops, words }`. */
export function searchIndexScript(document: Node, entries: readonly { op: OperationModel; href: string; group: string }[]): string {
  const ops = entries.map(({ op, href, group }) => [wireMethod(op.method), op.path, op.summary ?? '', op.id, href, group]);
  const words = entries.map(({ op, group }) => searchEntryWords(document, op, group));
  // JSON in a script: "<" escaped, so no text of the contract can end the script element it may be inlined into.
  return `self.specforgeSearchIndex = ${JSON.stringify({ ops, words }).replace(/</g, '\\u003c')};\n`;
}
