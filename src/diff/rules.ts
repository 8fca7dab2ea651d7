/**
 * The catalogue of breaking-change rules: stable kebab-case ids in oasdiff's style, each with a level.
 * The principle behind the levels: a change breaks clients when it narrows what a request accepts
 * (a client that sent a valid request before is refused now) or widens what a response may contain
 * (a client that understood every response before meets one it does not expect).
 *
 * Schema checks come in families applied at several places of an operation: request parameters,
 * the request body and its properties, the response body and its properties. Their ids are
 * `<scope>-<check>`, e.g. `request-property-max-length-decreased`.
 */
import type { FindingLevel } from '../report/findings.js';
import { docsUrl, SOURCE_DOCS, type RuleInfo } from '../report/format.js';
import { STRUCTURE_RULES, type StructureRuleId } from './structure-rules.js';

export type { DiffLevel } from './structure-rules.js';
import type { DiffLevel } from './structure-rules.js';

/** The level of the finding a change of each level becomes. */
export const FINDING_LEVEL: Record<DiffLevel, FindingLevel> = { breaking: 'error', warning: 'warning', info: 'info' };

export interface DiffRule {
  id: string;
  level: DiffLevel;
  description: string;
  /** A change the rule reports, for the rule table of docs/reference/diff.md. */
  example: string;
}

export const REQUEST_SCOPES = {
  'request-parameter': 'a request parameter',
  'request-body': 'the request body',
  'request-property': 'a property of the request body (or of an object parameter)',
  'request-stream-item': 'each item of a request stream (OpenAPI 3.2 `itemSchema`), or a property of it',
} as const;

export const RESPONSE_SCOPES = {
  'response-body': 'the response body',
  'response-property': 'a property of the response body',
  'response-header': 'a response header',
  'webhook-body': 'the payload of a webhook (sent to subscribers)',
  'webhook-property': 'a property of a webhook payload',
  'response-stream-item': 'each item of a response stream (OpenAPI 3.2 `itemSchema`), or a property of it',
} as const;

export type RequestScope = keyof typeof REQUEST_SCOPES;
export type ResponseScope = keyof typeof RESPONSE_SCOPES;

/** Checks of a schema that receives values from clients: narrowing is breaking. */
export const REQUEST_CHECKS = {
  'type-changed': ['breaking', 'its type no longer accepts every value the old type did', '`type: [string, integer]` became `type: string`'],
  'enum-value-removed': ['breaking', 'a value of its enum (or const) was removed, or an enum now limits it', '`enum: [asc, desc]` became `enum: [asc]`'],
  'max-length-decreased': ['breaking', 'its maxLength was lowered or set', '`maxLength: 100` became `50`'],
  'min-length-increased': ['breaking', 'its minLength was raised or set', '`minLength: 1` became `3`'],
  'max-decreased': ['breaking', 'its maximum (or exclusiveMaximum) was lowered or set', '`maximum: 100` became `50`'],
  'min-increased': ['breaking', 'its minimum (or exclusiveMinimum) was raised or set', '`minimum: 0` became `1`'],
  'max-items-decreased': ['breaking', 'its maxItems was lowered or set', '`maxItems: 50` became `10`'],
  'min-items-increased': ['breaking', 'its minItems was raised or set', '`minItems: 1` set'],
  'pattern-changed': [
    'breaking',
    'its pattern was added or changed; specforge cannot prove the new pattern accepts every value the old one did',
    "`pattern: '^[a-z]+$'` set",
  ],
  'variant-removed': ['breaking', 'an alternative of its anyOf or oneOf was removed', '`oneOf: [Card, Bank]` became `oneOf: [Card]`'],
  'format-changed': ['breaking', 'its format was added or changed; values of the old format may be refused', '`format: date-time` became `format: date`'],
  'additional-properties-restricted': [
    'breaking',
    '`additionalProperties: false` was set; properties it does not list are refused',
    '`additionalProperties: false` added to an open object',
  ],
  'discriminator-changed': [
    'breaking',
    'its discriminator reads another property, or a mapping value (or the 3.2 `defaultMapping`) was removed or now names another schema',
    '`discriminator.propertyName: kind` became `type`',
  ],
  'enum-value-added': ['info', 'a value was added to its enum (it accepts more)', '`enum: [asc]` became `enum: [asc, desc]`'],
} as const satisfies Record<string, readonly [DiffLevel, string, string]>;

/** Checks of a schema that sends values to clients: widening is breaking. */
export const RESPONSE_CHECKS = {
  'type-changed': ['breaking', 'its type now allows values the old type did not (a type was added, or null)', '`type: string` became `type: [string, null]`'],
  'enum-value-added': ['breaking', 'a value was added to its enum (or the enum was dropped)', '`enum: [active, closed]` gained `frozen`'],
  'max-length-increased': ['breaking', 'its maxLength was raised or removed', '`maxLength: 50` became `100`'],
  'min-length-decreased': ['breaking', 'its minLength was lowered or removed', '`minLength: 3` removed'],
  'max-increased': ['breaking', 'its maximum (or exclusiveMaximum) was raised or removed', '`maximum: 100` removed'],
  'min-decreased': ['breaking', 'its minimum (or exclusiveMinimum) was lowered or removed', '`minimum: 1` became `0`'],
  'max-items-increased': ['breaking', 'its maxItems was raised or removed', '`maxItems: 10` became `50`'],
  'min-items-decreased': ['breaking', 'its minItems was lowered or removed', '`minItems: 1` removed'],
  'pattern-changed': ['warning', 'its pattern was changed or removed; clients that check it may refuse new values', "`pattern: '^[0-9]+$'` removed"],
  'variant-added': ['breaking', 'an alternative was added to its anyOf or oneOf', '`oneOf: [Card]` became `oneOf: [Card, Bank]`'],
  'format-changed': ['warning', 'its format was changed or removed; clients that parse values by format may fail', '`format: date-time` became `format: date`'],
  'discriminator-changed': [
    'breaking',
    'its discriminator reads another property, a mapping value now names another schema, or a 3.2 `defaultMapping` was added or changed; clients dispatch on it',
    '`mapping.card` moved from `Card` to `CardV2`',
  ],
  'enum-value-removed': ['info', 'a value was removed from its enum (it sends fewer)', '`enum: [active, closed]` became `enum: [active]`'],
  'extensible-enum-value-added': [
    'info',
    'a value was added to its `x-extensible-enum` (clients are expected to accept values they do not know)',
    '`x-extensible-enum: [active, closed]` gained `frozen`',
  ],
} as const satisfies Record<string, readonly [DiffLevel, string, string]>;

/** Rules of schemas that are not families over scopes: properties added, readOnly and writeOnly moves, defaults. */
export const SCHEMA_RULES = {
  'request-property-added': ['info', 'an optional property was added to the request body', 'optional request property `nickname` added'],
  'response-property-added': ['info', 'a property was added to the response body', 'response property `createdAt` added'],
  'request-property-became-read-only': [
    'warning',
    'a request property became readOnly; clients that send it are ignored (or refused by servers that forbid readOnly input)',
    '`readOnly: true` set on request property `id`',
  ],
  'response-property-became-write-only': [
    'breaking',
    'a response property became writeOnly; clients no longer receive it',
    '`writeOnly: true` set on response property `secret`',
  ],
  'request-property-default-changed': [
    'warning',
    'the default of a request property changed, was added or removed; clients that omit it get another behaviour',
    '`default: 20` became `default: 50`',
  ],
} as const satisfies Record<string, readonly [DiffLevel, string, string]>;

export type SchemaFixedRuleId = keyof typeof SCHEMA_RULES;

export type RequestCheck = keyof typeof REQUEST_CHECKS;
export type ResponseCheck = keyof typeof RESPONSE_CHECKS;

export type SchemaRuleId = `${RequestScope}-${RequestCheck}` | `${ResponseScope}-${ResponseCheck}`;
export type DiffRuleId = StructureRuleId | SchemaFixedRuleId | SchemaRuleId;

function table(): DiffRule[] {
  const rules: DiffRule[] = [...Object.entries(STRUCTURE_RULES), ...Object.entries(SCHEMA_RULES)].map(([id, [level, description, example]]) => ({
    id,
    level,
    description,
    example,
  }));
  for (const [scope, what] of Object.entries(REQUEST_SCOPES)) {
    for (const [check, [level, description, example]] of Object.entries(REQUEST_CHECKS)) {
      rules.push({ id: `${scope}-${check}`, level, description: `${what}: ${description}`, example });
    }
  }
  for (const [scope, what] of Object.entries(RESPONSE_SCOPES)) {
    for (const [check, [level, description, example]] of Object.entries(RESPONSE_CHECKS)) {
      rules.push({ id: `${scope}-${check}`, level, description: `${what}: ${description}`, example });
    }
  }
  return rules;
}

/** Every diff rule: id, level and description, in a fixed order (for docs, SARIF and tests). */
export const DIFF_RULES: readonly DiffRule[] = table();

/** The diff rules as the report formats describe them (SARIF's rule metadata), at finding levels. */
export const DIFF_RULE_INFO: readonly RuleInfo[] = DIFF_RULES.map((r) => ({
  id: r.id,
  description: r.description,
  fullDescription: `${r.description[0]?.toUpperCase() ?? ''}${r.description.slice(1)} (${r.level}). Example: ${r.example.replace(/`/g, '')}.`,
  level: FINDING_LEVEL[r.level],
  helpUri: docsUrl(SOURCE_DOCS.diff),
}));

const BY_ID = new Map(DIFF_RULES.map((r) => [r.id, r]));

export function diffRule(id: DiffRuleId): DiffRule {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`unknown diff rule ${id}`);
  return rule;
}

export function isDiffRuleId(id: string): id is DiffRuleId {
  return BY_ID.has(id);
}
