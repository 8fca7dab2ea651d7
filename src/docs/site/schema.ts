/**
 * A schema as nested lists: each property with its type, whether it is required, its constraints
 * and description, nested objects and array items below it. Depth and size are bounded: a named
 * schema past the first levels, one already being shown (a `$ref` cycle) or any past the row budget
 * becomes a link to its entry on the contract's schemas page. A large schema shows its top-level
 * properties and folds what is below each of them (a closed `<details>` is not laid out until opened).
 */
import { isRecord } from '../../contract/pointer.js';
import { deref, refName, typesOf, type Node } from './document.js';
import { jsonText, markdownHtml, text } from './text.js';
import { mappingName, mappingRef } from '../../contract/discriminator.js';

export interface SchemaContext {
  document: Node;
  /** The address of a named schema's entry ("schemas.html#schema-Pet"), or undefined when it has none. */
  schemaHref: (name: string) => string | undefined;
}

interface State {
  ctx: SchemaContext;
  rows: number;
  stack: string[];
  /** Named schemas are expanded while shallower than this; deeper ones are links. */
  expandNamed: number;
  /** What is below a property is folded (a closed `<details>`). */
  fold: boolean;
}

/**
 * Descriptions rendered per document: a property's description comes back on every operation and
 * schema that shows it (Stripe's payment intent on dozens), and Markdown with sanitizing is most of
 * a build's time.
 */
const rendered = new WeakMap<Node, Map<string, string>>();

export function descriptionHtml(ctx: SchemaContext, value: unknown): string {
  if (typeof value !== 'string') return '';
  let cache = rendered.get(ctx.document);
  if (cache === undefined) rendered.set(ctx.document, (cache = new Map()));
  let html = cache.get(value);
  if (html === undefined) cache.set(value, (html = markdownHtml(value)));
  return html;
}

/** Nesting levels shown at most. */
const MAX_DEPTH = 5;
const MAX_ENUM = 25;

/**
 * The HTML of a schema (a `<div class="schema">`). `expandNamed`: how many levels of named
 * schemas are shown in place (1 shows the top schema's own properties); `rows`: properties shown at
 * most; `foldPast`: past this many properties in all, what is below each top-level property is
 * folded (its top level always shows: Stripe's payment intent body, 30 properties over 150 rows).
 */
export function schemaHtml(
  ctx: SchemaContext,
  schema: unknown,
  options: { expandNamed?: number; rows?: number; topRef?: string; foldPast?: number } = {},
): string {
  // The same schema comes back on many operations (GitHub's error responses on hundreds): rendered once per context and options.
  const key = isRecord(schema) && typeof schema['$ref'] === 'string' && Object.keys(schema).length === 1 ? schema['$ref'] : schema;
  const variant = `${options.expandNamed ?? ''}|${options.rows ?? ''}|${options.topRef ?? ''}|${options.foldPast ?? ''}`;
  let byKey = renderedSchemas.get(ctx);
  if (byKey === undefined) renderedSchemas.set(ctx, (byKey = new Map()));
  let byVariant = byKey.get(key);
  if (byVariant === undefined) byKey.set(key, (byVariant = new Map()));
  let html = byVariant.get(variant);
  if (html === undefined) byVariant.set(variant, (html = renderSchema(ctx, schema, options)));
  return html;
}

/** Schemas rendered per context (its document and links), by schema (a lone `$ref` by its target) and options. */
const renderedSchemas = new WeakMap<SchemaContext, Map<unknown, Map<string, string>>>();

function renderSchema(ctx: SchemaContext, schema: unknown, options: { expandNamed?: number; rows?: number; topRef?: string; foldPast?: number }): string {
  const rows = options.rows ?? 150;
  const state: State = {
    ctx,
    rows,
    stack: options.topRef !== undefined ? [options.topRef] : [],
    expandNamed: options.expandNamed ?? 2,
    fold: options.foldPast !== undefined,
  };
  let html = body(state, schema, 0);
  // A small schema is shown whole: its folds taken out (each is a property's last child, so its end is the one before that </li>).
  if (options.foldPast !== undefined && rows - state.rows <= options.foldPast) html = html.replace(FOLD_OPEN, '').replace(FOLD_CLOSE, '</li>');
  return `<div class="schema">${html}</div>`;
}

/** The start and end of a fold of what is below a property (body), as written there and nowhere else in a schema's HTML. */
const FOLD_OPEN = /<details class="nested"><summary>[^<]*<code>[^<]*<\/code><\/summary>/g;
const FOLD_CLOSE = /<\/details><\/li>/g;

function link(state: State, name: string): string {
  const href = state.ctx.schemaHref(name);
  return href !== undefined ? `<a href="${text(href)}">${text(name)}</a>` : `<span class="schema-name">${text(name)}</span>`;
}

/** The short type of a schema: "string (date-time)", "array of Pet", "Pet", "one of 3". */
export function typeLabel(state: Pick<State, 'ctx'>, raw: unknown, depth = 0): string {
  const { node, ref } = deref(state.ctx.document, raw);
  if (ref !== undefined && depth > 0) return link(state as State, refName(ref));
  if (node === true || (isRecord(node) && Object.keys(node).length === 0)) return '<span class="type">any</span>';
  if (!isRecord(node)) return '<span class="type">never</span>';
  const types = typesOf(node);
  const parts: string[] = [];
  for (const t of types) {
    if (t === 'array' && node['items'] !== undefined && depth < 3)
      parts.push(`<span class="type">array of</span> ${typeLabel(state, node['items'], depth + 1)}`);
    else parts.push(`<span class="type">${text(t)}${typeof node['format'] === 'string' && t !== 'null' ? ` (${text(node['format'])})` : ''}</span>`);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const variants = node[key];
    if (Array.isArray(variants)) parts.push(`<span class="type">${key === 'oneOf' ? 'one' : 'any'} of ${variants.length}</span>`);
  }
  if (parts.length === 0 && Array.isArray(node['allOf'])) parts.push('<span class="type">all of</span>');
  const label = parts.length > 0 ? parts.join(' <span class="sep">or</span> ') : '<span class="type">any</span>';
  return ref !== undefined ? `${label} ${link(state as State, refName(ref))}` : label;
}

/** Constraints and flags of a schema as short text badges. */
function constraints(node: Node): string[] {
  const out: string[] = [];
  const add = (key: string, label: string): void => {
    const v = node[key];
    if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out.push(`${label}${text(String(v))}`);
  };
  add('minimum', '>= ');
  add('maximum', '<= ');
  add('exclusiveMinimum', '> ');
  add('exclusiveMaximum', '< ');
  add('minLength', 'min length ');
  add('maxLength', 'max length ');
  add('minItems', 'min items ');
  add('maxItems', 'max items ');
  add('multipleOf', 'multiple of ');
  if (typeof node['pattern'] === 'string') out.push(`pattern <code>${text(node['pattern'])}</code>`);
  if (node['uniqueItems'] === true) out.push('unique items');
  if (node['readOnly'] === true) out.push('read-only');
  if (node['writeOnly'] === true) out.push('write-only');
  if (node['deprecated'] === true) out.push('deprecated');
  if (node['default'] !== undefined) out.push(`default <code>${jsonText(node['default'])}</code>`);
  const values = node['enum'];
  if (Array.isArray(values)) {
    const shown = values
      .slice(0, MAX_ENUM)
      .map((v) => `<code>${jsonText(v)}</code>`)
      .join(', ');
    out.push(`one of ${shown}${values.length > MAX_ENUM ? `, … (${values.length - MAX_ENUM} more)` : ''}`);
  }
  if (node['const'] !== undefined) out.push(`always <code>${jsonText(node['const'])}</code>`);
  return out;
}

/** Properties and required names of an object schema, allOf parts merged in. */
function objectParts(state: State, node: Node, seen = 0): { props: [string, unknown][]; required: Set<string> } {
  const props: [string, unknown][] = [];
  const required = new Set<string>(Array.isArray(node['required']) ? node['required'].filter((r): r is string => typeof r === 'string') : []);
  const allOf = node['allOf'];
  if (Array.isArray(allOf) && seen < 8) {
    for (const part of allOf) {
      const inner = deref(state.ctx.document, part).node;
      if (!isRecord(inner)) continue;
      const sub = objectParts(state, inner, seen + 1);
      props.push(...sub.props);
      for (const r of sub.required) required.add(r);
    }
  }
  if (isRecord(node['properties'])) props.push(...Object.entries(node['properties']));
  return { props, required };
}

/** What goes under a schema's type: its properties, items or variants. */
function body(state: State, raw: unknown, depth: number): string {
  const { node, ref } = deref(state.ctx.document, raw);
  if (!isRecord(node)) return '';
  const named = ref !== undefined ? refName(ref) : undefined;
  if (named !== undefined && depth > 0 && (state.stack.includes(named) || depth >= state.expandNamed || state.rows <= 0)) return '';
  if (depth >= MAX_DEPTH) return '';
  if (named !== undefined) state.stack.push(named);
  try {
    let out = '';
    const { props, required } = objectParts(state, node);
    if (props.length > 0) {
      const items: string[] = [];
      for (const [name, propSchema] of props) {
        if (state.rows <= 0) {
          items.push('<li class="more">… more properties on the schemas page</li>');
          break;
        }
        state.rows--;
        const prop = deref(state.ctx.document, propSchema).node;
        const info = isRecord(prop) ? prop : {};
        const badges = [required.has(name) ? '<span class="req">required</span>' : '', ...constraints(info).map((c) => `<span class="constraint">${c}</span>`)]
          .filter((b) => b !== '')
          .join(' ');
        const before = state.rows;
        let inner = body(state, propSchema, depth + 1);
        if (state.fold && inner !== '') {
          const n = before - state.rows;
          inner = `<details class="nested"><summary>${n > 0 ? `${n} ${n === 1 ? 'property' : 'properties'}` : 'details'} of <code>${text(name)}</code></summary>${inner}</details>`;
        }
        items.push(
          `<li><code class="prop">${text(name)}</code> ${typeLabel(state, propSchema, 1)} ${badges}${descriptionHtml(state.ctx, info['description'])}${inner}</li>`,
        );
      }
      out += `<ul class="props">${items.join('')}</ul>`;
    }
    const items = node['items'];
    if (items !== undefined && props.length === 0) {
      const inner = body(state, items, depth + 1);
      if (inner !== '') out += `<div class="items"><span class="muted">items:</span> ${typeLabel(state, items, 1)}${inner}</div>`;
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const variants = node[key];
      if (!Array.isArray(variants)) continue;
      const shown = variants.slice(0, 20).map((v, i) => {
        const vNode = deref(state.ctx.document, v).node;
        const title = isRecord(vNode) && typeof vNode['title'] === 'string' ? ` ${text(vNode['title'])}` : '';
        return `<li><span class="muted">variant ${i + 1}:</span> ${typeLabel(state, v, 1)}${title}${body(state, v, depth + 1)}</li>`;
      });
      out += `${discriminatorNote(node['discriminator'], variants)}<ul class="variants" aria-label="${key === 'oneOf' ? 'one of' : 'any of'}">${shown.join('')}</ul>`;
    }
    const additional = node['additionalProperties'];
    if (isRecord(additional) && Object.keys(additional).length > 0)
      out += `<div class="items"><span class="muted">other properties:</span> ${typeLabel(state, additional, 1)}${body(state, additional, depth + 1)}</div>`;
    return out;
  } finally {
    if (named !== undefined) state.stack.pop();
  }
}

/** The top line of a schema: its type and constraints (for a body or a response). */
export function schemaSummary(ctx: SchemaContext, raw: unknown): string {
  const { node } = deref(ctx.document, raw);
  const info = isRecord(node) ? node : {};
  const badges = constraints(info)
    .map((c) => `<span class="constraint">${c}</span>`)
    .join(' ');
  return `<p class="schema-type">${typeLabel({ ctx }, raw, 0)}${badges !== '' ? ` ${badges}` : ''}</p>`;
}

/**
 * What a union's discriminator says, before its variants: the property that chooses, and (OpenAPI
 * 3.2 `defaultMapping`) the schema a payload without it, or with a value no variant is named by, is.
 */
function discriminatorNote(discriminator: unknown, variants: unknown[]): string {
  if (!isRecord(discriminator) || typeof discriminator['propertyName'] !== 'string') return '';
  const property = `<code>${text(discriminator['propertyName'])}</code>`;
  const fallback = discriminator['defaultMapping'];
  // Said only where it names one of the alternatives (the validators read it only then).
  const named = typeof fallback === 'string' && variants.some((v) => isRecord(v) && v['$ref'] === mappingRef(fallback));
  const name = named ? mappingName(fallback) : undefined;
  const otherwise = name === undefined ? '' : `; without it, or with a value no variant is named by: <code>${text(name)}</code>`;
  return `<p class="muted discriminator">Chosen by ${property}${otherwise}.</p>`;
}
