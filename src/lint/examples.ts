/**
 * Checks every example of a contract against its schema with the validators specforge generates
 * (the same Ajv settings, the same `x-specforge-rules` and formats): media type, parameter, header
 * and schema examples. Each problem names the example, what it belongs to and why it fails, at the
 * position of the first failing value in the file that holds it.
 *
 * Schemas are read as JSON Schema defines them (strict level `false`, how specforge reads a contract
 * it did not write) whatever the contract's own strict level: Ajv's strict mode refuses some schemas
 * but validates the ones it accepts exactly as the loose reading does, so the verdict on an example
 * is the same at every level, and a schema the level refuses (a specforge/strict-schemas error) does
 * not stop its examples from being checked.
 */
import { compileSchemaChecks } from '../contract/tables/validators.js';
import { detailsFromAjv } from '../runtime/shared/errors.js';
import { collectExamples } from '../contract/model.js';
import { getAtPointer, parsePointer, joinPointer } from '../contract/pointer.js';
import type { LoadedContract } from '../contract/resolve.js';
import type { SourceFile } from '../contract/source.js';
import { lintedContract, lintedModel } from './contract.js';

export interface ExampleProblem {
  /** The file that holds the example, and the pointer of the failing value inside it. */
  file: SourceFile;
  pointer: string;
  message: string;
}

/** The deepest node of `root` on the way to `pointer` (a missing property points at its object). */
function deepestExisting(root: unknown, pointer: string): string {
  const segments = parsePointer(pointer);
  for (let n = segments.length; n > 0; n--) {
    const candidate = joinPointer('', ...segments.slice(0, n));
    if (getAtPointer(root, candidate).found) return candidate;
  }
  return '';
}

export interface ExampleReport {
  /** How many examples were checked. */
  checked: number;
  /** The ones their schema rejects. */
  problems: ExampleProblem[];
}

/**
 * Every example of the contract (at `entry`, or already loaded) and the ones its schema rejects.
 * Throws the loader's ContractError when the contract cannot be read or bundled.
 */
export function checkExamples(entry: string | LoadedContract): ExampleReport {
  const loaded = typeof entry === 'string' ? lintedContract(entry) : entry;
  const model = lintedModel(loaded);
  const checks = collectExamples(model);
  if (checks.length === 0) return { checked: 0, problems: [] };
  const validators = compileSchemaChecks(
    model,
    checks.map((c) => ({ schema: c.schema, pointer: c.example.pointer })),
    false,
  );
  const problems: ExampleProblem[] = [];
  checks.forEach((check, i) => {
    const validate = validators[i];
    if (!validate || validate(check.example.value)) return;
    // "must match "then" schema" only repeats the error under it.
    const errors = validate.errors ?? [];
    const details = detailsFromAjv('body', errors.some((e) => e.keyword !== 'if') ? errors.filter((e) => e.keyword !== 'if') : errors);
    const first = details[0]?.pointer ?? '';
    const at = deepestExisting(loaded.document, check.example.pointer + (first === '/' ? '' : first));
    const origin = loaded.origin(at);
    const why = details.map((d) => `${d.pointer === '/' || d.pointer === undefined ? 'the value' : d.pointer} ${d.message}`).join('; ');
    problems.push({
      file: origin.file,
      pointer: origin.pointer,
      message: `example "${check.example.name}" of ${check.subject} does not match its schema: ${why}`,
    });
  });
  return { checked: checks.length, problems };
}
