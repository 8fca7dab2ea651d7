/**
 * The quoting of contract text in completion scripts and reference pages: each shell's literal reads
 * back as the text (checked with small readers of each shell's single-quoted strings, and with bash
 * itself), and Markdown text cannot open any markup.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fishQuote, psQuote, shQuote } from '../../src/runtime/cli/completion.js';
import { code, markdownCode, markdownText } from '../../src/codegen/escape.js';
import { render, checkTemplate } from '../../src/codegen/templates.js';

const HOSTILE = [
  '',
  'plain',
  "it's",
  "''",
  '\\',
  "\\'",
  '$(touch PWNED)',
  '`touch PWNED`',
  '"; touch PWNED; "',
  'a b\tc',
  '‘smart’ ‚low‛',
  'end\\',
  '*/ </script>',
];

/** fish: inside '...', \\ is a backslash and \' a quote; nothing else is special. */
function readFish(literal: string): string {
  expect(literal.startsWith("'") && literal.endsWith("'")).toBe(true);
  let out = '';
  const body = literal.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\' && (body[i + 1] === '\\' || body[i + 1] === "'")) out += body[++i];
    else if (c === "'") throw new Error(`unescaped quote in ${literal}`);
    else out += c;
  }
  return out;
}

/** PowerShell: inside '...', a doubled quote (of any of its four kinds) is one quote. */
function readPowerShell(literal: string): string {
  const quotes = "'\u2018\u2019\u201a\u201b";
  expect(quotes.includes(literal[0] as string) && quotes.includes(literal[literal.length - 1] as string)).toBe(true);
  let out = '';
  const body = literal.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quotes.includes(c)) {
      if (!quotes.includes(body[i + 1] ?? '')) throw new Error(`lone quote in ${literal}`);
      out += c;
      i++;
    } else out += c;
  }
  return out;
}

describe('shell literals', () => {
  it.each(HOSTILE)('bash reads shQuote(%j) back as the text', (text) => {
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', `printf '%s' ${shQuote(text)}`], { encoding: 'utf8', cwd: '/' });
    expect(r.stdout).toBe(text);
  });

  it.each(HOSTILE)('fish reads fishQuote(%j) back as the text', (text) => {
    expect(readFish(fishQuote(text))).toBe(text);
  });

  it.each(HOSTILE)('PowerShell reads psQuote(%j) back as the text', (text) => {
    expect(readPowerShell(psQuote(text))).toBe(text);
  });

  it('the readers catch a literal that does not escape', () => {
    expect(() => readFish("'it's'")).toThrow();
    expect(() => readPowerShell("'it‘s'")).toThrow();
  });
});

describe('Markdown text', () => {
  it.each<[string, string]>([
    ['<script>alert(1)</script>', '\\<script\\>alert(1)\\</script\\>'],
    ['a | b', 'a \\| b'],
    ['[x](javascript:alert(1))', '\\[x\\](javascript:alert(1))'],
    ['*bold* _it_ `code` ~~s~~', '\\*bold\\* \\_it\\_ \\`code\\` \\~\\~s\\~\\~'],
    ['&amp; &#60;', '\\&amp; \\&\\#&#8203;60;'],
    ['# heading', '\\# heading'],
    ['- item', '\\- item'],
    ['1. item', '1\\. item'],
    ['line\nbreak\u2028here', 'line break here'],
    ['back\\slash', 'back\\\\slash'],
  ])('markdownText(%j)', (text, expected) => expect(markdownText(text)).toBe(expected));

  it.each<[string, string]>([
    ['--flag <v>', '`--flag <v>`'],
    ['a`b', '``a`b``'],
    ['`x`', '`` `x` ``'],
    ['a|b', '`a\\|b`'],
  ])('markdownCode(%j)', (text, expected) => expect(markdownCode(text)).toBe(expected));

  it('templates may print through md and mdcode, and nothing else', () => {
    expect(() => checkTemplate('t', '{{md x}} {{mdcode y}}')).not.toThrow();
    expect(() => checkTemplate('t', '{{x}}')).toThrow();
  });

  it('the cli reference template escapes what it prints', () => {
    const text = render('cli', 'cli.md', {
      header: code('<!-- h -->'),
      name: '<b>',
      sections: [],
    });
    expect(text).toContain('# \\<b\\> command line');
  });
});
