/**
 * dates.ts, written with the sdk or client target when the config says `client: { dates: true }`:
 * per schema and per operation, a transformer that reads the `format: date-time` strings of an
 * answer as Date (in place, with the helpers of @specforge/runtime/client), and the shapes the
 * client types use to say Date there (DatedPaths). Read from the schemas: properties, array items,
 * `allOf` (each member applies), `oneOf`/`anyOf` where the alternatives that hold dates agree and the
 * others are scalars, `$ref`s, and cycles of named schemas (one function each, calling itself). An
 * operation whose answers hold no date gets no transformer; a schema that holds none gets no
 * function. `format: date` stays a string (a calendar day has no time zone: `new Date("2026-01-05")`
 * is midnight UTC, the 4th west of Greenwich). `additionalProperties` maps are not read.
 */
import type { ContractModel } from '../src/contract/model.js';
import type { JsonSchema, OperationModel } from '../src/contract/model-types.js';
import { isRecord, resolveLocalRef } from '../src/contract/pointer.js';
import { docComment, NameRegistry, propertyKey, stringLiteral } from '../src/codegen/escape.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';
import { DATES_IMPORTS, isJsonMedia, sdkNamesOf } from './sdk.js';

/** Where the dates of a value are. */
type Plan =
  | { kind: 'date' }
  | { kind: 'ref'; name: string }
  | { kind: 'items'; of: Plan }
  | { kind: 'props'; props: Array<[string, Plan]> }
  | { kind: 'all'; of: Plan[] };

/** Before the named schemas are settled: a union whose alternatives are judged once they are. */
type Raw =
  | { kind: 'date' }
  | { kind: 'ref'; name: string }
  | { kind: 'items'; of: Raw }
  | { kind: 'props'; props: Array<[string, Raw]> }
  | { kind: 'all'; of: Raw[] }
  | { kind: 'one'; of: Array<Raw | 'scalar' | 'other'> };

const MAX_INLINE_DEPTH = 32;
const SCHEMA_PREFIX = '/components/schemas/';

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function types(s: Record<string, unknown>): string[] {
  const t = s['type'];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : typeof t === 'string' ? [t] : [];
}

class Reader {
  readonly named = new Map<string, JsonSchema>();
  readonly raw = new Map<string, Raw | undefined>();
  private readonly withDates = new Set<string>();

  constructor(private readonly model: ContractModel) {
    for (const s of model.schemas) this.named.set(s.pointer, s.schema);
  }

  /** The raw plan of a schema; a named schema is a ref (its own plan is read once). */
  read(schema: unknown, depth = 0): Raw | undefined {
    if (!isRecord(schema) || depth > MAX_INLINE_DEPTH) return undefined;
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const name = ref.startsWith('#') ? decoded(ref.slice(1)) : undefined;
      if (name !== undefined && this.named.has(name)) {
        if (!this.raw.has(name)) {
          this.raw.set(name, undefined);
          this.raw.set(name, this.read(this.named.get(name), 0));
        }
        return { kind: 'ref', name };
      }
      return this.read(resolveLocalRef(this.model.document, ref)?.value, depth + 1);
    }
    const all: Raw[] = [];
    const t = types(schema);
    if (t.includes('string') && schema['format'] === 'date-time') all.push({ kind: 'date' });
    if (isRecord(schema['properties'])) {
      const props: Array<[string, Raw]> = [];
      for (const [key, value] of Object.entries(schema['properties'])) {
        const plan = this.read(value, depth + 1);
        if (plan) props.push([key, plan]);
      }
      if (props.length > 0) all.push({ kind: 'props', props });
    }
    if (schema['items'] !== undefined && !Array.isArray(schema['items'])) {
      const of = this.read(schema['items'], depth + 1);
      if (of) all.push({ kind: 'items', of });
    }
    if (Array.isArray(schema['allOf'])) {
      for (const member of schema['allOf']) {
        const plan = this.read(member, depth + 1);
        if (plan) all.push(plan);
      }
    }
    for (const key of ['oneOf', 'anyOf']) {
      const members = schema[key];
      if (!Array.isArray(members) || members.length === 0) continue;
      const of = members.map((m): Raw | 'scalar' | 'other' => this.read(m, depth + 1) ?? (this.scalar(m, depth + 1) ? 'scalar' : 'other'));
      if (of.some((m) => typeof m === 'object')) all.push({ kind: 'one', of });
    }
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : { kind: 'all', of: all };
  }

  /** A schema whose values are null, booleans or numbers only (never read as a date). */
  private scalar(schema: unknown, depth: number): boolean {
    if (!isRecord(schema) || depth > MAX_INLINE_DEPTH) return false;
    if (typeof schema['$ref'] === 'string') return this.scalar(resolveLocalRef(this.model.document, schema['$ref'])?.value, depth + 1);
    const t = types(schema);
    return t.length > 0 && t.every((x) => x === 'null' || x === 'boolean' || x === 'number' || x === 'integer');
  }

  /** Which named schemas hold a date, directly or through others (a fixpoint over the cycles). */
  settle(): void {
    for (let changed = true; changed;) {
      changed = false;
      for (const [name, raw] of this.raw) {
        if (!this.withDates.has(name) && raw !== undefined && this.plan(raw) !== undefined) {
          this.withDates.add(name);
          changed = true;
        }
      }
    }
  }

  has(name: string): boolean {
    return this.withDates.has(name);
  }

  /** The plan without what holds no date; a union whose alternatives disagree is not read. */
  plan(raw: Raw): Plan | undefined {
    switch (raw.kind) {
      case 'date':
        return raw;
      case 'ref':
        return this.withDates.has(raw.name) ? raw : undefined;
      case 'items': {
        const of = this.plan(raw.of);
        return of && { kind: 'items', of };
      }
      case 'props': {
        const props = raw.props.flatMap(([k, v]): Array<[string, Plan]> => {
          const p = this.plan(v);
          return p ? [[k, p]] : [];
        });
        return props.length > 0 ? { kind: 'props', props } : undefined;
      }
      case 'all': {
        const of = raw.of.map((r) => this.plan(r)).filter((p): p is Plan => p !== undefined);
        return of.length === 0 ? undefined : of.length === 1 ? of[0] : { kind: 'all', of };
      }
      case 'one': {
        const plans = raw.of.map((m) => (typeof m === 'object' ? (this.plan(m) ?? 'none') : m));
        const found = plans.filter((p): p is Plan => typeof p === 'object');
        if (found.length === 0) return undefined;
        // Unambiguous: every alternative with dates has them at the same places, the others are scalars.
        const same = found.every((p) => JSON.stringify(p) === JSON.stringify(found[0]));
        return same && plans.every((p) => typeof p === 'object' || p === 'scalar') ? found[0] : undefined;
      }
    }
  }
}

/** The success answers of an operation whose JSON body holds dates, and its JSON request bodies that do. */
interface OperationDates {
  op: OperationModel;
  fn: string;
  answers: Array<{ status: string; media: string; plan: Plan }>;
  bodies: Array<{ media: string; plan: Plan }>;
}

export interface DatesFile {
  file: GeneratedFile;
  /** The transformer of each operation whose answers hold dates, by operation id. */
  readers: Map<string, string>;
}

/** The names dates.ts imports: no schema or operation takes them. */
const IMPORTS = ['dateField', 'dateItems', 'toDate'];

/** dates.ts for the model: transformers per named schema and per operation, the shapes, the path table. */
export function generateDates(model: ContractModel, ctx: GeneratorContext): DatesFile {
  const reader = new Reader(model);
  const names = sdkNamesOf(model, ctx);
  const raws = names.map((n) => ({
    n,
    answers: n.op.responses
      .filter((r) => r.status.startsWith('2'))
      .flatMap((r) => {
        const media = r.content.find((m) => isJsonMedia(m.type));
        const raw = media === undefined ? undefined : reader.read(media.schema);
        return media && raw ? [{ status: r.status, media: media.type, raw }] : [];
      }),
    bodies: (n.op.requestBody?.content ?? [])
      .filter((m) => isJsonMedia(m.type))
      .flatMap((m) => {
        const raw = reader.read(m.schema);
        return raw ? [{ media: m.type, raw }] : [];
      }),
  }));
  reader.settle();
  // Not a name sdk.ts declares or imports: it imports the operations' transformers.
  const registry = new NameRegistry([...IMPORTS, ...DATES_IMPORTS, 'pathDates', ...names.flatMap((n) => [n.fn, n.table])]);
  const ops: OperationDates[] = [];
  for (const { n, answers, bodies } of raws) {
    const a = answers.flatMap((x) => {
      const plan = reader.plan(x.raw);
      return plan ? [{ status: x.status, media: x.media, plan }] : [];
    });
    const b = bodies.flatMap((x) => {
      const plan = reader.plan(x.raw);
      return plan ? [{ media: x.media, plan }] : [];
    });
    if (a.length > 0 || b.length > 0) ops.push({ op: n.op, fn: a.length > 0 ? registry.take(`${n.fn}Dates`) : '', answers: a, bodies: b });
  }
  const fns = new Map<string, string>();
  const shapes = new Map<string, string>();
  for (const [name] of reader.raw) {
    if (!reader.has(name)) continue;
    const word = name.slice(SCHEMA_PREFIX.length).replace(/~1/g, '/').replace(/~0/g, '~');
    const base = word.replace(/[^A-Za-z0-9_$]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : '')) || 'schema';
    fns.set(name, registry.take(`${base[0]?.toLowerCase() ?? ''}${base.slice(1)}Dates`));
    shapes.set(name, registry.take(`${base[0]?.toUpperCase() ?? ''}${base.slice(1)}Dates`));
  }
  const readerOf = (plan: Plan): string => {
    switch (plan.kind) {
      case 'date':
        return 'toDate';
      case 'ref':
        return fns.get(plan.name) ?? 'toDate';
      case 'items':
        return `(v: unknown, d: number) => dateItems(v, ${readerOf(plan.of)}, d)`;
      case 'props':
      case 'all':
        return `(v: unknown, d: number) => {\n${statements(plan, 'v', 'd', '    ')}\n  }`;
    }
  };
  const statements = (plan: Plan, v: string, d: string, indent: string): string => {
    if (plan.kind === 'props') {
      return [...plan.props.map(([k, p]) => `${indent}dateField(${v}, ${stringLiteral(k)}, ${readerOf(p)}, ${d});`), `${indent}return ${v};`].join('\n');
    }
    if (plan.kind === 'all') return `${indent}return ${plan.of.reduce((acc, p) => `(${readerOf(p)})(${acc}, ${d})`, v)};`;
    return `${indent}return (${readerOf(plan)})(${v}, ${d});`;
  };
  const shapeOf = (plan: Plan): string => {
    switch (plan.kind) {
      case 'date':
        return 'true';
      case 'ref':
        return shapes.get(plan.name) ?? 'true';
      case 'items':
        return `readonly [${shapeOf(plan.of)}]`;
      case 'props':
        return `{ ${plan.props.map(([k, p]) => `${propertyKey(k)}: ${shapeOf(p)}`).join('; ')} }`;
      case 'all':
        return plan.of.map((p) => `(${shapeOf(p)})`).join(' & ');
    }
  };
  const out: string[] = [];
  out.push('', '// Each schema whose values hold a date-time: its transformer (in place) and where its dates are.');
  for (const [name, fn] of fns) {
    const raw = reader.raw.get(name);
    const plan = raw === undefined ? undefined : reader.plan(raw);
    if (plan === undefined) continue;
    const label = name.slice(SCHEMA_PREFIX.length).replace(/~1/g, '/').replace(/~0/g, '~');
    out.push('', docComment(`The date-time values of ${label} read as Date, in place.`).trimEnd());
    out.push(`export function ${fn}(value: unknown, depth = 0): unknown {\n${statements(plan, 'value', 'depth', '  ')}\n}`);
    out.push('', docComment(`Where the date-time values of ${label} are.`).trimEnd());
    out.push(`export type ${shapes.get(name) ?? ''} = ${shapeOf(plan)};`);
  }
  out.push('', '// Each operation whose success answers hold a date-time: its transformer, by status.');
  for (const o of ops) {
    if (o.fn === '') continue;
    const exact = o.answers.filter((a) => /^\d+$/.test(a.status));
    const ranges = o.answers.filter((a) => !/^\d+$/.test(a.status));
    const cases = [
      ...exact.map((a) => `  if (status === ${Number(a.status)}) return (${readerOf(a.plan)})(value, 0);`),
      ...ranges.map((a) => `  if (status >= 200 && status < 300) return (${readerOf(a.plan)})(value, 0);`),
    ];
    out.push('', docComment(`The answers of ${o.op.id} with their date-time values read as Date.`).trimEnd());
    out.push(`export function ${o.fn}(value: unknown, status: number): unknown {\n${cases.join('\n')}\n  return value;\n}`);
  }
  const byPath = new Map<string, OperationDates[]>();
  for (const o of ops) byPath.set(o.op.path, [...(byPath.get(o.op.path) ?? []), o]);
  const pathShapes = [...byPath].map(([path, list]) => {
    const methods = list.map((o) => {
      const parts: string[] = [];
      if (o.bodies.length > 0) parts.push(`requestBody: { content: { ${o.bodies.map((b) => `${propertyKey(b.media)}: ${shapeOf(b.plan)}`).join('; ')} } }`);
      if (o.answers.length > 0)
        parts.push(
          `responses: { ${o.answers.map((a) => `${propertyKey(a.status)}: { content: { ${propertyKey(a.media)}: ${shapeOf(a.plan)} } }`).join('; ')} }`,
        );
      return `    ${propertyKey(o.op.method)}: { ${parts.join('; ')} };`;
    });
    return `  ${propertyKey(path)}: {\n${methods.join('\n')}\n  };`;
  });
  out.push('', '/** Where the dates of each operation are (answers read as Date, JSON request bodies taking Date or a string): the shape DatedPaths reads. */');
  out.push(pathShapes.length === 0 ? 'export type PathsDates = {};' : `export type PathsDates = {\n${pathShapes.join('\n')}\n};`);
  const table = ops.filter((o) => o.fn !== '').map((o) => `  ${stringLiteral(`${o.op.method.toUpperCase()} ${o.op.path}`)}: ${o.fn},`);
  out.push('', '/** The transformer of each operation by "METHOD /path", for the path-style client. */');
  out.push(
    `export const pathDates: Readonly<Record<string, (value: unknown, status: number) => unknown>> = {${table.length === 0 ? '' : `\n${table.join('\n')}\n`}};`,
  );
  const readers = new Map(ops.filter((o) => o.fn !== '').map((o) => [o.op.id, o.fn]));
  // Only the helpers the file calls (a project with noUnusedLocals compiles it).
  const body = out.join('\n');
  const used = IMPORTS.filter((name) => new RegExp(`\\b${name}\\(|\\b${name}[,)]`).test(body));
  const head = [ctx.header('//').trimEnd(), ...(used.length > 0 ? [`import { ${used.join(', ')} } from ${stringLiteral(runtimeEntry(ctx, 'client'))};`] : [])];
  return { file: { path: 'dates.ts', content: `${head.join('\n')}\n${body}\n` }, readers };
}
