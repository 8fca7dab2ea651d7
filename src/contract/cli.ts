/**
 * `x-specforge-cli` (document root): a command line described by the contract. The extension is
 * validated against its meta-schema (cli-schema.ts), then read together with the component schemas
 * it names into the run-time table (`CliSpec`) that the cli generator prints. Every problem is a
 * SPECFORGE_EXTENSION diagnostic with the file, line, column and pointer of its cause.
 */
import type { ErrorObject } from 'ajv';
import { createAjv, type AjvValidateFunction } from '../runtime/validation/ajv.js';
import type { CliAction, CliCommandSpec, CliOptionSpec, CliSpec, CliValueType } from '../runtime/cli/spec.js';
import { CLI_EXTENSION_SCHEMA } from './cli-schema.js';
import type { Diagnostic } from './errors.js';
import { getAtPointer, isRecord, joinPointer, resolveLocalRef, setOwn, unescapeSegment } from './pointer.js';
import type { LoadedContract } from './resolve.js';
import type { JsonSchema } from './model-types.js';

export const CLI_EXTENSION = 'x-specforge-cli';
const BASE = `/${CLI_EXTENSION}`;

/** Flags and aliases every generated program defines itself. */
const RESERVED_FLAGS = new Set(['help']);
const RESERVED_SHORTS = new Set(['h']);

let metaValidator: AjvValidateFunction | undefined;

function metaValidate(value: unknown): ErrorObject[] {
  metaValidator ??= createAjv({ strict: true }).compile(CLI_EXTENSION_SCHEMA);
  return metaValidator(value) ? [] : (metaValidator.errors ?? []);
}

/** Text for one line of a terminal: the first paragraph, whitespace collapsed, no control characters. */
export function oneLine(text: string): string {
  const first = text.trim().split(/\n\s*\n/)[0] ?? '';
  return first
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a flag's text is read as, from the property schema (and its items for lists). */
function valueType(schema: Record<string, unknown>): CliValueType | 'array' | undefined {
  let type = schema['type'];
  if (Array.isArray(type)) {
    const concrete = type.filter((t) => t !== 'null');
    type = concrete.length === 1 ? concrete[0] : undefined;
  }
  if (type === undefined && Array.isArray(schema['enum'])) {
    const kinds = new Set(
      schema['enum'].filter((v) => v !== null).map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v)),
    );
    type = kinds.size === 1 ? [...kinds][0] : undefined;
  }
  return type === 'string' || type === 'integer' || type === 'number' || type === 'boolean' || type === 'array' ? type : undefined;
}

function quoteValue(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

/** The allowed values of a scalar schema in words, or undefined when any text of its type goes. */
function allowedText(schema: Record<string, unknown>, type: CliValueType): string | undefined {
  if (Array.isArray(schema['enum'])) return `one of: ${schema['enum'].map(quoteValue).join(', ')}`;
  if ('const' in schema) return `only ${quoteValue(schema['const'])}`;
  if (type === 'boolean') return 'true or false';
  if (type === 'integer' || type === 'number') {
    const noun = type === 'integer' ? 'an integer' : 'a number';
    const num = (k: string): number | undefined => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
    const [min, max, xmin, xmax] = [num('minimum'), num('maximum'), num('exclusiveMinimum'), num('exclusiveMaximum')];
    const bounds: string[] = [];
    if (min !== undefined && max !== undefined) bounds.push(`from ${min} to ${max}`);
    else {
      if (xmin !== undefined) bounds.push(`> ${xmin}`);
      else if (min !== undefined) bounds.push(`>= ${min}`);
      if (xmax !== undefined) bounds.push(`< ${xmax}`);
      else if (max !== undefined) bounds.push(`<= ${max}`);
    }
    const multiple = num('multipleOf');
    const text = [noun, bounds.join(' and ')].filter((t) => t !== '').join(' ');
    return multiple !== undefined ? `${text}, a multiple of ${multiple}` : text;
  }
  const parts: string[] = [];
  if (typeof schema['format'] === 'string') parts.push(`in ${schema['format']} format`);
  if (typeof schema['pattern'] === 'string') parts.push(`matching /${schema['pattern']}/`);
  const minLength = typeof schema['minLength'] === 'number' ? schema['minLength'] : undefined;
  const maxLength = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : undefined;
  if (minLength !== undefined && maxLength !== undefined) parts.push(`of ${minLength} to ${maxLength} characters`);
  else if (maxLength !== undefined) parts.push(`of at most ${maxLength} characters`);
  else if (minLength !== undefined && minLength > 1) parts.push(`of at least ${minLength} characters`);
  const noun = minLength === 1 && maxLength === undefined ? 'a non-empty string' : 'a string';
  return parts.length > 0 || noun !== 'a string' ? [noun, ...parts].join(' ') : undefined;
}

/** commander's attribute name of a long flag: two flags with the same one would share a value. */
function attributeName(flag: string): string {
  return flag
    .replace(/^no-/, '')
    .split('-')
    .reduce((acc, word) => acc + (word[0] ?? '').toUpperCase() + word.slice(1));
}

class CliReader {
  readonly errors: Diagnostic[] = [];
  private readonly envs = new Map<string, string>();
  private readonly defaultChecks: Array<{ name: string; config: Record<string, unknown>; pointers: Map<string, string> }> = [];

  constructor(
    private readonly loaded: LoadedContract,
    private readonly normalize: (schema: unknown) => JsonSchema,
  ) {}

  get doc(): Record<string, unknown> {
    return this.loaded.document;
  }

  error(pointer: string, message: string, hint?: string): void {
    const d: Diagnostic = { code: 'SPECFORGE_EXTENSION', severity: 'error', message, location: this.loaded.locate(pointer) };
    if (hint) d.hint = hint;
    this.errors.push(d);
  }

  /** Follows `$ref`s inside the document; returns the schema object and where it lives. */
  deref(node: unknown, pointer: string): { schema: Record<string, unknown>; pointer: string } | undefined {
    let current = node;
    let at = pointer;
    for (let depth = 0; isRecord(current) && typeof current['$ref'] === 'string'; depth++) {
      const ref = current['$ref'];
      const target = depth > 16 ? undefined : resolveLocalRef(this.doc, ref);
      if (target === undefined) return undefined;
      current = target.value;
      at = target.pointer;
    }
    return isRecord(current) ? { schema: current, pointer: at } : undefined;
  }

  metaErrors(ext: unknown): boolean {
    // `if` failures restate the `then` errors; errors inside `propertyNames` restate its own.
    const errors = metaValidate(ext).filter((e) => e.keyword !== 'if' && (e as { propertyName?: string }).propertyName === undefined);
    const seen = new Set<string>();
    for (const e of errors) {
      let pointer = BASE + e.instancePath;
      let message: string;
      if (e.keyword === 'additionalProperties') {
        const key = String((e.params as { additionalProperty: string }).additionalProperty);
        pointer = joinPointer(pointer, key);
        message = `unknown key "${key}"`;
      } else if (e.keyword === 'required') {
        message = `needs "${String((e.params as { missingProperty: string }).missingProperty)}"`;
      } else if (e.keyword === 'propertyNames') {
        const name = String((e.params as { propertyName: string }).propertyName);
        pointer = joinPointer(pointer, name);
        message = `command name "${name}" may hold only ${COMMAND_PATTERN_TEXT}, starting with a letter`;
      } else {
        const value = getAtPointer(ext, e.instancePath).value;
        message = `${typeof value === 'string' || typeof value === 'number' ? `${JSON.stringify(value)} ` : ''}${e.message ?? 'is invalid'}`;
      }
      const key = `${pointer}\0${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const where = pointer.slice(1).split('/').map(unescapeSegment).join('.');
      this.error(pointer, `${where}: ${message}`);
    }
    return this.errors.length === 0;
  }

  read(ext: Record<string, unknown>, info: { title: string; version: string; description?: string }): CliSpec | undefined {
    if (!this.metaErrors(ext)) return undefined;
    const root = this.command(String(ext['name']), ext, BASE, [], {
      summary: info.title,
      ...(info.description !== undefined ? { description: info.description } : {}),
    });
    this.checkDefaults();
    if (this.errors.length > 0) return undefined;
    const version = typeof ext['version'] === 'string' ? ext['version'] : info.version;
    const build: Record<string, unknown> = { version };
    if (isRecord(ext['build'])) for (const [k, v] of Object.entries(ext['build'])) setOwn(build, k, v);
    return { name: String(ext['name']), version, build, root };
  }

  command(name: string, node: Record<string, unknown>, at: string, path: string[], fallback: { summary: string; description?: string }): CliCommandSpec {
    const spec: CliCommandSpec = {
      name,
      summary: oneLine(typeof node['summary'] === 'string' ? node['summary'] : fallback.summary),
      options: [],
      action: { type: 'help' },
      commands: [],
    };
    const description = typeof node['description'] === 'string' ? node['description'] : fallback.description;
    if (description !== undefined && description.trim() !== '') spec.description = description.trim();
    const options = isRecord(node['options']) ? node['options'] : {};
    const configuration = node['configuration'];
    if (typeof configuration === 'string') {
      spec.configuration = configuration;
      spec.options = this.options(configuration, options, joinPointer(at, 'configuration'), joinPointer(at, 'options'));
    } else if (Object.keys(options).length > 0) {
      this.error(joinPointer(at, 'options'), `${label(path)} has options but no "configuration" schema to hold their values`);
    }
    const commands = isRecord(node['commands']) ? node['commands'] : {};
    for (const [sub, raw] of Object.entries(commands)) {
      spec.commands.push(this.command(sub, isRecord(raw) ? raw : {}, joinPointer(at, 'commands', sub), [...path, sub], { summary: '' }));
    }
    spec.action = this.action(node['action'], spec, joinPointer(at, 'action'), path);
    return spec;
  }

  action(raw: unknown, command: CliCommandSpec, at: string, path: string[]): CliAction {
    if (!isRecord(raw)) return command.configuration === undefined ? { type: 'help' } : { type: 'configuration' };
    const bound = (key: string, type: CliValueType, values?: string[]): string | undefined => {
      const property = raw[key];
      if (typeof property !== 'string') return undefined;
      const option = command.options.find((o) => o.property === property);
      const ok =
        option !== undefined &&
        option.type === type &&
        option.array === undefined &&
        (values === undefined || (option.values ?? []).every((v) => values.includes(String(v))));
      if (!ok) {
        const want = values ? `a string option with values among ${values.join(', ')}` : `a ${type} option`;
        this.error(
          joinPointer(at, key),
          `${label(path)}: action ${String(raw['type'])} needs "${key}" to name ${want} of the command's configuration, not "${property}"`,
        );
      }
      return property;
    };
    switch (raw['type']) {
      case 'version': {
        const action: CliAction = { type: 'version' };
        const output = bound('output', 'string', ['json', 'yaml']);
        const short = bound('short', 'boolean');
        if (output !== undefined) action.output = output;
        if (short !== undefined) action.short = short;
        return action;
      }
      case 'completion': {
        const action: CliAction = { type: 'completion', shell: raw['shell'] as 'bash' };
        const noDescriptions = bound('noDescriptions', 'boolean');
        if (noDescriptions !== undefined) action.noDescriptions = noDescriptions;
        return action;
      }
      case 'configuration':
        if (command.configuration === undefined) this.error(at, `${label(path)}: action configuration needs a "configuration" schema`);
        return { type: 'configuration' };
      default:
        return { type: 'help' };
    }
  }

  options(name: string, entries: Record<string, unknown>, configurationAt: string, optionsAt: string): CliOptionSpec[] {
    const schemas = isRecord(this.doc['components']) && isRecord(this.doc['components']['schemas']) ? this.doc['components']['schemas'] : {};
    if (!Object.hasOwn(schemas, name)) {
      this.error(configurationAt, `configuration names no component schema "${name}"`, `declare it under components.schemas`);
      return [];
    }
    const resolved = this.deref(schemas[name], joinPointer('/components/schemas', name));
    const properties = resolved && isRecord(resolved.schema['properties']) ? resolved.schema['properties'] : undefined;
    if (!resolved || properties === undefined) {
      this.error(configurationAt, `configuration schema "${name}" must be an object schema with properties`);
      return [];
    }
    const out: CliOptionSpec[] = [];
    const flags = new Map<string, string>();
    const shorts = new Map<string, string>();
    const attributes = new Map<string, string>();
    const check = { name, config: {} as Record<string, unknown>, pointers: new Map<string, string>() };
    for (const [property, rawProperty] of Object.entries(properties)) {
      const propertyAt = joinPointer(resolved.pointer, 'properties', property);
      const entry = entries[property];
      if (!isRecord(entry)) {
        this.error(
          propertyAt,
          `property "${property}" of "${name}" has no flag`,
          `add it under ${optionsAt.slice(1).split('/').map(unescapeSegment).join('.')}`,
        );
        continue;
      }
      const entryAt = joinPointer(optionsAt, property);
      const option = this.option(property, rawProperty, propertyAt, entry, entryAt);
      if (!option) continue;
      const flagAt = joinPointer(entryAt, 'flag');
      const attribute = attributeName(option.flag);
      if (RESERVED_FLAGS.has(option.flag)) this.error(flagAt, `flag --${option.flag} is reserved for help`);
      else if (flags.has(option.flag)) this.error(flagAt, `flag --${option.flag} is also used by "${flags.get(option.flag) ?? ''}"`);
      else if (attributes.has(attribute))
        this.error(flagAt, `flag --${option.flag} is the same as another flag to the parser (that of "${attributes.get(attribute) ?? ''}")`);
      if (!flags.has(option.flag)) flags.set(option.flag, property);
      if (!attributes.has(attribute)) attributes.set(attribute, property);
      if (option.short !== undefined) {
        const shortAt = joinPointer(entryAt, 'short');
        if (RESERVED_SHORTS.has(option.short)) this.error(shortAt, `alias -${option.short} is reserved for help`);
        else if (shorts.has(option.short)) this.error(shortAt, `alias -${option.short} is also used by "${shorts.get(option.short) ?? ''}"`);
        if (!shorts.has(option.short)) shorts.set(option.short, property);
      }
      if (option.env !== undefined) {
        const prior = this.envs.get(option.env);
        if (prior !== undefined) this.error(joinPointer(entryAt, 'env'), `variable ${option.env} is also read by ${prior}`);
        else this.envs.set(option.env, `--${option.flag}`);
      }
      if (option.default !== undefined) {
        setOwn(check.config, property, option.default);
        check.pointers.set(property, joinPointer(this.deref(rawProperty, propertyAt)?.pointer ?? propertyAt, 'default'));
      }
      out.push(option);
    }
    for (const property of Object.keys(entries)) {
      if (!Object.hasOwn(properties, property)) this.error(joinPointer(optionsAt, property), `"${property}" is not a property of "${name}"`);
    }
    this.defaultChecks.push(check);
    return out;
  }

  option(property: string, raw: unknown, propertyAt: string, entry: Record<string, unknown>, entryAt: string): CliOptionSpec | undefined {
    const resolved = this.deref(raw, propertyAt);
    if (!resolved) {
      this.error(propertyAt, `property "${property}" has no schema object`);
      return undefined;
    }
    // Keywords beside a $ref (3.1) count: description and default may sit on the property itself.
    const own = isRecord(raw) ? raw : {};
    const schema = { ...resolved.schema, ...Object.fromEntries(Object.entries(own).filter(([k]) => k !== '$ref')) };
    const kind = valueType(schema);
    let scalar = schema;
    let array: CliOptionSpec['array'];
    if (kind === 'array') {
      const items = this.deref(schema['items'], joinPointer(resolved.pointer, 'items'));
      scalar = items?.schema ?? {};
      array = { separator: typeof entry['separator'] === 'string' ? entry['separator'] : ',' };
    } else if (entry['separator'] !== undefined) {
      this.error(joinPointer(entryAt, 'separator'), `separator applies to list options; "${property}" is not a list`);
    }
    const type = valueType(scalar);
    if (type === undefined || type === 'array') {
      this.error(propertyAt, `property "${property}" cannot be a flag: a flag holds a string, integer, number or boolean, or a list of them`);
      return undefined;
    }
    const description = typeof schema['description'] === 'string' ? schema['description'].trim() : '';
    const option: CliOptionSpec = {
      property,
      flag: String(entry['flag']),
      type,
      summary: oneLine(description),
      description,
      placeholder: typeof entry['placeholder'] === 'string' ? entry['placeholder'] : type === 'integer' ? 'int' : type,
    };
    if (typeof entry['short'] === 'string') option.short = entry['short'];
    if (typeof entry['env'] === 'string') option.env = entry['env'];
    if (array) option.array = array;
    if ('default' in schema) option.default = schema['default'];
    const allowed = typeof entry['allowed'] === 'string' ? oneLine(entry['allowed']) : allowedText(scalar, type);
    if (allowed !== undefined) option.allowed = array && typeof entry['allowed'] !== 'string' ? `each ${allowed}` : allowed;
    if (Array.isArray(scalar['enum'])) option.values = scalar['enum'].filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
    if (entry['hidden'] === true) option.hidden = true;
    return option;
  }

  /** Every default must satisfy its own schema: the program would otherwise refuse to start. */
  checkDefaults(): void {
    if (this.defaultChecks.length === 0 || this.errors.length > 0) return;
    const components = isRecord(this.doc['components']) && isRecord(this.doc['components']['schemas']) ? this.doc['components']['schemas'] : {};
    const normalized: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(components)) setOwn(normalized, name, this.normalize(schema));
    const ajv = createAjv({ strict: false });
    ajv.addSchema({ $id: 'specforge:cli-defaults', components: { schemas: normalized } });
    for (const check of this.defaultChecks) {
      let validate: AjvValidateFunction;
      try {
        validate = ajv.compile({
          $ref: `specforge:cli-defaults#${joinPointer('/components/schemas', check.name).replace(FRAGMENT_UNSAFE, encodeURIComponent)}`,
        });
      } catch {
        // A schema Ajv cannot compile is reported by the validators target with its own message.
        continue;
      }
      if (validate(check.config)) continue;
      for (const e of validate.errors ?? []) {
        const property = unescapeSegment(e.instancePath.split('/')[1] ?? '');
        const pointer = check.pointers.get(property);
        if (pointer === undefined) continue;
        this.error(pointer, `the default of "${property}" breaks its own schema: ${e.instancePath} ${e.message ?? 'is invalid'}`);
      }
    }
  }
}

const FRAGMENT_UNSAFE = /[^A-Za-z0-9._~!$&'()*+,;=:@/-]/g;
const COMMAND_PATTERN_TEXT = 'lower-case letters, digits, "-" and "_"';

function label(path: string[]): string {
  return path.length === 0 ? 'the program' : `command "${path.join(' ')}"`;
}

/**
 * Reads `x-specforge-cli` of a loaded contract into the command line's run-time table; the
 * diagnostics list every problem found (the table is undefined when there is any).
 */
export function readCli(
  loaded: LoadedContract,
  info: { title: string; version: string; description?: string },
  normalize: (schema: unknown) => JsonSchema,
): { spec?: CliSpec; diagnostics: Diagnostic[] } {
  const ext = loaded.document[CLI_EXTENSION];
  if (ext === undefined) return { diagnostics: [] };
  const reader = new CliReader(loaded, normalize);
  if (!isRecord(ext)) {
    reader.error(BASE, `${CLI_EXTENSION} must be a mapping`);
    return { diagnostics: reader.errors };
  }
  const spec = reader.read(ext, info);
  return spec ? { spec, diagnostics: [] } : { diagnostics: reader.errors };
}
