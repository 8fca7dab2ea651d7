/**
 * What each rule of the built-in lint ruleset finds: one catalogue for the rule tables of
 * docs/reference/lint-rules.md (rule-table.ts) and for SARIF's rule metadata (short and full
 * description, help text with a link to that page, and the level its results use). Levels are never
 * written here: they are read from the ruleset (ruleset.ts) as Redocly resolves it, so the docs,
 * SARIF and the findings agree.
 */
import { createConfig, type Config, type RawUniversalConfig, type RuleConfig } from '@redocly/openapi-core';
import type { Finding, FindingLevel } from '../report/findings.js';
import { docsUrl, SOURCE_DOCS, type DocSection, type RuleInfo } from '../report/format.js';
import { SPECFORGE_RULESET } from './ruleset.js';

export interface RuleDoc {
  /** What the rule finds, in one sentence: SARIF's short description. */
  summary: string;
  /** More: what counts, where it is reported, how its level can differ. */
  details?: string;
}

/** The documentation section that lists the lint rules (docs/reference/lint-rules.md). */
export const LINT_RULES_DOC: DocSection = SOURCE_DOCS.lint;

/** specforge's house rules (plugin.ts). */
export const HOUSE_RULE_DOCS: Record<string, RuleDoc> = {
  'specforge/valid-examples': {
    summary: 'An example that its own schema rejects.',
    details:
      'Every example (media type, parameter, header and schema examples, inline or in components) is checked with the validators specforge generates, its schema read as JSON Schema defines it whatever the strict level; reported at the failing value, naming the example and why.',
  },
  'specforge/strict-schemas': {
    summary: "A schema Ajv's strict mode refuses although it is valid JSON Schema.",
    details:
      'A keyword without its `type`, an unknown or ignored keyword, an unbounded tuple: a warning, and an error where the contract\'s `strict` level refuses it (generation would fail).',
  },
  'specforge/safe-patterns': {
    summary: 'A `pattern` whose backtracking is super-linear.',
    details:
      "specforge's validators run it in linear time, but clients and tools with a backtracking engine can be stalled by one value: a warning. A pattern specforge refuses to run (SPECFORGE_UNSAFE_PATTERN) is an error.",
  },
  'specforge/security-defined': {
    summary: 'An operation that states no security requirements (nor does the root), or a requirement naming an undeclared scheme.',
    details: 'No requirements is valid OpenAPI (none are declared): a warning; write `security: []` for an operation that needs none. A requirement naming no declared scheme is a broken reference: an error.',
  },
  'specforge/no-ambiguous-paths': {
    summary: 'Two paths that the same request could match (`/{a}/items` and `/pets/{b}`).',
    details:
      "Redocly's `no-ambiguous-paths` without comparing each path with every earlier one: the earlier paths are kept in a trie, so a contract's paths cost a few steps each. Reported at the later path, naming the earliest it collides with; past 5,000,000 steps (a contract built to be slow) it reports once where it stopped.",
  },
  'specforge/operation-operationid': {
    summary: 'An operation without an operationId.',
    details: "The operationId names the operation's handler, validators and client method; without one specforge makes one up from the method and path.",
  },
  'specforge/operation-summary': { summary: 'An operation without a summary.', details: "Docs and generated code use the summary as the operation's title." },
  'specforge/operation-success-response': {
    summary: 'An operation that declares no 2xx response.',
    details: 'An operation whose success is a redirect may declare a 3xx with a `Location` header instead.',
  },
  'specforge/operation-error-response': {
    summary: "An operation that declares no 4xx response, or none in the error schema x-specforge-error declares.",
    details: 'A HEAD operation only needs the 4xx, since a response to HEAD has no body. A contract with operations and no x-specforge-error is reported once, at its root.',
  },
  'specforge/operation-undeclared-status': {
    summary: 'A status the generated server or its stateful mock answers on its own that the operation does not declare.',
    details:
      '`400` for parameters or a body that can fail, `401`/`403` for credentials, `413`/`415` for a body, `500` always, the stateful mock\'s `409` and `404` (the table in "What is generated"); declared exactly, by its range (`4XX`) or by `default`; one finding per operation at its `responses`, naming each status and why.',
  },
  'specforge/operation-tags': { summary: 'An operation without tags, a tag the root does not declare, or a declared tag no operation uses.', details: 'Docs group operations by tag.' },
  'specforge/descriptions': {
    summary: 'Info, a tag, an operation, a parameter, a response, a component schema or a security scheme without a description.',
    details: 'The option `skip: [parameter, …]` leaves kinds out.',
  },
  'specforge/no-unused-components': {
    summary: 'A component that nothing uses.',
    details:
      'Components of every file the contract reaches count; a schema named by `x-specforge-error`, `x-specforge-cli` or `x-specforge-base64-json`, or by a `$ref` inside any extension (`x-webhooks`), is used; a security scheme is used when a requirement names it.',
  },
};

/** Redocly's built-in rules that the ruleset keeps on. */
export const REDOCLY_RULE_DOCS: Record<string, RuleDoc> = {
  struct: { summary: 'A document that breaks the structure OpenAPI requires.', details: 'A wrong type, a missing required field, a field not allowed where it stands. Extension (`x-`) values are never checked: they are opaque.' },
  'no-unresolved-refs': { summary: 'A `$ref` that points at nothing.' },
  'no-enum-type-mismatch': { summary: 'An `enum` value that is not of the schema\'s `type`.', details: 'No value of that type can ever be it.' },
  'no-example-value-and-externalValue': { summary: 'An example with both `value` and `externalValue`.', details: 'OpenAPI allows one or the other.' },
  'no-identical-paths': { summary: 'Two paths that are the same but for the names of their parameters.', details: 'No request could tell them apart.' },
  'no-schema-type-mismatch': { summary: 'A schema of `type: object` with `items`, or of `type: array` with `properties`.' },
  'no-server-trailing-slash': { summary: 'A server URL that ends with a slash.', details: 'Paths start with one: the request URL would hold `//`.' },
  'no-server-variables-empty-enum': { summary: 'A server variable whose `enum` is empty.', details: 'No value could be chosen.' },
  'no-undefined-server-variable': { summary: 'A `{variable}` in a server URL that the server does not define.' },
  'nullable-type-sibling': { summary: 'OpenAPI 3.0: `nullable` without a `type` beside it.', details: 'OpenAPI 3.0 defines `nullable` only next to `type`.' },
  'operation-operationId-unique': { summary: 'Two operations with the same operationId.', details: 'OpenAPI requires operationIds to be unique; specforge names handlers by them.' },
  'operation-parameters-unique': { summary: 'An operation that declares one parameter (name and location) twice.' },
  'path-declaration-must-exist': { summary: 'A path with an empty parameter, `{}`.' },
  'path-not-include-query': { summary: 'A path that holds a query string.', details: 'Query parameters are declared as parameters.' },
  'path-parameters-defined': { summary: 'A path template parameter no path parameter declares, or a path parameter the template lacks.' },
  'spec-components-invalid-map-name': { summary: 'A component name with characters OpenAPI does not allow.', details: 'Names match `^[a-zA-Z0-9.\\-_]+$`.' },
  'info-license': { summary: 'A contract without a license in `info`.' },
  'info-license-strict': { summary: 'A license without a `url` (or, in OpenAPI 3.1, an `identifier`).' },
  'no-duplicated-enum-values': { summary: 'An `enum` that lists a value twice.' },
  'no-duplicated-tag-names': { summary: 'A tag declared twice in the root `tags`.' },
  'no-empty-servers': { summary: 'A contract that declares no servers.', details: 'OpenAPI then takes `/`. A contract that only describes a command line (`x-specforge-cli`) needs none.' },
  'no-illogical-composition-keywords': { summary: 'An `allOf`, `anyOf` or `oneOf` that makes no sense as written.', details: 'One member where composition needs more, empty or duplicated members.' },
  'no-mixed-number-range-constraints': { summary: 'OpenAPI 3.1: a schema with both `minimum` and `exclusiveMinimum` (or both maxima).' },
  'no-path-trailing-slash': { summary: 'A path that ends with a slash.' },
  'no-required-schema-properties-undefined': { summary: 'A property listed in `required` that the schema does not define.' },
  'no-server-example.com': { summary: 'A server URL on example.com.' },
  'no-unsafe-markdown': { summary: 'A description with a `<script>` tag, an HTML event handler or a `javascript:` URL.' },
  'operation-operationId-url-safe': { summary: 'An operationId with characters a URL would escape.' },
  'security-scopes-defined': { summary: 'A scope in a security requirement that its OAuth2 scheme does not define.' },
  'spec-ref-siblings': { summary: 'Keys beside a `$ref` where OpenAPI ignores them.' },
};

/** Every documented rule. */
export const LINT_RULE_DOCS: Record<string, RuleDoc> = { ...HOUSE_RULE_DOCS, ...REDOCLY_RULE_DOCS };

/** The spec versions specforge lints (OpenAPI 3.0 and 3.1, and Swagger 2.0 on the file itself). */
const VERSIONS = ['oas3_0', 'oas3_1', 'oas2'] as const;
export type LintedVersion = (typeof VERSIONS)[number];

function severityOf(setting: RuleConfig | undefined): FindingLevel | undefined {
  const severity = typeof setting === 'string' ? setting : setting && typeof setting === 'object' && 'severity' in setting ? setting.severity : undefined;
  return severity === 'error' ? 'error' : severity === 'warn' ? 'warning' : undefined;
}

/** The rules a config turns on for a spec version, at their levels (`off` ones left out). */
export function ruleLevels(config: Config, version: LintedVersion): Map<string, FindingLevel> {
  const levels = new Map<string, FindingLevel>();
  for (const [id, setting] of Object.entries(config.rules[version] ?? {})) {
    const level = severityOf(setting);
    if (level) levels.set(id, level);
  }
  return levels;
}

/** The rules a ruleset (the built-in one unless given) turns on for any version, at their levels (the tables of docs/reference/lint-rules.md). */
export async function builtInRuleLevels(ruleset: RawUniversalConfig = SPECFORGE_RULESET): Promise<Map<string, FindingLevel>> {
  const config = await createConfig(ruleset);
  const levels = new Map<string, FindingLevel>();
  for (const version of VERSIONS) for (const [id, level] of ruleLevels(config, version)) if (!levels.has(id)) levels.set(id, level);
  return levels;
}

function ruleInfo(id: string, level: FindingLevel | undefined): RuleInfo {
  const doc = LINT_RULE_DOCS[id];
  const info: RuleInfo = { id, description: doc?.summary ?? id, helpUri: docsUrl(LINT_RULES_DOC) };
  if (doc?.details) info.fullDescription = `${doc.summary} ${doc.details}`;
  if (level) info.level = level;
  return info;
}

/**
 * SARIF's rule metadata of a lint run: every rule its configs turn on (`levels`, merged over the
 * contracts linted) and every rule that reported. A rule's level is its configured one, unless all
 * of its results in this run share another (strict-schemas at `strict: true`: errors).
 */
export function lintRuleInfo(levels: ReadonlyMap<string, FindingLevel>, findings: readonly Finding[]): RuleInfo[] {
  const reported = new Map<string, Set<FindingLevel>>();
  for (const f of findings) {
    const set = reported.get(f.rule) ?? new Set<FindingLevel>();
    set.add(f.level);
    reported.set(f.rule, set);
  }
  const ids = [...new Set([...levels.keys(), ...reported.keys()])];
  return ids.map((id) => {
    const seen = reported.get(id);
    const only = seen && seen.size === 1 ? [...seen][0] : undefined;
    return ruleInfo(id, only ?? levels.get(id));
  });
}
