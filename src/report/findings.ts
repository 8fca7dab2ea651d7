/**
 * One shape for everything specforge reports in review: lint problems, breaking changes and stale
 * generated files. The formatters in this folder (stylish, json, github-actions, markdown, sarif)
 * print a list of these, so every command speaks the same output formats.
 */
export type FindingLevel = 'error' | 'warning' | 'info';

export interface FindingLocation {
  /** Path of the file, relative to the working folder when it is inside it. */
  file: string;
  /** 1-based line and column; absent when the finding has no position (a missing file). */
  line?: number;
  column?: number;
  /** 1-based line and column where the reported node ends, when known (SARIF regions). */
  endLine?: number;
  endColumn?: number;
  /** JSON pointer inside the document, when the finding is about a node of a contract. */
  pointer?: string;
}

export interface Finding {
  /** Which producer found it: 'lint', 'diff', 'drift' or 'test' (a conformance run). */
  source: 'lint' | 'diff' | 'drift' | 'test';
  /** Stable kebab-case rule id (a lint rule, a diff rule such as `api-path-removed`, or `stale-file`). */
  rule: string;
  /** error for lint errors and breaking changes, warning, info. */
  level: FindingLevel;
  message: string;
  location: FindingLocation;
  /** Optional longer text: a short diff of a stale file, the old and new value of a change. */
  detail?: string;
  /**
   * Set by `review` when findings were compared with the base revision's: `new` (not there
   * before) or `unchanged` (already on the base). SARIF's baselineState.
   */
  baseline?: 'new' | 'unchanged';
}
