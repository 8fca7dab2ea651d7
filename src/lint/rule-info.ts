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
import { SPECFORGE_RULESET, STYLE_RULES } from './ruleset.js';

export interface RuleDoc {
  /** What the rule finds, in one sentence: SARIF's short description. */
  summary: string;
  /** More: what counts, where it is reported, how its level can differ. */
  details?: string;
  /**
   * Why it matters: for a rule on by default, what goes wrong for the API's users or in what
   * specforge generates, serves or sends when the finding stays; for a style rule, what it is for.
   */
  why: string;
}

/** The documentation section that lists the lint rules (docs/reference/lint-rules.md). */
export const LINT_RULES_DOC: DocSection = SOURCE_DOCS.lint;

/** specforge's house rules (plugin.ts). */
export const HOUSE_RULE_DOCS: Record<string, RuleDoc> = {
  'specforge/valid-examples': {
    summary: 'An example that its own schema rejects.',
    details:
      'Every example (media type, parameter, header and schema examples, inline or in components) is checked with the validators specforge generates, its schema read as JSON Schema defines it whatever the strict level; reported at the failing value, naming the example and why. An OpenAPI 3.2 `serializedValue` is read back as it travels (for a parameter by its style and explode or its media type, for a querystring as the whole query string, for a media type as its text), checked the same way, and must be the `dataValue` beside it.',
    why: 'Docs show examples, the mock answers them and `specforge test` sends them: one its own schema refuses teaches users a request the API rejects, or a response it never gives.',
  },
  'specforge/strict-schemas': {
    summary: "A schema Ajv's strict mode refuses although it is valid JSON Schema.",
    details:
      "A keyword without its `type`, an unknown or ignored keyword, an unbounded tuple: a warning, and an error where the contract's `strict` level refuses it (generation would fail).",
    why: "specforge's validators are compiled by Ajv in strict mode: a schema it refuses fails generation at the contract's `strict` level, and an ignored keyword is a constraint nobody checks.",
  },
  'specforge/safe-patterns': {
    summary: 'A `pattern` whose backtracking is super-linear.',
    details:
      "specforge's validators run it in linear time, but clients and tools with a backtracking engine can be stalled by one value: a warning. A pattern specforge refuses to run (SPECFORGE_UNSAFE_PATTERN) is an error.",
    why: 'One crafted value can stall for seconds or more any client, gateway or tool that checks the pattern with a backtracking engine (most do).',
  },
  'specforge/security-defined': {
    summary: 'An operation that states no security requirements (nor does the root), or a requirement naming an undeclared scheme.',
    details:
      'No requirements is valid OpenAPI (none are declared): a warning; write `security: []` for an operation that needs none. A requirement naming no declared scheme is a broken reference: an error.',
    why: "The generated server enforces the requirements the contract states, and nothing else: an operation that states none is served to anyone (`security: []` says so on purpose), and a requirement naming no scheme cannot be enforced at all. Redocly's recommended set asks the same.",
  },
  'specforge/no-ambiguous-paths': {
    summary: 'Two paths that the same request could match (`/{a}/items` and `/pets/{b}`).',
    details:
      "Redocly's `no-ambiguous-paths` without comparing each path with every earlier one: the earlier paths are kept in a trie, so a contract's paths cost a few steps each. Reported at the later path, naming the earliest it collides with; past 5,000,000 steps (a contract built to be slow) it reports once where it stopped.",
    why: "A router (the generated server's, a gateway's) sends such a request to one of the two operations, and the contract does not say which.",
  },
  'specforge/operation-operationid': {
    summary: 'An operation without an operationId.',
    details: "The operationId names the operation's handler, validators and client method; without one specforge makes one up from the method and path.",
    why: "A name made up from the method and path changes whenever the path does, and with it the code that calls the operation. Spectral's and Redocly's recommended sets ask the same.",
  },
  'specforge/operation-summary': {
    summary: 'An operation without a summary.',
    details: "Docs and generated code use the summary as the operation's title.",
    why: 'Readers scan operations by their titles; without one, docs show the method and path.',
  },
  'specforge/operation-success-response': {
    summary: 'An operation that declares no 2xx response.',
    details: 'An operation whose success is a redirect may declare a 3xx with a `Location` header instead.',
    why: "The generated client types a call's result, and the mock builds its answer, from the 2xx response: without one, success has no type and no body. Spectral's and Redocly's recommended sets ask the same.",
  },
  'specforge/operation-error-response': {
    summary: 'An operation that declares no 4xx response, or none in the error schema x-specforge-error declares.',
    details:
      'A HEAD operation only needs the 4xx, since a response to HEAD has no body. A contract with operations and no x-specforge-error is reported once, at its root.',
    why: "A refused request answers a body the contract does not describe: generated clients cannot type it, and the generated server's error bodies follow x-specforge-error. Redocly's recommended set asks for the 4xx response.",
  },
  'specforge/operation-undeclared-status': {
    summary: 'A status the generated server or its stateful mock answers on its own that the operation does not declare.',
    details:
      '`400` for parameters or a body that can fail, `401`/`403` for credentials, `413`/`415` for a body, `500` always, the stateful mock\'s `409` and `404` (the table in "What is generated"); declared exactly, by its range (`4XX`) or by `default`; one finding per operation at its `responses`, naming each status and why.',
    why: 'The generated server answers these statuses whatever the contract says, so a client generated from the contract (by specforge or any other tool) meets answers it was not told about.',
  },
  'specforge/item-schema-media-type': {
    summary: 'OpenAPI 3.2: an `itemSchema` on a media type that is not sequential (server-sent events, JSON Lines, JSON text sequences, multipart).',
    why: 'Only the items of a stream are read with it: on any other media type the schema checks nothing, and the body goes unchecked.',
  },
  'specforge/operation-tags': {
    summary: 'An operation without tags, a tag the root does not declare, or a declared tag no operation uses.',
    details: 'Docs group operations by tag.',
    why: 'Readers find an operation by its group; an untagged one is in none.',
  },
  'specforge/descriptions': {
    summary: 'Info, a tag, an operation, a parameter, a response, a component schema or a security scheme without a description.',
    details: 'The option `skip: [parameter, …]` leaves kinds out.',
    why: 'Readers learn what each part of the API is for from its description.',
  },
  'specforge/no-unused-components': {
    summary: 'A component that nothing uses.',
    details:
      'Components of every file the contract reaches count; a schema named by `x-specforge-error`, `x-specforge-cli` or `x-specforge-base64-json`, or by a `$ref` inside any extension (`x-webhooks`), is used; a security scheme is used when a requirement names it.',
    why: "Usually a leftover, or what a misspelt `$ref` meant to name. Spectral's and Redocly's recommended sets ask the same.",
  },
};

/** Redocly's built-in rules that the ruleset or the style ruleset turns on. */
export const REDOCLY_RULE_DOCS: Record<string, RuleDoc> = {
  struct: {
    summary: 'A document that breaks the structure OpenAPI requires.',
    details: 'A wrong type, a missing required field, a field not allowed where it stands. Extension (`x-`) values are never checked: they are opaque.',
    why: 'Every tool reads the document as OpenAPI defines it; a document that breaks the structure is read differently by each, or refused.',
  },
  'no-unresolved-refs': {
    summary: 'A `$ref` that points at nothing.',
    why: 'What the reference stands for is missing from the generated code, the validators and the docs.',
  },
  'no-enum-type-mismatch': {
    summary: "An `enum` value that is not of the schema's `type`.",
    details: 'No value of that type can ever be it.',
    why: 'The validators refuse a value the contract lists as allowed.',
  },
  'no-example-value-and-externalValue': {
    summary: 'An example with both `value` and `externalValue`.',
    details: 'OpenAPI allows one or the other.',
    why: 'Tools pick one or the other, so what users see depends on the tool.',
  },
  'no-identical-paths': {
    summary: 'Two paths that are the same but for the names of their parameters.',
    details: 'No request could tell them apart.',
    why: 'One of the two operations can never be called.',
  },
  'no-schema-type-mismatch': {
    summary: 'A schema of `type: object` with `items`, or of `type: array` with `properties`.',
    why: 'The keyword does nothing for that type: the constraint it seems to add is never checked.',
  },
  'no-server-trailing-slash': {
    summary: 'A server URL that ends with a slash.',
    details: 'Paths start with one: the request URL would hold `//`.',
    why: 'Request URLs built from it (generated clients, `specforge test`, docs) hold `//`, which servers route differently.',
  },
  'no-server-variables-empty-enum': {
    summary: 'A server variable whose `enum` is empty.',
    details: 'No value could be chosen.',
    why: 'The server URL cannot be built.',
  },
  'no-undefined-server-variable': {
    summary: 'A `{variable}` in a server URL that the server does not define.',
    why: 'The server URL cannot be built: nothing says what to put in its place.',
  },
  'nullable-type-sibling': {
    summary: 'OpenAPI 3.0: `nullable` without a `type` beside it.',
    details: 'OpenAPI 3.0 defines `nullable` only next to `type`.',
    why: 'Tools disagree about whether the schema accepts `null`.',
  },
  'operation-operationId-unique': {
    summary: 'Two operations with the same operationId.',
    details: 'OpenAPI requires operationIds to be unique; specforge names handlers by them.',
    why: 'Two handlers and client methods would have one name.',
  },
  'operation-parameters-unique': {
    summary: 'An operation that declares one parameter (name and location) twice.',
    why: 'Which of the two a request must satisfy is not defined: validators, clients and docs disagree.',
  },
  'path-declaration-must-exist': { summary: 'A path with an empty parameter, `{}`.', why: 'No value of a request can be bound to a parameter without a name.' },
  'path-not-include-query': {
    summary: 'A path that holds a query string.',
    details: 'Query parameters are declared as parameters.',
    why: 'Routers match the path without its query, so no request matches the path as written.',
  },
  'path-parameters-defined': {
    summary: 'A path template parameter no path parameter declares, or a path parameter the template lacks.',
    why: 'A template parameter without a declaration has no schema to check a value against; a declared one the template lacks is never sent.',
  },
  'spec-discriminator-defaultMapping': {
    summary: 'OpenAPI 3.2: a discriminator on an optional property without a `defaultMapping`, or one that names no schema.',
    why: 'A value without the property matches no alternative: clients and validators cannot tell which schema it is.',
  },
  'spec-example-values': {
    summary: 'OpenAPI 3.2: an example with fields that exclude each other (`value` beside `dataValue`, `externalValue` beside `value` or `serializedValue`).',
    why: 'Readers and tools cannot tell which of the two is the example.',
  },
  'spec-no-invalid-encoding-combinations': {
    summary: 'OpenAPI 3.2: a media type with `encoding` beside `prefixEncoding` or `itemEncoding`.',
    why: 'The two describe the parts differently: a client and a server could encode them differently.',
  },
  'spec-no-invalid-tag-parents': {
    summary: "OpenAPI 3.2: a tag whose `parent` is no tag of the contract, or tags that are each other's parents.",
    why: 'The navigation built from the tags has no place for the operations under it.',
  },
  'spec-querystring-parameters': {
    summary: 'OpenAPI 3.2: two `in: querystring` parameters, or one beside `in: query` parameters.',
    why: 'A querystring parameter is the whole query string: nothing else can be in it.',
  },
  'spec-components-invalid-map-name': {
    summary: 'A component name with characters OpenAPI does not allow.',
    details: 'Names match `^[a-zA-Z0-9.\\-_]+$`.',
    why: 'Tools may refuse the name or write `$ref`s to it differently.',
  },
  'info-license': { summary: 'A contract without a license in `info`.', why: 'Readers learn on which terms they may use the API.' },
  'info-license-strict': {
    summary: 'A license without a `url` (or, in OpenAPI 3.1, an `identifier`).',
    why: 'Readers can read the licence, or tools can recognise it.',
  },
  'no-duplicated-enum-values': {
    summary: 'An `enum` that lists a value twice.',
    why: 'Usually a typo or a copy standing where another value was meant, which the enum then lacks.',
  },
  'no-duplicated-tag-names': {
    summary: 'A tag declared twice in the root `tags`.',
    why: "The second declaration's description and order are lost, or tools disagree on which one counts.",
  },
  'no-empty-servers': {
    summary: 'A contract that declares no servers.',
    details: 'OpenAPI then takes `/`. A contract that only describes a command line (`x-specforge-cli`) needs none.',
    why: 'Generated clients, `specforge test` and docs consoles then send requests to `/` of whatever host they run on.',
  },
  'no-illogical-composition-keywords': {
    summary: 'An `allOf`, `anyOf` or `oneOf` that makes no sense as written.',
    details: 'One member where composition needs more, empty or duplicated members.',
    why: 'Such a composition does not mean what it looks like: an empty `anyOf` or `oneOf` accepts nothing, a duplicated `oneOf` member makes every value it accepts fail.',
  },
  'no-mixed-number-range-constraints': {
    summary: 'OpenAPI 3.1: a schema with both `minimum` and `exclusiveMinimum` (or both maxima).',
    why: "Only the stricter bound counts; the other is dead, often left over from OpenAPI 3.0's boolean `exclusiveMinimum`.",
  },
  'no-path-trailing-slash': {
    summary: 'A path that ends with a slash.',
    why: 'Servers and routers differ on whether `/a/` is `/a`, so a request may reach another operation or none.',
  },
  'no-required-schema-properties-undefined': {
    summary: 'A property listed in `required` that the schema does not define.',
    why: 'Usually a misspelt property name: validators demand a property that the types and docs do not describe.',
  },
  'no-server-example.com': {
    summary: 'A server URL on example.com.',
    why: 'A placeholder: generated clients, `specforge test` and docs consoles would send requests to a domain reserved for examples.',
  },
  'no-unsafe-markdown': {
    summary: 'A description with a `<script>` tag, an HTML event handler or a `javascript:` URL.',
    why: "Docs render descriptions as HTML: a script in one runs in the reader's browser.",
  },
  'operation-operationId-url-safe': {
    summary: 'An operationId with characters a URL would escape.',
    why: 'Tools put the operationId in URLs (docs deep links) and file names, where such characters break them.',
  },
  'security-scopes-defined': {
    summary: 'A scope in a security requirement that its OAuth2 scheme does not define.',
    why: 'No token can be granted a scope the scheme does not define, so no request satisfies the requirement.',
  },
  'spec-ref-siblings': {
    summary: 'Keys beside a `$ref` where OpenAPI ignores them.',
    why: 'Tools ignore them: the description or constraint written there is never shown or checked.',
  },
};

/** Every documented rule. */
export const LINT_RULE_DOCS: Record<string, RuleDoc> = { ...HOUSE_RULE_DOCS, ...REDOCLY_RULE_DOCS };

/** The spec versions specforge lints (OpenAPI 3.0, 3.1 and 3.2, and Swagger 2.0 on the file itself). */
const VERSIONS = ['oas3_0', 'oas3_1', 'oas3_2', 'oas2'] as const;
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

/** The style ruleset's rules at the levels it turns them on (the built-in ruleset with `extends: [style]`). */
export async function styleRuleLevels(): Promise<Map<string, FindingLevel>> {
  const all = await builtInRuleLevels({ ...SPECFORGE_RULESET, rules: { ...SPECFORGE_RULESET.rules, ...STYLE_RULES } });
  return new Map([...all].filter(([id]) => Object.hasOwn(STYLE_RULES, id)));
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
