/**
 * OpenAPI 3.2 `serializedValue`: an example's value as it travels, read back into data the way the
 * run time reads a request. A parameter's is read by its location, style and explode (or its
 * `content` media type), with its name and delimiters (`color=blue`, `;color=blue`); a querystring
 * parameter's is the whole query string; a media type's is that media type's text (JSON, a form,
 * plain text). Reading is lenient as the run time's is: text that fits no shape stays text, so a
 * schema check says what is wrong with it.
 */
import { formBody } from '../runtime/server/body/form.js';
import {
  parseCookieParameter,
  parseCookieStyleParameter,
  parseCookies,
  parseHeaderParameter,
  parsePathParameter,
  parseQueryParameter,
  splitQuery,
} from '../runtime/server/params.js';
import { parseQuerystring } from '../runtime/server/querystring.js';
import type { FormEncoding, ParameterSpec, ValueShape } from '../runtime/shared/spec.js';
import type { JsonSchema, MediaEncodingModel, ParameterModel } from './model-types.js';
import { isRecord, setOwn } from './pointer.js';
import { shapeOf } from './value-shape.js';

type Resolve = (ref: string) => JsonSchema | undefined;

function formEncoding(encoding: Record<string, MediaEncodingModel> | undefined): Record<string, FormEncoding> | undefined {
  if (encoding === undefined) return undefined;
  const out: Record<string, FormEncoding> = {};
  for (const [name, e] of Object.entries(encoding)) setOwn(out, name, { ...e });
  return out;
}

/** The run time's reading of a parameter, from the model's. */
export function parameterSpecOf(p: ParameterModel, resolve: Resolve): ParameterSpec {
  const spec: ParameterSpec = { name: p.name, in: p.in, required: p.required, style: p.style, explode: p.explode, shape: shapeOf(p.schema, resolve) };
  if (p.contentType !== undefined) spec.contentType = p.contentType;
  const encoding = formEncoding(p.encoding);
  if (encoding !== undefined) spec.encoding = encoding;
  if (isRecord(p.schema) && typeof p.schema['x-specforge-base64-json'] === 'string') spec.decode = 'base64-json';
  return spec;
}

/**
 * A parameter's serialized example read back into data; undefined when the text does not carry the
 * parameter at all (a query example without its name).
 */
export function readSerializedParameter(text: string, p: ParameterModel, resolve: Resolve): unknown {
  const spec = parameterSpecOf(p, resolve);
  switch (p.in) {
    case 'querystring':
      return parseQuerystring(text.startsWith('?') ? text.slice(1) : text, spec);
    case 'query':
      return parseQueryParameter(splitQuery(text.startsWith('?') ? text.slice(1) : text), spec);
    case 'path':
      return parsePathParameter(text, spec);
    case 'header':
      return parseHeaderParameter(text, spec);
    case 'cookie': {
      // `greeting=Hello%2C world!; code=42` with `style: cookie` (3.2): the pairs as written.
      if (p.style === 'cookie' && p.contentType === undefined) return parseCookieStyleParameter(text, spec);
      // `greeting=Hello%2C%20world%21` (form): the parameter's own pair (or its value alone).
      const pairs = parseCookies(text);
      const own = pairs.get(p.name);
      return parseCookieParameter(own ?? (text.includes('=') ? '' : text), spec);
    }
  }
}

/** A media type's serialized example read back into data (JSON, a form, or the text itself). */
export function readSerializedMedia(
  text: string,
  type: string,
  schema: JsonSchema | undefined,
  encoding: Record<string, MediaEncodingModel> | undefined,
  resolve: Resolve,
): unknown {
  const media = type.toLowerCase().split(';')[0]?.trim() ?? '';
  if (media === 'application/json' || media.endsWith('+json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (media === 'application/x-www-form-urlencoded') {
    const shape: ValueShape = schema === undefined ? { type: 'any' } : shapeOf(schema, resolve);
    return formBody(splitQuery(text), shape, formEncoding(encoding));
  }
  return text;
}
