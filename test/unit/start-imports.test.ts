/**
 * What the commands that must answer within a second load before they start: `test`, `proxy`, `mock`
 * and the in-process runner (src/conformance/run.ts, what `runConformance` loads) start from the start-up cache without the model builder, so their
 * static imports (type-only and `import('…')` left out) never reach the modules that load Redocly,
 * esbuild or the TypeScript compiler. One static import of a value from contract/model.ts (which
 * re-exports the model's small helpers beside buildModel) cost `specforge test` 0.3 s of start.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from '../support/import-graph.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const files = sourceFiles(ROOT, ['src', 'generators']);
const graph = importGraph(files);

/** Packages whose load alone costs a start hundreds of milliseconds. */
const HEAVY = /^(?:import|export)\s+(?!type\s)[^;]*?from\s*['"](?:@redocly\/openapi-core|esbuild|typescript|openapi-typescript)['"]/m;

function closure(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [join(ROOT, entry)];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of graph.get(file) ?? []) stack.push(next);
  }
  return [...seen];
}

describe('the fast-start commands load', () => {
  for (const entry of ['src/cli/commands/test.ts', 'src/cli/commands/proxy.ts', 'src/cli/commands/mock.ts', 'src/conformance/run.ts']) {
    it(`${entry}: nothing that loads Redocly, esbuild or TypeScript, nor the model builder`, () => {
      const reached = closure(entry);
      expect(reached.length).toBeGreaterThan(10);
      const heavy = reached.filter((f) => HEAVY.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
      expect(heavy).toEqual([]);
      const builders = reached.map((f) => relative(ROOT, f)).filter((f) => /^src\/contract\/(model|model-builder|validate|redocly-resolver)\.ts$/.test(f));
      expect(builders).toEqual([]);
    });
  }
});
