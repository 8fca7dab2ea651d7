/**
 * Standard Schema v1 (https://standardschema.dev, `@standard-schema/spec`) for generated validators:
 * every validator also carries a `~standard` property, so libraries that accept any Standard Schema
 * (tRPC, TanStack Form, react-hook-form's standard-schema resolver, Hono's validator) take it as it
 * is. The interface's types are written out here rather than imported: nothing is added at run time,
 * and nothing here needs Node.js.
 */
import type { ErrorObject, ValidateFunction } from './standalone.js';

/** A segment of an issue's path (Standard Schema v1). */
export interface StandardPathSegment {
  readonly key: PropertyKey;
}

/** One problem found in a value (Standard Schema v1 `Issue`). */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | StandardPathSegment> | undefined;
}

/** What `~standard.validate` returns (Standard Schema v1 `Result`). */
export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardIssue> };

/** The `~standard` property (Standard Schema v1 `Props`). */
export interface StandardProps<Input = unknown, Output = Input> {
  readonly version: 1;
  readonly vendor: string;
  readonly validate: (
    value: unknown,
    options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined,
  ) => StandardResult<Output> | Promise<StandardResult<Output>>;
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

/** A Standard Schema v1 (`StandardSchemaV1<Input, Output>` of `@standard-schema/spec`). */
export interface StandardSchema<Input = unknown, Output = Input> {
  readonly '~standard': StandardProps<Input, Output>;
}

/** The `~standard` property of a generated validator: it validates synchronously. */
export interface StandardValidatorProps<T = unknown> extends StandardProps<T> {
  readonly validate: (value: unknown, options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined) => StandardResult<T>;
}

/** A generated validator: an Ajv validate function that is also a Standard Schema (validating synchronously). */
export interface StandardValidator<T = unknown> extends ValidateFunction, StandardSchema<T> {
  readonly '~standard': StandardValidatorProps<T>;
}

/** The vendor name of specforge's validators. */
export const STANDARD_VENDOR = 'specforge';

/** JSON Pointer segments of an Ajv path, unescaped. */
function segments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The path of an Ajv error as Standard Schema keys: array indices as numbers (read from the value,
 * so an object key "0" stays a string), and the missing or extra property of `required` and
 * `additionalProperties` errors appended.
 */
export function issuePath(error: ErrorObject, value: unknown): PropertyKey[] {
  const path: PropertyKey[] = [];
  let node: unknown = value;
  const keys = segments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const extra = error.keyword === 'required' ? params['missingProperty'] : error.keyword === 'additionalProperties' ? params['additionalProperty'] : undefined;
  if (typeof extra === 'string') keys.push(extra);
  for (const key of keys) {
    if (Array.isArray(node) && /^(?:0|[1-9]\d*)$/.test(key)) {
      path.push(Number(key));
      node = node[Number(key)];
    } else {
      path.push(key);
      node = node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return path;
}

/** Ajv's errors as Standard Schema issues, each with its path. */
export function standardIssues(errors: readonly ErrorObject[] | null | undefined, value: unknown): StandardIssue[] {
  if (!errors || errors.length === 0) return [{ message: 'the value does not match its schema', path: [] }];
  return errors.map((e) => ({ message: e.message ?? `fails "${e.keyword}"`, path: issuePath(e, value) }));
}

/**
 * Gives a validator its `~standard` property (once; the same function shared by several tables is
 * one validator) and returns it.
 */
export function standard<T = unknown>(fn: ValidateFunction): StandardValidator<T> {
  if (Object.hasOwn(fn, '~standard')) return fn as StandardValidator<T>;
  const props: StandardValidatorProps<T> = {
    version: 1,
    vendor: STANDARD_VENDOR,
    validate: (value: unknown): StandardResult<T> => (fn(value) ? { value: value as T } : { issues: standardIssues(fn.errors, value) }),
  };
  Object.defineProperty(fn, '~standard', { value: Object.freeze(props), enumerable: false, writable: false, configurable: false });
  return fn as StandardValidator<T>;
}
