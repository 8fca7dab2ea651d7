/**
 * The errors of Ajv's standalone code made short. With `allErrors`, Ajv writes for every keyword
 * check an error object literal and the push that follows it:
 *
 *   const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",
 *     keyword:"type",params:{type: "string"},message:"must be string"};
 *   if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;
 *
 * which is rewritten to a call of the runtime's `pushError` with a template shared by every check
 * that reports the same schema path, keyword, parameters and message:
 *
 *   vErrors = __err(vErrors, instancePath+"/name", e_1f2a3b);errors++;
 *   const e_1f2a3b = ["#/properties/name/type","type",{type:"string"},"must be string"];
 *
 * `pushError` builds the same object (the same keys in the same order, a new params object each
 * time). Parameters that are not literals (`{additionalProperty: key0}`) stay in the call. Only the
 * exact shape above is rewritten: any other text (another key, a value that is not a literal where
 * one is expected) is left as Ajv wrote it. Strings are read as tokens, never searched into, and
 * every literal written again is escaped as escape.ts escapes it.
 */
import { shortHash } from './ajv-standalone.js';
import { jsonLiteral } from './escape.js';
import { errorMessage } from '../runtime/validation/standalone.js';

/** What the rewritten code calls (imported by the validators generator). */
export const PUSH_ERROR = '__err';

/** A string literal as Ajv writes it (JSON, double quotes), or the start of an error object. */
const SITES = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|const (err\d+) = \{/g;
const STRING = /^"(?:[^"\\\n]|\\.)*"/;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const IDENT = /^[A-Za-z_$][\w$]*$/;
const DOUBLE_AT = /"(?:[^"\\\n]|\\.)*"/y;
const SINGLE_AT = /'(?:[^'\\\n]|\\.)*'/y;
const KEYS = ['instancePath', 'schemaPath', 'keyword', 'params', 'message'] as const;

interface Site {
  start: number;
  end: number;
  instancePath: string;
  template: string;
  /** The parameters' code when they are not literals. */
  params?: string;
}

/** The index after the bracket that closes the one at `open`, skipping strings; -1 if none. */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'") {
      const m = c === '"' ? DOUBLE_AT : SINGLE_AT;
      m.lastIndex = i;
      if (!m.exec(code)) return -1;
      i = m.lastIndex - 1;
    } else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The top-level comma-separated parts of the text between two brackets. */
function parts(inner: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '"' || c === "'") {
      const m = c === '"' ? DOUBLE_AT : SINGLE_AT;
      m.lastIndex = i;
      if (!m.exec(inner)) return undefined;
      i = m.lastIndex - 1;
    } else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  if (depth !== 0) return undefined;
  if (inner.trim() !== '') out.push(inner.slice(from));
  return out;
}

/** The value of string literals joined by `+` (`"a '"+"b"+"'"`), or undefined for anything else. */
function staticString(text: string): string | undefined {
  let rest = text.trim();
  let value = '';
  for (;;) {
    const m = STRING.exec(rest);
    if (!m) return undefined;
    const part: unknown = JSON.parse(m[0]);
    if (typeof part !== 'string') return undefined;
    value += part;
    rest = rest.slice(m[0].length).trim();
    if (rest === '') return value;
    if (!rest.startsWith('+')) return undefined;
    rest = rest.slice(1).trim();
  }
}

/**
 * `{name: literal, ...}` written again as a literal, and its value, or undefined when a value is not
 * a literal.
 */
function staticParams(text: string): { literal: string; value: Record<string, unknown> } | undefined {
  const t = text.trim();
  if (!t.startsWith('{') || !t.endsWith('}')) return undefined;
  const list = parts(t.slice(1, -1));
  if (!list) return undefined;
  const out: string[] = [];
  const value: Record<string, unknown> = {};
  for (const part of list) {
    const colon = part.indexOf(':');
    if (colon < 0) return undefined;
    const key = part.slice(0, colon).trim();
    const code = part.slice(colon + 1).trim();
    if (!IDENT.test(key) || key === '__proto__' || Object.hasOwn(value, key)) return undefined;
    let literal: string;
    if (STRING.exec(code)?.[0] === code) {
      const text = JSON.parse(code) as string;
      literal = jsonLiteral(text);
      value[key] = text;
    } else if (NUMBER.test(code) || code === 'true' || code === 'false' || code === 'null') {
      literal = code;
      value[key] = JSON.parse(code) as unknown;
    } else return undefined;
    out.push(`${key}:${literal}`);
  }
  return { literal: `{${out.join(',')}}`, value };
}

/** Keywords whose message is the same whatever their parameters. */
const FIXED_MESSAGE = new Set(['enum', 'const', 'additionalProperties', 'oneOf', 'anyOf', 'not']);

/**
 * The template of an error: without its message and its schema path's last segment where the
 * runtime writes them again as Ajv did (the message checked against errorMessage's here, with the
 * parameters when they are literals, else only for a keyword whose message they do not change).
 */
function templateOf(schemaPath: string, keyword: string, params: ReturnType<typeof staticParams>, message: string | undefined): string | undefined {
  const paramsText = params?.literal ?? '0';
  const suffix = `/${keyword}`;
  const derived =
    params !== undefined ? errorMessage(keyword, params.value) : FIXED_MESSAGE.has(keyword) || message === undefined ? errorMessage(keyword, {}) : undefined;
  if (schemaPath.endsWith(suffix) && (message === undefined || derived === message)) {
    return `[${jsonLiteral(schemaPath.slice(0, -suffix.length))},${jsonLiteral(keyword)},${paramsText}]`;
  }
  return message === undefined ? undefined : `[${jsonLiteral(schemaPath)},${jsonLiteral(keyword)},${paramsText},${jsonLiteral(message)}]`;
}

/** The parameters and message Ajv writes for an `if` whose failing clause is a variable: that variable's name. */
function ifClause(paramsCode: string, messageCode: string): string | undefined {
  const name = /^\{failingKeyword: ?([A-Za-z_$][\w$]*)\}$/.exec(paramsCode.trim())?.[1];
  return name !== undefined && messageCode.trim() === `"must match \\""+${name}+"\\" schema"` ? name : undefined;
}

/** The error site starting at `start` (`const errN = {`), or undefined when it is not of the exact shape. */
function site(code: string, start: number, err: string, brace: number): Site | undefined {
  const end = closing(code, brace);
  if (end < 0) return undefined;
  const tail = `;if(vErrors === null){vErrors = [${err}];}else {vErrors.push(${err});}errors++;`;
  if (!code.startsWith(tail, end)) return undefined;
  const props = parts(code.slice(brace + 1, end - 1));
  if (props?.length !== KEYS.length) return undefined;
  const values: string[] = [];
  for (const [i, key] of KEYS.entries()) {
    const prop = props[i] as string;
    if (i === 0 && prop === key) {
      values.push(key);
      continue;
    }
    if (!prop.startsWith(`${key}:`)) return undefined;
    values.push(prop.slice(key.length + 1));
  }
  const [instancePath, schemaPathCode, keywordCode, paramsCode, messageCode] = values as [string, string, string, string, string];
  const schemaPath = staticString(schemaPathCode);
  const keyword = staticString(keywordCode);
  if (schemaPath === undefined || keyword === undefined) return undefined;
  // `if` with its failing clause in a variable: the message is written again from the parameters.
  const clause = keyword === 'if' ? ifClause(paramsCode, messageCode) : undefined;
  const message = clause === undefined ? staticString(messageCode) : undefined;
  if (message === undefined && clause === undefined) return undefined;
  const params = staticParams(paramsCode);
  const template = templateOf(schemaPath, keyword, params, message);
  if (template === undefined) return undefined;
  return { start, end: end + tail.length, instancePath, template, ...(params === undefined ? { params: paramsCode } : {}) };
}

/** Names for the templates, after a hash of their text (longer where two would share one). */
export function hashNames(texts: Iterable<string>, prefix: string, code: string): Map<string, string> {
  const names = new Map<string, string>();
  // Never a name the code already has (Ajv names its constants otherwise; this holds whatever it does).
  const taken = new Set<string>(code.match(new RegExp(`\\b${prefix}[0-9a-f]+\\b`, 'g')));
  for (const text of [...texts].sort()) {
    let length = 6;
    let name = `${prefix}${shortHash(text, length)}`;
    while (taken.has(name)) name = `${prefix}${shortHash(text, ++length)}`;
    taken.add(name);
    names.set(text, name);
  }
  return names;
}

/** What the rewritten code calls to join a called validator's errors (imported by the validators generator). */
export const CONCAT_ERRORS = '__cat';

/**
 * A string literal (left as it is), an empty error (`{}`: Ajv counts errors inside `if` without
 * reporting them) and its push, or the join of a called validator's errors.
 */
const JOINS =
  /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|const (err\d+) = \{\};if\(vErrors === null\)\{vErrors = \[\1\];\}else \{vErrors\.push\(\1\);\}errors\+\+;|vErrors = vErrors === null \? ([A-Za-z_$][\w$]*(?:\.validate)?)\.errors : vErrors\.concat\(\2\.errors\);/g;

/** The empty errors' pushes and the joins of called validators' errors, as calls of the runtime. */
export function shortJoins(code: string): string {
  return code.replace(JOINS, (token, err: string | undefined, callee: string | undefined) => {
    if (err !== undefined) return `vErrors = ${PUSH_ERROR}(vErrors);errors++;`;
    if (callee !== undefined) return `vErrors = ${CONCAT_ERRORS}(vErrors, ${callee}.errors);`;
    return token;
  });
}

/**
 * Rewrites the error sites of standalone code; returns the code and whether it calls PUSH_ERROR.
 * The templates are declared first (array literals: a bundler drops those nothing uses).
 */
export function shortErrors(code: string): { code: string; used: boolean } {
  const sites: Site[] = [];
  SITES.lastIndex = 0;
  for (let m = SITES.exec(code); m !== null; m = SITES.exec(code)) {
    const err = m[1];
    if (err === undefined) continue;
    const found = site(code, m.index, err, m.index + m[0].length - 1);
    if (!found) continue;
    sites.push(found);
    SITES.lastIndex = found.end;
  }
  if (sites.length === 0) return { code, used: false };
  const names = hashNames(new Set(sites.map((s) => s.template)), 'e_', code);
  const out: string[] = [];
  for (const [text, name] of [...names].sort((a, b) => (a[1] < b[1] ? -1 : 1))) out.push(`const ${name} = ${text};\n`);
  let at = 0;
  for (const s of sites) {
    out.push(code.slice(at, s.start));
    const params = s.params === undefined ? '' : `, ${s.params}`;
    out.push(`vErrors = ${PUSH_ERROR}(vErrors, ${s.instancePath}, ${names.get(s.template) ?? ''}${params});errors++;`);
    at = s.end;
  }
  out.push(code.slice(at));
  return { code: out.join(''), used: true };
}
