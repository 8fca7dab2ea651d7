/**
 * The fetch handler type-checks where there is no Node.js: a workers, Deno or Bun project without
 * @types/node, its lib ES2022 with DOM (or WebWorker), `types: []` and `skipLibCheck: false`,
 * imports the generated fetch.ts and api.ts and `@specforge/runtime/fetch`, and compiles with the
 * repository's TypeScript 5.9 and with TypeScript 7. The project lives outside the repository (no
 * node_modules above it), its node_modules holding a copy of the run-time package and a link to
 * the one library its types name (ajv). A node:http handler still sees its IncomingMessage.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePets, ROOT } from './pets.js';

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** TypeScript 7 from the registry, kept between runs (as test/e2e/downstream.test.ts installs it). */
const TS7_CACHE = join(ROOT, 'test', '.tmp', 'ts7-cache');
const TS7 = join(TS7_CACHE, 'node_modules', 'typescript', 'bin', 'tsc');

let project = '';

/** A worker-style module: the generated fetch handler and the run-time's, typed handlers, `export default { fetch }`. */
const WORKER = `import { createFetchHandler as createHandler, honoHandler, type FetchRequestHead } from '@specforge/runtime/fetch';
import { createFetchHandler, type Handlers } from './gen/fetch.js';
import { api } from './gen/api.js';
import * as validators from './gen/validators.js';

const pets: Array<{ id: number; name: string; kind: 'dog' | 'cat' | 'bird' }> = [];

const handlers: Handlers = {
  listPets: ({ params, reply }) => reply(200, pets.slice(0, params.query.limit ?? 100)),
  createPet: ({ body, request, reply }) => {
    const head: FetchRequestHead = request;
    const agent: string | null = request.fetchRequest.headers.get('user-agent');
    const pet = { id: pets.length + 1, name: body.name + (agent ?? '') + head.url, kind: body.kind };
    pets.push(pet);
    return reply(201, pet);
  },
  getPet: ({ params, reply }) => reply(404, { message: 'no pet ' + String(params.path.petId), code: 'not_found' }),
  deletePet: ({ reply }) => reply(204),
};

const app: (request: Request) => Promise<Response> = createFetchHandler(handlers, {
  security: { apiKey: (credential, { request }) => credential.credential === request.headers['x-api-key'] },
});
const bare = createHandler(api, validators, {});
export const hono = honoHandler(bare);

export default {
  fetch(request: Request): Promise<Response> {
    return app(request);
  },
};
`;

/** A node:http handler of the same contract: ctx.request is the IncomingMessage. */
const NODE_SIDE = `import type { IncomingMessage } from 'node:http';
import type { Handlers } from './gen/server.js';

export const listPets: Handlers['listPets'] = ({ request, reply }) => {
  const message: IncomingMessage = request;
  return reply(200, message.socket.remoteAddress === undefined ? [] : []);
};
`;

function tsconfig(lib: string[], include: string[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib,
      types: [],
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      ...extra,
    },
    include,
  });
}

function tsc(compiler: string, config: string, extra: string[] = []): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [compiler, '-p', config, ...extra], { cwd: project, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: r.stdout + r.stderr };
}

beforeAll(async () => {
  const gen = await generatePets('fetch-types', ['types', 'validators', 'server']);
  project = mkdtempSync(join(tmpdir(), 'specforge-fetch-types-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'worker', private: true, type: 'module' }));
  cpSync(gen, join(project, 'src', 'gen'), { recursive: true });
  writeFileSync(join(project, 'src', 'worker.ts'), WORKER);
  writeFileSync(join(project, 'src', 'node-side.ts'), NODE_SIDE);
  const runtime = join(project, 'node_modules', '@specforge', 'runtime');
  mkdirSync(runtime, { recursive: true });
  cpSync(join(ROOT, 'src', 'runtime', 'package.json'), join(runtime, 'package.json'));
  cpSync(join(ROOT, 'src', 'runtime', 'dist'), join(runtime, 'dist'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', 'ajv'), join(project, 'node_modules', 'ajv'), 'dir');
  writeFileSync(join(project, 'tsconfig.dom.json'), tsconfig(['ES2022', 'DOM'], ['src/worker.ts']));
  writeFileSync(join(project, 'tsconfig.worker.json'), tsconfig(['ES2022', 'WebWorker'], ['src/worker.ts']));
  // This one config asks for node's types: they resolve from the repository's @types.
  writeFileSync(
    join(project, 'tsconfig.node.json'),
    tsconfig(['ES2022', 'DOM'], ['src/node-side.ts'], { types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')] }),
  );
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
}, 300_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the fetch handler without @types/node', () => {
  it.each([
    ['ES2022 + DOM', 'tsconfig.dom.json'],
    ['ES2022 + WebWorker', 'tsconfig.worker.json'],
  ])('a worker module compiles with TypeScript 5.9 (lib %s, skipLibCheck false), its program without @types/node', (_lib, config) => {
    const r = tsc(TSC, config, ['--listFiles']);
    expect(r.out).not.toMatch(/error TS/);
    expect(r.status).toBe(0);
    expect(r.out).toContain('src/gen/fetch.ts');
    expect(r.out).toContain('@specforge/runtime/dist/entry/fetch.d.ts');
    expect(r.out).not.toContain('@types/node');
  });

  it.each([
    ['ES2022 + DOM', 'tsconfig.dom.json'],
    ['ES2022 + WebWorker', 'tsconfig.worker.json'],
  ])('a worker module compiles with TypeScript 7 (lib %s, skipLibCheck false)', (_lib, config) => {
    expect(spawnSync(process.execPath, [TS7, '--version'], { encoding: 'utf8' }).stdout).toMatch(/^Version 7\./);
    const r = tsc(TS7, config);
    expect(r.out).toBe('');
    expect(r.status).toBe(0);
  });

  it('a handler of the generated node:http server still sees an IncomingMessage (with @types/node, TypeScript 7)', () => {
    const r = tsc(TS7, 'tsconfig.node.json');
    expect(r.out).toBe('');
    expect(r.status).toBe(0);
  });
});
