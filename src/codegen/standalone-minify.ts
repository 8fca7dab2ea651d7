/**
 * Standalone validator code made compact: each compiled function (one line of the module, written
 * by standaloneModule) is minified by esbuild (whitespace, local names, syntax); constants and
 * everything else stay as they are. A line is minified alone, as a script, so the names the module
 * shares (validators, constants, runtime imports) keep their names, and the `/* @__PURE__ *\/`
 * annotation of a declaration is kept outside the part minified: a bundler still drops a validator
 * nothing imports. esbuild is pinned to one version, so the same input gives the same bytes.
 * Strings come out ASCII-only (charset ascii) with `</script` escaped again, as escape.ts writes them.
 */

/** `const name = /* @__PURE__ *\/ Object.assign(function name(...){...}, { evaluated: ... });` */
const ASSIGNED = /^(const [A-Za-z_$][\w$]* = \/\* @__PURE__ \*\/ )(Object\.assign\(function .*\));$/s;
/** A hoisted function declaration. */
const DECLARED = /^function [A-Za-z_$][\w$]*\(/;
/** `</script` in a string, a regular expression or a template. */
const SCRIPT_END = /<\/(?=[Ss][Cc][Rr][Ii][Pp][Tt])/g;

export async function minifyStandalone(code: string): Promise<string> {
  const { transform } = await import('esbuild');
  const minify = async (text: string): Promise<string> => {
    const out = await transform(text, { loader: 'js', minify: true, charset: 'ascii', legalComments: 'none', target: 'es2022' });
    return out.code.trim().replace(/;$/, '').replace(SCRIPT_END, '<\\/');
  };
  const lines = code.split('\n');
  const out = await Promise.all(
    lines.map(async (line) => {
      const assigned = ASSIGNED.exec(line);
      if (assigned) return `${assigned[1] as string}${await minify(assigned[2] as string)};`;
      if (DECLARED.test(line)) return minify(line);
      return line;
    }),
  );
  return out.join('\n');
}
