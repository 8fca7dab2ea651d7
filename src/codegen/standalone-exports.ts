/**
 * The export names of standalone code written where they are used. standaloneModule declares each
 * export that names another validator as an alias (`const schema$Frame = v_Frame_6ba6;`), and the
 * tables of the generated module name the export: the tables can name the validator itself, and the
 * alias goes (Figma's validators: 545 aliases, 43 kB). An alias is dropped only when its name occurs
 * nowhere else in the code (outside string literals), so nothing else can read it.
 */

/** A string literal (skipped), a property access (skipped) or an identifier. */
const TOKENS = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\.\s*[A-Za-z_$][\w$]*|[A-Za-z_$][\w$]*/g;
const ALIAS = /^const ([A-Za-z_$][\w$]*) = ([A-Za-z_$][\w$]*);$/;

/**
 * Drops the alias lines of `exports` (export names) from `code`; returns the code and, for each
 * dropped export, the name it stood for.
 */
export function dropExportAliases(code: string, exports: ReadonlySet<string>): { code: string; names: Map<string, string> } {
  const counts = new Map<string, number>();
  for (const m of code.matchAll(TOKENS)) {
    const token = m[0];
    if (token.startsWith('"') || token.startsWith("'") || token.startsWith('.')) continue;
    counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  const names = new Map<string, string>();
  const kept = code.split('\n').filter((line) => {
    const m = ALIAS.exec(line);
    const name = m?.[1];
    const target = m?.[2];
    if (name === undefined || target === undefined || !exports.has(name) || counts.get(name) !== 1 || names.has(name)) return true;
    names.set(name, target);
    return false;
  });
  return { code: kept.join('\n'), names };
}
