/**
 * The data a run's requests are built on, judged by the contract's own validators: an operation's
 * parameter values and request body from its examples, an example the validators refuse replaced by
 * a value sampled from the schema (and reported once as the contract's defect, through `broken`).
 */
import type { ExampleModel, JsonSchema, OperationModel, ParameterModel } from '../contract/model.js';
import type { CompiledValidators } from '../contract/tables/validators.js';
import { flaggedProperties, onlyMissing } from './checks.js';
import { requestMedia, sampledBodyValue, sampledParameterValue, withoutReadOnly } from './requests.js';

/** What judging example data needs of the run's state (exchange.ts, RunContext). */
export interface ExampleJudge {
  readonly validators: CompiledValidators;
  readonly resolve: (ref: string) => JsonSchema | undefined;
}

/** Reports an example of the contract that breaks its own schema (exchange.ts, exampleFinding). */
export type BrokenExample = (op: OperationModel, example: ExampleModel, what: string, where: 'body' | 'parameter') => void;

/** The request body's media type of an operation, with its schema and examples. */
export type BodyMedia = NonNullable<ReturnType<typeof requestMedia>>;

/**
 * Parameter values of the example request, by parameter: each parameter's first example, unless
 * the contract's own validators refuse it (then a value sampled from its schema, and the example
 * reported once as the contract's defect).
 */
export function exampleValues(judge: ExampleJudge, op: OperationModel, broken: BrokenExample): Map<ParameterModel, unknown> {
  const values = new Map<ParameterModel, unknown>();
  const sampled = new Map<ParameterModel, unknown>();
  for (const p of op.parameters) {
    if (!p.required && p.examples.length === 0) continue;
    sampled.set(p, sampledParameterValue(p, judge.resolve, judge.validators.operationValidators[op.id]));
    values.set(p, p.examples.length > 0 ? p.examples[0]?.value : sampled.get(p));
  }
  if (paramsValid(judge, op, values) || !paramsValid(judge, op, sampled)) return values;
  // Each example judged on its own, among values sampled for the others.
  for (const p of op.parameters) {
    const example = p.examples[0];
    if (!example || (p.in !== 'path' && p.in !== 'query' && p.in !== 'querystring')) continue;
    if (paramsValid(judge, op, new Map(sampled).set(p, example.value))) continue;
    broken(op, example, `the example of ${p.in} parameter ${p.name}`, 'parameter');
    values.set(p, sampled.get(p));
  }
  return values;
}

/**
 * The body requests of the operation are built on: its first request example the contract's own
 * validators accept (each one they refuse reported once as the contract's defect, never sent as
 * valid data), else a value sampled from the schema. `valid` says whether the validators accept it
 * (negative cases are built only on a valid base).
 */
export function exampleBody(
  judge: ExampleJudge,
  op: OperationModel,
  broken: BrokenExample,
): { media: BodyMedia; value: unknown; name: string; valid: boolean } | undefined {
  const media = requestMedia(op);
  if (!op.requestBody || !media) return undefined;
  for (const example of media.examples) {
    const value = withoutReadOnly(example.value, media.schema, judge.resolve);
    if (bodyValid(judge, op, media.type, value) !== false) return { media, value, name: example.name, valid: true };
    broken(op, example, `request example "${example.name}"`, 'body');
  }
  const value = withoutReadOnly(sampledBodyValue(op, media, judge.resolve, judge.validators), media.schema, judge.resolve);
  return { media, value, name: 'sampled', valid: bodyValid(judge, op, media.type, value) !== false };
}

/** Request examples of the operation's body that its validators accept, in order (the broken ones reported). */
export function validBodyExamples(judge: ExampleJudge, op: OperationModel, broken: BrokenExample): Array<{ media: BodyMedia; value: unknown; name: string }> {
  const media = requestMedia(op);
  if (!op.requestBody || !media) return [];
  const out: Array<{ media: BodyMedia; value: unknown; name: string }> = [];
  for (const example of media.examples) {
    const value = withoutReadOnly(example.value, media.schema, judge.resolve);
    if (bodyValid(judge, op, media.type, value) !== false) out.push({ media, value, name: example.name });
    else broken(op, example, `request example "${example.name}"`, 'body');
  }
  return out;
}

/** Whether parameter values pass the operation's validators (path and query; headers and cookies by construction). */
export function paramsValid(judge: ExampleJudge, op: OperationModel, values: ReadonlyMap<ParameterModel, unknown>): boolean {
  const v = judge.validators.operationValidators[op.id];
  for (const where of ['path', 'query'] as const) {
    const fn = v?.[where];
    if (!fn) continue;
    let obj: Record<string, unknown> = {};
    for (const [p, value] of values) if (p.in === where && value !== undefined) obj[p.name] = value;
    // OpenAPI 3.2: a querystring parameter's value is the whole query string (none: not validated).
    const whole = where === 'query' ? op.parameters.find((p) => p.in === 'querystring') : undefined;
    if (whole !== undefined) {
      if (!values.has(whole) || values.get(whole) === undefined) {
        if (whole.required) return false;
        continue;
      }
      obj = values.get(whole) as Record<string, unknown>;
    }
    if (!fn(obj)) return false;
  }
  return true;
}

/** Whether a request body passes the operation's validators; a readOnly property, required or not, is not demanded of a request. */
export function bodyValid(judge: ExampleJudge, op: OperationModel, mediaType: string, value: unknown): boolean | undefined {
  const fn = judge.validators.operationValidators[op.id]?.body?.[mediaType];
  if (!fn) return undefined;
  if (fn(value)) return true;
  const media = op.requestBody?.content.find((c) => c.type === mediaType);
  return onlyMissing(fn.errors, flaggedProperties(media?.schema, judge.resolve, 'readOnly'));
}
