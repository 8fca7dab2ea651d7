/**
 * Ajv saves the error count before most subschemas (`const _errs12 = errors;`) and reads it back
 * only where the verdict of that subschema is needed: elsewhere the constant is never read, and
 * esbuild keeps it (about 2% of Figma's validators). Such a declaration is dropped when its name
 * occurs nowhere else on its line (one compiled function; Ajv's names are unique in a function),
 * counted conservatively: inside string literals too. A declaration is read only outside strings,
 * so spec text that reads like one stays as it is. Reading a local has no effect, so the verdict
 * and the errors are the same.
 */
const ERRS_DECLARATION = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|const (_errs\d+) = errors;/g;
const ERRS_NAME = /(?<![\w$])_errs\d+(?![\w$])/g;

export function dropUnusedErrorCounts(code: string): string {
  return code
    .split('\n')
    .map((line) => {
      if (!line.includes('const _errs')) return line;
      const counts = new Map<string, number>();
      for (const name of line.match(ERRS_NAME) ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
      return line.replace(ERRS_DECLARATION, (token, name: string | undefined) => (name !== undefined && counts.get(name) === 1 ? '' : token));
    })
    .join('\n');
}
