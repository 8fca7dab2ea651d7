/**
 * What generated standalone validators import at run time: Ajv's run-time helpers and the formats
 * of ajv-formats. Nothing here loads Ajv's compiler, and nothing here needs Node.js.
 */
import type { ErrorObject } from 'ajv';
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
