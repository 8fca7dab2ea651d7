/**
 * What generated standalone validators import at run time: Ajv's run-time helpers and the formats
 * of ajv-formats. Nothing here loads Ajv's compiler, and nothing here needs Node.js.
 */
import type { ErrorObject } from '../shared/error-object.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import uri from 'ajv/dist/runtime/uri.js';
import ValidationError from 'ajv/dist/runtime/validation_error.js';

export type { ErrorObject };

/** A compiled validator: returns true or false and leaves its errors on `.errors`. */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
  /**
   * On a validator compiled on first use (deferredValidator): judges one value as the validator
   * would, compiling only the part of the schema that value reaches while the validator itself is
   * not compiled (a mock's check of the one sample it answers with). No errors are left.
   */
  once?: (data: unknown) => boolean;
}

/** Formats known to generated validators, by name. */
export const formats: Record<string, unknown> = { ...fullFormats };

/** What `require("ajv/dist/runtime/<name>")` gives standalone code, keyed by <name>. */
export const ajvRuntime: Record<string, { default: unknown }> = {
  equal: { default: unwrap(equal) },
  ucs2length: { default: unwrap(ucs2length) },
  uri: { default: unwrap(uri) },
  validation_error: { default: unwrap(ValidationError) },
};

function unwrap(mod: unknown): unknown {
  return typeof mod === 'object' && mod !== null && 'default' in mod ? (mod as { default: unknown }).default : mod;
}

/**
 * What generated validators share of an error they report (codegen/standalone-errors.ts): its
 * schema path, keyword, parameters (0 where the call gives them) and message; or, shorter, the
 * schema path without its last segment (the keyword, always) and no message: errorMessage's.
 */
export type ErrorTemplate =
  | readonly [schemaPath: string, keyword: string, params: Readonly<Record<string, unknown>> | 0, message: string]
  | readonly [schemaPathParent: string, keyword: string, params: Readonly<Record<string, unknown>> | 0];

/** Ajv's message for an error of these keywords, from its parameters. */
const LIMITS: Readonly<Record<string, string>> = {
  maxLength: 'more|characters',
  minLength: 'fewer|characters',
  maxItems: 'more|items',
  minItems: 'fewer|items',
  maxProperties: 'more|properties',
  minProperties: 'fewer|properties',
};
const FIXED: Readonly<Record<string, string>> = {
  enum: 'must be equal to one of the allowed values',
  const: 'must be equal to constant',
  additionalProperties: 'must NOT have additional properties',
  oneOf: 'must match exactly one schema in oneOf',
  anyOf: 'must match a schema in anyOf',
  not: 'must NOT be valid',
};

/**
 * The message Ajv writes for an error of `keyword` with `params` (undefined for a keyword not
 * known here). The generator writes a template without its message only where this gives Ajv's
 * own message, checked when it writes it.
 */
export function errorMessage(keyword: string, params: Readonly<Record<string, unknown>>): string | undefined {
  if (Object.hasOwn(FIXED, keyword)) return FIXED[keyword];
  const limit = Object.hasOwn(LIMITS, keyword) ? LIMITS[keyword]?.split('|') : undefined;
  if (limit !== undefined) return `must NOT have ${String(limit[0])} than ${String(params['limit'])} ${String(limit[1])}`;
  switch (keyword) {
    case 'type':
      return `must be ${String(params['type'])}`;
    case 'required':
      return `must have required property '${String(params['missingProperty'])}'`;
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return `must be ${String(params['comparison'])} ${String(params['limit'])}`;
    case 'format':
      return `must match format "${String(params['format'])}"`;
    case 'pattern':
      return `must match pattern "${String(params['pattern'])}"`;
    case 'multipleOf':
      return `must be multiple of ${String(params['multipleOf'])}`;
    case 'if':
      return `must match "${String(params['failingKeyword'])}" schema`;
    default:
      return undefined;
  }
}

/**
 * Adds an error to a validator's list (null while there is none) and returns the list: the object
 * Ajv's own code writes, with the same keys in the same order and a new params object each time.
 */
export function pushError(errors: ErrorObject[] | null, instancePath?: string, template?: ErrorTemplate, params?: Record<string, unknown>): ErrorObject[] {
  let err = {} as ErrorObject;
  // Without a template, the empty object Ajv adds where it only counts errors (inside `if`).
  if (template !== undefined) {
    const values = params ?? { ...template[2] };
    const short = template.length === 3;
    err = {
      instancePath: instancePath ?? '',
      schemaPath: short ? `${template[0]}/${template[1]}` : template[0],
      keyword: template[1],
      params: values,
      message: short ? (errorMessage(template[1], values) ?? '') : template[3],
    };
  }
  if (errors === null) return [err];
  errors.push(err);
  return errors;
}

/**
 * The `if` errors of a step taken in a chain of `if`/`then`/`else` steps (codegen/standalone-dispatch.ts)
 * whose clause failed, as Ajv pushes them: `clause` failing at the step `depth` levels of `else`
 * below `base`, then `else` failing at each step around it, innermost first.
 */
export function ifErrors(errors: ErrorObject[] | null, instancePath: string, base: string, depth: number, clause: string): ErrorObject[] {
  let list = errors;
  for (let j = depth; j >= 0; j--)
    list = pushError(list, instancePath, [`${base}${'/else'.repeat(j)}`, 'if', 0], { failingKeyword: j === depth ? clause : 'else' });
  return list ?? [];
}

/** A validator's errors followed by those of a validator it called, as Ajv's own code joins them. */
export function concatErrors(errors: ErrorObject[] | null, more: ErrorObject[]): ErrorObject[] {
  return errors === null ? more : errors.concat(more);
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Whether `key` is an own property of `data` (an object), as Ajv's `ownProperties` checks it, cheap
 * for plain objects (see cheapOwnChecks in ajv.ts): a name Object.prototype lacks, found on an
 * object whose prototype is Object.prototype, can be nowhere else.
 */
export function ownProperty(data: object, key: string): boolean {
  return (Object.getPrototypeOf(data) === Object.prototype && !(key in Object.prototype)) || hasOwn.call(data, key);
}

/**
 * Whether `data` (an object) has `key` as an own property whose value is not undefined: Ajv's
 * `data.key !== undefined && ownProperties check`, with the value read once, as there.
 */
export function definedOwn(data: Record<string, unknown>, key: string): boolean {
  return data[key] !== undefined && ownProperty(data, key);
}

/**
 * Calls a validator as Ajv's code calls one it refers to, with the same object: the data's
 * instance path, its parent and key in the parent, the root data and the dynamic anchors.
 */
export function callRef(
  validate: (data: unknown, cxt: Record<string, unknown>) => boolean,
  data: unknown,
  instancePath: string,
  parentData: unknown,
  parentDataProperty: unknown,
  rootData: unknown,
  dynamicAnchors: unknown,
): boolean {
  return validate(data, { instancePath, parentData, parentDataProperty, rootData, dynamicAnchors });
}
