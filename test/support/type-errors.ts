/**
 * Type-checks generated files as a downstream repository does: strict, with @specforge/runtime's
 * published declarations (src/runtime/dist, which `make test` builds first). The run-time sources
 * themselves are checked once, by test/typecheck.test.ts, rather than again in every program.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The declarations generated code resolves @specforge/runtime/<entry> to. */
export const RUNTIME_DECLARATIONS = resolve(ROOT, 'src', 'runtime', 'dist', 'entry');

const OPTIONS: ts.CompilerOptions = {
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
  paths: { '@specforge/runtime/*': [resolve(RUNTIME_DECLARATIONS, '*.d.ts')] },
};

/**
 * Declarations that do not change during a run (TypeScript's libs, @types, the run-time package's),
 * parsed once per worker and shared by every program, as an editor's language service shares them.
 */
const shared = new Map<string, ts.SourceFile>();
const SHARED_UNDER = [resolve(ROOT, 'node_modules') + '/', RUNTIME_DECLARATIONS + '/'];

function host(): ts.CompilerHost {
  const h = ts.createCompilerHost(OPTIONS);
  const read = h.getSourceFile.bind(h);
  h.getSourceFile = (fileName, version, onError, fresh) => {
    if (!fileName.endsWith('.d.ts') || !SHARED_UNDER.some((dir) => fileName.startsWith(dir))) return read(fileName, version, onError, fresh);
    const format = typeof version === 'object' ? `${version.languageVersion}:${version.impliedNodeFormat ?? ''}` : String(version);
    const key = `${format}\0${fileName}`;
    let file = shared.get(key);
    if (file === undefined || fresh === true) {
      file = read(fileName, version, onError, fresh);
      if (file !== undefined) shared.set(key, file);
    }
    return file;
  };
  return h;
}

export function typeCheck(files: string[]): { diagnostics: string[]; program: ts.Program } {
  // Without the built package every import of it would read as a missing module.
  if (!existsSync(resolve(RUNTIME_DECLARATIONS, 'server.d.ts'))) throw new Error(`no declarations in ${RUNTIME_DECLARATIONS}: build first (make build)`);
  const program = ts.createProgram(files, OPTIONS, host());
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
  return { diagnostics, program };
}
