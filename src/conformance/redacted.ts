/**
 * The mark of a redacted credential, and what the checks make of it. A report, a curl line and a
 * cassette show `[REDACTED]` where a credential was (redact.ts); replayed (`specforge test
 * --replay`), such a value is a credential whose form is not known, so it is never judged against
 * the schema it stands in (replay-credentials.ts does the same for requests).
 */
import { getAtPointer } from '../contract/pointer.js';
import type { ValidateFunction } from '../runtime/validation/standalone.js';

/** What stands where a credential was. Brackets: never mistaken for a value, JSON- and XML-safe. */
export const REDACTED = '[REDACTED]';

/** Whether every error of a validator is about a string that holds `[REDACTED]` (none: false). */
export function onlyRedacted(errors: ValidateFunction['errors'], value: unknown): boolean {
  if (!errors || errors.length === 0) return false;
  return errors.every((e) => {
    let at: unknown;
    try {
      at = getAtPointer(value, e.instancePath).value;
    } catch {
      // Not a pointer: not about a redacted value.
      return false;
    }
    return typeof at === 'string' && at.includes(REDACTED);
  });
}
