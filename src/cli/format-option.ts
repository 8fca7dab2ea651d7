/** Options shared by commands: `--format` (one of a list) and `--strict`; a bad value is a usage error. */
import { UsageError } from '../contract/errors.js';
import type { StrictLevel } from '../runtime/validation/ajv.js';

export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function formatOption<T extends string>(value: string | undefined, list: readonly T[], fallback: T): T {
  const format = value ?? fallback;
  if (!isOneOf(list, format)) throw new UsageError(`unknown --format "${format}"; use one of ${list.join(', ')}`);
  return format;
}

/** The values of `--strict`. */
export const STRICT_VALUES = ['true', 'false', 'schema'] as const;

/** The `--strict` flag as a strict level (undefined when not given): true, false or schema. */
export function strictFlag(value: string | undefined): StrictLevel | undefined {
  if (value === undefined) return undefined;
  if (!isOneOf(STRICT_VALUES, value)) throw new UsageError(`--strict takes ${STRICT_VALUES.join(', ')}, not "${value}"`);
  return value === 'schema' ? 'schema' : value === 'true';
}
