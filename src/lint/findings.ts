/** Redocly's lint problems as specforge findings (source 'lint'), with file, line, column and pointer. */
import { getLineColLocation, type NormalizedProblem } from '@redocly/openapi-core';
import { displayPath } from '../contract/resolve.js';
import type { Finding, FindingLocation } from '../report/findings.js';
import { plainPointer } from './rules/common.js';

export function problemToFinding(problem: NormalizedProblem, spec: string, cwd: string): Finding {
  const where = problem.location[0];
  const location: FindingLocation = { file: displayPath(where?.source.absoluteRef ?? spec, cwd) };
  if (where) {
    const lineCol = getLineColLocation(where);
    location.line = lineCol.start.line;
    location.column = lineCol.start.col;
    if (where.pointer !== undefined) location.pointer = plainPointer(where.pointer);
  }
  const finding: Finding = { source: 'lint', rule: problem.ruleId, level: problem.severity === 'error' ? 'error' : 'warning', message: problem.message, location };
  if (problem.suggest.length > 0) finding.detail = `did you mean: ${problem.suggest.join(', ')}?`;
  return finding;
}
