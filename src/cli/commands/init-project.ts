/**
 * What `specforge init` learns from the project it runs in: whether it is a browser project (Vite
 * or Next.js, whose `src/` gets no Node server example) or a Node one, and the tsconfig.json it
 * writes when there is none, so the generated code and the examples compile with `npx tsc` as
 * written (a browser project: the Vite template's settings, noUnusedLocals and noUnusedParameters
 * among them; a Node one: NodeNext, strict, src/ built to dist/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The tool a browser project builds with; undefined: a Node project. */
export type BrowserTool = 'vite' | 'next';

const VITE_CONFIGS = ['vite.config.ts', 'vite.config.js', 'vite.config.mjs', 'vite.config.mts', 'vite.config.cjs', 'vite.config.cts'];

/** The dependencies (all kinds) package.json names; none when there is no readable one. */
function dependencies(cwd: string): Set<string> {
  try {
    const parsed = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as Record<string, unknown>;
    const names = new Set<string>();
    for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      const list = parsed[key];
      if (list !== null && typeof list === 'object') for (const name of Object.keys(list)) names.add(name);
    }
    return names;
  } catch {
    return new Set();
  }
}

/** next or vite in package.json, or an index.html beside a Vite config: a browser project. */
export function browserTool(cwd: string): BrowserTool | undefined {
  const deps = dependencies(cwd);
  if (deps.has('next')) return 'next';
  if (deps.has('vite')) return 'vite';
  if (existsSync(join(cwd, 'index.html')) && VITE_CONFIGS.some((f) => existsSync(join(cwd, f)))) return 'vite';
  return undefined;
}

/**
 * The tsconfig.json init writes where there is none. A Vite project gets the settings of the
 * `npm create vite` TypeScript templates (tsconfig.app.json), a Next.js one those `next dev`
 * expects (it completes them), a Node project NodeNext ES modules built from src/ to dist/.
 */
export function tsconfigText(tool: BrowserTool | undefined, deps = new Set<string>()): string {
  const browser = {
    target: 'ES2022',
    useDefineForClassFields: true,
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    skipLibCheck: true,
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    noEmit: true,
    jsx: tool === 'next' ? 'preserve' : 'react-jsx',
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noFallthroughCasesInSwitch: true,
  };
  const config =
    tool === undefined
      ? {
          compilerOptions: {
            target: 'ES2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            strict: true,
            skipLibCheck: true,
            outDir: 'dist',
            rootDir: 'src',
          },
          include: ['src'],
        }
      : { compilerOptions: { ...browser, ...(tool === 'vite' && deps.has('vite') ? { types: ['vite/client'] } : {}) }, include: ['src'] };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The project's facts init acts on. */
export function projectFacts(cwd: string): { tool: BrowserTool | undefined; tsconfig?: string } {
  const tool = browserTool(cwd);
  return { tool, ...(existsSync(join(cwd, 'tsconfig.json')) ? {} : { tsconfig: tsconfigText(tool, dependencies(cwd)) }) };
}
