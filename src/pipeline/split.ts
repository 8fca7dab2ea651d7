/**
 * `split: tag`: a contract's code generated as one folder per tag, so a team imports only the part
 * it uses and a change to one tag's operations changes only that tag's folder.
 *
 * - Each operation goes to the folder of its first tag; operations without a tag go to `default/`.
 * - A tag's folder holds every target generated from the contract cut down to its operations: its
 *   paths, and of `components` only what those operations reach (schemas, responses, parameters…
 *   through `$ref`, security schemes by name). Its validators, mocks, server and clients are whole
 *   on their own (a schema two tags use is compiled into both folders' validators).
 * - The component types are shared: `shared/types.ts` holds the `components` (and `webhooks`) of the
 *   whole contract, and each tag's `types.ts` imports its `components` from there, so `Pet` is one
 *   type across tags.
 * - Folder names come from tag names, which are untrusted text: lower-case ASCII letters, digits and
 *   `-` only, at most 48 characters, never a name Windows reserves nor `shared` or `default` (those
 *   get `-tag`); a tag with nothing left is `tag-<hash>`; when tags share a name, one already
 *   written that way keeps it and the others get `-2`, `-3`… in the order of their names.
 */
import type { Diagnostic } from '../contract/errors.js';
import { modelOf, type ContractModel } from '../contract/model.js';
import { HTTP_METHODS, type OperationModel } from '../contract/model-types.js';
import { isRecord, resolveLocalRef, setOwn, unescapeSegment } from '../contract/pointer.js';
import { sha256 } from '../contract/source.js';
import type { GeneratedFile, GeneratorContext } from '../../generators/context.js';
import type { Target } from '../codegen/targets.js';
import type { SplitMode } from '../config/config.js';

/** The folder of the component types every tag's types import. */
export const SHARED_FOLDER = 'shared';
/** The folder of the operations without a tag. */
export const DEFAULT_FOLDER = 'default';

export const SPLIT_MODES: readonly SplitMode[] = ['none', 'tag'];

const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d)$/;
const MAX_FOLDER = 48;

/** The folder name a tag would get alone: see the module's comment. */
function folderBase(tag: string): string {
  const ascii = tag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_FOLDER)
    .replace(/-+$/, '');
  if (ascii === '') return `tag-${sha256(tag).slice(0, 8)}`;
  return ascii === SHARED_FOLDER || ascii === DEFAULT_FOLDER || WINDOWS_RESERVED.test(ascii) ? `${ascii}-tag` : ascii;
}

/** Each tag's folder, unique whatever the tags (a Map: tag names are untrusted keys). */
export function tagFolders(tags: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>([SHARED_FOLDER, DEFAULT_FOLDER]);
  // A tag already written as its folder name keeps it; the others follow in the order of their names.
  const order = [...new Set(tags)].map((tag) => ({ tag, base: folderBase(tag) }));
  order.sort((a, b) => Number(a.tag !== a.base) - Number(b.tag !== b.base) || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  for (const { tag, base } of order) {
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    out.set(tag, name);
  }
  return out;
}

/** The tag an operation is filed under: its first, or none. */
function tagOf(op: OperationModel): string | undefined {
  return op.tags[0];
}

/**
 * Every `#/components/<kind>/<name>` a node refers to: through `$ref`, a discriminator mapping (a
 * bare name is a schema's), or any string that is such a pointer (`x-specforge-base64-json` and
 * other extensions name schemas so).
 */
function componentRefs(node: unknown, into: Array<[string, string]>, seen = new Set<object>()): void {
  if (typeof node === 'string') {
    const m = /^#\/components\/([^/]+)\/([^/]+)/.exec(node);
    if (m) into.push([unescapeSegment(m[1] as string), unescapeSegment(m[2] as string)]);
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) componentRefs(item, into, seen);
    return;
  }
  if (!isRecord(node) || seen.has(node)) return;
  seen.add(node);
  const mapping = isRecord(node['discriminator']) ? node['discriminator']['mapping'] : undefined;
  if (isRecord(mapping)) for (const v of Object.values(mapping)) if (typeof v === 'string' && !v.startsWith('#')) into.push(['schemas', v]);
  for (const value of Object.values(node)) componentRefs(value, into, seen);
}

/** The security scheme names a node's `security` lists name (root or operations). */
function securityNames(node: unknown, into: Set<string>): void {
  if (!Array.isArray(node)) return;
  for (const requirement of node) if (isRecord(requirement)) for (const name of Object.keys(requirement)) into.add(name);
}

/** The components `start` reaches, in the contract's order of kinds and names. */
function reachableComponents(document: Record<string, unknown>, start: unknown[], schemes: Set<string>): Record<string, unknown> {
  const components = isRecord(document['components']) ? document['components'] : {};
  const kept = new Map<string, Set<string>>();
  const queue: Array<[string, string]> = [];
  componentRefs(start, queue);
  while (queue.length > 0) {
    const [kind, name] = queue.pop() as [string, string];
    const names = kept.get(kind) ?? new Set<string>();
    kept.set(kind, names);
    const section = components[kind];
    if (names.has(name) || !isRecord(section) || !Object.hasOwn(section, name)) continue;
    names.add(name);
    componentRefs(section[name], queue);
  }
  const out: Record<string, unknown> = {};
  for (const [kind, section] of Object.entries(components)) {
    if (!isRecord(section)) continue;
    const names = kind === 'securitySchemes' ? schemes : kept.get(kind);
    const picked: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(section)) if (names?.has(name)) setOwn(picked, name, value);
    if (Object.keys(picked).length > 0) setOwn(out, kind, picked);
  }
  return out;
}

/** Every string of a node (values and keys) that is one of `ids`. */
function namedOperations(node: unknown, ids: ReadonlySet<string>, into: Set<string>): void {
  if (typeof node === 'string') {
    if (ids.has(node)) into.add(node);
  } else if (Array.isArray(node)) for (const item of node) namedOperations(item, ids, into);
  else if (isRecord(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (ids.has(key)) into.add(key);
      namedOperations(value, ids, into);
    }
  }
}

export interface TagGroup {
  /** The tag, or undefined for the operations without one. */
  tag: string | undefined;
  folder: string;
  /** The contract cut down to the group's operations and what they reach. */
  document: Record<string, unknown>;
}

/**
 * The contract cut into one document per tag. The stateful-mock and event extensions go with the
 * tag whose operations they name; one naming operations of several tags is left out of every
 * folder, with a warning.
 */
export function splitByTag(model: ContractModel, warnings: Diagnostic[]): TagGroup[] {
  const document = model.loaded.document;
  const folders = tagFolders(model.operations.flatMap((op) => (op.tags.length > 0 ? [op.tags[0] as string] : [])));
  const groups = new Map<string, { tag: string | undefined; ops: OperationModel[] }>();
  for (const op of model.operations) {
    const tag = tagOf(op);
    const folder = tag === undefined ? DEFAULT_FOLDER : (folders.get(tag) as string);
    const group = groups.get(folder) ?? { tag, ops: [] };
    group.ops.push(op);
    groups.set(folder, group);
  }
  const allIds = new Set(model.operations.map((op) => op.id));
  const paths = isRecord(document['paths']) ? document['paths'] : {};
  const out: TagGroup[] = [];
  for (const folder of [...groups.keys()].sort()) {
    const group = groups.get(folder) as { tag: string | undefined; ops: OperationModel[] };
    const ids = new Set(group.ops.map((op) => op.id));
    const groupPaths: Record<string, unknown> = {};
    for (const [path, raw] of Object.entries(paths)) {
      const methods = new Set(group.ops.filter((op) => op.path === path).map((op) => op.method as string));
      if (methods.size === 0) continue;
      const item = isRecord(raw) && typeof raw['$ref'] === 'string' ? resolveLocalRef(document, raw['$ref'])?.value : raw;
      if (!isRecord(item)) continue;
      const kept: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(item)) {
        // OpenAPI 3.2: each custom method goes with its operation's tag, as a fixed method does.
        if (key === 'additionalOperations' && isRecord(value)) {
          const own = Object.entries(value).filter(([name]) => methods.has(name));
          if (own.length > 0) setOwn(kept, key, Object.fromEntries(own));
        } else if (!(HTTP_METHODS as readonly string[]).includes(key) || methods.has(key)) setOwn(kept, key, value);
      }
      setOwn(groupPaths, path, kept);
    }
    const cut: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(document)) {
      if (key === 'paths' || key === 'webhooks' || key === 'components') continue;
      if (key === 'tags') {
        const own = Array.isArray(value) ? value.filter((t) => isRecord(t) && t['name'] === group.tag) : [];
        if (own.length > 0) cut['tags'] = own;
        continue;
      }
      if (key === 'x-specforge-resources' && isRecord(value)) {
        const resources: Record<string, unknown> = {};
        for (const [name, resource] of Object.entries(value)) {
          if (keepsExtension(resource, ids, allIds, `x-specforge-resources: resource "${name}"`, model, warnings)) setOwn(resources, name, resource);
        }
        if (Object.keys(resources).length > 0) cut[key] = resources;
        continue;
      }
      if (key === 'x-specforge-events' && !keepsExtension(value, ids, allIds, 'x-specforge-events', model, warnings)) continue;
      setOwn(cut, key, value);
    }
    cut['paths'] = groupPaths;
    const schemes = new Set<string>();
    securityNames(document['security'], schemes);
    for (const op of group.ops) for (const requirement of op.security) for (const name of Object.keys(requirement)) schemes.add(name);
    const components = reachableComponents(document, [groupPaths, Object.entries(cut).filter(([k]) => k !== 'paths')], schemes);
    if (Object.keys(components).length > 0) cut['components'] = components;
    out.push({ tag: group.tag, folder, document: cut });
  }
  return out;
}

/** Whether an extension naming operations stays with a group: all it names are the group's (one spanning groups warns, once). */
function keepsExtension(
  value: unknown,
  ids: ReadonlySet<string>,
  allIds: ReadonlySet<string>,
  what: string,
  model: ContractModel,
  warnings: Diagnostic[],
): boolean {
  const named = new Set<string>();
  namedOperations(value, allIds, named);
  const mine = [...named].filter((id) => ids.has(id));
  if (mine.length === named.size) return true;
  if (mine.length > 0) {
    const message = `${what} names operations of several tags (${[...named].sort().join(', ')}): split: tag leaves it out of every tag folder's mocks and server`;
    if (!warnings.some((w) => w.message === message))
      warnings.push({
        code: 'SPECFORGE_EXTENSION',
        severity: 'warning',
        message,
        location: model.loaded.locate(what.startsWith('x-specforge-events') ? '/x-specforge-events' : '/x-specforge-resources'),
      });
  }
  return false;
}

/** The document `shared/types.ts` is printed from: the whole contract's components and webhooks, no paths. */
export function sharedTypesDocument(document: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) if (key !== 'paths' && key !== 'tags' && !key.startsWith('x-')) setOwn(out, key, value);
  out['paths'] = {};
  return out;
}

/** A tag's types with their `components` taken from the shared folder's (the same names, one type each). */
export function importSharedComponents(types: string): string {
  const shared = `import type { components } from "../${SHARED_FOLDER}/types.js";\nexport type { components };\n`;
  const block = /^export interface components \{\n[\s\S]*?\n\}\n/m;
  const empty = /^export type components = Record<string, never>;\n/m;
  if (block.test(types)) return types.replace(block, () => shared);
  if (empty.test(types)) return types.replace(empty, () => shared);
  throw new Error('the types printed for a tag have no components declaration to share');
}

/** A tag group's own model: the contract cut down to its operations (locations stay those of the contract). */
function groupModel(model: ContractModel, group: TagGroup): ContractModel {
  return modelOf({ ...model.loaded, document: group.document }, model.api);
}

/**
 * The files of a contract split by tag: every target for each tag's folder, and the shared
 * component types. A contract without operations is not split.
 */
export async function splitFiles(
  model: ContractModel,
  ctx: GeneratorContext,
  targets: readonly Target[],
  run: (target: Target, model: ContractModel) => Promise<GeneratedFile[]>,
): Promise<GeneratedFile[] | undefined> {
  if (model.operations.length === 0) return undefined;
  const files: GeneratedFile[] = [];
  const warnings: Diagnostic[] = [];
  const groups = splitByTag(model, warnings);
  ctx.warnings.push(...warnings);
  if (targets.includes('types')) {
    const { typesSource } = await import('../../generators/types.js');
    files.push({ path: `${SHARED_FOLDER}/types.ts`, content: ctx.header('//') + typesSource(sharedTypesDocument(model.loaded.document)) });
  }
  for (const group of groups) {
    const sub = groupModel(model, group);
    for (const target of targets) {
      for (const file of await run(target, sub)) {
        const content = target === 'types' && file.path === 'types.ts' ? importSharedComponents(file.content) : file.content;
        files.push({ ...file, path: `${group.folder}/${file.path}`, content });
      }
    }
  }
  return files;
}
