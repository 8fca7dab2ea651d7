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
  /** The problem of `value` (at `pointer`) against the check's validator, if any. */
  const judge = (validate: (typeof validators)[number] | undefined, value: unknown, pointer: string, what: string): ExampleProblem | undefined => {
    if (!validate || validate(value)) return undefined;
    // "must match "then" schema" only repeats the error under it.
    const errors = validate.errors ?? [];
    const details = detailsFromAjv('body', errors.some((e) => e.keyword !== 'if') ? errors.filter((e) => e.keyword !== 'if') : errors);
    const first = details[0]?.pointer ?? '';
    const at = deepestExisting(loaded.document, pointer + (first === '/' ? '' : first));
    const origin = loaded.origin(at);
    const why = details.map((d) => `${d.pointer === '/' || d.pointer === undefined ? 'the value' : d.pointer} ${d.message}`).join('; ');
    return { file: origin.file, pointer: origin.pointer, message: `${what} does not match its schema: ${why}` };
  };
  checks.forEach((check, i) => {
    const { example } = check;
    const subject = `example "${example.name}" of ${check.subject}`;
    const problem = judge(
      validators[i],
      example.value,
      example.pointer,
      example.serialized?.pointer === example.pointer ? `the serializedValue of ${subject}` : subject,
    );
    if (problem) problems.push(problem);
    // OpenAPI 3.2: a serializedValue beside a dataValue is read back as it travels, checked, and must be that data.
    const serialized = example.serialized;
    if (problem || serialized === undefined || serialized.pointer === example.pointer) return;
    const readBack = judge(validators[i], serialized.data, serialized.pointer, `the serializedValue of ${subject}`);
    if (readBack) problems.push(readBack);
    else if (!sameData(example.value, serialized.data)) {
      const origin = loaded.origin(serialized.pointer);
      problems.push({
        file: origin.file,
        pointer: origin.pointer,
        message: `the serializedValue of ${subject} reads as ${preview(serialized.data)}, not its dataValue ${preview(example.value)}`,
      });
    }
  });
  return { checked: checks.length, problems };
}

/** Whether two JSON values are the same data (object keys in any order). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameData(v, b[i]));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A value as JSON for a message, cut at 120 characters. */
function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
