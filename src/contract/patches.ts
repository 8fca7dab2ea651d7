/**
 * Patching a contract one did not write, without editing it:
 *
 * - a `null` where the OpenAPI structure expects an object or a list (`schema: null`, `items:
 *   null`, `responses: null`, ...) is read as absent, with a warning at its file:line:col (what
 *   openapi-typescript tolerates, specforge tolerates);
 * - OpenAPI Overlay 1.0 documents (https://spec.openapis.org/overlay/v1.0.0) named by `--overlay`
 *   or by the config's `overlays:` are applied to the entry file after it is parsed and before
 *   anything validates it; what an overlay adds is located in the overlay file;
 * - the config's `errors:` for a contract stands for its `x-specforge-error`.
 *
 * The command line registers the patches (setContractPatches) before any contract is loaded; the
 * loader asks for those of each entry file it reads (patchesFor).
 */
import { basename, dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContractError, type Diagnostic } from './errors.js';
import { isRecord, joinPointer } from './pointer.js';
import type { SourceFile } from './source.js';
import { evaluatePath, parsePath } from './jsonpath.js';

export interface ContractPatches {
  /** Absolute paths of Overlay documents, applied in order. */
  overlays: string[];
  /** The config's `errors:` for the contract: its x-specforge-error. */
  errors?: unknown;
}

interface Registry {
  /** Overlays of every contract a command loads (`--overlay`). */
  everywhere: string[];
  /** Per contract entry file (absolute path): the config's `overlays:` and `errors:`. */
  byContract: Map<string, { overlays: string[]; errors?: unknown }>;
}

let registry: Registry = { everywhere: [], byContract: new Map() };

/** Registers the patches of this process's commands (the command line calls it once). */
export function setContractPatches(everywhere: readonly string[], byContract: ReadonlyMap<string, { overlays: string[]; errors?: unknown }> = new Map()): void {
  registry = { everywhere: [...everywhere], byContract: new Map(byContract) };
}

/** Where the warnings of patching go (the command line prints them to standard error), each once per process. */
let reporter: ((d: Diagnostic) => void) | undefined;
const reported = new Set<string>();

export function setPatchReporter(report: ((d: Diagnostic) => void) | undefined): void {
  reporter = report;
}

/** Hands the loader's patch warnings to the reporter, each once however often the contract is loaded. */
export function reportPatchWarnings(warnings: readonly Diagnostic[]): void {
  if (!reporter) return;
  for (const d of warnings) {
    const key = `${d.code}\0${d.location?.file ?? ''}:${d.location?.line ?? 0}:${d.location?.col ?? 0}\0${d.message}`;
    if (reported.has(key)) continue;
    reported.add(key);
    reporter(d);
  }
}

/** Forgets every registered patch (tests). */
export function clearContractPatches(): void {
  registry = { everywhere: [], byContract: new Map() };
}

/** The patches of the contract whose entry file is `abs`: the config's overlays first, then `--overlay`'s. */
export function patchesFor(abs: string): ContractPatches {
  const own = registry.byContract.get(resolvePath(abs));
  const out: ContractPatches = { overlays: [...(own?.overlays ?? []), ...registry.everywhere] };
  if (own?.errors !== undefined) out.errors = own.errors;
  return out;
}

/** Keys whose value the OpenAPI structure requires to be an object or a list (never a value of the API's data). */
const STRUCTURAL = new Set([
  'schema',
  'items',
  'not',
  'properties',
  'patternProperties',
  'additionalProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'requestBody',
  'responses',
  'content',
  'parameters',
  'headers',
  'links',
  'callbacks',
  'encoding',
  'discriminator',
  'xml',
  'externalDocs',
  'servers',
  'tags',
  'components',
  'schemas',
  'securitySchemes',
  'examples',
  'requestBodies',
  'pathItems',
  'variables',
  'flows',
  'info',
  'contact',
  'license',
  'paths',
  'webhooks',
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
  'query',
  'additionalOperations',
]);
/** Keys whose values are data of the API (examples, defaults, enums): never walked. */
const DATA = new Set(['example', 'default', 'enum', 'const', 'value', 'x-specforge-mock']);

/**
 * Deletes every `null` at a key that must hold an object or a list, and returns a warning at each.
 * Walks the parsed data once (bounded by its size); data values and x- extensions are not touched.
 */
export function nullsAsAbsent(file: SourceFile): Diagnostic[] {
  const out: Diagnostic[] = [];
  // The path is kept as segments and joined only at a null: most contracts have none.
  const path: string[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (depth > 300 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (item === null || typeof item !== 'object') continue;
        path.push(String(i));
        walk(item, depth + 1);
        path.pop();
      }
      return;
    }
    const record = node as Record<string, unknown>;
    const underNames = path.length > 0 && (path[path.length - 1] === 'properties' || path[path.length - 1] === 'patternProperties');
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (value === null) {
        if (!STRUCTURAL.has(key) || underNames) continue;
        delete record[key];
        const at = joinPointer(joinPointer('', ...path), key);
        out.push({
          code: 'SPECFORGE_NULL_AS_ABSENT',
          severity: 'warning',
          message: `"${key}: null" is read as if "${key}" were absent`,
          location: file.locate(at),
          hint: 'remove the key, or give it a value with an overlay (update at its parent)',
        });
        continue;
      }
      if (typeof value !== 'object') continue;
      // A schema's `examples` list (3.1) holds data, as do example values and x- extensions.
      if (DATA.has(key) || key.startsWith('x-') || (key === 'examples' && Array.isArray(value))) continue;
      path.push(key);
      walk(value, depth + 1);
      path.pop();
    }
  };
  walk(file.data, 0);
  return out;
}

/** Where a pointer of the patched entry document comes from, for the ones an overlay wrote. */
export interface PatchOrigin {
  bundled: string;
  file: SourceFile;
  pointer: string;
}

function overlayError(file: SourceFile, pointer: string, message: string, hint?: string): ContractError {
  return ContractError.single('SPECFORGE_OVERLAY', message, file.locate(pointer), hint);
}

/**
 * Applies one Overlay document to `data` (the parsed entry file), in place. Returns where each
 * value it wrote comes from in the overlay file, and a warning per action whose target selects
 * nothing. The overlay file is read by the caller under the loader's rules.
 */
/**
 * The document an Overlay's `extends` names, when it names another one than `target` (the contract's
 * entry file): a relative reference or a file: URL resolved against the overlay's folder is compared
 * by path, another URL (https:) by its last path segment, since a vendor's URL names its published file.
 */
function extendsOther(value: string, overlay: SourceFile, target: string): boolean {
  let named: string;
  try {
    const url = new URL(value);
    if (url.protocol === 'file:') named = fileURLToPath(url);
    else return decodeURIComponent(url.pathname.split('/').pop() ?? '') !== basename(target);
  } catch {
    named = resolvePath(dirname(overlay.path), value);
  }
  return resolvePath(named) !== resolvePath(target);
}

export function applyOverlay(data: Record<string, unknown>, overlay: SourceFile, target?: string): { origins: PatchOrigin[]; warnings: Diagnostic[] } {
  const doc = overlay.data;
  if (!isRecord(doc)) throw overlayError(overlay, '', `${overlay.display} is not an Overlay document (not a mapping)`);
  const version = doc['overlay'];
  if (typeof version !== 'string' || !/^1\.0\.\d+$/.test(version)) {
    throw overlayError(
      overlay,
      Object.hasOwn(doc, 'overlay') ? '/overlay' : '',
      `${overlay.display} is not an Overlay 1.0 document (overlay: ${JSON.stringify(version ?? null)})`,
      'an Overlay starts with `overlay: 1.0.0`, `info: { title, version }` and `actions: [...]`',
    );
  }
  const info = doc['info'];
  if (!isRecord(info) || typeof info['title'] !== 'string' || typeof info['version'] !== 'string')
    throw overlayError(overlay, Object.hasOwn(doc, 'info') ? '/info' : '', 'an Overlay needs info with a title and a version');
  const actions = doc['actions'];
  if (!Array.isArray(actions) || actions.length === 0)
    throw overlayError(overlay, Object.hasOwn(doc, 'actions') ? '/actions' : '', 'an Overlay needs a non-empty actions list');
  const origins: PatchOrigin[] = [];
  const warnings: Diagnostic[] = [];
  const named = doc['extends'];
  if (named !== undefined && typeof named !== 'string')
    throw overlayError(overlay, '/extends', '`extends` must be a URI (of the document the overlay applies to)');
  if (typeof named === 'string' && target !== undefined && extendsOther(named, overlay, target)) {
    warnings.push({
      code: 'SPECFORGE_OVERLAY',
      severity: 'warning',
      message: `the overlay extends ${JSON.stringify(named)}, not ${basename(target)}: it was written for another document, and is applied to this one all the same`,
      location: overlay.locate('/extends'),
      hint: 'check that the overlay is meant for this contract, and correct its `extends` (or remove it)',
    });
  }
  actions.forEach((action, i) => {
    const at = `/actions/${i}`;
    if (!isRecord(action) || typeof action['target'] !== 'string') throw overlayError(overlay, at, `actions[${i}] needs a target (a JSONPath expression)`);
    const remove = action['remove'];
    if (remove !== undefined && typeof remove !== 'boolean') throw overlayError(overlay, `${at}/remove`, `actions[${i}].remove must be true or false`);
    if (remove !== true && action['update'] === undefined) throw overlayError(overlay, at, `actions[${i}] needs update or remove: true`);
    let path;
    try {
      path = parsePath(action['target']);
    } catch (err) {
      throw overlayError(
        overlay,
        `${at}/target`,
        `actions[${i}].target: ${err instanceof Error ? err.message : String(err)}`,
        "supported: $, .name, ['name'], [*], .*, [n], ..name and filters [?(@.key == 'value')] (==, !=, and a key alone for presence)",
      );
    }
    const targets = evaluatePath(data, path);
    if (targets.length === 0) {
      warnings.push({
        code: 'SPECFORGE_OVERLAY',
        severity: 'warning',
        message: `actions[${i}].target selects nothing in the contract: the action does nothing`,
        location: overlay.locate(`${at}/target`),
      });
      return;
    }
    if (remove === true) {
      // Deepest and last first, so removing array items leaves the other selected indices in place.
      for (const t of [...targets].reverse()) {
        if (t.parent === undefined) throw overlayError(overlay, `${at}/target`, `actions[${i}] cannot remove the whole document`);
        if (Array.isArray(t.parent)) t.parent.splice(Number(t.key), 1);
        else delete t.parent[t.key as string];
      }
      return;
    }
    const update = action['update'];
    for (const t of targets) {
      if (Array.isArray(t.value)) {
        const index = t.value.length;
        t.value.push(structuredClone(update));
        origins.push({ bundled: `${t.pointer}/${index}`, file: overlay, pointer: `${at}/update` });
      } else if (isRecord(t.value) && isRecord(update)) {
        merge(t.value, update, t.pointer, `${at}/update`, overlay, origins);
      } else if (t.parent !== undefined) {
        // A scalar (or a null) is replaced by the update.
        if (Array.isArray(t.parent)) t.parent[Number(t.key)] = structuredClone(update);
        else Object.defineProperty(t.parent, t.key as string, { value: structuredClone(update), enumerable: true, writable: true, configurable: true });
        origins.push({ bundled: t.pointer, file: overlay, pointer: `${at}/update` });
      } else throw overlayError(overlay, `${at}/update`, `actions[${i}].update must be an object to merge into the document`);
    }
  });
  return { origins, warnings };
}

/** Overlay's merge: objects merge key by key (recursively); anything else replaces the target's value. */
function merge(
  target: Record<string, unknown>,
  update: Record<string, unknown>,
  tPointer: string,
  oPointer: string,
  file: SourceFile,
  origins: PatchOrigin[],
): void {
  for (const key of Object.keys(update)) {
    const value = update[key];
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    const tp = joinPointer(tPointer, key);
    const op = joinPointer(oPointer, key);
    if (isRecord(current) && isRecord(value)) merge(current, value, tp, op, file, origins);
    else {
      Object.defineProperty(target, key, { value: structuredClone(value), enumerable: true, writable: true, configurable: true });
      origins.push({ bundled: tp, file, pointer: op });
    }
  }
}
