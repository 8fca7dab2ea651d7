/**
 * openapi-typescript, loaded so that it prints with specforge's own TypeScript. openapi-typescript
 * requires `typescript` from where it is installed; in a project installed with legacy-peer-deps
 * (or one that pins TypeScript 7) that is the project's TypeScript, whose package may lack the
 * compiler API openapi-typescript calls (`factory.createKeywordTypeNode`), while specforge's own
 * pinned 5.x sits nested under specforge. The module cache is told that the project's `typescript`,
 * as resolved from openapi-typescript, is specforge's own, before openapi-typescript loads.
 *
 * Loaded through require: its CommonJS build then loads TypeScript through require too, which spares
 * Node scanning TypeScript's 9 MB of CommonJS for named exports (about 0.6 s of CPU per generate run).
 */
import { createRequire } from 'node:module';
import type * as OpenApiTypeScript from 'openapi-typescript';

/** openapi-typescript as resolved from `from` (a file path or URL), with the TypeScript resolved from there too. */
export function loadOpenApiTypeScript(from: string): typeof OpenApiTypeScript {
  const own = createRequire(from);
  const entry = own.resolve('openapi-typescript');
  const ownTypescript = own.resolve('typescript');
  let theirs: string | undefined;
  try {
    theirs = createRequire(entry).resolve('typescript');
  } catch {
    theirs = undefined; // none beside openapi-typescript: its require fails, and says so
  }
  if (theirs !== undefined && theirs !== ownTypescript) {
    own(ownTypescript);
    const loaded = own.cache[ownTypescript];
    if (loaded) own.cache[theirs] = loaded;
  }
  return own(entry) as typeof OpenApiTypeScript;
}
