/**
 * validators: Ajv standalone code for every named schema (`schemaValidators`) and for each
 * operation's parameters (per location), request bodies and responses (`operationValidators`),
 * printed from the plan of src/contract/tables/validators.ts (which also compiles it in memory for
 * `specforge mock` and the conformance suite).
 */
import { standaloneModule } from '../src/codegen/ajv-standalone.js';
import { CONCAT_ERRORS, PUSH_ERROR, shortErrors, shortJoins } from '../src/codegen/standalone-errors.js';
import { addDispatch, IF_ERRORS, markDispatches } from '../src/codegen/standalone-dispatch.js';
import { dropExportAliases } from '../src/codegen/standalone-exports.js';
import { dropUnusedErrorCounts } from '../src/codegen/standalone-locals.js';
import { minifyStandalone } from '../src/codegen/standalone-minify.js';
import { splitSchemas } from '../src/codegen/standalone-schemas.js';
import type { ContractModel, JsonSchema } from '../src/contract/model.js';
import {
  compileError,
  defRef,
  enforceStrictness,
  LOCATIONS,
  planValidators,
  reachableKeys,
  ROOT_ID,
  type ValidatorPlan,
} from '../src/contract/tables/validators.js';
import { cheapOwnChecks, createAjv, type StrictLevel } from '../src/runtime/validation/ajv.js';
import { jsonLiteral, jsonTextData, propertyKey } from '../src/codegen/escape.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';

/**
 * What compileStandalone rewrites in Ajv's output, in one pass over megabytes of code. Standalone
 * code is CommonJS-flavoured even in ESM mode: its requires are routed to specforge/runtime's
 * imports. Ajv escapes U+2028/U+2029 in the strings it prints but not `</script`: that is escaped as
 * escape.ts does (the same value in a string or a regular expression).
 */
const STANDALONE_REWRITE =
  /require\("(specforge\/runtime\/formats|specforge\/runtime\/rules|specforge\/runtime\/pattern|ajv\/dist\/runtime\/[a-z_0-9]+)"\)(?:\.compilePattern)?|<\/(?=[Ss][Cc][Rr][Ii][Pp][Tt])/g;

function rewriteStandalone(_match: string, module: string | undefined): string {
  if (module === undefined) return '<\\/';
  if (module === 'specforge/runtime/pattern') return '__compilePattern';
  if (module === 'specforge/runtime/formats') return '__formats';
  if (module === 'specforge/runtime/rules') return '__rules';
  return `__ajvRuntime[${jsonLiteral(module.slice('ajv/dist/runtime/'.length))}]`;
}

/** Compiles the named exports ($defs keys) of `root` into standalone ESM code without imports. */
export function compileStandalone(root: ValidatorPlan['root'], exportKeys: ReadonlyArray<readonly [string, string]>, strict: StrictLevel): string {
  const ajv = createAjv({ strict, source: true, sourceOnlyRoot: ROOT_ID });
  // What each function evaluated (for unevaluatedProperties and unevaluatedItems) is tracked only
  // where a schema of the job uses them: elsewhere nothing reads it (Ajv 2020 tracks it always).
  const tracked = UNEVALUATED.test(JSON.stringify(root));
  if (!tracked) (ajv.opts as { unevaluated?: boolean }).unevaluated = false;
  // A discriminated union's steps compiled as a dispatch on its tag (not where evaluation is tracked).
  addDispatch(ajv, OWN_PROPERTY);
  const marked = tracked ? root : markDispatches(root);
  const refs: Record<string, string> = {};
  for (const [name, key] of exportKeys) refs[name] = `${ROOT_ID}${defRef(key)}`;
  ajv.addSchema(marked);
  const keyOf = new Map<unknown, string>(Object.entries(marked.$defs).map(([key, schema]) => [schema, key]));
  // Ajv's own-property checks made cheap for plain objects, as in validators compiled in memory, by
  // the runtime's definedOwn; each error pushed by the runtime's pushError from a shared template.
  const module = standaloneModule(ajv, refs, (schema) => keyOf.get(schema)).replace(STANDALONE_REWRITE, rewriteStandalone);
  // A schema Ajv reads a part of at run time (an enum) is written as that part alone.
  const code = dropUnusedErrorCounts(splitSchemas(shortCalls(shortJoins(shortErrors(cheapOwnChecks(module, OWN_PROPERTY)).code))));
  // A require left in code (not in a string: every quote inside Ajv's JSON string literals is
  // escaped, so `require("` cannot occur in one) names a module the rewrite does not know.
  if (/(?<![\w$.])require\("/.test(code)) throw new Error('unexpected require() in standalone code');
  return code;
}

/** What standalone code calls a named schema's validator through (the runtime's callRef). */
const CALL_REF = '__ref';

/**
 * A call of a validator Ajv wrote (`validate(data, {instancePath, parentData, parentDataProperty,
 * rootData, dynamicAnchors})`, each value a name, a string literal or the instance path joined from
 * them) or a string literal, which is left as it is: a call is read only outside strings.
 */
const VALIDATOR_CALL =
  /"(?:[^"\\\n]|\\.)*"|(?<![\w$])((?:v|validate)_[\w$]+)\((data\d*), \{instancePath(?::(instancePath(?: ?\+ ?(?:"(?:[^"\\\n]|\\.)*"|[\w$]+(?:\.replace\(\/~\/g, "~0"\)\.replace\(\/\\\/\/g, "~1"\))?))*))?,parentData(?::(data\d*))?,parentDataProperty(?::("(?:[^"\\\n]|\\.)*"|[\w$]+))?,rootData,dynamicAnchors\}\)/g;

/**
 * Each call of a validator made through the runtime's callRef, which passes the same object (the
 * same keys in the same order and values): the five key names are written once, not at every call
 * (Figma's validators called 674 times).
 */
export function shortCalls(code: string): string {
  return code.replace(
    VALIDATOR_CALL,
    (match, fn: string | undefined, data: string, path: string | undefined, parent: string | undefined, key: string | undefined) =>
      fn === undefined
        ? match
        : `${CALL_REF}(${fn}, ${data}, ${path ?? 'instancePath'}, ${parent ?? 'parentData'}, ${key ?? 'parentDataProperty'}, rootData, dynamicAnchors)`,
  );
}

/** What standalone code calls to test a property that is present and own (the runtime's definedOwn). */
const OWN_PROPERTY = '__own';

/** A schema that may use unevaluatedProperties or unevaluatedItems (any key of that name, conservatively). */
const UNEVALUATED = /"unevaluated(?:Properties|Items)":/;

/** The runtime import of a validators file; `rules` only where a cross-field rule uses it, `compilePattern` only where a pattern does. */
const RUNTIME_IMPORT = (from: string, code = ''): string =>
  `import { formats as __formats, ajvRuntime as __ajvRuntime${code.includes(`${PUSH_ERROR}(`) ? `, pushError as ${PUSH_ERROR}` : ''}${code.includes(`${CONCAT_ERRORS}(`) ? `, concatErrors as ${CONCAT_ERRORS}` : ''}${code.includes(`${OWN_PROPERTY}(`) ? `, definedOwn as ${OWN_PROPERTY}` : ''}${code.includes(`${CALL_REF}(`) ? `, callRef as ${CALL_REF}` : ''}${code.includes(`${IF_ERRORS}(`) ? `, ifErrors as ${IF_ERRORS}` : ''}${/\b__rules\.(?:checkRule|closestAlternatives)\b/.test(code) ? ', rules as __rules' : ''}${/= __compilePattern;/.test(code) ? ', compilePattern as __compilePattern' : ''} } from ${jsonLiteral(from)};`;

/** Every exported validator is also a Standard Schema (`~standard`, given by the runtime's `standard`). */
const STANDARD_IMPORT = (from: string, typed: boolean): string =>
  `import { standard as __standard${typed ? ', type StandardValidator' : ''} } from ${jsonLiteral(from)};`;

/**
 * The three exported tables; typed with the interfaces of validatorDeclarations in a TypeScript module.
 * `names` gives the validator an export stands for where its alias was dropped. Each table is one
 * pure call that gives every validator its `~standard` (a bundler drops a table nothing imports).
 */
function tablesSource(plan: ValidatorPlan, typed: boolean, names: ReadonlyMap<string, string> = new Map()): string {
  const v = (exportName: string): string => `$(${names.get(exportName) ?? exportName})`;
  const lines: string[] = [];
  lines.push('');
  lines.push('/** Validators for each named schema of the contract, keyed by component schema name. */');
  lines.push(`export const schemaValidators${typed ? ': SchemaValidators' : ''} = /* @__PURE__ */ (($) => ({`);
  for (const [name, exportName] of plan.schemaExports) lines.push(`  ${propertyKey(name)}: ${v(exportName)},`);
  lines.push('}))(__standard);');
  lines.push('');
  lines.push('/** Validators for each operation: parameters by location, request bodies and responses by status and media type. */');
  lines.push(`export const operationValidators${typed ? ': OperationValidators' : ''} = /* @__PURE__ */ (($) => ({`);
  for (const [id, keys] of plan.operationExports) {
    lines.push(`  ${propertyKey(id)}: {`);
    for (const where of LOCATIONS) if (keys[where]) lines.push(`    ${where}: ${v(keys[where])},`);
    if (keys.body) {
      lines.push('    body: {');
      for (const [type, exportName] of Object.entries(keys.body)) lines.push(`      ${propertyKey(type)}: ${v(exportName)},`);
      lines.push('    },');
    }
    lines.push('    responses: {');
    for (const [status, byType] of Object.entries(keys.responses)) {
      lines.push(`      ${propertyKey(status)}: {`);
      for (const [type, exportName] of Object.entries(byType)) lines.push(`        ${propertyKey(type)}: ${v(exportName)},`);
      lines.push('      },');
    }
    lines.push('    },');
    lines.push('  },');
  }
  lines.push('}))(__standard);');
  lines.push('');
  lines.push(`/** Validator of the interface's error body. */`);
  lines.push(
    `export const errorBodyValidator${typed ? ': ErrorBodyValidator' : ''} = ${plan.exports.has('errorBody') ? `/* @__PURE__ */ __standard(${names.get('errorBody') ?? 'errorBody'})` : 'undefined'};`,
  );
  return lines.join('\n') + '\n';
}

/** Compiles a group of exports to standalone code; the pipeline passes one that runs in a worker for large contracts. */
export type ValidatorCompiler = (job: CompileJob, strict: StrictLevel) => Promise<string>;

/** The exports to compile and the part of the plan's root they reach. */
export interface CompileJob {
  root: ValidatorPlan['root'];
  group: Array<[string, string]>;
}

export const compileInline: ValidatorCompiler = async (job, strict) => compileStandalone(job.root, job.group, strict);

/**
 * The part of the root a group of exports reaches: Ajv resolves and checks every schema of the root
 * it is given against the meta-schema, so the compiler is handed only what it compiles, not the
 * schemas that are deferred.
 */
export function compileJob(root: ValidatorPlan['root'], group: Array<[string, string]>): CompileJob {
  const keys = reachableKeys(
    root,
    group.map(([, key]) => key),
  );
  const $defs: Record<string, JsonSchema> = {};
  for (const key of Object.keys(root.$defs)) if (keys.has(key)) $defs[key] = root.$defs[key] as JsonSchema;
  return { root: { $id: root.$id, $defs }, group };
}

/** Contracts with at least this many distinct schemas compile their validators on first use (ctx.deferUnused 'auto'). */
export const DEFER_THRESHOLD = 400;

/**
 * Splits exports into those compiled ahead of time and those deferred: ahead, what validates a
 * request (parameters, bodies) and the error body, which every request may need; deferred, the
 * rest (responses, response headers, schemas no request reaches), which a server needs only to
 * check its own answers (validateResponses, mocks). In a contract of GitHub's size responses are
 * most of the code, and standalone code is parsed by every build of the generated files.
 */
export function splitDeferred(plan: ValidatorPlan, defer: boolean): { ahead: Array<[string, string]>; deferred: Array<[string, string]> } {
  const all = [...plan.exports];
  if (!defer) return { ahead: all, deferred: [] };
  const requestSide: string[] = [];
  for (const [, keys] of plan.operationExports) {
    for (const where of LOCATIONS) if (keys[where]) requestSide.push(keys[where]);
    if (keys.body) requestSide.push(...Object.values(keys.body));
  }
  if (plan.exports.has('errorBody')) requestSide.push('errorBody');
  const used = reachableKeys(
    plan.root,
    requestSide.map((name) => plan.exports.get(name)).filter((key): key is string => key !== undefined),
  );
  return { ahead: all.filter(([, key]) => used.has(key)), deferred: all.filter(([, key]) => !used.has(key)) };
}

function deferredSource(plan: ValidatorPlan, deferred: Array<[string, string]>, strict: StrictLevel, runtimeImport: string): string {
  if (deferred.length === 0) return '';
  const keys = reachableKeys(
    plan.root,
    deferred.map(([, key]) => key),
  );
  // One schema per line, in key order: one operation more or less changes only its own lines.
  const defs = [...keys].sort().map((key) => `${JSON.stringify(key)}:${JSON.stringify(plan.root.$defs[key])}`);
  const root = `{"$id":${JSON.stringify(ROOT_ID)},"$defs":{\n${defs.join(',\n')}\n}}`;
  const lines = [
    `import { deferredValidators as __deferredValidators } from ${jsonLiteral(`${runtimeImport}/compile`)};`,
    '/** Responses and schemas no request reaches, compiled on first use with the same settings (the schemas are data). */',
    // Pure calls, as the compiled validators' are: a bundle that imports none of them holds none.
    `const __defer = /* @__PURE__ */ __deferredValidators(/* @__PURE__ */ ${jsonTextData(root)}, ${jsonLiteral(strict)});`,
    ...deferred.map(([name, key]) => `const ${name} = /* @__PURE__ */ __defer(${jsonLiteral(`${ROOT_ID}${defRef(key)}`)});`),
  ];
  return lines.join('\n') + '\n';
}

/**
 * The generated validator files: validators.ts (and validators.js for a command line). One module on every machine
 * (the output must not depend on how many cores generated it): a large contract's validators
 * compile in one worker, beside the types' worker and the main thread.
 */
export async function validatorFiles(
  model: ContractModel,
  plan: ValidatorPlan,
  ctx: GeneratorContext,
  compile: ValidatorCompiler = compileInline,
): Promise<GeneratedFile[]> {
  ctx.warnings.push(...enforceStrictness(model, plan, ctx.strict));
  const size = Object.keys(plan.root.$defs).length;
  const mode = ctx.deferUnused === 'auto' ? (size >= DEFER_THRESHOLD ? 'all' : false) : ctx.deferUnused;
  const { ahead, deferred } = mode === 'all' ? { ahead: [], deferred: [...plan.exports] } : splitDeferred(plan, mode);
  let compiled: string;
  try {
    compiled = ahead.length === 0 ? '' : await minifyStandalone(await compile(compileJob(plan.root, ahead), ctx.strict));
  } catch (err) {
    throw compileError(model, err, plan);
  }
  // The tables name the validators themselves, not aliases of them.
  const { code, names } = dropExportAliases(compiled, new Set(ahead.map(([name]) => name)));
  const header = ctx.header('//');
  const lazy = deferredSource(plan, deferred, ctx.strict, ctx.runtimeImport);
  const runtime = runtimeEntry(ctx, 'validators');
  // Where every validator is compiled on first use, `standard` comes from the entry that compiles them (nothing else is loaded).
  const standardFrom = code === '' && deferred.length > 0 ? runtimeEntry(ctx, 'compile') : runtime;
  const files: GeneratedFile[] = [
    {
      path: 'validators.ts',
      content:
        `${header}${TS_NOCHECK}\n${code === '' ? '' : `${RUNTIME_IMPORT(runtime, code)}\n`}${STANDARD_IMPORT(standardFrom, true)}\n\n` +
        `${validatorDeclarations(plan)}\n${lazy}${code}${tablesSource(plan, true, names)}`,
    },
  ];
  // A command line also runs as plain JavaScript (its launcher runs cli.js with node).
  if (model.cli !== undefined)
    files.push({
      path: 'validators.js',
      content: `${header}${code === '' ? '' : `${RUNTIME_IMPORT(runtime, code)}\n`}${STANDARD_IMPORT(standardFrom, false)}\n${lazy}${code}${tablesSource(plan, false, names)}`,
    });
  return files;
}

/**
 * Standalone code is JavaScript that Ajv wrote: the TypeScript module declares its exports' types
 * and asks the compiler not to check the code, so it builds in any setup (tsc to ES modules or
 * CommonJS, tsx, bundlers) without a .js file to copy.
 */
const TS_NOCHECK = '// @ts-nocheck: standalone validator code compiled by Ajv; the exports are typed by the types below.';

/** The types of the exported tables (`StandardValidator` imported by the caller): Ajv validate functions that are also Standard Schemas. */
export function validatorDeclarations(plan: ValidatorPlan): string {
  const lines: string[] = [];
  lines.push('/** The validators of each named schema. */');
  lines.push('export type SchemaValidators = {');
  for (const [name] of plan.schemaExports) lines.push(`  readonly ${propertyKey(name)}: StandardValidator;`);
  lines.push('};');
  lines.push('');
  lines.push('/** The validators of each operation. */');
  lines.push('export type OperationValidators = {');
  for (const [id, keys] of plan.operationExports) {
    lines.push(`  readonly ${propertyKey(id)}: {`);
    for (const where of LOCATIONS) if (keys[where]) lines.push(`    readonly ${where}: StandardValidator;`);
    if (keys.body) {
      lines.push('    readonly body: {');
      for (const type of Object.keys(keys.body)) lines.push(`      readonly ${propertyKey(type)}: StandardValidator;`);
      lines.push('    };');
    }
    lines.push('    readonly responses: {');
    for (const [status, byType] of Object.entries(keys.responses)) {
      lines.push(`      readonly ${propertyKey(status)}: {`);
      for (const type of Object.keys(byType)) lines.push(`        readonly ${propertyKey(type)}: StandardValidator;`);
      lines.push('      };');
    }
    lines.push('    };');
    lines.push('  };');
  }
  lines.push('};');
  lines.push('');
  lines.push(`export type ErrorBodyValidator = ${plan.exports.has('errorBody') ? 'StandardValidator' : 'undefined'};`);
  return lines.join('\n') + '\n';
}

export async function generateValidators(model: ContractModel, ctx: GeneratorContext): Promise<GeneratedFile[]> {
  const plan = planValidators(model);
  ctx.warnings.push(...plan.warnings);
  return validatorFiles(model, plan, ctx);
}
