/**
 * Text from outside (a server's answer, a contract's names, descriptions and messages, file names)
 * made safe for a terminal: every character a terminal would act on instead of print is shown as
 * an escape. That is C0 controls (all but line feed and tab, where the output keeps lines), DEL,
 * C1 controls (U+0080–U+009F, which some terminals read as ESC sequences) and the bidirectional
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) that reorder what a reader sees. An ESC
 * shows as `\x1b`, so a title change or a screen clear in an answer is visible, never performed.
 */

/** Characters a terminal acts on, line feed and tab included (see `keepLines`). */
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The same, line feed and tab excepted. */
const UNSAFE_INLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every control character escaped (`\x1b`, `\u202e`). `keepLines` (the default) keeps
 * line feeds and tabs, for output of several lines; without it they are escaped as well.
 */
export function terminalText(text: string, keepLines = true): string {
  return text.replace(keepLines ? UNSAFE_INLINE : UNSAFE_ALL, escapeChar);
}
