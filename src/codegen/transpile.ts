/**
 * TypeScript's own output of a generated module, one file at a time (no program, no type check):
 * the same module as JavaScript (types erased, nothing else changed), and its declarations, which it
 * writes without inference (`isolatedDeclarations`). Loaded on first use: the compiler is 9 MB.
 * Used by the cli target (cli.js beside cli.ts) and by `emit: js` (src/pipeline/emit-js.ts).
 */
import { createRequire } from 'node:module';

type TypeScript = typeof import('typescript');

let loaded: TypeScript | undefined;
/** specforge's own TypeScript (5.x, nested under specforge when a project has another). */
export function typescript(): TypeScript {
  loaded ??= createRequire(import.meta.url)('typescript') as TypeScript;
  return loaded;
}

function compilerOptions(ts: TypeScript): import('typescript').CompilerOptions {
  return { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: false, newLine: ts.NewLineKind.LineFeed };
}

/** The module as JavaScript: types erased, nothing else changed. */
export function toJavaScript(source: string, fileName: string): string {
  const ts = typescript();
  return ts.transpileModule(source, { fileName, compilerOptions: compilerOptions(ts) }).outputText;
}

/** The module's declarations, and where they would need inference (none for what specforge generates). */
export function toDeclarations(source: string, fileName: string): { text: string; problems: Array<{ message: string; start?: number }> } {
  const ts = typescript();
  const out = ts.transpileDeclaration(source, { fileName, compilerOptions: compilerOptions(ts), reportDiagnostics: true });
  const problems = (out.diagnostics ?? []).map((d) => ({
    message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
    ...(d.start === undefined ? {} : { start: d.start }),
  }));
  return { text: out.outputText, problems };
}
