/**
 * What the validator plan of a contract is made of: its root schema's $id, the parameter locations
 * it validates, its shape (ValidatorPlan), the direction a value travels in, and how a $defs key is
 * referenced. Shared by the plan builder, the plan and the in-memory compiler.
 */
import type { Diagnostic } from '../errors.js';
import type { JsonSchema, ParameterLocation } from '../model.js';
import { escapeSegment } from '../pointer.js';
import type { StrictIssue } from '../strictness.js';
import { ANNOTATION_KEYWORDS } from '../../runtime/validation/ajv.js';

/** The $id of the plan's root schema. */
export const ROOT_ID = 'specforge:contract';
/**
 * The parameter locations a plan validates, in order. A `querystring` parameter (OpenAPI 3.2) is
 * validated as the `query` location: its schema is the whole query string's.
 */
export const LOCATIONS: Array<Exclude<ParameterLocation, 'querystring'>> = ['path', 'query', 'header', 'cookie'];

export interface OperationValidatorKeys {
  path?: string;
  query?: string;
  header?: string;
  cookie?: string;
  body?: Record<string, string>;
  responses: Record<string, Record<string, string>>;
  responseHeaders?: Record<string, string>;
}

export interface ValidatorPlan {
  root: { $id: string; $defs: Record<string, JsonSchema> };
  /** Export name to the $defs key it validates. */
  exports: Map<string, string>;
  schemaExports: Array<[name: string, exportName: string]>;
  operationExports: Array<[operationId: string, keys: OperationValidatorKeys]>;
  warnings: Diagnostic[];
  /** What Ajv's strict mode would refuse, at the contract's own pointers (reported per strict level). */
  strictness: StrictIssue[];
  /** The document pointer of each $defs key that is not one itself (operation schemas). */
  defPointers: Map<string, string>;
}

/** Keywords with no validation meaning: dropped so generated code stays small. */
export const DROPPED = new Set<string>([
  ...ANNOTATION_KEYWORDS,
  'description',
  'title',
  'examples',
  'default',
  'deprecated',
  '$comment',
  'readOnly',
  'writeOnly',
]);

/** Characters escaped in a $ref fragment. */
export const FRAGMENT_UNSAFE = /[^A-Za-z0-9._~!$&'()*+,;=:@/-]/g;

/**
 * Which way a value travels. A request leaves out what the server sets (`readOnly`), a response what
 * only the client sends (`writeOnly`): in that direction such a property is not required, even where
 * its object lists it in `required` (OpenAPI 3.x, "readOnly"/"writeOnly"). It is still accepted when
 * present (OpenAPI says it SHOULD NOT be sent, not that it must be refused).
 */
export type Direction = 'request' | 'response';

/** The marker that frees a property from `required` in each direction. */
export const DIRECTION_MARKER: Readonly<Record<Direction, 'readOnly' | 'writeOnly'>> = { request: 'readOnly', response: 'writeOnly' };

/** The $defs key of a schema's variant for one direction (never a pointer: those start with "/"). */
export function directionKey(direction: Direction, pointer: string): string {
  return `${direction}:${pointer}`;
}

/** Keywords whose values are data, not schemas: not walked for markers or references. */
export const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** The reference to a $defs key of the plan's root. */
export function defRef(key: string): string {
  return `#/$defs/${escapeSegment(key).replace(FRAGMENT_UNSAFE, (c) => encodeURIComponent(c))}`;
}
