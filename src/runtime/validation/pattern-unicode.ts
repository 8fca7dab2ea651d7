/**
 * The character classes and Unicode property names of a JavaScript regular expression as RE2 spells
 * them, for the translation of pattern.ts: code points as `\x{…}`, `\s`, `\S` and `.` with their
 * ECMAScript meaning, and `\p{…}` names by re2js's spelling. No Node.js module and nothing of Ajv
 * (generated validators load it through `@specforge/runtime/validators`).
 */

/** ECMAScript's WhiteSpace and LineTerminator code points (what `\s` matches), as ranges. */
const SPACE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

export function hex(cp: number): string {
  return `\\x{${cp.toString(16)}}`;
}

function rangesText(ranges: ReadonlyArray<readonly [number, number]>): string {
  return ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
}

function complement(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [a, b] of ranges) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

/** `\s` and `\S` as the body of an RE2 character class. */
export const SPACE_CLASS = rangesText(SPACE_RANGES);
export const NOT_SPACE_CLASS = rangesText(complement(SPACE_RANGES));

/** `.` without the `s` flag: anything but a line terminator. */
export const DOT = `[^${rangesText([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
])}]`;

/** ECMAScript's General_Category values (long names and aliases) by the short name RE2 knows. */
const CATEGORY_ALIASES: Record<string, string> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};
const CATEGORIES = new Set([
  'L',
  'LC',
  'Lu',
  'Ll',
  'Lt',
  'Lm',
  'Lo',
  'M',
  'Mn',
  'Mc',
  'Me',
  'N',
  'Nd',
  'Nl',
  'No',
  'P',
  'Pc',
  'Pd',
  'Ps',
  'Pe',
  'Pi',
  'Pf',
  'Po',
  'S',
  'Sm',
  'Sc',
  'Sk',
  'So',
  'Z',
  'Zs',
  'Zl',
  'Zp',
  'C',
  'Cc',
  'Cf',
  'Cs',
  'Co',
  'Cn',
]);

/** Binary properties re2js has, by their ECMAScript names and aliases. */
const BINARY_PROPERTIES: Record<string, string> = {
  Any: 'Any',
  ASCII: 'Ascii',
  Assigned: 'Assigned',
  ASCII_Hex_Digit: 'ASCII_Hex_Digit',
  AHex: 'ASCII_Hex_Digit',
  Alphabetic: 'Alphabetic',
  Alpha: 'Alphabetic',
  Dash: 'Dash',
  Emoji: 'Emoji',
  Emoji_Component: 'Emoji_Component',
  EComp: 'Emoji_Component',
  Emoji_Modifier: 'Emoji_Modifier',
  EMod: 'Emoji_Modifier',
  Emoji_Modifier_Base: 'Emoji_Modifier_Base',
  EBase: 'Emoji_Modifier_Base',
  Emoji_Presentation: 'Emoji_Presentation',
  EPres: 'Emoji_Presentation',
  Extended_Pictographic: 'Extended_Pictographic',
  ExtPict: 'Extended_Pictographic',
  Hex_Digit: 'Hex_Digit',
  Hex: 'Hex_Digit',
  Lowercase: 'Lowercase',
  Lower: 'Lowercase',
  Math: 'Math',
  Quotation_Mark: 'Quotation_Mark',
  QMark: 'Quotation_Mark',
  Terminal_Punctuation: 'Terminal_Punctuation',
  Term: 'Terminal_Punctuation',
  Uppercase: 'Uppercase',
  Upper: 'Uppercase',
  White_Space: 'White_Space',
  space: 'White_Space',
};

/** A JavaScript `\p{…}` name as re2js spells it; undefined for what it lacks (Script_Extensions, most binary properties). */
export function propertyName(name: string): string | undefined {
  const eq = name.indexOf('=');
  if (eq >= 0) {
    const key = name.slice(0, eq);
    const value = name.slice(eq + 1);
    if (key === 'General_Category' || key === 'gc') return CATEGORIES.has(value) ? value : CATEGORY_ALIASES[value];
    // re2js names scripts by their long names (Greek, Latin, Han); a 4-letter alias fails to compile.
    if ((key === 'Script' || key === 'sc') && /^[A-Z][A-Za-z_]*$/.test(value) && !CATEGORIES.has(value) && BINARY_PROPERTIES[value] === undefined) return value;
    return undefined;
  }
  if (CATEGORIES.has(name)) return name;
  return CATEGORY_ALIASES[name] ?? BINARY_PROPERTIES[name];
}
