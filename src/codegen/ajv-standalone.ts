/**
 * Standalone module code for many Ajv validators at once. Ajv's own `standaloneCode` builds the
 * module by re-spreading one growing code object per export, which is quadratic in the number of
 * functions (tens of seconds for thousands of schemas). This emits the same code — the compiled
 * functions, their scope constants and wrappers, each once — by appending strings in linear time.
 *
 * Names are stable: Ajv numbers its functions and constants in the order it compiles them
 * (validate71, pattern3), so one schema more or less would renumber the rest of the file. Here a
 * function is named after the schema it validates (its `$defs` key, given by `nameOf`) and a
 * constant after a hash of its code, and the declarations are printed in the order of their names:
 * what one schema compiles to depends on that schema alone, wherever it sits in the contract.
 */
import { createHash } from 'node:crypto';

interface NameLike {
  readonly str?: string;
  toString(): string;
}

interface ScopeValue {
  ref?: unknown;
  code?: { toString(): string };
}

interface SourceInfo {
  validateName: NameLike;
  validateCode: string;
  scopeValues: Record<string, Set<NameLike & { value?: ScopeValue }> | undefined>;
  evaluated?: { toString(): string };
}

interface CompiledFn {
  source?: SourceInfo;
  schemaEnv?: { schema?: unknown };
}

export interface StandaloneAjv {
  getSchema(id: string): unknown;
}

/** A short hash of a text, as an identifier part. */
export function shortHash(text: string, length = 8): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/**
 * A readable identifier part for any text (not its start): its letters and digits, with a hash of
 * the text when that loses anything (unless `hashed` is false: the caller keeps names unique).
 */
export function identifierPart(text: string, maxLength = 40, hashed = true): string {
  const plain = text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  if (!hashed || (plain === text && plain.length <= maxLength)) return plain.slice(0, maxLength);
  return `${plain.slice(-maxLength).replace(/^_+/, '')}_${shortHash(text)}`.replace(/^_/, '');
}

/**
 * The name of a schema's validator: for a component schema, `v_`, its own name (without the
 * `components/schemas/` every one has) and a short hash of its key, which keeps names apart (its
 * calls are most of the names in the code: Figma's validators named them 2,000 times); for any
 * other key, `validate_` and identifierPart's.
 */
function functionName(key: string): string {
  const component = /^\/?components\/schemas\/(.+)$/s.exec(key)?.[1];
  return component === undefined ? `validate_${identifierPart(key)}` : `v_${identifierPart(component, 32, false) || 'schema'}_${shortHash(key, 4)}`;
}

interface Declaration {
  name: string;
  /** Code with Ajv's own names still in it. */
  text: string;
  /** 0: constants, printed first; 1: functions; 2: wrappers, which name a function. */
  rank: number;
}

/**
 * `nameOf` gives the stable name of the schema a compiled function validates (undefined for a
 * schema it does not know; such a function is named after a hash of its code).
 */
export function standaloneModule(
  ajv: StandaloneAjv,
  exports: Record<string, string>,
  nameOf: (schema: unknown) => string | undefined = () => undefined,
): string {
  const renamed = new Map<string, string>();
  const declarations = new Map<string, Declaration>();
  const seen = new Set<string>();

  const byCode = new Map<string, string>();
  const declare = (oldName: string, base: string, text: string, rank: number, code?: string): void => {
    // Constants of the same code are one constant.
    const same = code === undefined ? undefined : byCode.get(code);
    if (same !== undefined) {
      renamed.set(oldName, same);
      return;
    }
    let name = base;
    // Two functions that would share a name (one schema compiled twice): numbered.
    for (let i = 2; declarations.has(name); i++) name = `${base}_${i}`;
    renamed.set(oldName, name);
    if (code !== undefined) byCode.set(code, name);
    declarations.set(name, { name, text, rank });
  };

  const emitFunction = (fn: CompiledFn | undefined): string => {
    const source = fn?.source;
    if (!source) throw new Error('validator has no source; compile with code.source');
    const name = String(source.validateName);
    if (seen.has(name)) return name;
    seen.add(name);
    emitScope(source.scopeValues);
    const key = nameOf(fn?.schemaEnv?.schema);
    const hashed = source.validateCode + (source.evaluated ? `\n${name}.evaluated = ${String(source.evaluated)};` : '');
    // What a validator evaluated goes on the function in one pure expression, not a statement, so
    // that a bundler drops a validator nothing imports (a statement assigning to it would keep it).
    const text = source.evaluated
      ? `const ${name} = /* @__PURE__ */ Object.assign(${source.validateCode.trim()}, { evaluated: ${String(source.evaluated)} });`
      : source.validateCode;
    // One schema compiled twice (as an export and as a $ref target) gives the same function under
    // two names: written once. Compared with its own name masked and the names already settled
    // (constants, functions it calls) renamed, so only code that does the same is merged.
    const canonical = text.replace(TOKENS, (token) => (token === name ? '#self' : (renamed.get(token) ?? token)));
    declare(name, key === undefined ? `validate_${shortHash(maskNames(hashed))}` : functionName(key), text, 1, `validate\u0000${canonical}`);
    return name;
  };

  const emitScope = (values: SourceInfo['scopeValues']): void => {
    for (const prefix of Object.keys(values)) {
      const names = values[prefix];
      if (!names) continue;
      for (const n of names) {
        const key = String(n);
        const value = n.value;
        if (!value) throw new Error(`scope name ${key} has no value`);
        if (value.code !== undefined) {
          if (seen.has(key)) continue;
          seen.add(key);
          const code = String(value.code);
          declare(key, `${prefix}_${shortHash(code)}`, `const ${key} = ${pure(code)};`, 0, `${prefix}\u0000${code}`);
        } else if (prefix === 'validate' && typeof value.ref === 'function') {
          emitFunction(value.ref as CompiledFn);
        } else if ((prefix === 'root' || prefix === 'wrapper') && typeof value.ref === 'object' && value.ref !== null) {
          if (seen.has(key)) continue;
          seen.add(key);
          const env = value.ref as { validateName?: NameLike; validate?: CompiledFn };
          if (!env.validateName) throw new Error('ajv internal error: wrapper without validateName');
          const target = emitFunction(env.validate);
          // Named once the function it wraps has its name (below).
          pendingWrappers.push([key, prefix, `const ${key} = {validate: ${String(env.validateName)}};`, target]);
        }
      }
    }
  };
  const pendingWrappers: Array<[string, string, string, string]> = [];

  const exported: Array<[exportName: string, ajvName: string]> = [];
  for (const [exportName, id] of Object.entries(exports)) {
    const fn = ajv.getSchema(id) as CompiledFn | undefined;
    if (!fn) throw new Error(`no schema with id ${id}`);
    exported.push([exportName, emitFunction(fn)]);
  }
  // A function of an operation's schema (not a component's) that one export names is declared under
  // that export's name (op$getFile_path), not under its key's hash with a constant naming it again.
  const exportsOf = new Map<string, string[]>();
  for (const [exportName, ajvName] of exported) {
    const declared = renamed.get(ajvName) ?? ajvName;
    exportsOf.set(declared, [...(exportsOf.get(declared) ?? []), exportName]);
  }
  const ownName = new Map<string, string>();
  for (const [declared, names] of exportsOf) {
    const d = declarations.get(declared);
    const name = names[0] as string;
    if (names.length !== 1 || d === undefined || d.rank !== 1 || !declared.startsWith('validate_') || declarations.has(name)) continue;
    declarations.delete(declared);
    declarations.set(name, { ...d, name });
    ownName.set(declared, name);
  }
  for (const [oldName, declared] of renamed) {
    const name = ownName.get(declared);
    if (name !== undefined) renamed.set(oldName, name);
  }
  // After the functions: a validator with what it evaluated is a constant, not a hoisted declaration.
  for (const [key, prefix, text, target] of pendingWrappers) declare(key, `${prefix}_${renamed.get(target) ?? shortHash(text)}`, text, 2);

  const out: string[] = [];
  const ordered = [...declarations.values()].sort((a, b) => a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const d of ordered) out.push(renameIn(d.text, renamed));
  for (const [exportName, ajvName] of exported) {
    const declared = renamed.get(ajvName) ?? ajvName;
    if (declared !== exportName) out.push(`const ${exportName} = ${declared};`);
  }
  return out.join('\n') + '\n';
}

/**
 * A scope constant's value as a bundler may drop it when nothing uses it: a call (a compiled
 * pattern) marked pure, a property read (`require(...).x`, `Object.prototype.hasOwnProperty`, which
 * a bundler keeps, since a getter could run) read in a pure call; literals and names as they are.
 */
function pure(code: string): string {
  if (/^[[{"'\d-]/.test(code) || /^[A-Za-z_$][\w$]*$/.test(code)) return code;
  if (/^require\("specforge\/runtime\/pattern"\)\.compilePattern$/.test(code)) return code;
  if (!code.startsWith('require(') && /^[A-Za-z_$][\w$]*\(.*\)$/s.test(code)) return `/* @__PURE__ */ ${code}`;
  return `/* @__PURE__ */ (() => ${code})()`;
}

/** Ajv's numbered names masked, so that code can be hashed independently of them. */
function maskNames(code: string): string {
  return code.replace(TOKENS, (token) => (/^(?:validate|schema|pattern|formats|func|wrapper|root)\d+$/.test(token) ? '#' : token));
}

/**
 * A string literal, a property access (`.name`: not a variable) or an identifier. Ajv's code has no
 * regular-expression or template literals: patterns are compiled from strings.
 */
const TOKENS = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\.\s*[A-Za-z_$][\w$]*|[A-Za-z_$][\w$]*/g;

/** Renames the identifiers of `code` that `names` maps, outside strings and property accesses. */
function renameIn(code: string, names: ReadonlyMap<string, string>): string {
  return code.replace(TOKENS, (token) => names.get(token) ?? token);
}
