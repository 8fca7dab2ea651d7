/** How a command line's text becomes values, and how arguments are put in the form commander reads. */
import { describe, expect, it } from 'vitest';
import type { CliCommandSpec } from '../../src/runtime/cli/spec.js';
import { normalizeArguments, parseBoolean, parseInteger, parseNumber } from '../../src/runtime/cli/values.js';

describe('parseBoolean: the spellings of Go strconv.ParseBool', () => {
  it.each(['1', 't', 'T', 'TRUE', 'true', 'True'])('%s is true', (text) => expect(parseBoolean(text)).toBe(true));
  it.each(['0', 'f', 'F', 'FALSE', 'false', 'False'])('%s is false', (text) => expect(parseBoolean(text)).toBe(false));
  it.each(['', 'yes', 'no', 'on', 'tRUE', ' true', '2'])('%j is neither', (text) => expect(parseBoolean(text)).toBeUndefined());
});

describe('parseInteger: Go strconv.ParseInt with base 0', () => {
  it.each<[string, number]>([
    ['0', 0],
    ['42', 42],
    ['-7', -7],
    ['+7', 7],
    ['0600', 384],
    ['0o644', 420],
    ['0O17', 15],
    ['0x1F90', 8080],
    ['0b101', 5],
    ['1_000', 1000],
    ['0x_ff', 255],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('%s is %d', (text, value) => expect(parseInteger(text)).toBe(value));
  it.each(['', '08', '1.5', '1e3', '0x', '1__0', '_1', '1_', 'ten', ' 1', '9007199254740993'])('%j is not an integer', (text) =>
    expect(parseInteger(text)).toBeUndefined(),
  );
});

describe('parseNumber', () => {
  it.each<[string, number]>([
    ['0.25', 0.25],
    ['.5', 0.5],
    ['-3', -3],
    ['1e3', 1000],
  ])('%s is %d', (text, value) => expect(parseNumber(text)).toBe(value));
  it.each(['', '1/2', 'NaN', 'Infinity', '0x10', '1e999'])('%j is not a number', (text) => expect(parseNumber(text)).toBeUndefined());
});

const option = (flag: string, type: 'string' | 'boolean', short?: string): CliCommandSpec['options'][number] => ({
  property: flag,
  flag,
  type,
  summary: '',
  description: '',
  placeholder: 'v',
  ...(short !== undefined ? { short } : {}),
});

const ROOT: CliCommandSpec = {
  name: 'tool',
  summary: '',
  options: [option('level', 'string', 'l'), option('quiet', 'boolean', 'q'), option('verbose', 'boolean', 'v')],
  action: { type: 'configuration' },
  commands: [
    { name: 'version', summary: '', options: [option('output', 'string', 'o'), option('short', 'boolean', 's')], action: { type: 'version' }, commands: [] },
  ],
};

describe('normalizeArguments', () => {
  it.each<[string, string[], string[]]>([
    ['a boolean flag alone', ['--quiet'], ['--quiet=true']],
    ['a boolean flag with its value', ['--quiet=false'], ['--quiet=false']],
    ['a boolean does not take the next word', ['--quiet', 'version'], ['--quiet=true', 'version']],
    ['a value flag takes the next word, even one with a dash', ['--level', '-1'], ['--level=-1']],
    ['a value flag at the end is left for commander to report', ['--level'], ['--level']],
    ['an alias with its value attached', ['-ldebug'], ['--level=debug']],
    ['an alias with "="', ['-l=debug'], ['--level=debug']],
    ['an alias and the next word', ['-l', 'debug'], ['--level=debug']],
    ['a cluster of boolean aliases', ['-qv'], ['--quiet=true', '--verbose=true']],
    ['a cluster ending in a value alias', ['-qldebug'], ['--quiet=true', '--level=debug']],
    ['a boolean alias with "="', ['-q=false'], ['--quiet=false']],
    ['an unknown alias is left alone', ['-x'], ['-x']],
    ['an unknown flag is left alone', ['--nope', 'x'], ['--nope', 'x']],
    ['each command reads its own flags', ['--quiet', 'version', '-s', '-o', 'json'], ['--quiet=true', 'version', '--short=true', '--output=json']],
    ['a root alias after the subcommand is not read as the root one', ['version', '-q'], ['version', '-q']],
    ['nothing after --', ['--', '--quiet', '-l'], ['--', '--quiet', '-l']],
  ])('%s', (_name, args, expected) => expect(normalizeArguments(ROOT, args)).toEqual(expected));
});
