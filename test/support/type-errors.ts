/** Type-checks generated files as tsconfig.generated.json does (strict, @specforge/runtime from src). */
import { resolve } from 'node:path';
import ts from 'typescript';

export function typeCheck(files: string[]): { diagnostics: string[]; program: ts.Program } {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    exactOptionalPropertyTypes: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    skipLibCheck: true,
    esModuleInterop: true,
    allowJs: false,
    paths: { '@specforge/runtime/*': [resolve(import.meta.dirname, '..', '..', 'src', 'runtime', 'entry', '*.ts')] },
  };
  const program = ts.createProgram(files, options);
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
  return { diagnostics, program };
}
