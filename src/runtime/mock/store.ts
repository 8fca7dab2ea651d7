/**
 * The stateful mock's store: one indexed collection per resource, and the transaction a request
 * runs in.
 *
 * A collection keeps its documents in insertion order and indexes them by parent (the resource's
 * `scope`) and by alias (a container's name, an image's tags), so a list of one parent's children
 * and a lookup by name cost what they return, not what is stored.
 *
 * Every change a request makes goes through a transaction: puts are undone and in-place edits are
 * restored when the request fails (a precondition, a conflict, a response the contract refuses),
 * and removals wait for the commit. A request that fails leaves the store as it was.
 */

export type Doc = Record<string, unknown>;

/** How a collection reads the parent and the alias values of a document. */
export interface CollectionKeys {
  scopeOf(doc: Doc): string;
  aliasesOf(doc: Doc): string[];
}

interface Indexed {
  scope: string;
  aliases: string[];
}

export class Collection {
  private readonly docs = new Map<string, Doc>();
  private readonly scopes = new Map<string, Set<string>>();
  private readonly aliases = new Map<string, Set<string>>();
  private readonly indexed = new Map<string, Indexed>();
  /** The largest integer id ever stored (ids are not reused after a delete). */
  maxInteger = 0;

  constructor(private readonly keys: CollectionKeys) {}

  get size(): number {
    return this.docs.size;
  }

  get(key: string): Doc | undefined {
    return this.docs.get(key);
  }

  has(key: string): boolean {
    return this.docs.has(key);
  }

  values(): IterableIterator<Doc> {
    return this.docs.values();
  }

  entries(): IterableIterator<[string, Doc]> {
    return this.docs.entries();
  }

  /** The documents of one parent, in insertion order (every document when `scope` is undefined). */
  *inScope(scope: string | undefined): Generator<[string, Doc]> {
    if (scope === undefined) {
      yield* this.docs.entries();
      return;
    }
    for (const key of this.scopes.get(scope) ?? []) {
      const doc = this.docs.get(key);
      if (doc) yield [key, doc];
    }
  }

  /** The first stored document of `scope` with an alias equal to `value`. */
  byAlias(scope: string, value: string): [string, Doc] | undefined {
    for (const found of this.withAlias(scope, value)) return found;
    return undefined;
  }

  /** Every stored document of `scope` with an alias equal to `value`. */
  *withAlias(scope: string, value: string): Generator<[string, Doc]> {
    for (const key of this.aliases.get(aliasKey(scope, value)) ?? []) {
      const doc = this.docs.get(key);
      if (doc) yield [key, doc];
    }
  }

  /** Stores `doc` under `key` (in place of what was there, keeping its position). */
  put(key: string, doc: Doc): void {
    this.docs.set(key, doc);
    this.reindex(key);
  }

  remove(key: string): void {
    this.unindex(key);
    this.docs.delete(key);
  }

  /** Brings the indexes up to date with a document edited in place. */
  reindex(key: string): void {
    const doc = this.docs.get(key);
    if (!doc) return;
    const scope = this.keys.scopeOf(doc);
    const aliases = [...new Set(this.keys.aliasesOf(doc))];
    const before = this.indexed.get(key);
    if (before && before.scope === scope && sameList(before.aliases, aliases)) return;
    if (before) {
      if (before.scope !== scope) remove(this.scopes, before.scope, key);
      for (const a of before.aliases) remove(this.aliases, aliasKey(before.scope, a), key);
    }
    if (!before || before.scope !== scope) add(this.scopes, scope, key);
    for (const a of aliases) add(this.aliases, aliasKey(scope, a), key);
    this.indexed.set(key, { scope, aliases });
  }

  private unindex(key: string): void {
    const before = this.indexed.get(key);
    if (!before) return;
    remove(this.scopes, before.scope, key);
    for (const a of before.aliases) remove(this.aliases, aliasKey(before.scope, a), key);
    this.indexed.delete(key);
  }
}

function aliasKey(scope: string, value: string): string {
  return `${scope}\u0002${value}`;
}

function add(index: Map<string, Set<string>>, name: string, key: string): void {
  let set = index.get(name);
  if (!set) {
    set = new Set();
    index.set(name, set);
  }
  set.add(key);
}

function remove(index: Map<string, Set<string>>, name: string, key: string): void {
  const set = index.get(name);
  if (!set) return;
  set.delete(key);
  if (set.size === 0) index.delete(name);
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Replaces the contents of `target` with those of `source` (keeping the object's identity). */
function restore(target: Doc, source: Doc): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source);
}

/** The changes of one request: applied as they come, undone in reverse when the request fails. */
export class Transaction {
  private readonly undo: Array<() => void> = [];
  private readonly later: Array<() => void> = [];
  private readonly touched = new Set<Doc>();

  constructor(private readonly copy: (doc: Doc) => Doc) {}

  /** Stores `doc` under `key`; a rollback puts back what was there, or removes it. */
  put(collection: Collection, key: string, doc: Doc): void {
    const previous = collection.get(key);
    collection.put(key, doc);
    this.undo.push(() => (previous ? collection.put(key, previous) : collection.remove(key)));
  }

  /** Removes the document at the commit (so that a rollback keeps its place in the list). */
  remove(collection: Collection, key: string): void {
    this.later.push(() => collection.remove(key));
  }

  /** Records a document about to be edited in place, so that a rollback restores it. */
  touch(collection: Collection, key: string, doc: Doc): void {
    if (this.touched.has(doc)) return;
    this.touched.add(doc);
    const before = this.copy(doc);
    this.undo.push(() => {
      restore(doc, before);
      collection.reindex(key);
    });
  }

  /** Something to undo on rollback (a counter, a tracker). */
  onRollback(fn: () => void): void {
    this.undo.push(fn);
  }

  /** Something to do only once the request succeeds (an event, a removal). */
  onCommit(fn: () => void): void {
    this.later.push(fn);
  }

  commit(): void {
    for (const fn of this.later) fn();
    this.later.length = 0;
    this.undo.length = 0;
  }

  rollback(): void {
    for (let i = this.undo.length - 1; i >= 0; i--) this.undo[i]?.();
    this.undo.length = 0;
    this.later.length = 0;
  }
}
