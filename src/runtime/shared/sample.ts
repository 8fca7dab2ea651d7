/**
 * Deterministic sample values from JSON Schema 2020-12: the same schema and seed always give the
 * same value. Constraints are honoured where they can be (const, enum, default, examples, formats,
 * lengths, ranges, multipleOf, required properties, item counts, compositions); patterns are
 * satisfied for the common literal-and-class forms.
 */
import { sampleFromPattern } from './regex-sample.js';
import { isRecord } from './object.js';
import { FORMAT_SAMPLES, fromPattern, matches, WORDS } from './sample-strings.js';
import { fits } from './sample-check.js';
import { exclusiveSample } from './sample-exclusive.js';
import { Rng } from './sample-rng.js';
import { isIdName, realisticNumber, realisticString, realisticText, type Realism } from './sample-realistic.js';
import { mergeProperties, refName } from './sample-merge.js';

type Schema = Record<string, unknown> | boolean;

/**
 * The most one sample may hold: values (every number, string, boolean, null, array and object counts
 * one) and bytes (characters of strings and property names). A schema whose smallest valid value is
 * larger (`minItems: 1000` nested three times) gets a reduced sample: arrays cut to what fits,
 * strings shortened, and SampleReport.reduced says where.
 */
export const SAMPLE_BUDGET = { values: 10_000, bytes: 512 * 1024 } as const;

/** Nesting past which a sample is given up: a schema that requires itself has no finite value. */
export const SAMPLE_MAX_DEPTH = 128;

export interface SampleBudget {
  values: number;
  bytes: number;
}

/** The budget as messages name it. */
export function describeBudget(budget: SampleBudget = SAMPLE_BUDGET): string {
  return `the sample budget of ${budget.values} values or ${budget.bytes} bytes`;
}

/**
 * No finite value can be sampled: the schema requires itself (`Node` with a required `child: Node`),
 * or nests deeper than SAMPLE_MAX_DEPTH. `ref` is the schema that requires itself, when known.
 */
export class SampleError extends Error {
  constructor(
    message: string,
    readonly ref: string | undefined,
  ) {
    super(message);
    this.name = 'SampleError';
  }
}

/** A sample and, when it had to be cut to the budget, where (the innermost $ref being sampled, if any). */
export interface SampleReport {
  value: unknown;
  reduced?: { ref: string | undefined; what: string };
}

export interface SampleOptions {
  /** At most this much per sample (default SAMPLE_BUDGET). */
  budget?: SampleBudget;
  /** Resolves an internal "#/..." $ref to its (normalized) schema. */
  resolve?: (ref: string) => Schema | undefined;
  seed?: number;
  /** Depth past which optional properties and array items are left out (recursive schemas). */
  maxDepth?: number;
  /** Vary values with the seed (enum members, numbers in range, lengths, item counts). */
  vary?: boolean;
  /** Which branch of a oneOf/anyOf to take (modulo the number of branches). */
  branch?: number;
  /** Values a person would write, by format and property name, where the schema accepts them (sample-realistic.ts). */
  realistic?: boolean;
  /** Take documented values (default, examples) where they fit; false for the retries of sampleValid, since a documented value the validator refused would be taken again. */
  documented?: boolean;
  /** At most this many optional properties of the top object (not deprecated, in their order), none of a nested one; unset: every one (the docs' examples set it). */
  optionalProperties?: number;
}

/** Branches of a oneOf/anyOf tried for a value that meets the whole schema. */
const MAX_BRANCHES = 16;

class Sampler {
  private readonly rng: Rng;
  private readonly maxDepth: number;
  private readonly vary: boolean;
  private readonly branch: number | undefined;
  private readonly budget: SampleBudget;
  private values = 0;
  private bytes = 0;
  reduced: SampleReport['reduced'];
  /** The $refs being sampled, innermost last, each with the length of `trail` when it was entered. */
  private readonly refs: Array<{ ref: string; at: number }> = [];
  /** Property names (and "items") from the root to the value being sampled. */
  private readonly trail: string[] = [];
  constructor(private readonly options: SampleOptions) {
    this.rng = new Rng(options.seed ?? 1);
    this.maxDepth = options.maxDepth ?? 6;
    this.vary = options.vary ?? false;
    this.branch = options.branch;
    this.budget = options.budget ?? SAMPLE_BUDGET;
    if (options.realistic === true) {
      const rng = new Rng(((options.seed ?? 1) ^ 0x2545f491) >>> 0);
      this.realism = { rng, ids: 0, idBase: 1000 + rng.int(0, 8999) };
    }
  }
  private readonly realism: Realism | undefined;
  /** The nearest property name on the way to the value being sampled (array items take their array's), and the one above it. */
  private names(): [string | undefined, string | undefined] {
    const named = this.trail.filter((t) => t !== 'items');
    return [named[named.length - 1], named[named.length - 2]];
  }

  private exhausted(): boolean {
    return this.values >= this.budget.values || this.bytes >= this.budget.bytes;
  }

  private reduce(what: string): void {
    this.reduced ??= { ref: this.refs[this.refs.length - 1]?.ref, what };
  }

  /** Past SAMPLE_MAX_DEPTH: the schema that repeats on the way down requires itself. */
  private tooDeep(): SampleError {
    const seen = new Map<string, number>();
    for (let i = this.refs.length - 1; i >= 0; i--) {
      const r = this.refs[i] as { ref: string; at: number };
      const later = seen.get(r.ref);
      if (later !== undefined) {
        const via = this.trail.slice(r.at, (this.refs[later] as { at: number }).at).join('.') || 'allOf';
        return new SampleError(`schema ${refName(r.ref)} requires itself through ${via}: no finite value exists`, r.ref);
      }
      seen.set(r.ref, i);
    }
    const ref = this.refs[this.refs.length - 1]?.ref;
    return new SampleError(`schema${ref ? ` ${refName(ref)}` : ''} nests deeper than ${SAMPLE_MAX_DEPTH} levels: no sample is made`, ref);
  }

  sample(schema: Schema, depth: number): unknown {
    if (depth > SAMPLE_MAX_DEPTH) throw this.tooDeep();
    this.values++;
    if (schema === true) return 'value';
    if (schema === false || !isRecord(schema)) return null;
    if (typeof schema['$ref'] === 'string') {
      const ref = schema['$ref'];
      const target = this.options.resolve?.(ref);
      const rest = { ...schema };
      delete rest['$ref'];
      this.values--;
      if (target === undefined) return Object.keys(rest).length > 0 ? this.sample(rest, depth) : null;
      this.refs.push({ ref, at: this.trail.length });
      try {
        return this.sample(Object.keys(rest).length > 0 ? { allOf: [target, rest] } : target, depth + 1);
      } finally {
        this.refs.pop();
      }
    }
    if ('const' in schema) return schema['const'];
    if (Array.isArray(schema['enum']) && schema['enum'].length > 0) {
      // The members that also meet the schema's other constraints (an enum beside a minLength).
      const members = schema['enum'].filter((m) => this.fits(schema, m));
      const pool = members.length > 0 ? members : schema['enum'];
      return this.vary ? pool[this.rng.int(0, pool.length - 1)] : pool[0];
    }
    // Documented values first (realistic ones too, even varied, but for ids, which must differ), each only where it meets its own schema.
    if (this.options.documented !== false && (!this.vary || (this.realism !== undefined && !isIdName(this.names()[0])))) {
      if ('default' in schema && this.fits(schema, schema['default'])) return schema['default'];
      const documented = Array.isArray(schema['examples']) ? schema['examples'].find((e) => this.fits(schema, e)) : undefined;
      if (documented !== undefined) return documented;
      if ('example' in schema && this.fits(schema, schema['example'])) return schema['example'];
    }
    if (Array.isArray(schema['allOf'])) return this.allOf(schema, depth);
    for (const k of ['oneOf', 'anyOf'] as const) {
      const list = schema[k];
      if (Array.isArray(list) && list.length > 0) {
        const rest = { ...schema };
        delete rest[k];
        delete rest['discriminator'];
        const candidates = list.filter((s) => !(isRecord(s) && s['type'] === 'null'));
        let pool = candidates.length > 0 ? candidates : list;
        // Deep in a recursive schema: the null branch, else one that is not a $ref being sampled, ends it.
        if (depth >= this.maxDepth) {
          const open = new Set(this.refs.map((r) => r.ref));
          const ending = list.filter((s) => isRecord(s) && s['type'] === 'null');
          const fresh = pool.filter((s) => !(isRecord(s) && typeof s['$ref'] === 'string' && open.has(s['$ref'])));
          pool = ending.length > 0 ? ending : fresh.length > 0 ? fresh : pool;
        }
        const index = depth === 0 && this.branch !== undefined ? this.branch % pool.length : 0;
        // The chosen branch first, then the others in order: the first whose sample meets the whole
        // schema wins (for a oneOf, a value that matches that branch alone); else the chosen one's.
        const tried: Array<{ chosen: Schema; branch: Schema; value: unknown }> = [];
        for (let k = 0; k < Math.min(pool.length, MAX_BRANCHES); k++) {
          const chosen = pool[(index + k) % pool.length] as Schema;
          const branch = Object.keys(rest).length > 0 ? { allOf: [rest, chosen] } : chosen;
          const value = this.sample(branch, depth);
          const disc = schema['discriminator'];
          if (isRecord(disc) && typeof disc['propertyName'] === 'string' && isRecord(value)) {
            const ref = isRecord(chosen) && typeof chosen['$ref'] === 'string' ? chosen['$ref'] : undefined;
            const mapping = isRecord(disc['mapping']) ? disc['mapping'] : {};
            const mapped = Object.entries(mapping).find(([, target]) => target === ref)?.[0];
            const tag = mapped ?? (ref ? decodeURIComponent(ref.split('/').pop() ?? '') : undefined);
            if (tag !== undefined && !(disc['propertyName'] in value && typeof value[disc['propertyName']] === 'string' && mapped === undefined)) {
              value[disc['propertyName']] = tag;
            }
          }
          tried.push({ chosen, branch, value });
          if (pool.length === 1 || this.exhausted() || this.fits(schema, value)) return value;
        }
        // No branch's value matches it alone (open objects that overlap): one made exclusive.
        for (const t of k === 'oneOf' ? tried : []) {
          const made = isRecord(t.value)
            ? exclusiveSample(
                t.value,
                t.branch,
                list.filter((s) => s !== t.chosen),
                this.options.resolve,
              )
            : undefined;
          if (made !== undefined && this.fits(schema, made)) return made;
        }
        return tried[0]?.value;
      }
    }
    const type = depth >= this.maxDepth && this.allowsNull(schema) ? 'null' : this.typeOf(schema);
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return true;
      case 'integer':
      case 'number':
        return this.number(schema, type === 'integer');
      case 'string':
        return this.string(schema);
      case 'array':
        return this.array(schema, depth);
      case 'object':
        return this.object(schema, depth);
      default:
        return 'value';
    }
  }

  /** Whether a value meets a schema, as far as sample-check reads it. */
  private fits(schema: Schema, value: unknown): boolean {
    return fits(schema, value, this.options.resolve);
  }

  private allowsNull(schema: Record<string, unknown>): boolean {
    return schema['nullable'] === true || (Array.isArray(schema['type']) && schema['type'].includes('null'));
  }

  private typeOf(schema: Record<string, unknown>): string | undefined {
    const t = schema['type'];
    if (typeof t === 'string') return t;
    if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? 'null';
    if (isRecord(schema['properties']) || schema['required'] !== undefined || schema['additionalProperties'] !== undefined) return 'object';
    if (schema['items'] !== undefined || schema['prefixItems'] !== undefined) return 'array';
    if (schema['minLength'] !== undefined || schema['pattern'] !== undefined || schema['format'] !== undefined) return 'string';
    if (schema['minimum'] !== undefined || schema['maximum'] !== undefined) return 'number';
    return undefined;
  }

  private allOf(schema: Record<string, unknown>, depth: number): unknown {
    const parts = (schema['allOf'] as Schema[]).map((s) => this.flatten(s, depth));
    const rest = { ...schema };
    delete rest['allOf'];
    parts.push(rest);
    const merged: Record<string, unknown> = {};
    const properties: Record<string, unknown> = {};
    const required = new Set<string>();
    for (const p of parts) {
      if (!isRecord(p)) continue;
      for (const [k, v] of Object.entries(p)) {
        if (k === 'properties' && isRecord(v)) mergeProperties(properties, v);
        else if (k === 'required' && Array.isArray(v)) v.forEach((r) => required.add(String(r)));
        else if (!(k in merged)) merged[k] = v;
      }
    }
    if (Object.keys(properties).length > 0) merged['properties'] = properties;
    if (required.size > 0) merged['required'] = [...required];
    return this.sample(merged, depth);
  }

  private flatten(schema: Schema, depth: number): Schema {
    if (isRecord(schema) && typeof schema['$ref'] === 'string' && depth < this.maxDepth + 4) {
      const target = this.options.resolve?.(schema['$ref']);
      if (target !== undefined) return this.flatten(target, depth + 1);
    }
    if (isRecord(schema) && Array.isArray(schema['allOf'])) {
      const rest = { ...schema };
      delete rest['allOf'];
      const merged: Record<string, unknown> = { ...rest };
      for (const s of schema['allOf'] as Schema[]) {
        const f = this.flatten(s, depth + 1);
        if (!isRecord(f)) continue;
        for (const [k, v] of Object.entries(f)) {
          if (k === 'properties' && isRecord(v)) merged['properties'] = mergeProperties({ ...(isRecord(merged['properties']) ? merged['properties'] : {}) }, v);
          else if (k === 'required' && Array.isArray(v))
            merged['required'] = [...new Set([...(Array.isArray(merged['required']) ? merged['required'] : []), ...v])];
          else if (!(k in merged)) merged[k] = v;
        }
      }
      return merged;
    }
    return schema;
  }

  private number(schema: Record<string, unknown>, integer: boolean): number {
    if (this.realism !== undefined) {
      const real = realisticNumber(this.realism, this.names()[0], integer);
      if (real !== undefined && this.fits(schema, real)) return real;
    }
    const min = typeof schema['minimum'] === 'number' ? schema['minimum'] : undefined;
    const max = typeof schema['maximum'] === 'number' ? schema['maximum'] : undefined;
    const xmin = typeof schema['exclusiveMinimum'] === 'number' ? schema['exclusiveMinimum'] : undefined;
    const xmax = typeof schema['exclusiveMaximum'] === 'number' ? schema['exclusiveMaximum'] : undefined;
    const step = typeof schema['multipleOf'] === 'number' && schema['multipleOf'] > 0 ? schema['multipleOf'] : integer ? 1 : undefined;
    let lo = min ?? (xmin !== undefined ? xmin + (step ?? 1e-6) : undefined);
    const hi = max ?? (xmax !== undefined ? xmax - (step ?? 1e-6) : undefined);
    if (lo === undefined) lo = hi !== undefined ? Math.min(0, hi) : 0;
    let value = lo;
    if (this.vary) {
      const top = hi ?? lo + 100;
      value = integer ? this.rng.int(Math.ceil(lo), Math.floor(Math.max(lo, top))) : lo + this.rng.next() * (Math.max(lo, top) - lo);
      if (step) value = Math.min(Math.floor(Math.max(lo, top) / step) * step, Math.max(Math.ceil(lo / step) * step, Math.round(value / step) * step));
      if (xmax !== undefined && value >= xmax) value = lo;
    } else if (step) value = Math.ceil(lo / step) * step;
    if (xmin !== undefined && value <= xmin) value += step ?? 1;
    if (integer) value = Math.ceil(value);
    return value;
  }

  private string(schema: Record<string, unknown>): string {
    const format = typeof schema['format'] === 'string' ? schema['format'] : undefined;
    if (this.realism !== undefined) {
      const [name, parent] = this.names();
      const real = realisticString(this.realism, name, parent, format);
      if (real !== undefined && real.length <= Math.max(0, this.budget.bytes - this.bytes) && this.fits(schema, real)) {
        this.bytes += real.length;
        return real;
      }
    }
    let s = format && FORMAT_SAMPLES[format] !== undefined ? FORMAT_SAMPLES[format] : undefined;
    // A format's sample that the pattern refuses (`format: password` with hex digits) gives way to the pattern.
    if (s !== undefined && typeof schema['pattern'] === 'string' && !matches(schema['pattern'], s)) s = undefined;
    if (s === undefined && typeof schema['pattern'] === 'string') {
      s = sampleFromPattern(schema['pattern'], this.vary ? () => this.rng.next() : () => 0) ?? fromPattern(schema['pattern']);
    }
    s ??= this.realism !== undefined ? realisticText(this.realism) : this.vary ? (WORDS[this.rng.int(0, WORDS.length - 1)] as string) : 'string';
    const minLength = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
    const maxLength = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : undefined;
    if ([...s].length < minLength) s = this.lengthen(s, minLength, maxLength, typeof schema['pattern'] === 'string' ? schema['pattern'] : undefined);
    if (maxLength !== undefined && [...s].length > maxLength) s = [...s].slice(0, maxLength).join('');
    const room = Math.max(0, this.budget.bytes - this.bytes);
    if (s.length > room) {
      s = s.slice(0, room);
      this.reduce(`a string of ${minLength} characters at ${this.where()}`);
    }
    this.bytes += s.length;
    return s;
  }

  /** The property path being sampled, for messages. */
  private where(): string {
    return this.trail.length > 0 ? this.trail.join('.') : 'the top level';
  }

  /**
   * A string of at least `min` characters: a pattern's sample repeated where the repetition still
   * matches the pattern (`^(?:[0-9a-f]{2})+$`), else padded with "x".
   */
  private lengthen(s: string, min: number, max: number | undefined, pattern: string | undefined): string {
    // Never more than the budget allows: the caller cuts it and reports the sample reduced.
    min = Math.min(min, Math.max(0, this.budget.bytes - this.bytes) + 1);
    if (pattern !== undefined && s.length > 0) {
      let re: RegExp | undefined;
      try {
        re = new RegExp(pattern, 'u');
      } catch {
        re = undefined;
      }
      const unit = [...s].length;
      for (let times = Math.ceil(min / unit); re && times * unit <= (max ?? min + unit) && times <= 4096; times++) {
        const candidate = s.repeat(times);
        if (re.test(candidate)) return candidate;
      }
    }
    return s + 'x'.repeat(min - [...s].length);
  }

  private array(schema: Record<string, unknown>, depth: number): unknown[] {
    const minItems = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
    const prefix = Array.isArray(schema['prefixItems']) ? (schema['prefixItems'] as Schema[]) : [];
    const maxItems = typeof schema['maxItems'] === 'number' ? schema['maxItems'] : minItems + 3;
    let count = Math.max(minItems, prefix.length, depth >= this.maxDepth ? 0 : 1);
    if (this.vary && depth < this.maxDepth) count = Math.max(count, this.rng.int(minItems, Math.max(minItems, Math.min(maxItems, minItems + 3))));
    count = Math.min(count, Math.max(maxItems, prefix.length, minItems));
    const items = schema['items'] === undefined ? true : (schema['items'] as Schema);
    const out: unknown[] = [];
    const unique = schema['uniqueItems'] === true ? new Set<string>() : undefined;
    this.trail.push('items');
    try {
      for (let i = 0; i < count; i++) {
        if (this.exhausted()) {
          this.reduce(`an array of ${count} items at ${this.where()}, cut to ${i}`);
          break;
        }
        const itemSchema = prefix[i] ?? items;
        let value = this.sample(itemSchema, depth + 1);
        if (unique !== undefined) {
          if (unique.has(JSON.stringify(value))) value = typeof value === 'number' ? value + i : typeof value === 'string' ? `${value}${i}` : value;
          unique.add(JSON.stringify(value));
        }
        out.push(value);
      }
    } finally {
      this.trail.pop();
    }
    return out;
  }

  /** Whether an optional property is sampled: always, unless `optionalProperties` caps them. */
  private optionalWanted(sub: unknown, out: Record<string, unknown>, required: Set<string>): boolean {
    const cap = this.options.optionalProperties;
    if (cap === undefined) return true;
    const top = this.trail.every((t) => t === 'items');
    return top && !(isRecord(sub) && sub['deprecated'] === true) && Object.keys(out).filter((k) => !required.has(k)).length < cap;
  }

  private object(schema: Record<string, unknown>, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const properties = isRecord(schema['properties']) ? schema['properties'] : {};
    const required = new Set(Array.isArray(schema['required']) ? schema['required'].map(String) : []);
    for (const [name, sub] of Object.entries(properties)) {
      // A property whose schema is `false` must be absent.
      if (sub === false || (!required.has(name) && (depth >= this.maxDepth || !this.optionalWanted(sub, out, required)))) continue;
      if (isRecord(sub) && sub['readOnly'] === true && !required.has(name) && this.rng.next() < 0) continue;
      // Past the budget, optional properties are left out.
      if (!required.has(name) && this.exhausted()) {
        this.reduce(`optional properties at ${this.where()}`);
        continue;
      }
      this.bytes += name.length;
      this.trail.push(name);
      try {
        const value = this.sample(sub as Schema, depth + 1);
        // An optional property no value of which meets its schema (`minLength: 2, maxLength: 1`,
        // which a contract uses to forbid it) is left out.
        if (required.has(name) || this.fits(sub as Schema, value)) out[name] = value;
      } finally {
        this.trail.pop();
      }
    }
    for (const name of required) {
      if (!(name in out)) out[name] = isRecord(schema['additionalProperties']) ? this.sample(schema['additionalProperties'], depth + 1) : 'value';
    }
    // minProperties: add entries the schema allows (additionalProperties' schema, else any value).
    const min = typeof schema['minProperties'] === 'number' ? Math.min(schema['minProperties'], 64) : 0;
    if (schema['additionalProperties'] !== false) {
      const names = isRecord(schema['propertyNames']) ? schema['propertyNames'] : undefined;
      for (let i = 0; Object.keys(out).length < min && i < 64; i++) {
        const name = names ? String(this.sample(names, depth + 1)) + (i > 0 ? String(i) : '') : `key${i + 1}`;
        if (!Object.hasOwn(out, name)) out[name] = isRecord(schema['additionalProperties']) ? this.sample(schema['additionalProperties'], depth + 1) : 'value';
      }
    }
    return out;
  }
}

/**
 * A deterministic value valid against `schema` (for the constraints listed above), within the
 * budget (see SAMPLE_BUDGET: past it the value is reduced and may not satisfy the schema). Throws
 * SampleError when no finite value exists (a schema that requires itself).
 */
export function sampleSchema(schema: Schema, options: SampleOptions = {}): unknown {
  return new Sampler(options).sample(schema, 0);
}

/** sampleSchema, telling whether (and where) the sample was reduced to the budget. */
export function sampleSchemaReport(schema: Schema, options: SampleOptions = {}): SampleReport {
  const sampler = new Sampler(options);
  const value = sampler.sample(schema, 0);
  return sampler.reduced ? { value, reduced: sampler.reduced } : { value };
}

export function randomInt(seed: number, min: number, max: number): number {
  return new Rng(seed).int(min, max);
}

/** A sample and whether the validator it was checked against accepts it. */
export interface CheckedSample extends SampleReport {
  valid: boolean;
}

/** Samples tried by sampleValid: the plain one, then varied ones. */
export const SAMPLE_ATTEMPTS = 12;

/**
 * A sample that `validate` accepts: the plain sample of `options`, then varied ones (other seeds,
 * other oneOf/anyOf branches at the top, shallower optional parts), at most `attempts` in all. When
 * none is accepted, the plain sample with `valid: false`. Throws SampleError as sampleSchema does.
 */
export function sampleValid(
  schema: Schema,
  validate: ((value: unknown) => boolean) | undefined,
  options: SampleOptions = {},
  attempts = SAMPLE_ATTEMPTS,
): CheckedSample {
  const first = sampleSchemaReport(schema, options);
  if (!validate || validate(first.value)) return { ...first, valid: true };
  const seed = options.seed ?? 1;
  for (let attempt = 1; attempt < attempts; attempt++) {
    const varied: SampleOptions = { ...options, seed: seed + attempt, vary: true, branch: (options.branch ?? 0) + attempt, documented: false };
    if (attempt % 2 === 0) varied.maxDepth = Math.max(1, Math.min(options.maxDepth ?? 6, 3));
    const r = sampleSchemaReport(schema, varied);
    if (validate(r.value)) return { ...r, valid: true };
  }
  return { ...first, valid: false };
}
