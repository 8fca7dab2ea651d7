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
import type { RuleInfo } from '../report/format.js';

export type DiffLevel = 'breaking' | 'warning' | 'info';

/** The level of the finding a change of each level becomes. */
export const FINDING_LEVEL: Record<DiffLevel, FindingLevel> = { breaking: 'error', warning: 'warning', info: 'info' };

export interface DiffRule {
  id: string;
  level: DiffLevel;
  description: string;
}

export const REQUEST_SCOPES = {
  'request-parameter': 'a request parameter',
  'request-body': 'the request body',
  'request-property': 'a property of the request body (or of an object parameter)',
} as const;

export const RESPONSE_SCOPES = {
  'response-body': 'the response body',
  'response-property': 'a property of the response body',
} as const;

export type RequestScope = keyof typeof REQUEST_SCOPES;
export type ResponseScope = keyof typeof RESPONSE_SCOPES;

/** Checks of a schema that receives values from clients: narrowing is breaking. */
const REQUEST_CHECKS = {
  'type-changed': ['breaking', 'its type no longer accepts every value the old type did'],
  'enum-value-removed': ['breaking', 'a value of its enum (or const) was removed, or an enum now limits it'],
  'max-length-decreased': ['breaking', 'its maxLength was lowered or set'],
  'min-length-increased': ['breaking', 'its minLength was raised or set'],
  'max-decreased': ['breaking', 'its maximum (or exclusiveMaximum) was lowered or set'],
  'min-increased': ['breaking', 'its minimum (or exclusiveMinimum) was raised or set'],
  'max-items-decreased': ['breaking', 'its maxItems was lowered or set'],
  'min-items-increased': ['breaking', 'its minItems was raised or set'],
  'pattern-changed': ['breaking', 'its pattern was added or changed; specforge cannot prove the new pattern accepts every value the old one did'],
  'variant-removed': ['breaking', 'an alternative of its anyOf or oneOf was removed'],
} as const satisfies Record<string, readonly [DiffLevel, string]>;

/** Checks of a schema that sends values to clients: widening is breaking. */
const RESPONSE_CHECKS = {
  'type-changed': ['breaking', 'its type now allows values the old type did not (a type was added, or null)'],
  'enum-value-added': ['breaking', 'a value was added to its enum (or the enum was dropped)'],
  'max-length-increased': ['breaking', 'its maxLength was raised or removed'],
  'min-length-decreased': ['breaking', 'its minLength was lowered or removed'],
  'max-increased': ['breaking', 'its maximum (or exclusiveMaximum) was raised or removed'],
  'min-decreased': ['breaking', 'its minimum (or exclusiveMinimum) was lowered or removed'],
  'max-items-increased': ['breaking', 'its maxItems was raised or removed'],
  'min-items-decreased': ['breaking', 'its minItems was lowered or removed'],
  'pattern-changed': ['warning', 'its pattern was changed or removed; clients that check it may refuse new values'],
  'variant-added': ['breaking', 'an alternative was added to its anyOf or oneOf'],
} as const satisfies Record<string, readonly [DiffLevel, string]>;

export type RequestCheck = keyof typeof REQUEST_CHECKS;
export type ResponseCheck = keyof typeof RESPONSE_CHECKS;

/** Rules about paths, operations, parameters, bodies, responses and security. */
const STRUCTURE_RULES = {
  'api-path-removed': ['breaking', 'a path and all its operations were removed'],
  'api-operation-removed': ['breaking', 'an operation (a method of a path that remains) was removed'],
  'api-path-added': ['info', 'a path was added'],
  'api-operation-added': ['info', 'an operation was added to an existing path'],
  'operation-id-changed': ['warning', 'the operationId changed; generated clients and handlers rename the operation'],
  'operation-deprecated': ['info', 'the operation is now deprecated'],
  'request-parameter-added-required': ['breaking', 'a required parameter was added; requests without it are refused'],
  'request-parameter-became-required': ['breaking', 'an optional parameter became required'],
  'request-parameter-removed': ['warning', 'a parameter was removed; clients that still send it are ignored or refused'],
  'request-parameter-deprecated': ['info', 'a parameter is now deprecated'],
  'request-body-became-required': ['breaking', 'the request body became required, or a required body was added'],
  'request-media-type-removed': ['breaking', 'a media type of the request body is no longer accepted'],
  'new-required-request-property': ['breaking', 'a required property was added to the request body'],
  'request-property-became-required': ['breaking', 'an optional request property became required'],
  'request-property-removed': [
    'warning',
    'a request property was removed; clients that still send it are ignored, or refused when the schema forbids additional properties',
  ],
  'response-status-removed': ['breaking', 'a success (2xx) response status was removed'],
  'response-non-success-status-removed': ['warning', 'a non-success response status was removed'],
  'response-status-added': ['info', 'a response status was added'],
  'response-media-type-removed': ['breaking', 'a media type of a response was removed'],
  'response-header-removed': ['warning', 'an optional response header was removed'],
  'response-required-header-removed': ['breaking', 'a required response header was removed (or became optional)'],
  'response-property-removed': ['warning', 'an optional response property was removed'],
  'response-required-property-removed': ['breaking', 'a required response property was removed'],
  'response-property-became-optional': ['breaking', 'a required response property became optional; clients may not find it'],
  'security-added': ['breaking', 'the operation needed no credentials (or had an anonymous alternative) and now requires them'],
  'security-scheme-added': ['breaking', 'a security scheme was added to an alternative (or an alternative replaced); credentials that sufficed are refused'],
  'security-scope-added': ['breaking', 'a scope was added to a security requirement of the operation'],
  'security-scheme-changed': ['breaking', 'a security scheme changed its type, location, parameter name or HTTP scheme'],
  'spec-added': ['info', 'the contract is new: it does not exist at the base revision'],
} as const satisfies Record<string, readonly [DiffLevel, string]>;

export type StructureRuleId = keyof typeof STRUCTURE_RULES;
export type SchemaRuleId = `${RequestScope}-${RequestCheck}` | `${ResponseScope}-${ResponseCheck}`;
export type DiffRuleId = StructureRuleId | SchemaRuleId;

function table(): DiffRule[] {
  const rules: DiffRule[] = Object.entries(STRUCTURE_RULES).map(([id, [level, description]]) => ({ id, level, description }));
  for (const [scope, what] of Object.entries(REQUEST_SCOPES)) {
    for (const [check, [level, description]] of Object.entries(REQUEST_CHECKS)) {
      rules.push({ id: `${scope}-${check}`, level, description: `${what}: ${description}` });
    }
  }
  for (const [scope, what] of Object.entries(RESPONSE_SCOPES)) {
    for (const [check, [level, description]] of Object.entries(RESPONSE_CHECKS)) {
      rules.push({ id: `${scope}-${check}`, level, description: `${what}: ${description}` });
    }
  }
  return rules;
}

/** Every diff rule: id, level and description, in a fixed order (for docs, SARIF and tests). */
export const DIFF_RULES: readonly DiffRule[] = table();

/** The diff rules as the report formats describe them (SARIF's rule metadata), at finding levels. */
export const DIFF_RULE_INFO: readonly RuleInfo[] = DIFF_RULES.map((r) => ({ id: r.id, description: r.description, level: FINDING_LEVEL[r.level] }));

const BY_ID = new Map(DIFF_RULES.map((r) => [r.id, r]));

export function diffRule(id: DiffRuleId): DiffRule {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`unknown diff rule ${id}`);
  return rule;
}

export function isDiffRuleId(id: string): id is DiffRuleId {
  return BY_ID.has(id);
}
