/**
 * Type-checks a small app against generated code as users build it (strict, NodeNext, the runtime
 * package mapped to its sources) with TypeScript 5.9 and with TypeScript 7, installed once from the
 * npm registry into test/.tmp/ts7-cache. Returns each compiler's output and exit status.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TS7_CACHE = join(ROOT, 'test', '.tmp', 'ts7-cache');
const TS7 = join(TS7_CACHE, 'node_modules', 'typescript', 'bin', 'tsc');

/** TypeScript 7's compiler, installed into the shared cache when it is not there yet. */
export function typescript7(): string {
  if (!existsSync(TS7)) {
    mkdirSync(TS7_CACHE, { recursive: true });
    writeFileSync(join(TS7_CACHE, 'package.json'), JSON.stringify({ name: 'ts7-cache', version: '1.0.0', private: true }));
    const npm = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', 'typescript@7'], {
      cwd: TS7_CACHE,
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (npm.status !== 0) throw new Error(`npm install typescript@7: ${npm.stdout}${npm.stderr}`);
  }
  return TS7;
}

export interface TypecheckResult {
  compiler: 'typescript 5.9' | 'typescript 7';
  output: string;
  status: number | null;
}

/** Writes `dir/tsconfig.json` for `files` and runs both compilers on it. */
export function typecheckApp(options: { dir: string; files: string[]; lib?: string[]; compilerOptions?: Record<string, unknown> }): TypecheckResult[] {
  const config = join(options.dir, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: options.lib ?? ['ES2022', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        paths: { '@specforge/runtime/*': [join(ROOT, 'src', 'runtime', 'entry', '*.ts')] },
        ...options.compilerOptions,
      },
      files: options.files,
    }),
  );
  const compilers: [TypecheckResult['compiler'], string][] = [
    ['typescript 5.9', TSC],
    ['typescript 7', typescript7()],
  ];
  return compilers.map(([compiler, bin]) => {
    const r = spawnSync(process.execPath, [bin, '-p', config], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
    return { compiler, output: r.stdout + r.stderr, status: r.status };
  });
}
