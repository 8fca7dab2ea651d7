/**
 * Loading a contract: the entry file and every file its $refs name, bundled into one document whose
 * $refs are all internal ("#/..."). External targets are hoisted into `components` under the kind
 * their use site calls for; referenced path items are inlined.
 *
 * One rule for every reference of every kind, here and nowhere else (Redocly's resolver in lint and
 * validation is handed `contractResolver`, which applies it too): a `$ref` anywhere in the tree, an
 * example's `externalValue` and a discriminator `mapping` value may name only a regular file inside
 * the contract's folder (real path: a symlink out is refused), read with a size limit and as UTF-8;
 * an address with a scheme (`http:`, `file:`, ...) is refused, and nothing is ever fetched. A `$ref`
 * where references are not resolved (under an `x-` key, inside an example value: data) may only be
 * internal (`#/...`), so no later reader (Redocly, Redoc) has a file or address to follow there.
 */
import { MAX_DOCUMENT_DEPTH, schemaCycle, tooDeep } from './shape.js';
import { realpathSync } from 'node:fs';
import { basename, dirname, extname, resolve as resolvePath } from 'node:path';
import { ContractError, type Diagnostic, type SourceLocation } from './errors.js';
import { escapeSegment, getAtPointer, isRecord, joinPointer, parsePointer, setOwn } from './pointer.js';
import { parseSource, sha256, type SourceFile } from './source.js';
import { applyOverlay, nullsAsAbsent, patchesFor, reportPatchWarnings } from './patches.js';
import { convertedSwagger2, convertSwagger2, existingAncestor, isSwagger2, swagger2Pointer } from './swagger2.js';
import { displayPath, insideFolder, readContractFile } from './contract-file.js';
import { CHILDREN, COMPONENT_SECTION, NAME_MAPS, type Kind } from './ref-kinds.js';
import { ReferenceChecks, REMOTE } from './ref-checks.js';
import { selfProblem, underSelf } from './self-uri.js';

export { decodeContractText, displayPath, firstInvalidUtf8, insideFolder, MAX_CONTRACT_FILE_BYTES, readContractFile } from './contract-file.js';

export interface LoadedContract {
  entry: SourceFile;
  /** Every file read, by absolute path, entry first. */
  files: SourceFile[];
  /** The bundled document: plain data, every $ref internal. */
  document: Record<string, unknown>;
  /** Hash of every file's content: the cache key of everything built from this contract. */
  hash: string;
  /** Where a pointer of the bundled document comes from: file, line, column and the file's own pointer. */
  locate(pointer: string): SourceLocation;
  /** The file a pointer of the bundled document comes from, and the pointer inside that file. */
  origin(pointer: string): { file: SourceFile; pointer: string };
  /** "2.0" for a Swagger 2.0 file: `document` is its OpenAPI 3.0 conversion, pointers map back to the file. */
  sourceVersion?: '2.0';
  /** The Overlay files applied to the entry (src/contract/patches.ts), in order. */
  overlays?: SourceFile[];
  /** What patching the contract reported: nulls read as absent, overlay actions that select nothing (src/contract/patches.ts). */
  patchWarnings?: Diagnostic[];
  /** What the 2.0 conversion reported, located in the 2.0 file. */
  conversionWarnings?: Diagnostic[];
}

interface Origin {
  bundled: string;
  file: SourceFile;
  pointer: string;
}

/** Characters escaped when a JSON pointer is written as a URI fragment. */
const FRAGMENT_UNSAFE = /[^A-Za-z0-9._~!$&'()*+,;=:@/-]/g;

class Bundler {
  readonly files = new Map<string, SourceFile>();
  readonly origins: Origin[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** `${file}#${pointer}` of a hoisted target to its component name. */
  private readonly hoisted = new Map<string, { section: string; name: string }>();
  private readonly hoistedComponents = new Map<string, Record<string, unknown>>();
  private readonly usedNames = new Map<string, Set<string>>();
  private readonly inlining = new Set<string>();
  /** Entry component pointers that are a bare $ref to another file, to the target's key. */
  private readonly aliases = new Map<string, string>();
  private refChecks: ReferenceChecks | undefined;
  readonly root: string;
  readonly entry: SourceFile;
  /** Warnings of the patches: nulls read as absent, overlay actions that select nothing. */
  readonly patchWarnings: Diagnostic[] = [];
  /** Overlay files applied to the entry, in order. */
  readonly overlays: SourceFile[] = [];
  /** The config's errors: as text, part of the contract's hash. */
  patchKey = '';

  constructor(entryPath: string) {
    const abs = resolvePath(entryPath);
    this.entry = this.read(abs, undefined);
    this.root = realpathSync(dirname(abs));
    this.patch(abs);
    const components = isRecord(this.entry.data) ? this.entry.data['components'] : undefined;
    if (isRecord(components)) {
      for (const [section, entries] of Object.entries(components)) {
        if (!isRecord(entries)) continue;
        this.usedNames.set(section, new Set(Object.keys(entries)));
        // A component defined as nothing but a $ref to another file (`Pet: { $ref: ./pet.yaml }`)
        // takes the target's place under its own name, instead of aliasing a hoisted copy.
        for (const [name, value] of Object.entries(entries)) {
          if (!isRecord(value) || Object.keys(value).length !== 1 || typeof value['$ref'] !== 'string') continue;
          const ref = value['$ref'];
          if (ref.startsWith('#') || REMOTE.test(ref)) continue;
          const hashAt = ref.indexOf('#');
          try {
            const abs = resolvePath(dirname(this.entry.path), decodeURIComponent(hashAt === -1 ? ref : ref.slice(0, hashAt)));
            const pointer = hashAt === -1 ? '' : decodeURIComponent(ref.slice(hashAt + 1));
            const key = `${abs}#${pointer}`;
            if (this.hoisted.has(key)) continue;
            this.hoisted.set(key, { section, name });
            this.aliases.set(joinPointer('/components', section, name), key);
          } catch {
            // malformed: reported when the reference is walked
          }
        }
      }
    }
  }

  /**
   * The patches registered for this contract (src/contract/patches.ts), on the parsed entry file
   * before anything reads it: overlays in order, then the config's errors: as x-specforge-error.
   * What an overlay wrote is located in the overlay file.
   */
  private patch(abs: string): void {
    const patches = patchesFor(abs);
    if (patches.overlays.length === 0 && patches.errors === undefined) return;
    const data = this.entry.data;
    if (!isRecord(data)) return; // reported by bundle()
    for (const path of patches.overlays) {
      const display = displayPath(path);
      const overlay = parseSource(path, display, readContractFile(path, display));
      const applied = applyOverlay(data, overlay, abs);
      this.overlays.push(overlay);
      for (const o of applied.origins) this.origins.push({ bundled: o.bundled, file: o.file, pointer: o.pointer });
      this.patchWarnings.push(...applied.warnings);
    }
    if (patches.errors !== undefined) {
      this.patchKey = JSON.stringify(patches.errors);
      const errors = isRecord(patches.errors) ? { ...patches.errors } : patches.errors;
      if (isRecord(errors) && typeof errors['schema'] === 'string') errors['schema'] = { $ref: errors['schema'] };
      Object.defineProperty(data, 'x-specforge-error', { value: errors, enumerable: true, writable: true, configurable: true });
    }
  }

  read(abs: string, from: SourceLocation | undefined): SourceFile {
    const cached = this.files.get(abs);
    if (cached) return cached;
    const text = readContractFile(abs, displayPath(abs), from);
    const file = parseSource(abs, displayPath(abs), text);
    const deep = tooDeep(file.data);
    if (deep !== undefined) {
      throw ContractError.single(
        'SPECFORGE_TOO_DEEP',
        `the document nests deeper than ${MAX_DOCUMENT_DEPTH} levels`,
        file.locate(deep),
        'no contract needs this depth; a schema that nests itself is written with a $ref',
      );
    }
    const self = selfProblem(file.data);
    if (self !== undefined)
      throw ContractError.single('SPECFORGE_INVALID_STRUCTURE', self, file.locate('/$self'), 'write $self as an absolute URI without a fragment');
    this.patchWarnings.push(...nullsAsAbsent(file));
    this.files.set(abs, file);
    return file;
  }

  bundle(): Record<string, unknown> {
    const data = this.entry.data;
    if (!isRecord(data)) {
      throw ContractError.single('SPECFORGE_NOT_OPENAPI', 'the document is not a mapping', {
        file: this.entry.display,
        line: 1,
        col: 1,
        pointer: '',
      });
    }
    const out = this.walk(data, 'document', this.entry, '', '') as Record<string, unknown>;
    if (this.hoistedComponents.size > 0) {
      const components = isRecord(out['components']) ? { ...out['components'] } : {};
      for (const [section, entries] of [...this.hoistedComponents].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        components[section] = { ...(isRecord(components[section]) ? components[section] : {}), ...entries };
      }
      out['components'] = components;
    }
    if (this.diagnostics.length > 0) throw new ContractError(this.diagnostics);
    return out;
  }

  /** The checks of references the bundler does not follow, in this contract's folder. */
  private get checks(): ReferenceChecks {
    this.refChecks ??= new ReferenceChecks(this.root, this.diagnostics);
    return this.refChecks;
  }

  /** `ptr` is the node's pointer inside `file`; `at` is where it lands in the bundled document. */
  private walk(node: unknown, kind: Kind, file: SourceFile, ptr: string, at: string): unknown {
    if (typeof kind === 'object') {
      if (!isRecord(node)) return node;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) {
        setOwn(
          out,
          k,
          k.startsWith('x-') ? this.checks.inert(v, file, joinPointer(ptr, k)) : this.walk(v, kind.map, file, joinPointer(ptr, k), joinPointer(at, k)),
        );
      }
      return out;
    }
    if (kind === 'parameterList' || kind === 'schemaList') {
      if (!Array.isArray(node)) return node;
      const item: Kind = kind === 'parameterList' ? 'parameter' : 'schema';
      return node.map((v, i) => this.walk(v, item, file, joinPointer(ptr, i), joinPointer(at, i)));
    }
    if (!isRecord(node)) return node;
    // In a map of names (`properties`, `paths`, `content`), `$ref` is a name like any other, not a reference.
    if ('$ref' in node && kind !== 'document' && !NAME_MAPS.has(kind)) {
      return this.ref(node, kind, file, ptr, at);
    }
    const mapKinds: Partial<Record<Kind & string, Kind>> = {
      paths: 'pathItem',
      content: 'mediaType',
      encodingMap: 'encoding',
      responses: 'response',
      schemaMap: 'schema',
      callback: 'pathItem',
    };
    const itemKind = typeof kind === 'string' ? mapKinds[kind] : undefined;
    const children = CHILDREN[kind];
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      const childPtr = joinPointer(ptr, k);
      const childAt = joinPointer(at, k);
      if (itemKind && !(kind !== 'schemaMap' && k.startsWith('x-'))) setOwn(out, k, this.walk(v, itemKind, file, childPtr, childAt));
      else if (children && !k.startsWith('x-') && children[k] !== undefined) {
        setOwn(out, k, this.walk(v, children[k] as Kind, file, childPtr, childAt));
      } else if (kind === 'example' && k === 'externalValue' && typeof v === 'string') {
        this.checks.checkExternalValue(v, file, childPtr);
        setOwn(out, k, v);
      } else if (kind === 'schema' && k === 'discriminator' && isRecord(v) && isRecord(v['mapping'])) {
        setOwn(out, k, this.discriminator(v, v['mapping'], file, childPtr, childAt));
      } else setOwn(out, k, this.checks.inert(v, file, childPtr));
    }
    return out;
  }

  /**
   * A discriminator's mapping: a value naming a file (`./dog.yaml`, `common.yaml#/Dog`) is a schema
   * reference like any `$ref`, resolved and rewritten to its hoisted component; a remote one is refused.
   */
  private discriminator(node: Record<string, unknown>, mapping: Record<string, unknown>, file: SourceFile, ptr: string, at: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) setOwn(out, k, k === 'mapping' ? undefined : this.checks.inert(v, file, joinPointer(ptr, k)));
    const mapped: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(mapping)) {
      const valuePtr = joinPointer(ptr, 'mapping', name);
      if (typeof value !== 'string' || value.startsWith('#')) {
        setOwn(mapped, name, value);
        continue;
      }
      if (REMOTE.test(value)) {
        this.checks.refused(
          'SPECFORGE_REF_REMOTE',
          `discriminator mapping "${value}" names a remote address`,
          file,
          valuePtr,
          'a contract is resolved offline: no command fetches an address',
        );
        setOwn(mapped, name, value);
        continue;
      }
      // A bare name (`Dog`) names a component schema; a path names a file.
      if (!value.includes('/') && !/\.(?:ya?ml|json)(?:#|$)/i.test(value)) {
        setOwn(mapped, name, value);
        continue;
      }
      const resolved = this.ref({ $ref: value }, 'schema', file, valuePtr, joinPointer(at, 'mapping', name));
      setOwn(mapped, name, isRecord(resolved) && typeof resolved['$ref'] === 'string' ? resolved['$ref'] : value);
    }
    out['mapping'] = mapped;
    return out;
  }

  private ref(node: Record<string, unknown>, kind: Kind & string, file: SourceFile, ptr: string, at: string): unknown {
    const raw = node['$ref'];
    // OpenAPI 3.2: an absolute URI under the file's own $self names a file beside it (self-uri.ts).
    const ref = typeof raw === 'string' && REMOTE.test(raw) ? (underSelf(file.data, raw) ?? raw) : raw;
    // Positions are computed only when a problem is reported: locating parses the file again.
    let located: SourceLocation | undefined;
    const where = (): SourceLocation => (located ??= file.locate(joinPointer(ptr, '$ref')));
    if (typeof ref !== 'string') {
      this.diagnostics.push({ code: 'SPECFORGE_REF_INVALID', severity: 'error', message: '$ref must be a string', location: where() });
      return node;
    }
    if (REMOTE.test(ref)) {
      this.diagnostics.push({
        code: 'SPECFORGE_REF_REMOTE',
        severity: 'error',
        message: `remote $ref "${ref}" is not followed`,
        location: where(),
        hint: 'copy the referenced document into the contract folder and refer to it by a relative path',
      });
      return node;
    }
    const hashAt = ref.indexOf('#');
    const filePart = hashAt === -1 ? ref : ref.slice(0, hashAt);
    let pointer: string;
    try {
      pointer = hashAt === -1 ? '' : decodeURIComponent(ref.slice(hashAt + 1));
      parsePointer(pointer);
    } catch {
      this.diagnostics.push({ code: 'SPECFORGE_REF_INVALID', severity: 'error', message: `malformed JSON pointer in $ref "${ref}"`, location: where() });
      return node;
    }
    let target = file;
    if (filePart !== '') {
      let abs: string;
      try {
        abs = resolvePath(dirname(file.path), decodeURIComponent(filePart));
      } catch {
        this.diagnostics.push({ code: 'SPECFORGE_REF_INVALID', severity: 'error', message: `malformed path in $ref "${ref}"`, location: where() });
        return node;
      }
      if (!insideFolder(this.root, abs)) {
        this.diagnostics.push({
          code: 'SPECFORGE_REF_OUTSIDE',
          severity: 'error',
          message: `$ref "${ref}" leaves the contract folder ${displayPath(this.root)}`,
          location: where(),
          hint: 'a contract may refer only to files inside its own folder',
        });
        return node;
      }
      try {
        target = this.read(abs, where());
      } catch (err) {
        if (err instanceof ContractError) {
          this.diagnostics.push(...err.diagnostics);
          return node;
        }
        throw err;
      }
    }
    const found = getAtPointer(target.data, pointer);
    if (!found.found) {
      this.diagnostics.push({
        code: 'SPECFORGE_REF_NOT_FOUND',
        severity: 'error',
        message: `$ref "${ref}" points at nothing${target !== file ? ` in ${target.display}` : ''}`,
        location: where(),
      });
      return node;
    }
    const siblings = Object.entries(node).filter(([k]) => k !== '$ref');
    for (const [k, v] of siblings) this.checks.inert(v, file, joinPointer(ptr, k));
    if (target === this.entry) {
      // Internal to the entry: kept as written, or made internal when it names the entry file
      // (a referenced file pointing back into the entry, `../openapi.yaml#/components/...`).
      if (filePart === '') return ref === raw ? { ...node } : { ...node, $ref: ref };
      const internal: Record<string, unknown> = { $ref: '#' + pointer.replace(FRAGMENT_UNSAFE, (c) => encodeURIComponent(c)) };
      for (const [k, v] of siblings) setOwn(internal, k, v);
      return internal;
    }
    const key = `${target.path}#${pointer}`;
    if (kind === 'pathItem') {
      if (this.inlining.has(key)) {
        this.diagnostics.push({ code: 'SPECFORGE_REF_INVALID', severity: 'error', message: `path item $ref "${ref}" refers to itself`, location: where() });
        return node;
      }
      this.inlining.add(key);
      // Problems inside the inlined path item are reported in the file it came from.
      this.origins.push({ bundled: at, file: target, pointer });
      const inlined = this.walk(found.value, 'pathItem', target, pointer, at);
      this.inlining.delete(key);
      return inlined;
    }
    if (file === this.entry && this.aliases.get(ptr) === key) {
      this.origins.push({ bundled: at, file: target, pointer });
      return this.walk(found.value, kind, target, pointer, at);
    }
    const section = COMPONENT_SECTION[kind] ?? 'schemas';
    let entry = this.hoisted.get(key);
    if (!entry) {
      const name = this.nameFor(section, target, pointer);
      entry = { section, name };
      this.hoisted.set(key, entry);
      const bundled = joinPointer('/components', section, name);
      this.origins.push({ bundled, file: target, pointer });
      let sectionMap = this.hoistedComponents.get(section);
      if (!sectionMap) {
        sectionMap = {};
        this.hoistedComponents.set(section, sectionMap);
      }
      setOwn(sectionMap, name, {});
      setOwn(sectionMap, name, this.walk(found.value, kind, target, pointer, bundled));
    }
    const rewritten: Record<string, unknown> = { $ref: `#/components/${section}/${escapeSegment(entry.name)}` };
    for (const [k, v] of siblings) setOwn(rewritten, k, v);
    return rewritten;
  }

  private nameFor(section: string, file: SourceFile, pointer: string): string {
    const segs = parsePointer(pointer);
    let base = segs.length === 0 ? basename(file.path, extname(file.path)) : (segs[segs.length - 1] as string);
    base = base.replace(/[^A-Za-z0-9._-]/g, '_') || 'component';
    let used = this.usedNames.get(section);
    if (!used) {
      used = new Set();
      this.usedNames.set(section, used);
    }
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base}-${i}`;
    used.add(name);
    return name;
  }
}

/** Reads and bundles the contract at `entryPath`. Throws ContractError with every problem found. */
export function loadContract(entryPath: string): LoadedContract {
  const bundler = new Bundler(entryPath);
  const bundled = bundler.bundle();
  const files = [...bundler.files.values(), ...bundler.overlays];
  const hash = sha256(
    files.map((f) => `${displayPath(f.path, bundler.root)}\0${f.hash}`).join('\n') + (bundler.patchKey === '' ? '' : `\n\0errors\0${bundler.patchKey}`),
  );
  const origins = [...bundler.origins].sort((a, b) => b.bundled.length - a.bundled.length);
  const bundleOrigin = (pointer: string): { file: SourceFile; pointer: string } => {
    for (const o of origins) {
      if (pointer === o.bundled || pointer.startsWith(o.bundled + '/')) return { file: o.file, pointer: o.pointer + pointer.slice(o.bundled.length) };
    }
    return { file: bundler.entry, pointer };
  };
  let document = bundled;
  let origin = bundleOrigin;
  let sourceVersion: '2.0' | undefined;
  if (isSwagger2(bundled)) {
    // A Swagger 2.0 contract is modelled as its OpenAPI 3.0 conversion; pointers map back to the 2.0 file.
    const converted = convertedSwagger2(hash);
    if (!converted) throw new Swagger2Pending(hash, bundled, bundler.entry);
    document = converted.document;
    sourceVersion = '2.0';
    origin = (pointer) => bundleOrigin(existingAncestor(bundled, swagger2Pointer(pointer, bundled)));
  }
  const loaded: LoadedContract = {
    entry: bundler.entry,
    files,
    document,
    hash,
    locate(pointer: string): SourceLocation {
      const o = origin(pointer);
      return o.file.locate(o.pointer);
    },
    origin,
  };
  const cycle = schemaCycle(document);
  if (cycle !== undefined) {
    const first = cycle[0] as string;
    throw ContractError.single(
      'SPECFORGE_SCHEMA_CYCLE',
      `schemas reach themselves without consuming any data (${cycleSteps(cycle)}): no value could ever be validated against them`,
      loaded.locate(first),
      'a recursive schema must go through properties, items or another keyword that descends into the value',
    );
  }
  if (bundler.overlays.length > 0) loaded.overlays = bundler.overlays;
  if (bundler.patchWarnings.length > 0) {
    loaded.patchWarnings = bundler.patchWarnings;
    reportPatchWarnings(bundler.patchWarnings);
  }
  if (sourceVersion) {
    loaded.sourceVersion = sourceVersion;
    loaded.conversionWarnings = (convertedSwagger2(hash)?.warnings ?? []).map((w) => ({
      code: 'SPECFORGE_SWAGGER_CONVERT' as const,
      severity: 'warning' as const,
      message: `converting from Swagger 2.0: ${w.message}`,
      location: loaded.locate(w.pointer),
    }));
  }
  return loaded;
}

/** The steps of a schema cycle as a reader follows them: its references, or every step when it has none. */
function cycleSteps(cycle: readonly string[]): string {
  const refs = cycle.filter((p) => p.endsWith('/$ref'));
  return (refs.length > 0 ? refs : cycle).map((p) => `#${p}`).join(' → ');
}

/** Thrown by `loadContract` for a Swagger 2.0 contract not yet converted (see `loadContractAsync`). */
class Swagger2Pending extends ContractError {
  constructor(
    readonly contentHash: string,
    readonly bundled: Record<string, unknown>,
    readonly entry: SourceFile,
  ) {
    super([
      {
        code: 'SPECFORGE_SWAGGER_CONVERT',
        severity: 'error',
        message: 'the Swagger 2.0 document was read without being converted',
        location: entry.locate('/swagger'),
        hint: 'an internal error: the command should load contracts with loadContractAsync',
      },
    ]);
  }
}

/**
 * `loadContract`, converting a Swagger 2.0 document first (asynchronously, once per content; the
 * sync loader then finds it converted). Every async entry point loads contracts with this.
 */
export async function loadContractAsync(entryPath: string): Promise<LoadedContract> {
  try {
    return loadContract(entryPath);
  } catch (err) {
    if (!(err instanceof Swagger2Pending)) throw err;
    await convertSwagger2(err.contentHash, err.bundled, err.entry.text, (pointer) => err.entry.locate(pointer));
    return loadContract(entryPath);
  }
}
