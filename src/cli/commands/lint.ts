/** `specforge lint`: Redocly's engine with specforge's ruleset over every contract (or the ones named). */
import { resolve } from 'node:path';
import { UsageError } from '../../contract/errors.js';
import { displayPath } from '../../contract/resolve.js';
import { LINT_FORMATS, lintSpecs, printProblems, type LintFormat } from '../../lint/lint.js';
import { loadConfig } from '../../pipeline/config.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';

export interface LintOptions {
  cwd?: string;
  specs?: string[];
  config?: string;
  redocly?: string;
  format?: string;
  write?: (text: string) => void;
}

export async function runLint(options: LintOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const format = (options.format ?? 'stylish') as LintFormat;
  if (!LINT_FORMATS.includes(format)) throw new UsageError(`unknown --format "${options.format}"; use one of ${LINT_FORMATS.join(', ')}`);
  const specs = options.specs && options.specs.length > 0 ? options.specs.map((s) => resolve(cwd, s)) : loadConfig(cwd, options.config).specs.map((e) => e.path);
  const results = await lintSpecs(specs, options.redocly ? resolve(cwd, options.redocly) : undefined);
  let total = 0;
  for (const r of results) {
    total += r.problems.length;
    if (r.problems.length > 0 || format === 'json') printProblems(r, format, cwd);
    else if (format === 'stylish') write(`${displayPath(r.spec, cwd)}: no problems\n`);
  }
  return total > 0 ? EXIT_FINDINGS : EXIT_OK;
}
