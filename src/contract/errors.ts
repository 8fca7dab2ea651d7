/**
 * specforge's error catalog. Every problem a user can cause carries a stable code, a message, a
 * location (file, line, column, JSON pointer) where one exists, and a hint. Problems are collected
 * into a `ContractError` rather than thrown one at a time, so a user sees all of them at once.
 */

import { terminalText } from '../report/terminal.js';

export const ERROR_CODES = {
  SPECFORGE_FILE_NOT_FOUND: 'A contract file or a file named by a $ref does not exist.',
  SPECFORGE_YAML_SYNTAX: 'A YAML file cannot be parsed.',
  SPECFORGE_JSON_SYNTAX: 'A JSON file cannot be parsed.',
  SPECFORGE_REF_NOT_FOUND: 'A $ref points at a location that does not exist.',
  SPECFORGE_REF_REMOTE: 'A $ref names a remote address; contracts are resolved offline only.',
  SPECFORGE_REF_OUTSIDE: "A $ref leaves the contract's own folder.",
  SPECFORGE_REF_INVALID: 'A $ref is not a string or its JSON pointer is malformed.',
  SPECFORGE_REF_UNFOLLOWED:
    'A $ref where specforge does not resolve references (under an x- key, inside an example value) names a file: there only internal references (#/...) are allowed.',
  SPECFORGE_FILE_NOT_REGULAR:
    'A contract file or a file a reference names is not a regular file (a directory, a FIFO, a device): it is refused without being opened.',
  SPECFORGE_FILE_TOO_LARGE: 'A contract file is larger than the loader reads (64 MiB per file).',
  SPECFORGE_ENCODING: 'A contract file is not valid UTF-8 (a UTF-8 byte order mark is allowed).',
  SPECFORGE_NOT_OPENAPI: 'The document is not an OpenAPI document.',
  SPECFORGE_UNSUPPORTED_VERSION: 'The OpenAPI version is not 3.0.x, 3.1.x or 3.2.x (nor Swagger 2.0).',
  SPECFORGE_SWAGGER_CONVERT: 'A Swagger 2.0 document cannot be converted to OpenAPI 3 cleanly (an error), or the conversion changed something (a warning).',
  SPECFORGE_VERSION_CONVERSION:
    '`bundle --openapi 3.1` could not write something of a 3.2 document the same way in 3.1: it is kept under an x-oas32- extension (a warning).',
  SPECFORGE_TOO_DEEP: 'A document nests deeper than any contract needs (256 levels).',
  SPECFORGE_SCHEMA_CYCLE: 'Schemas reach themselves through $ref, allOf, anyOf, oneOf or not without consuming any data.',
  SPECFORGE_NO_FINITE_VALUE:
    'A schema requires itself (a required property or a non-empty array of itself), so no finite value satisfies it and no sample can be made.',
  SPECFORGE_NO_VALID_SAMPLE:
    "No value sampled from a response schema (without an example) satisfies the contract's own validator: the mock says so at start and answers with the closest sample.",
  SPECFORGE_SAMPLE_BUDGET:
    'A sampled value would exceed the sample budget (10000 values or 512 KiB): it was reduced (arrays cut, strings shortened) and may not satisfy its schema.',
  SPECFORGE_ERROR_SHAPE:
    "An operation declares a schema for an error status that specforge cannot build an error body for: that status's error answers keep the interface's error shape, which may not satisfy the contract.",
  SPECFORGE_NULL_AS_ABSENT: 'A null where the OpenAPI structure expects an object or a list (`schema: null`) is read as if the key were absent (a warning).',
  SPECFORGE_OVERLAY:
    'An OpenAPI Overlay file is malformed (an error at its line), one of its actions selects nothing in the contract, or its `extends` names another document (warnings).',
  SPECFORGE_INVALID_STRUCTURE: 'The document breaks the structure the OpenAPI specification requires.',
  SPECFORGE_DUPLICATE_OPERATION_ID: 'Two operations share one operationId.',
  SPECFORGE_PATH_PARAMETER: 'A path template and its path parameters do not match.',
  SPECFORGE_QUERYSTRING_PARAMETER: 'An operation has two querystring parameters (OpenAPI 3.2), one beside query parameters, or one without content.',
  SPECFORGE_EXTENSION: 'An x-specforge extension is malformed or names an operation or status the contract lacks.',
  SPECFORGE_UNSUPPORTED_FEATURE: 'The contract uses a feature the generators cannot honour.',
  SPECFORGE_STRICT_SCHEMA: "A schema is valid JSON Schema but breaks Ajv's strict mode (an error at strict: true, else a warning).",
  SPECFORGE_UNSAFE_PATTERN:
    'A pattern RE2 cannot run in linear time (a lookahead past the start, a backreference) whose backtracking is not shown to be harmless, or a pattern taken from the data ($data).',
  SPECFORGE_CONFIG: 'specforge.config.yaml is missing, malformed or names something that does not exist.',
  SPECFORGE_OUTPUT_ESCAPE: 'A generated file would land outside its output folder.',
  SPECFORGE_HOOK: 'A command the config runs after generation (hooks.afterWrite) failed.',
  SPECFORGE_USAGE: 'A command was called with wrong arguments.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface SourceLocation {
  /** File path, relative to the working directory when possible. */
  file: string;
  /** 1-based line. */
  line?: number;
  /** 1-based column. */
  col?: number;
  /** RFC 6901 JSON pointer inside `file`. */
  pointer?: string;
}

export interface Diagnostic {
  code: ErrorCode;
  message: string;
  severity: 'error' | 'warning';
  location?: SourceLocation;
  hint?: string;
}

export function formatLocation(loc: SourceLocation): string {
  let text = loc.file;
  if (loc.line !== undefined) text += `:${loc.line}:${loc.col ?? 1}`;
  if (loc.pointer !== undefined) text += ` (#${loc.pointer})`;
  return text;
}

/** A diagnostic as printed: its message, hint and file name may hold a contract's text, shown with control characters escaped. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.location ? `${formatLocation(d.location)}: ` : '';
  const hint = d.hint ? `\n  hint: ${terminalText(d.hint)}` : '';
  return `${terminalText(where, false)}${d.severity} ${d.code}: ${terminalText(d.message)}${hint}`;
}

/** An input error: a broken contract, config or argument. Maps to exit code 2. */
export class ContractError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'ContractError';
    this.diagnostics = diagnostics;
  }
  static single(code: ErrorCode, message: string, location?: SourceLocation, hint?: string): ContractError {
    const d: Diagnostic = { code, message, severity: 'error' };
    if (location) d.location = location;
    if (hint) d.hint = hint;
    return new ContractError([d]);
  }
}

/** A wrong command-line call. Maps to exit code 2 with the command's usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
