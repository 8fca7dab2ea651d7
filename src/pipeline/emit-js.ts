/**
 * `emit: js`: each generated module as JavaScript beside its declarations (`sdk.js` and `sdk.d.ts`
 * for `sdk.ts`), both written by TypeScript from the module specforge generates. A project
 * type-checks the declarations of what it uses and no generated body: with `skipLibCheck` (as Vite's
 * and Next's templates set) `tsc` parses them and checks nothing in them, so a contract of a
 * thousand operations costs a project's `tsc` little more than its types do. Bundlers and Node.js
 * run the `.js` as it is.
 *
 * types.ts stays TypeScript (it holds types only: nothing to run) and so does zod.ts (zod's schemas
 * are typed by inference, which declarations written one file at a time cannot do). Every other
 * generated module names the types of what it exports, so its declarations need no inference
 * (TypeScript's `isolatedDeclarations`); one that did not would stay `.ts`, with a warning.
 */
import { createRequire } from 'node:module';
import type { Diagnostic } from '../contract/errors.js';
import type { GeneratedFile } from '../../generators/context.js';

type TypeScript = typeof import('typescript');

/** The generated modules that stay TypeScript (by their name in the output folder, whatever subfolder). */
const KEPT = new Set(['types.ts', 'zod.ts']);

export interface EmittedFiles {
  files: GeneratedFile[];
  warnings: Diagnostic[];
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `files` with every module but types.ts and zod.ts as `.js` and `.d.ts` (a `.js` already generated, the CLI's, is kept as it is). */
export function emitJavaScript(files: readonly GeneratedFile[]): EmittedFiles {
  const ts = createRequire(import.meta.url)('typescript') as TypeScript;
  const paths = new Set(files.map((f) => f.path));
  const out: GeneratedFile[] = [];
  const warnings: Diagnostic[] = [];
  const compilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    removeComments: false,
    newLine: ts.NewLineKind.LineFeed,
  };
  for (const file of files) {
    if (!file.path.endsWith('.ts') || file.path.endsWith('.d.ts') || KEPT.has(baseName(file.path))) {
      out.push(file);
      continue;
    }
    const stem = file.path.slice(0, -'.ts'.length);
    const declarations = ts.transpileDeclaration(file.content, { fileName: file.path, compilerOptions, reportDiagnostics: true });
    const problems = declarations.diagnostics ?? [];
    if (problems.length > 0) {
      const first = problems[0] as import('typescript').Diagnostic;
      const at = first.start === undefined ? undefined : lineAndColumn(file.content, first.start);
      warnings.push({
        code: 'SPECFORGE_UNSUPPORTED_FEATURE',
        severity: 'warning',
        message: `emit: js: ${file.path} stays TypeScript: its declarations need inference (${ts.flattenDiagnosticMessageText(first.messageText, ' ')}${at === undefined ? '' : ` at ${String(at.line)}:${String(at.col)}`}, ${String(problems.length)} place(s))`,
        hint: 'this is a specforge bug: report it with the contract; the .ts file works as before',
      });
      out.push(file);
      continue;
    }
    out.push({ path: `${stem}.d.ts`, content: declarations.outputText });
    if (!paths.has(`${stem}.js`)) {
      const js = ts.transpileModule(file.content, { fileName: file.path, compilerOptions });
      out.push({ path: `${stem}.js`, content: js.outputText });
    }
  }
  return { files: out, warnings };
}

function lineAndColumn(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: offset - start + 1 };
}
