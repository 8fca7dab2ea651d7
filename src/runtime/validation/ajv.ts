/**
 * The validation engine shared by generated validators and in-process compilation: one Ajv
 * configuration (JSON Schema 2020-12, formats from ajv-formats, OpenAPI's numeric formats), and the
 * in-memory compilation the toolchain (and deferred validators) use. Generated standalone code
 * imports only standalone.ts.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import type { Options, ValidateFunction as AjvValidateFunction } from 'ajv';
import { formats, type ValidateFunction } from './standalone.js';
import { _, type KeywordCxt } from 'ajv';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import { checkRule, closestAlternatives, type CheckedRule } from './rules.js';
import names from 'ajv/dist/compile/names.js';
import { alwaysValidSchema } from 'ajv/dist/compile/util.js';
import { Name } from 'ajv/dist/compile/codegen/index.js';
import { compilePattern } from './pattern.js';
import { pruneFor } from './prune.js';
import { unescapePointerSegment } from '../shared/object.js';

export { formats, ajvRuntime, type ErrorObject, type ValidateFunction } from './standalone.js';

type Ajv2020Type = import('ajv/dist/2020.js').default;
const Ajv2020 = (Ajv2020Module as unknown as { default: new (opts: Options) => Ajv2020Type }).default ?? Ajv2020Module;

/** The keyword that carries an `x-specforge-rules` rule JSON Schema cannot state (see rules.ts). */
export const RULE_KEYWORD = 'specforgeRule';

/** How standalone code refers to `checkRule` (rewritten to the runtime import by the validators generator). */
export const RULES_REQUIRE = 'require("specforge/runtime/rules")';

/** How standalone code refers to `compilePattern` (rewritten to the runtime import by the validators generator). */
export const PATTERN_REQUIRE = 'require("specforge/runtime/pattern").compilePattern';

/**
 * The engine of `pattern` and `patternProperties` (Ajv's `code.regExp`): linear-time matching
 * (pattern.ts). Ajv calls it when it compiles a schema, and standalone code calls it by `code`.
 */
const patternEngine: NonNullable<NonNullable<Options['code']>['regExp']> = Object.assign((source: string, flags: string) => compilePattern(source, flags), {
  code: PATTERN_REQUIRE,
});

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
  /**
   * With `source`: the `$id` of a root whose validators are compiled only for their source. Ajv
   * evaluates every function it generates (`new Function`), which for standalone output is wasted
   * work (V8 parses megabytes of code no one calls in this process): functions of this root are
   * evaluated as stubs that throw if called. Meta-schemas and everything else evaluate as usual.
   */
  sourceOnlyRoot?: string;
}

const SOURCE_ONLY_STUB = 'return function sourceOnly() { throw new Error("specforge: validator compiled for its source only"); };';

/**
 * Property checks as Ajv writes them with `ownProperties` (`properties`, `required`): the value is
 * not undefined and the property is the object's own, by `Object.prototype.hasOwnProperty.call`
 * (`data.x !== undefined && func0.call(data, "x")`), or the negation of that
 * (`(data.x === undefined) || (!(func0.call(data, "x")))`).
 */
const HAS_CHECK = /\b(data\d*)(\.[A-Za-z_$][\w$]*|\["(?:[^"\\\n]|\\.)*"\]) !== undefined && (func\d*|func_[0-9a-f]+)\.call\(\1, ("(?:[^"\\\n]|\\.)*")\)/g;
const LACKS_CHECK =
  /\((data\d*)(\.[A-Za-z_$][\w$]*|\["(?:[^"\\\n]|\\.)*"\]) === undefined\) \|\| \(!\((func\d*|func_[0-9a-f]+)\.call\(\1, ("(?:[^"\\\n]|\\.)*")\)\)\)/g;

/** The text of a string literal Ajv wrote (JSON), else undefined. */
function textOf(literal: string): string | undefined {
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `access` (`.x` or `["x"]`) reads the property the string literal `key` names. */
function reads(access: string, key: string): boolean {
  const name = textOf(key);
  return name !== undefined && name === (access.startsWith('.') ? access.slice(1) : textOf(access.slice(1, -1)));
}

/**
 * The own-property checks of Ajv's code, made cheap for plain objects: a value found under a name
 * that Object.prototype lacks, on an object whose prototype is Object.prototype, is the object's
 * own (there is nowhere else it could come from), so hasOwnProperty (a call of about 300
 * instructions a property: 6,000 for a 20-field body) is left for other objects (class instances,
 * null prototypes) and names Object.prototype has (`constructor`, or one it was given since). V8
 * folds both tests to a check of the object's map. Any other text Ajv writes is left as it is.
 */
export function cheapOwnChecks(code: string, helper?: string): string {
  // Standalone code calls the runtime's definedOwn (`helper`): the whole test (the value is not
  // undefined, and the property is the object's own) written once, the value read once as before.
  const own = (data: string, fn: string, key: string): string =>
    `(Object.getPrototypeOf(${data}) === Object.prototype && !(${key} in Object.prototype) || ${fn}.call(${data}, ${key}))`;
  return code
    .replace(HAS_CHECK, (match, data: string, access: string, fn: string, key: string) => {
      if (!reads(access, key)) return match;
      return helper === undefined ? `${data}${access} !== undefined && ${own(data, fn, key)}` : `${helper}(${data}, ${key})`;
    })
    .replace(LACKS_CHECK, (match, data: string, access: string, fn: string, key: string) => {
      if (!reads(access, key)) return match;
      return helper === undefined ? `(${data}${access} === undefined) || (!${own(data, fn, key)})` : `(!${helper}(${data}, ${key}))`;
    });
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
    code: setup.source
      ? {
          source: true,
          esm: true,
          lines: false,
          optimize: false,
          formats: _`require("specforge/runtime/formats")`,
          regExp: patternEngine,
          // Standalone code is Ajv's source before this hook: compileStandalone makes its own-property checks cheap.
          ...(setup.sourceOnlyRoot === undefined
            ? {}
            : { process: (code: string, sch?: { baseId?: string }) => (sch?.baseId === setup.sourceOnlyRoot ? SOURCE_ONLY_STUB : code) }),
        }
      : // No optimization pass (as for standalone source): it only shortens the code Ajv writes
        // (unused names, empty branches), which V8 drops itself. Without it, a mock of a 2.5 MB
        // contract spent 2.0 s in Ajv instead of 4.7 s and answered first after 6.0-6.5 s instead
        // of 8.9 s; per request the same.
        { optimize: false, regExp: patternEngine, process: (code: string) => cheapOwnChecks(code) },
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
  addClosestUnions(ajv);
  return ajv;
}

const N = ((names as unknown as { default?: unknown }).default ?? names) as { errors: Name; vErrors: Name };

/**
 * `oneOf` and `anyOf` as Ajv compiles them, except that each alternative's first error is recorded
 * and, when no alternative matches, only the closest alternatives' errors are kept
 * (closestAlternatives in closest.ts). What they accept, and what they mark as evaluated for
 * `unevaluated*`, is Ajv's own logic; a oneOf that two alternatives match keeps its one error.
 */
function addClosestUnions(ajv: Ajv2020Type): void {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    ajv.removeKeyword(keyword);
    ajv.addKeyword({
      keyword,
      schemaType: 'array',
      trackErrors: true,
      error:
        keyword === 'oneOf'
          ? { message: 'must match exactly one schema in oneOf', params: ({ params }) => _`{passingSchemas: ${params['passing'] as Name}}` }
          : { message: 'must match a schema in anyOf' },
      code(cxt: KeywordCxt) {
        const { gen, it } = cxt;
        const schemas = cxt.schema as unknown[];
        // As Ajv's anyOf: an alternative that accepts anything makes the union accept anything.
        if (keyword === 'anyOf' && schemas.some((sch) => alwaysValidSchema(it, sch as boolean)) && !it.opts.unevaluated) return;
        const closest = gen.scopeValue('func', { ref: closestAlternatives, code: _`${new _Code(RULES_REQUIRE)}.closestAlternatives` });
        const valid = gen.let('valid', false);
        const starts = gen.const('starts', _`[]`);
        const schValid = gen.name('_valid');
        const passing = keyword === 'oneOf' ? gen.let('passing', null) : undefined;
        if (passing) cxt.setParams({ passing });
        gen.block(() => {
          schemas.forEach((sch, i) => {
            gen.code(_`${starts}.push(${N.errors});`);
            if (passing) {
              const schCxt = alwaysValidSchema(it, sch as boolean) ? undefined : cxt.subschema({ keyword, schemaProp: i, compositeRule: true }, schValid);
              if (!schCxt) gen.var(schValid, true);
              if (i > 0)
                gen
                  .if(_`${schValid} && ${valid}`)
                  .assign(valid, false)
                  .assign(passing, _`[${passing}, ${i}]`)
                  .else();
              gen.if(schValid, () => {
                gen.assign(valid, true);
                gen.assign(passing, i);
                if (schCxt) cxt.mergeEvaluated(schCxt, Name);
              });
            } else {
              const schCxt = cxt.subschema({ keyword, schemaProp: i, compositeRule: true }, schValid);
              gen.assign(valid, _`${valid} || ${schValid}`);
              if (!cxt.mergeValidEvaluated(schCxt, schValid)) gen.if(_`!${valid}`);
            }
          });
        });
        cxt.result(
          valid,
          () => cxt.reset(),
          () => {
            // No alternative matched (a oneOf matched by two keeps every error and its own).
            gen.if(passing ? _`${passing} === null` : _`true`, () => {
              gen.assign(N.vErrors, _`${closest}(${N.vErrors}, ${starts}, ${N.errors})`);
              gen.assign(N.errors, _`${N.vErrors} === null ? 0 : ${N.vErrors}.length`);
            });
            cxt.error(true);
          },
        );
      },
    });
  }
}

export type { AjvValidateFunction };

/**
 * A validator compiled on its first call by `compile`; until then `once` judges a single value by
 * compiling only the part of the schema it reaches (`prune`: the schema pruned for that value, or
 * undefined to compile the validator after all), so a one-off check does not pay for a closure the
 * value never enters. `validatorCompiled` tells whether `compile` has run.
 */
export function deferredValidator(compile: () => ValidateFunction, prune: (data: unknown) => ValidateFunction | undefined): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate: ValidateFunction = (data: unknown): boolean => {
    compiled ??= compile();
    const ok = compiled(data);
    validate.errors = compiled.errors ?? null;
    return ok;
  };
  Object.defineProperty(validate, 'once', {
    value: (data: unknown): boolean => {
      if (compiled) return compiled(data);
      const pruned = prune(data);
      return pruned ? pruned(data) : validate(data);
    },
    enumerable: false,
  });
  COMPILED.set(validate, () => compiled !== undefined);
  return validate;
}

const COMPILED = new WeakMap<ValidateFunction, () => boolean>();

/** Whether a validator made by deferredValidator has compiled its schema (true for any other validator). */
export function validatorCompiled(fn: ValidateFunction): boolean {
  return COMPILED.get(fn)?.() ?? true;
}

/**
 * Compiles the schema `$defs[key]` of `root` pruned for `data` (prune.ts) with `ajv`, which holds
 * `root`, and returns its validator for that one value; undefined when it cannot be pruned.
 * `need` is given each `$defs` key the pruned schema still refers to before it compiles.
 */
export function prunedValidator(
  ajv: Ajv2020Type,
  root: { $id?: unknown; $defs?: unknown },
  key: string,
  data: unknown,
  need?: (key: string) => void,
): ValidateFunction | undefined {
  const defs = root.$defs;
  if (typeof root.$id !== 'string' || typeof defs !== 'object' || defs === null) return undefined;
  const pruned = pruneFor(defs as Record<string, unknown>, key, [data], root.$id);
  if (pruned === undefined || typeof pruned.schema === 'boolean') return undefined;
  for (const ref of pruned.refs) need?.(ref);
  const schema = pruned.schema;
  const fn = ajv.compile(schema) as ValidateFunction;
  return (value: unknown): boolean => {
    try {
      return fn(value);
    } finally {
      // A one-off schema: not kept in Ajv's cache.
      ajv.removeSchema(schema);
    }
  };
}

/** The `$defs` key of a validator id `<root $id>#/$defs/<key>`; undefined for any other id. */
export function defKeyOf(id: string, rootId: string): string | undefined {
  const prefix = `${rootId}#/$defs/`;
  return id.startsWith(prefix) ? unescapePointerSegment(decodeURIComponent(id.slice(prefix.length))) : undefined;
}

/**
 * Validators compiled on first use from an embedded schema root, with the same settings as
 * generated standalone code. Generated modules use this for responses and schemas no request reaches in
 * very large contracts, so that generation stays fast; behaviour is identical.
 */
export function deferredValidators(root: object, strict: StrictLevel): (id: string) => ValidateFunction {
  let ajv: Ajv2020Type | undefined;
  const engine = (): Ajv2020Type => {
    if (!ajv) {
      ajv = createAjv({ strict });
      // Checked against the meta-schema when it was generated: not again in every process.
      ajv.addSchema(root, undefined, undefined, false);
    }
    return ajv;
  };
  const rootId = (root as { $id?: unknown }).$id;
  return (id) =>
    deferredValidator(
      () => {
        const fn = engine().getSchema(id);
        if (!fn) throw new Error(`no schema ${id}`);
        return fn as ValidateFunction;
      },
      (data) => {
        const key = typeof rootId === 'string' ? defKeyOf(id, rootId) : undefined;
        return key === undefined ? undefined : prunedValidator(engine(), root as { $id?: unknown; $defs?: unknown }, key, data);
      },
    );
}
