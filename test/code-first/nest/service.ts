/**
 * The NestJS orders service (app-source.ts), compiled once with the TypeScript API
 * (experimentalDecorators, emitDecoratorMetadata) into a temporary folder, its package imports
 * pointed at this checkout's node_modules. `nestService` builds its contract with @nestjs/swagger
 * and starts it, correct or with faults, on 127.0.0.1.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { Fault } from '../faults.js';
import { listen, type CodeFirstService, type RunningService } from '../support.js';
import { NEST_APP_SOURCE } from './app-source.js';

interface NestApp {
  getHttpServer(): Server;
  close(): Promise<void>;
}

interface NestModule {
  createOrdersApp(config: { token: string; faults: ReadonlySet<string> }): Promise<NestApp>;
  ordersContract(app: NestApp): object;
}

let loaded: Promise<NestModule> | undefined;

function compile(): Promise<NestModule> {
  const { outputText, diagnostics } = ts.transpileModule(NEST_APP_SOURCE, {
    reportDiagnostics: true,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      useDefineForClassFields: false,
    },
  });
  if (diagnostics !== undefined && diagnostics.length > 0) {
    throw new Error(`the NestJS service does not compile: ${diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`);
  }
  const require = createRequire(import.meta.url);
  const resolved = outputText.replace(
    /(from |import )'((?:@nestjs\/[a-z-]+)|class-validator|class-transformer|reflect-metadata)'/g,
    (_whole, lead: string, pkg: string) => {
      return `${lead}'${pathToFileURL(require.resolve(pkg)).href}'`;
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'sf-code-first-nest-'));
  const file = join(dir, 'orders-app.mjs');
  writeFileSync(file, resolved);
  // Once imported, the module is in memory: its file goes.
  return (import(/* @vite-ignore */ pathToFileURL(file).href) as Promise<NestModule>).finally(() => rmSync(dir, { recursive: true, force: true }));
}

export const nestService: CodeFirstService = {
  name: 'NestJS',
  async contract(): Promise<object> {
    loaded ??= compile();
    const mod = await loaded;
    const app = await mod.createOrdersApp({ token: 'unused', faults: new Set() });
    try {
      return mod.ordersContract(app);
    } finally {
      await app.close();
    }
  },
  async start(token: string, faults: ReadonlySet<Fault>): Promise<RunningService> {
    loaded ??= compile();
    const mod = await loaded;
    const app = await mod.createOrdersApp({ token, faults });
    return listen(app.getHttpServer(), () => app.close());
  },
};
