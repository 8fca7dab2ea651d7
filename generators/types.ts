/**
 * types: openapi-typescript's output (`paths`, `components`, `operations`), produced from the
 * already loaded and validated contract so the document is not parsed, linted or bundled again.
 */
import { astToString, resolveRef, scanDiscriminators, transformSchema, type GlobalContext, type OpenAPI3 } from 'openapi-typescript';
import type { ContractModel } from '../src/contract/model.js';
import type { GeneratedFile, GeneratorContext } from './context.js';

export function typesSource(model: ContractModel): string {
  // openapi-typescript's transforms may annotate the nodes they visit: give them their own copy.
  const schema = structuredClone(model.document) as unknown as OpenAPI3;
  const ctx: GlobalContext = {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: scanDiscriminators(schema, {}),
    emptyObjectsUnknown: false,
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
    resolve<T>($ref: string): T | undefined {
      return resolveRef<T>(schema, $ref, { silent: true });
    },
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
  };
  // openapi-typescript prints U+2028/U+2029 and `</script` raw inside string literal types and
  // comments; escape them as escape.ts does for every literal (the same value in a literal, plain
  // text in a comment), so generated files follow one rule.
  return astToString(transformSchema(schema, ctx))
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(/<\/(script)/gi, '<\\/$1');
}

export function generateTypes(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  return [{ path: 'types.ts', content: ctx.header('//') + typesSource(model) }];
}
