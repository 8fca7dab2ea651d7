/**
 * How a command line's text becomes values: boolean and integer spellings (those of Go's strconv,
 * which the flags of Go programs accept), and the arguments rewritten so that commander reads every
 * option with its value attached (`--short=false` as Go's flag package allows, `-ojson`, `-o=json`).
 */
import type { CliCommandSpec, CliOptionSpec, CliValueType } from './spec.js';

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** Decimal, or 0x / 0o / 0b prefixed; a leading 0 means octal (0600); "_" between digits. */
const INTEGER = /^([+-]?)(?:0[xX]_?([0-9a-fA-F](?:_?[0-9a-fA-F])*)|0[oO]?_?([0-7](?:_?[0-7])*)|0[bB]_?([01](?:_?[01])*)|([1-9](?:_?[0-9])*|0))$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function parseBoolean(text: string): boolean | undefined {
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return undefined;
}

export function parseInteger(text: string): number | undefined {
  const m = INTEGER.exec(text);
  if (!m) return undefined;
  const [, sign, hex, octal, binary, decimal] = m;
  const digits = (hex ?? octal ?? binary ?? decimal ?? '').replace(/_/g, '');
  const radix = hex !== undefined ? 16 : octal !== undefined ? 8 : binary !== undefined ? 2 : 10;
  const value = Number.parseInt(digits, radix) * (sign === '-' ? -1 : 1);
  return Number.isSafeInteger(value) ? value : undefined;
}

export function parseNumber(text: string): number | undefined {
  if (!NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The value of one text for a scalar type, or an explanation of why it is not one. */
export function parseScalar(type: CliValueType, text: string): { value: unknown } | { problem: string } {
  switch (type) {
    case 'string':
      return { value: text };
    case 'boolean': {
      const value = parseBoolean(text);
      return value === undefined ? { problem: 'not a boolean (true, false, 1, 0, t, f)' } : { value };
    }
    case 'integer': {
      const value = parseInteger(text);
      return value === undefined ? { problem: 'not an integer' } : { value };
    }
    case 'number': {
      const value = parseNumber(text);
      return value === undefined ? { problem: 'not a number' } : { value };
    }
  }
}

/** A boolean flag takes no separate value: `--short` alone is true, `--short=false` false. */
function takesValue(option: CliOptionSpec): boolean {
  return option.type !== 'boolean';
}

/**
 * The arguments with every known option in the form `--flag=value`, following subcommands so that
 * each command's own options are recognized. Unknown words are left for commander to report.
 */
export function normalizeArguments(root: CliCommandSpec, args: readonly string[]): string[] {
  const out: string[] = [];
  let command = root;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      out.push(...args.slice(i));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq === -1 ? undefined : eq);
      const option = command.options.find((o) => o.flag === name);
      if (option === undefined || eq !== -1) out.push(arg);
      else if (!takesValue(option)) out.push(`--${name}=true`);
      else if (i + 1 < args.length) out.push(`--${name}=${args[++i] as string}`);
      else out.push(arg);
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      // A cluster of one-letter aliases: booleans first, then at most one that takes a value.
      let rest = arg.slice(1);
      while (rest.length > 0) {
        const option = command.options.find((o) => o.short === rest[0]);
        if (option === undefined) {
          out.push(`-${rest}`);
          break;
        }
        rest = rest.slice(1);
        if (!takesValue(option)) {
          if (rest.startsWith('=')) {
            out.push(`--${option.flag}=${rest.slice(1)}`);
            rest = '';
          } else out.push(`--${option.flag}=true`);
          continue;
        }
        if (rest.startsWith('=')) rest = rest.slice(1);
        if (rest !== '') out.push(`--${option.flag}=${rest}`);
        else if (i + 1 < args.length) out.push(`--${option.flag}=${args[++i] as string}`);
        else out.push(`--${option.flag}`);
        rest = '';
      }
      continue;
    }
    const sub = command.commands.find((c) => c.name === arg);
    if (sub !== undefined) command = sub;
    out.push(arg);
  }
  return out;
}
