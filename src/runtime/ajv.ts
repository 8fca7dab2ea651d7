/**
 * The validation engine shared by generated validators and in-process compilation: one Ajv
 * configuration (JSON Schema 2020-12, formats from ajv-formats, OpenAPI's numeric formats), and the
 * run-time helpers that standalone validator code imports from `specforge/runtime`.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, Options, ValidateFunction as AjvValidateFunction } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import uri from 'ajv/dist/runtime/uri.js';
import ValidationError from 'ajv/dist/runtime/validation_error.js';
import { _, type KeywordCxt } from 'ajv';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import { checkRule, type CheckedRule } from './rules.js';

export type { ErrorObject };

/** A compiled validator: returns true or false and leaves its errors on `.errors`. */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

type Ajv2020Type = import('ajv/dist/2020.js').default;
const Ajv2020 = (Ajv2020Module as unknown as { default: new (opts: Options) => Ajv2020Type }).default ?? Ajv2020Module;

/** The keyword that carries an `x-specforge-rules` rule JSON Schema cannot state (see rules.ts). */
export const RULE_KEYWORD = 'specforgeRule';

/** How standalone code refers to `checkRule` (rewritten to the runtime import by the validators generator). */
export const RULES_REQUIRE = 'require("specforge/runtime/rules")';

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
 * How strictly schemas are compiled. `true`: Ajv's strict mode, so a schema it dislikes (a keyword
 * with no applicable `type`, an unknown or ignored keyword, an unconstrained tuple) fails
 * generation. `"schema"`: only unknown and ignored keywords fail. `false` (the default): every
 * schema is compiled as JSON Schema defines it; specforge reports what strict mode would refuse as
 * warnings (src/contract/strictness.ts).
 */
export type StrictLevel = boolean | 'schema';

/** The strict level of a contract that sets none. */
export const DEFAULT_STRICT: StrictLevel = false;

export interface AjvSetup {
  strict?: StrictLevel;
  /** Emit source code for standalone output. */
  source?: boolean;
}

/** Keywords that OpenAPI adds to JSON Schema and that carry no validation meaning. */
export const ANNOTATION_KEYWORDS = ['example', 'xml', 'externalDocs', 'discriminator', 'nullable'] as const;

export function createAjv(setup: AjvSetup = {}): Ajv2020Type {
  const strict = setup.strict ?? DEFAULT_STRICT;
  const options: Options = {
    allErrors: true,
    strict: strict === true,
    strictSchema: strict === true || strict === 'schema',
    strictNumbers: true,
    strictTypes: strict === true ? true : false,
    strictTuples: strict === true ? true : false,
    strictRequired: false,
    $data: true,
    allowUnionTypes: true,
    ownProperties: true,
    validateFormats: true,
    inlineRefs: false,
    unicodeRegExp: true,
    code: setup.source ? { source: true, esm: true, lines: false, optimize: false, formats: _`require("specforge/runtime/formats")` } : { optimize: 1 },
  };
  const ajv = new Ajv2020(options);
  for (const [name, format] of Object.entries(formats)) {
    ajv.addFormat(name, format as Parameters<Ajv2020Type['addFormat']>[1]);
  }
  ajv.addKeyword({
    keyword: RULE_KEYWORD,
    schemaType: 'object',
    code(cxt: KeywordCxt) {
      const rule = cxt.schema as CheckedRule;
      const fn = cxt.gen.scopeValue('func', { ref: checkRule, code: _`${new _Code(RULES_REQUIRE)}.checkRule` });
      // The rule is plain JSON: printed as a literal (ajv's `_` JSON-stringifies interpolated values).
      cxt.fail(_`!${fn}(${cxt.data}, ${rule as unknown as string})`);
    },
    error: { message: (cxt) => String((cxt.schema as { message?: unknown }).message ?? 'breaks a rule of the contract') },
  });
  return ajv;
}

export type { AjvValidateFunction };

/**
 * Validators compiled on first use from an embedded schema root, with the same settings as
 * generated standalone code. Generated modules use this for schemas that no operation reaches in
 * very large contracts, so that generation stays fast; behaviour is identical.
 */
export function deferredValidators(root: object, strict: StrictLevel): (id: string) => ValidateFunction {
  let ajv: Ajv2020Type | undefined;
  return (id) => {
    let compiled: ValidateFunction | undefined;
    const validate: ValidateFunction = (data: unknown): boolean => {
      if (!compiled) {
        if (!ajv) {
          ajv = createAjv({ strict });
          ajv.addSchema(root);
        }
        const fn = ajv.getSchema(id);
        if (!fn) throw new Error(`no schema ${id}`);
        compiled = fn as ValidateFunction;
      }
      const ok = compiled(data);
      validate.errors = compiled.errors ?? null;
      return ok;
    };
    return validate;
  };
}
