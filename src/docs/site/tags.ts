/**
 * OpenAPI 3.2 tag kinds in the docs. A tag's `kind` says what sort of tag it is (the specification's
 * registry names `nav`, `badge` and `audience`): a tag without one, or of kind `nav`, is a group of
 * the navigation; a tag of any other kind is shown as a badge on each operation that carries it
 * (its summary, else its name; its kind in the title), and never makes a group of its own.
 */
import { isRecord } from '../../contract/pointer.js';
import { text } from './text.js';

type Node = Record<string, unknown>;

export interface BadgeTag {
  label: string;
  kind: string;
}

const cache = new WeakMap<Node, Map<string, BadgeTag>>();

/** The declared tags of another kind than `nav`, by name. */
export function badgeTags(document: Node): Map<string, BadgeTag> {
  let found = cache.get(document);
  if (found !== undefined) return found;
  found = new Map();
  for (const t of Array.isArray(document['tags']) ? document['tags'].filter(isRecord) : []) {
    const { name, kind, summary } = t;
    if (typeof name !== 'string' || typeof kind !== 'string' || kind.trim() === '' || kind === 'nav' || found.has(name)) continue;
    found.set(name, { label: typeof summary === 'string' && summary.trim() !== '' ? summary.trim() : name, kind });
  }
  cache.set(document, found);
  return found;
}

/** The badges of an operation's tags that are not groups: spans after its title. */
export function tagBadges(document: Node, tags: readonly string[]): string {
  const badges = badgeTags(document);
  return tags
    .flatMap((name) => {
      const badge = badges.get(name);
      return badge === undefined ? [] : [` <span class="tag-badge" title="${text(`tag ${name} (${badge.kind})`)}">${text(badge.label)}</span>`];
    })
    .join('');
}
