/**
 * zod: zod 4 schemas (`zod.ts`) for every named schema and each operation's parameters, bodies and
 * responses, printed from the same validator plan as the Ajv validators (src/contract/tables/
 * validators.ts): the same schemas after the same preparation (annotations dropped, patterns as
 * the validators compile them, unions narrowed by discriminator, readOnly and writeOnly per
 * direction), so they accept what the validators accept. Formats are checked with the validators'
 * own format functions and patterns with their linear-time engine (both from
 * `@specforge/runtime/validators`); what zod cannot say the same way is listed in ZOD_DIFFERENCES.
 * `zod` (4.x) is a peer dependency of the generated code.
 */
import type { ContractModel, JsonSchema } from '../src/contract/model.js';
import { LOCATIONS, planValidators, reachableKeys, type ValidatorPlan } from '../src/contract/tables/validators.js';
import { jsonLiteral, propertyKey } from '../src/codegen/escape.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';
import { helpersFor } from './zod-prelude.js';
import { schemaName, ZodPrinter } from './zod-printer.js';
import { orderedGroups, refKeys } from './zod-ref-order.js';

/** A keyword whose meaning the zod schemas do not carry as the validators do, and what they do instead. */
export interface ZodDifference {
  keyword: string;
  /** What the zod schemas do with it. */
  zod: string;
}

/**
 * Where the zod schemas and the Ajv validators may differ, per keyword: docs/reference/zod.md prints
 * this list (test/unit/zod-target.test.ts checks that it does), and the agreement test allows a
 * different verdict only for a schema that uses one of these keywords.
 */
export const ZOD_DIFFERENCES: readonly ZodDifference[] = [
  { keyword: 'unevaluatedProperties', zod: 'not checked: zod has no record of which properties the other keywords evaluated' },
  { keyword: 'unevaluatedItems', zod: 'not checked: zod has no record of which items the other keywords evaluated' },
  { keyword: 'x-specforge-rules compare ($data)', zod: 'not checked: a bound taken from another field of the value' },
  { keyword: 'x-specforge-rules difference and refersTo (specforgeRule)', zod: 'not checked: cross-field rules run in the Ajv validators only' },
  { keyword: '$dynamicRef, $recursiveRef', zod: 'not checked' },
];

/** The keywords of the prepared schemas behind ZOD_DIFFERENCES (a schema that uses one may get a different verdict). */
export const ZOD_UNCHECKED_KEYWORDS: readonly string[] = [
  'unevaluatedProperties',
  'unevaluatedItems',
  '$data',
  'specforgeRule',
  '$dynamicRef',
  '$recursiveRef',
];

/** The zod module of a contract's plan. */
export function zodSource(plan: ValidatorPlan, header: string, runtime: string): string {
  const printer = new ZodPrinter(plan);
  const exported = [...plan.exports.values()];
  const keys = reachableKeys(plan.root, exported);
  const lines: string[] = [header.trimEnd(), `import { z } from "zod";`];
  const body: string[] = [];
  for (const group of orderedGroups(plan.root, keys)) {
    const refs = new Set<string>();
    for (const key of group) refKeys(plan.root.$defs[key], refs);
    const cyclic = group.length > 1 || group.some((k) => refs.has(k));
    for (const key of group) {
      const e = printer.expr(plan.root.$defs[key] as JsonSchema);
      // A schema in a reference cycle is evaluated on first use, and typed as unknown (TypeScript cannot infer a type that refers to itself).
      body.push(cyclic ? `const ${schemaName(key)}: z.ZodType<unknown> = z.lazy(() => ${e});` : `const ${schemaName(key)} = ${e};`);
    }
  }
  const helpers = helpersFor(body.join('\n'));
  const imports = [
    /\b__compilePattern\b/.test(helpers.join('\n')) ? 'compilePattern as __compilePattern' : '',
    /\b__formats\b/.test(helpers.join('\n')) ? 'formats as __formats' : '',
  ].filter(Boolean);
  if (imports.length > 0) lines.push(`import { ${imports.join(', ')} } from ${jsonLiteral(runtime)};`);
  lines.push('', ...helpers, ...body);
  const ref = (exportName: string): string => schemaName(plan.exports.get(exportName) as string);
  lines.push('');
  lines.push('/** A zod schema for each named schema of the contract, as written (both directions). */');
  lines.push('export const schemas = {');
  for (const [name, exportName] of plan.schemaExports) lines.push(`  ${propertyKey(name)}: ${ref(exportName)},`);
  lines.push('};');
  lines.push('');
  lines.push(
    '/** zod schemas of each operation: parameters by location, request bodies (as requests carry them) and responses (as responses carry them) by status and media type. */',
  );
  lines.push('export const operations = {');
  for (const [id, k] of plan.operationExports) {
    lines.push(`  ${propertyKey(id)}: {`);
    for (const where of LOCATIONS) {
      const name = k[where];
      if (name) lines.push(`    ${where}: ${ref(name)},`);
    }
    if (k.body)
      lines.push(
        `    body: { ${Object.entries(k.body)
          .map(([t, n]) => `${propertyKey(t)}: ${ref(n)}`)
          .join(', ')} },`,
      );
    lines.push('    responses: {');
    for (const [status, byType] of Object.entries(k.responses))
      lines.push(
        `      ${propertyKey(status)}: { ${Object.entries(byType)
          .map(([t, n]) => `${propertyKey(t)}: ${ref(n)}`)
          .join(', ')} },`,
      );
    lines.push('    },');
    lines.push('  },');
  }
  lines.push('};');
  lines.push('');
  lines.push(`/** The zod schema of the interface's error body. */`);
  lines.push(`export const errorBody = ${plan.exports.has('errorBody') ? ref('errorBody') : 'undefined'};`);
  return lines.join('\n') + '\n';
}

export function generateZod(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const plan = planValidators(model);
  return [{ path: 'zod.ts', content: zodSource(plan, ctx.header('//'), runtimeEntry(ctx, 'validators')) }];
}
