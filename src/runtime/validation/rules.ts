/**
 * Cross-field rules of `x-specforge-rules` that JSON Schema cannot state: the difference of two
 * numeric fields within bounds, and a field whose value must name an item of a list elsewhere in
 * the same object. Generated validators call `checkRule` through the `specforgeRule` keyword (see
 * ajv.ts); the rule itself is plain JSON printed into the generated code.
 */
import { isRecord } from '../shared/object.js';

/** A rule as compiled into a validator (validated and normalized by the validators generator). */
export type CheckedRule = DifferenceRule | RefersToRule;

interface RuleBase {
  /** The rule applies only when every named field holds one of the listed values. */
  when?: Record<string, unknown[]>;
  /** Values assumed for absent fields (a missing scale counts as 0). */
  defaults?: Record<string, unknown>;
  message: string;
}

/** `left - right` within `[min, max]`; numbers or decimal-integer strings (int64 as JSON strings). */
export interface DifferenceRule extends RuleBase {
  difference: [left: string, right: string];
  min?: number;
  max?: number;
}

/**
 * The value at `refersTo` (a string, or each string of an array) names an item of the array at
 * `in` by its `key` field; that item's fields must hold one of the `where` values and none of the
 * `whereNot` values (item fields absent from the item take `defaults`).
 */
export interface RefersToRule extends RuleBase {
  refersTo: string;
  in: string;
  key: string;
  ignoreCase?: boolean;
  where?: Record<string, unknown[]>;
  whereNot?: Record<string, unknown[]>;
}

/** An own property at a dotted path. */
function at(doc: unknown, path: string): unknown {
  let node = doc;
  for (const key of path.split('.')) {
    if (!isRecord(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

function valueOf(doc: unknown, path: string, defaults: Record<string, unknown> | undefined): unknown {
  const v = at(doc, path);
  return v === undefined && defaults && Object.hasOwn(defaults, path) ? defaults[path] : v;
}

function oneOf(value: unknown, allowed: readonly unknown[]): boolean {
  return allowed.some(
    (a) => a === value || (a !== null && typeof a !== 'object' && value !== null && typeof value !== 'object' && String(a) === String(value)),
  );
}

/** An integer from a JSON number or a decimal-integer string; undefined for anything else. */
function integer(v: unknown): bigint | undefined {
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : undefined;
  if (typeof v === 'string' && /^[+-]?\d{1,30}$/.test(v)) return BigInt(v);
  return undefined;
}

function applies(rule: RuleBase, data: Record<string, unknown>): boolean {
  for (const [field, values] of Object.entries(rule.when ?? {})) {
    if (!oneOf(valueOf(data, field, rule.defaults), values)) return false;
  }
  return true;
}

function checkDifference(rule: DifferenceRule, data: Record<string, unknown>): boolean {
  const [l, r] = rule.difference;
  const left = integer(valueOf(data, l, rule.defaults));
  const right = integer(valueOf(data, r, rule.defaults));
  // Absent or malformed operands are for `required`, `type` and `pattern` to report.
  if (left === undefined || right === undefined) return true;
  const d = left - right;
  if (rule.min !== undefined && d < BigInt(rule.min)) return false;
  if (rule.max !== undefined && d > BigInt(rule.max)) return false;
  return true;
}

function checkRefersTo(rule: RefersToRule, data: Record<string, unknown>): boolean {
  const raw = at(data, rule.refersTo);
  const list = at(data, rule.in);
  if (raw === undefined || !Array.isArray(list)) return true;
  const names = Array.isArray(raw) ? raw : [raw];
  const norm = (v: unknown): string => (rule.ignoreCase ? String(v).toLowerCase() : String(v));
  for (const name of names) {
    if (typeof name !== 'string') continue;
    const item = list.find((i) => isRecord(i) && i[rule.key] !== undefined && norm(i[rule.key]) === norm(name));
    if (!isRecord(item)) return false;
    for (const [field, values] of Object.entries(rule.where ?? {})) {
      if (!oneOf(valueOf(item, field, rule.defaults), values)) return false;
    }
    for (const [field, values] of Object.entries(rule.whereNot ?? {})) {
      if (oneOf(valueOf(item, field, rule.defaults), values)) return false;
    }
  }
  return true;
}

/** True when `data` satisfies `rule` (or the rule does not apply to it). */
export function checkRule(data: unknown, rule: CheckedRule): boolean {
  if (!isRecord(data) || !applies(rule, data)) return true;
  if ('difference' in rule) return checkDifference(rule, data);
  return checkRefersTo(rule, data);
}

/** The closest alternatives of a failed union (called by generated validators; see closest.ts). */
export { closestAlternatives } from './closest.js';
