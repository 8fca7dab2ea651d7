/**
 * `x-specforge-rules` compiled into JSON Schema for the validator plan: compare rules as Ajv $data
 * references, difference and refersTo rules as the `specforgeRule` keyword.
 */
import type { ContractModel, JsonSchema } from '../model.js';
import { ContractError } from '../errors.js';
import { escapeSegment, isRecord } from '../pointer.js';
import { RULE_KEYWORD } from '../../runtime/validation/ajv.js';

const COMPARE_KEYWORDS: Record<string, string> = { '>': 'exclusiveMinimum', '>=': 'minimum', '<': 'exclusiveMaximum', '<=': 'maximum' };

const RULE_SHAPES =
  'an x-specforge-rules entry needs compare: [field, >|>=|<|<=, field], difference: [field, field] with min and/or max, or refersTo: field with in: and key:';

function isStringList(v: unknown, length?: number): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') && (length === undefined || v.length === length);
}

function isValueLists(v: unknown): v is Record<string, unknown[]> {
  return isRecord(v) && Object.values(v).every(Array.isArray);
}

/**
 * `x-specforge-rules` as JSON Schema. A compare rule becomes Ajv's $data references:
 * `{ compare: [L, '>', R], unless: { L: [-1] } }` holds when both are present and L is not one of
 * the `unless` values. Difference and refersTo rules become the `specforgeRule` keyword, checked at
 * run time by `checkRule` (src/runtime/validation/rules.ts).
 */
export function compileRules(raw: unknown, at: string, model: ContractModel): JsonSchema[] {
  if (!Array.isArray(raw)) throw ContractError.single('SPECFORGE_EXTENSION', 'x-specforge-rules must be a list', model.loaded.locate(at));
  return raw.map((rule, i) => {
    const where = `${at}/x-specforge-rules/${i}`;
    const fail = (message: string): ContractError => ContractError.single('SPECFORGE_EXTENSION', message, model.loaded.locate(where));
    if (!isRecord(rule)) throw fail(RULE_SHAPES);
    if (rule['compare'] !== undefined) return compareRule(rule, fail);
    const common: Record<string, unknown> = { message: typeof rule['message'] === 'string' ? rule['message'] : 'breaks a rule of the contract' };
    for (const key of ['when', 'where', 'whereNot'] as const) {
      if (rule[key] === undefined) continue;
      if (!isValueLists(rule[key])) throw fail(`x-specforge-rules ${key} must map field names to lists of values`);
      common[key] = rule[key];
    }
    if (rule['defaults'] !== undefined) {
      if (!isRecord(rule['defaults'])) throw fail('x-specforge-rules defaults must map field names to values');
      common['defaults'] = rule['defaults'];
    }
    if (rule['difference'] !== undefined) {
      const bounds = ['min', 'max'].filter((k) => rule[k] !== undefined);
      if (!isStringList(rule['difference'], 2) || bounds.length === 0 || bounds.some((k) => !Number.isInteger(rule[k]))) throw fail(RULE_SHAPES);
      const out: Record<string, unknown> = { difference: rule['difference'], ...common };
      for (const k of bounds) out[k] = rule[k];
      return { [RULE_KEYWORD]: out };
    }
    if (typeof rule['refersTo'] === 'string' && typeof rule['in'] === 'string' && typeof rule['key'] === 'string') {
      const out: Record<string, unknown> = { refersTo: rule['refersTo'], in: rule['in'], key: rule['key'], ...common };
      if (rule['ignoreCase'] === true) out['ignoreCase'] = true;
      return { [RULE_KEYWORD]: out };
    }
    throw fail(RULE_SHAPES);
  });
}

function compareRule(rule: Record<string, unknown>, fail: (message: string) => ContractError): JsonSchema {
  const compare = rule['compare'];
  if (
    !Array.isArray(compare) ||
    compare.length !== 3 ||
    typeof compare[0] !== 'string' ||
    typeof compare[2] !== 'string' ||
    !(String(compare[1]) in COMPARE_KEYWORDS)
  ) {
    throw fail(RULE_SHAPES);
  }
  const [left, op, right] = compare as [string, string, string];
  const unless = isRecord(rule['unless']) && Array.isArray(rule['unless'][left]) ? (rule['unless'][left] as unknown[]) : [];
  const condition: Record<string, unknown> = { type: 'object', required: [left, right] };
  if (unless.length > 0) condition['properties'] = { [left]: { not: { enum: unless } } };
  const keyword = COMPARE_KEYWORDS[op] as string;
  return {
    if: condition,
    then: { type: 'object', properties: { [left]: { type: 'number', [keyword]: { $data: `1/${escapeSegment(right)}` } } } },
  };
}
