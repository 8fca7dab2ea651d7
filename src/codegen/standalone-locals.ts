/**
 * Ajv saves the error count before most subschemas (`const _errs12 = errors;`) and reads it back
 * only where the verdict of that subschema is needed: elsewhere the constant is never read, and
 * esbuild keeps it (about 2% of Figma's validators). Such a declaration is dropped when its name
 * occurs nowhere else on its line (one compiled function; Ajv's names are unique in a function),
 * counted conservatively: inside string literals too. So is the part of a schema Ajv reads into a
 * local (`const vSchema0 = s_3c4d5e;`, splitSchemas's constant) where the local is never read. A
 * declaration is read only outside strings, so spec text that reads like one stays as it is.
 * Reading a local has no effect, so the verdict and the errors are the same.
 */
const ERRS_DECLARATION = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|const (_errs\d+) = errors;|const (vSchema\d+) = s_[0-9a-f]+;/g;
const ERRS_NAME = /(?<![\w$])(?:_errs|vSchema)\d+(?![\w$])/g;

/**
 * A subschema's verdict Ajv writes (`var valid3 = _errs5 === errors;`) and never reads (with
 * allErrors, a property's verdict is only written): such a declaration is dropped where every
 * occurrence of its name on the line (strings counted too) is such a declaration, which leaves the
 * error count it read unread as well.
 */
const VALID_DECLARATION = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|var (valid\d+) = _errs\d+ === errors;/g;
const VALID_NAME = /(?<![\w$])valid\d+(?![\w$])/g;

function dropUnreadVerdicts(line: string): string {
  if (!line.includes('var valid')) return line;
  const counts = new Map<string, number>();
  for (const name of line.match(VALID_NAME) ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
  const declared = new Map<string, number>();
  for (const m of line.matchAll(VALID_DECLARATION)) if (m[1] !== undefined) declared.set(m[1], (declared.get(m[1]) ?? 0) + 1);
  return line.replace(VALID_DECLARATION, (token, name: string | undefined) => (name !== undefined && counts.get(name) === declared.get(name) ? '' : token));
}

export function dropUnusedErrorCounts(code: string): string {
  return code
    .split('\n')
    .map((original) => {
      const line = dropUnreadVerdicts(original);
      if (!line.includes('const _errs') && !line.includes('const vSchema')) return line;
      const counts = new Map<string, number>();
      for (const name of line.match(ERRS_NAME) ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
      return line.replace(ERRS_DECLARATION, (token, errs: string | undefined, schema: string | undefined) => {
        const name = errs ?? schema;
        return name !== undefined && counts.get(name) === 1 ? '' : token;
      });
    })
    .join('\n');
}
