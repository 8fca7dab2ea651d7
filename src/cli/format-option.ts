/** The `--format` option of commands that print findings: one of a list, else a usage error. */
import { UsageError } from '../contract/errors.js';

export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function formatOption<T extends string>(value: string | undefined, list: readonly T[], fallback: T): T {
  const format = value ?? fallback;
  if (!isOneOf(list, format)) throw new UsageError(`unknown --format "${format}"; use one of ${list.join(', ')}`);
  return format;
}
