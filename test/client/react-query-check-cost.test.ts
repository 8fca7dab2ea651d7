/**
 * What react-query.ts costs the type checker: TanStack's queryOptions, infiniteQueryOptions,
 * useQuery and useMutation are called once each, in the file's own generic helpers, and every
 * operation's options and hooks are one call of a helper with its types named (no overload
 * resolution or inference over TanStack's option types per operation, which made GitHub's
 * react-query.ts the larger part of `tsc` of the generated code). The helpers take names no
 * operation takes: a contract whose operation ids are the helpers' names compiles under
 * `tsc --strict` with noUnusedLocals and noUnusedParameters (sdk.ts imports SdkFailure only where an
 * operation declares a failure).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `react-query-check-cost-${process.pid}`);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function count(text: string, re: RegExp): number {
  return [...text.matchAll(re)].length;
}

describe('react-query.ts', () => {
  it("calls TanStack's option builders and hooks once each, in its helpers", async () => {
    const out = join(TMP, 'tanstack');
    await generateSpec(
      { path: join(ROOT, 'test', 'fixtures', 'tanstack', 'openapi.yaml'), api: 'tanstack', out, targets: ['types', 'sdk', 'react-query'], strict: true },
      { cacheDir: join(TMP, '.cache'), force: true },
    );
    const text = readFileSync(join(out, 'react-query.ts'), 'utf8');
    expect(count(text, /\bqueryOptions</g)).toBe(1);
    expect(count(text, /\binfiniteQueryOptions</g)).toBe(1);
    expect(count(text, /\buseQuery</g)).toBe(1);
    expect(count(text, /\buseMutation</g)).toBe(1);
    expect(text).not.toContain('useMutation({');
    // Each operation's query options are one helper call with its result type named.
    expect(text).toMatch(
      /export function listNotesQueryOptions\(client: Client, args\?: ListNotesArgs\): OperationQueryOptions<ListNotesData, ApiErrorOf<ListNotesResult>, ReturnType<typeof listNotesQueryKey>> \{\n {2}return operationQueryOptions<ListNotesResult, /,
    );
  }, 60_000);

  it('compiles where operations take the names of its helpers', async () => {
    const dir = join(TMP, 'clash');
    mkdirSync(dir, { recursive: true });
    const op = (id: string, method: string): string =>
      `    ${method}:\n      operationId: ${id}\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { type: object, properties: { id: { type: string } } }\n`;
    const ids = [
      'operationQueryOptions',
      'useOperationQuery',
      'operationInfiniteQueryOptions',
      'operationMutationOptions',
      'useOperationMutation',
      'anyQueryKey',
    ];
    const spec = [
      'openapi: 3.0.3',
      'info: { title: clash, version: "1" }',
      'paths:',
      ...ids.map((id, i) => `  /items${i}:\n${op(id, 'get')}${op(`${id}Post`, 'post')}`),
      // A path that pages, so the infinite query helper is written too.
      '  /paged:',
      '    get:',
      '      operationId: OperationQuery',
      '      parameters:',
      '        - { name: cursor, in: query, schema: { type: string } }',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema: { type: object, properties: { items: { type: array, items: { type: string } }, next_cursor: { type: string } } }',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'openapi.yaml'), spec);
    const out = join(dir, 'generated');
    await generateSpec(
      { path: join(dir, 'openapi.yaml'), api: 'clash', out, targets: ['types', 'sdk', 'react-query'], strict: true },
      { cacheDir: join(TMP, '.cache'), force: true },
    );
    const text = readFileSync(join(out, 'react-query.ts'), 'utf8');
    expect(text).toContain('function operationQueryOptions2<');
    expect(text).toContain('operationInfiniteQueryOptions2<');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noUnusedLocals: true,
          noUnusedParameters: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          paths: { '@specforge/runtime/*': [join(ROOT, 'src', 'runtime', 'entry', '*.ts')] },
        },
        files: [join(out, 'react-query.ts')],
      }),
    );
    const r = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 240_000);
});
