/**
 * openapi-typescript prints types with specforge's own TypeScript (5.x, its compiler API), never
 * the project's: in a project installed with legacy-peer-deps, openapi-typescript sits beside the
 * project's TypeScript 7 (no `factory.createKeywordTypeNode`) while specforge's 5.9 is nested under
 * specforge. The layout is made here with a copy of openapi-typescript's build, a fake TypeScript
 * 7 beside it, and the repository's TypeScript as specforge's own.
 */
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { GlobalContext, OpenAPI3 } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOpenApiTypeScript } from '../../generators/openapi-typescript.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `own-typescript-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function project(): string {
  const modules = join(TMP, 'node_modules');
  // openapi-typescript, hoisted beside the project's TypeScript (its own dependencies linked from the repository's copy).
  const ots = join(modules, 'openapi-typescript');
  mkdirSync(ots, { recursive: true });
  cpSync(join(ROOT, 'node_modules', 'openapi-typescript', 'package.json'), join(ots, 'package.json'));
  cpSync(join(ROOT, 'node_modules', 'openapi-typescript', 'dist'), join(ots, 'dist'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', 'openapi-typescript', 'node_modules'), join(ots, 'node_modules'), 'dir');
  // The project's TypeScript 7: no compiler API.
  mkdirSync(join(modules, 'typescript'), { recursive: true });
  writeFileSync(join(modules, 'typescript', 'package.json'), JSON.stringify({ name: 'typescript', version: '7.0.0', main: 'index.js' }));
  writeFileSync(join(modules, 'typescript', 'index.js'), "module.exports = { version: '7.0.0', factory: {}, SyntaxKind: {} };\n");
  // specforge, with its own TypeScript nested under it.
  const specforge = join(modules, 'specforge');
  mkdirSync(join(specforge, 'node_modules'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', 'typescript'), join(specforge, 'node_modules', 'typescript'), 'dir');
  writeFileSync(join(specforge, 'package.json'), JSON.stringify({ name: 'specforge', type: 'module' }));
  return join(specforge, 'index.js');
}

describe("openapi-typescript's TypeScript", () => {
  it("is specforge's own, not the project's TypeScript 7", () => {
    const from = project();
    // What a plain require gives openapi-typescript in that layout: the project's TypeScript 7.
    const theirs = createRequire(join(TMP, 'node_modules', 'openapi-typescript', 'dist', 'index.cjs'))('typescript') as { version: string };
    expect(theirs.version).toBe('7.0.0');
    const ots = loadOpenApiTypeScript(from);
    const schema: OpenAPI3 = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { A: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, n: { type: 'integer' } } } } },
    };
    const ctx: GlobalContext = {
      additionalProperties: false,
      alphabetize: false,
      arrayLength: false,
      defaultNonNullable: false,
      discriminators: ots.scanDiscriminators(schema, {}),
      emptyObjectsUnknown: true,
      enum: false,
      enumValues: false,
      conditionalEnums: false,
      dedupeEnums: false,
      excludeDeprecated: false,
      exportType: false,
      immutable: false,
      injectFooter: [],
      pathParamsAsTypes: false,
      postTransform: undefined,
      propertiesRequiredByDefault: false,
      rootTypes: false,
      rootTypesNoSchemaPrefix: false,
      rootTypesKeepCasing: false,
      redoc: undefined as unknown as GlobalContext['redoc'],
      silent: true,
      transform: undefined,
      transformProperty: undefined,
      resolve: () => undefined,
      makePathsEnum: false,
      generatePathParams: false,
      readWriteMarkers: false,
    };
    expect(ots.astToString(ots.transformSchema(schema, ctx)).replace(/\s+/g, ' ')).toContain('A: { id: string; n?: number; };');
  });
});
