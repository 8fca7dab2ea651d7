/** Redocly's lint problems as specforge findings (source 'lint'), with file, line, column and pointer. */
import { getLineColLocation, type NormalizedProblem } from '@redocly/openapi-core';
import { displayPath } from '../contract/resolve.js';
import type { Finding, FindingLocation } from '../report/findings.js';
import type { ProblemLocator } from './locate.js';
import { plainPointer } from './rules/common.js';

/**
 * `locator` finds a pointer's line and column with an index built once per document (see
 * locate.ts); without one, Redocly's getLineColLocation, which searches every mapping from the root.
 */
export function problemToFinding(problem: NormalizedProblem, spec: string, cwd: string, locator?: ProblemLocator): Finding {
  const where = problem.location[0];
  const location: FindingLocation = { file: displayPath(where?.source.absoluteRef ?? spec, cwd) };
  if (where) {
    const { start, end } = locator && where.pointer !== undefined ? locator.range(where) : getLineColLocation(where);
    location.line = start.line;
    location.column = start.col;
    if (end !== undefined && (end.line > start.line || (end.line === start.line && end.col > start.col))) {
      location.endLine = end.line;
      location.endColumn = end.col;
    }
    if (where.pointer !== undefined) location.pointer = plainPointer(where.pointer);
  }
  const finding: Finding = {
    source: 'lint',
    rule: problem.ruleId,
    level: problem.severity === 'error' ? 'error' : 'warning',
    message: problem.message,
    location,
  };
  if (problem.suggest.length > 0) finding.detail = `did you mean: ${problem.suggest.join(', ')}?`;
  return finding;
}
