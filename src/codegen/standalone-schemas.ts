/**
 * The schemas standalone code keeps only for a part of them. Ajv writes a schema it reads at run
 * time (an `enum` it reports as `allowedValues`, a `const` it compares) as a constant holding the
 * whole schema, and reads the part it needs (`schema_1a2b.properties.kind.enum`). Here each part
 * read is a constant of its own, the same value (`const s_3c4d5e = ["dog","cat"];`), and a schema
 * constant nothing reads any more is dropped: Figma's node schemas were written whole for an enum
 * of a few words. A schema that is not plain JSON, or a read that does not resolve, is left as it is.
 */
import { jsonLiteral } from './escape.js';
import { hashNames } from './standalone-errors.js';

/** A string literal (skipped) or a read of a schema constant: `schema_<hex>` and its property path. */
const READS = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![\w$.])(schema_[0-9a-f]+)((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["(?:[^"\\\n]|\\.)*"\])*)/g;
const STEP = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\\n]|\\.)*")\]/g;
const DECLARATION = /^const (schema_[0-9a-f]+) = ([[{].*);$/;

/** The value at `path` (`.a[0]["b"]`) of `value`, own properties only; undefined when there is none. */
function at(value: unknown, path: string): unknown {
  let current = value;
  for (const step of path.matchAll(STEP)) {
    const key = step[1] ?? step[2] ?? (JSON.parse(step[3] as string) as string);
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function splitSchemas(code: string): string {
  const lines = code.split('\n');
  const schemas = new Map<string, unknown>();
  for (const line of lines) {
    const m = DECLARATION.exec(line);
    if (!m) continue;
    try {
      schemas.set(m[1] as string, JSON.parse(m[2] as string));
    } catch {
      // Not JSON: read as Ajv wrote it.
    }
  }
  if (schemas.size === 0) return code;
  const values = new Set<string>();
  const rewrite = (text: string, name: (value: string) => string): string =>
    text.replace(READS, (token, schema: string | undefined, path: string | undefined) => {
      if (schema === undefined || !path || !schemas.has(schema)) return token;
      const value = at(schemas.get(schema), path);
      if (value === undefined) return token;
      const literal = jsonLiteral(value);
      if (value === null || typeof value !== 'object') return literal;
      values.add(literal);
      return name(literal);
    });
  const body = lines.filter((line) => !DECLARATION.test(line));
  // First pass: the values read; then their names, and the code with the reads replaced.
  for (const line of body) rewrite(line, () => '');
  const names = hashNames(values, 's_', code);
  const rewritten = body.map((line) => rewrite(line, (literal) => names.get(literal) ?? ''));
  // The schema constants something still reads whole (or by a path that did not resolve).
  const used = new Set<string>();
  for (const line of rewritten) for (const m of line.matchAll(READS)) if (m[1] !== undefined) used.add(m[1]);
  const kept = lines.filter((line) => {
    const m = DECLARATION.exec(line);
    return m !== null && (!schemas.has(m[1] as string) || used.has(m[1] as string));
  });
  const declared = [...names].sort((a, b) => (a[1] < b[1] ? -1 : 1)).map(([literal, name]) => `const ${name} = ${literal};`);
  return [...declared, ...kept, ...rewritten].join('\n');
}
