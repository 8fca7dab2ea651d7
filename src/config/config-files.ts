/**
 * Finding and reading the config file: its names, the nearest folder that has one, YAML with
 * positions or a TypeScript/JavaScript module evaluated beside it, and unknown keys reported at
 * their line with the nearest known one.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { ContractError } from '../contract/errors.js';
import { isRecord } from '../contract/pointer.js';

export const CONFIG_FILE = 'specforge.config.yaml';

/**
 * Types a specforge.config.ts: `export default defineConfig({ output: 'src/generated', specs: [...] })`.
 * It returns the config as given; specforge validates it as it does specforge.config.yaml. (The
 * package's index re-exports it; it lives here so that a config evaluated in isolation gets it
 * without importing the whole package into the loader.)
 */
export function defineConfig<T>(config: T): T {
  return config;
}

/** `require('specforge')` in a config run in isolation (readIsolatedScriptConfig). */
const CONFIG_API: Readonly<{ defineConfig: typeof defineConfig }> = Object.freeze({ defineConfig });

/** The names a config may have, in the order they are looked for in each folder. */
export const CONFIG_FILES = [
  CONFIG_FILE,
  'specforge.config.yml',
  'specforge.config.ts',
  'specforge.config.mts',
  'specforge.config.cts',
  'specforge.config.js',
  'specforge.config.mjs',
  'specforge.config.cjs',
] as const;

/**
 * The config file: `file` when it names another one, else specforge.config.yaml in `cwd` or the
 * nearest folder above it that has one (so commands work from any subfolder of the repository).
 */
export function findConfig(cwd = process.cwd(), file?: string): string | undefined {
  if (file !== undefined && file !== CONFIG_FILE) {
    const path = resolve(cwd, file);
    return existsSync(path) ? path : undefined;
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILES) {
      const path = join(dir, name);
      if (existsSync(path)) return path;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Where a key (or, without one, a value) is in the config file, when that can be told. */
export type Locate = (at: Array<string | number>, key?: string) => { line: number; col: number } | undefined;

/** A YAML config: the document with its positions (`source`: its text, when not read from `path`). */
export function readYamlConfig(path: string, source?: string): { raw: unknown; locate: Locate } {
  const lines = new LineCounter();
  const doc = parseDocument(source ?? readFileSync(path, 'utf8'), { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax) {
    const pos = lines.linePos(syntax.pos[0]);
    throw ContractError.single('SPECFORGE_CONFIG', `cannot parse: ${syntax.message.split('\n')[0]}`, { file: path, line: pos.line, col: pos.col });
  }
  const locate: Locate = (at, key) => {
    const node = at.length === 0 ? doc.contents : doc.getIn(at, true);
    if (key === undefined) {
      const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
      return range ? lines.linePos(range[0]) : undefined;
    }
    if (!isMap(node)) return undefined;
    const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === key);
    const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
    return range ? lines.linePos(range[0]) : undefined;
  };
  return { raw: doc.toJS() as unknown, locate };
}

/** A config's TypeScript or JavaScript as CommonJS: its types erased (a `.cjs` file is CommonJS already). */
function commonJs(path: string, source: string): string {
  if (path.endsWith('.cjs')) return source;
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  // Named .ts whatever its extension: an .mjs or .mts name would keep ES-module syntax.
  return ts.transpileModule(source, {
    fileName: 'specforge.config.ts',
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
}

/** Keys are located by their first appearance in the text of a script config. */
function scriptLocate(source: string): Locate {
  return (_at, key) => {
    if (key === undefined) return undefined;
    const match = new RegExp(`(^|[\\s{,])(["']?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\2\\s*:`, 'm').exec(source);
    if (!match) return undefined;
    const index = match.index + (match[1]?.length ?? 0);
    const before = source.slice(0, index).split('\n');
    return { line: before.length, col: (before[before.length - 1]?.length ?? 0) + 1 };
  };
}

function defaultExport(loaded: unknown): unknown {
  return isRecord(loaded) && 'default' in loaded ? loaded['default'] : loaded;
}

/**
 * A TypeScript or JavaScript config, evaluated synchronously: its types are erased and it runs as
 * CommonJS from a temporary file beside it (so its imports resolve as they do for the file), which
 * is removed at once. Keys are located by their first appearance in the text.
 */
export function readScriptConfig(path: string): { raw: unknown; locate: Locate } {
  const source = readFileSync(path, 'utf8');
  const require = createRequire(path);
  const code = commonJs(path, source);
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.cjs`);
  let loaded: unknown;
  try {
    writeFileSync(temp, code);
    loaded = require(temp) as unknown;
  } catch (err) {
    throw ContractError.single('SPECFORGE_CONFIG', `cannot load: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, { file: path });
  } finally {
    rmSync(temp, { force: true });
  }
  return { raw: defaultExport(loaded), locate: scriptLocate(source) };
}

/**
 * A TypeScript or JavaScript config given as text (a revision's, for `review --base`), evaluated
 * with nothing of the working tree on its module path: it may import Node.js's own modules and
 * `specforge` (the running specforge, whatever the checkout's node_modules holds); any other
 * import (a file beside it, a package) is refused, naming it. Nothing is written to disk.
 * `label` names the file in messages; `path` is where it lives (for `__filename`).
 */
export function readIsolatedScriptConfig(label: string, path: string, source: string): { raw: unknown; locate: Locate } {
  const own = createRequire(import.meta.url);
  const refused: string[] = [];
  const require = (id: string): unknown => {
    if (isBuiltin(id)) return own(id);
    // What a config takes from specforge when it loads is defineConfig (the rest are types, erased).
    if (id === 'specforge') return CONFIG_API;
    refused.push(id);
    throw new Error(`import of "${id}" refused`);
  };
  const module = { exports: {} as unknown };
  let loaded: unknown;
  try {
    const run = new Function('exports', 'require', 'module', '__filename', '__dirname', commonJs(path, source)) as (
      e: unknown,
      r: typeof require,
      m: typeof module,
      f: string,
      d: string,
    ) => void;
    run(module.exports, require, module, path, dirname(path));
    loaded = module.exports;
  } catch (err) {
    const first = refused[0];
    if (first !== undefined) {
      throw ContractError.single(
        'SPECFORGE_CONFIG',
        `imports "${first}": an executable config is run here with Node.js's modules and specforge only, never a file or package of the checkout (which the pull request may have changed)`,
        { file: label },
        "keep the config's imports to node: modules and specforge, or write it as specforge.config.yaml",
      );
    }
    throw ContractError.single('SPECFORGE_CONFIG', `cannot load: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, { file: label });
  }
  return { raw: defaultExport(loaded), locate: scriptLocate(source) };
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row[j] as number;
      row[j] = next;
    }
  }
  return row[b.length] as number;
}

/** Every key of a mapping that `known` does not list, as an error at the key's line and column. */
export function unknownKeys(raw: unknown, locate: Locate, file: string, at: Array<string | number>, known: readonly string[]): ContractError | undefined {
  let node = raw;
  for (const step of at) node = isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[step] : undefined;
  if (!isRecord(node)) return undefined;
  const diagnostics = [];
  for (const name of Object.keys(node)) {
    if (known.includes(name)) continue;
    const pos = locate(at, name);
    const near = known.map((k) => ({ k, d: editDistance(name, k) })).sort((x, y) => x.d - y.d)[0];
    const where =
      at.length === 0
        ? 'the config'
        : at
            .map((s) => (typeof s === 'number' ? `[${s}]` : s))
            .join('.')
            .replace(/\.\[/g, '[');
    diagnostics.push({
      code: 'SPECFORGE_CONFIG' as const,
      severity: 'error' as const,
      message: `unknown key "${name}" in ${where}`,
      location: { file, ...(pos ? { line: pos.line, col: pos.col } : {}) },
      hint: near && near.d <= 2 ? `did you mean "${near.k}"?` : `known keys: ${known.join(', ')}`,
    });
  }
  return diagnostics.length > 0 ? new ContractError(diagnostics) : undefined;
}
