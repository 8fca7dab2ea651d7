/** One difference between two versions of a contract, as the diff rules report it. */
import { diffRule, type DiffLevel, type DiffRuleId } from './rules.js';

export interface OperationRef {
  method: string;
  path: string;
  id: string;
}

export interface DiffChange {
  rule: DiffRuleId;
  level: DiffLevel;
  message: string;
  /** Pointer in the bundled head document where the change is reported (for a removal, the nearest surviving parent). */
  pointer: string;
  operation?: OperationRef;
  /** The API path the change concerns (the head's spelling), when it concerns one. */
  path?: string;
  /** Old and new value, when the message does not say it all. */
  detail?: string;
  /**
   * The same for every operation a change reaches through a shared schema (the compared pair and
   * the difference within it): reports show such changes once, naming the other operations.
   */
  identity?: string;
  /**
   * Pointer in the bundled base document of what was removed (a path, an operation): reports place
   * a removal on its own line in the base, not on the head's nearest surviving parent.
   */
  basePointer?: string;
}

export type Emit = (rule: DiffRuleId, pointer: string, message: string, detail?: string, identity?: string) => void;

/** An emitter that prefixes messages with the operation and takes levels from the catalogue (`basePointer`: what was removed, in the base). */
export function emitterFor(out: DiffChange[], operation?: OperationRef, path = operation?.path, basePointer?: string): Emit {
  return (rule, pointer, message, detail, identity) => {
    const change: DiffChange = {
      rule,
      level: diffRule(rule).level,
      message: operation ? `${operation.method.toUpperCase()} ${operation.path}: ${message}` : message,
      pointer,
    };
    if (operation) change.operation = operation;
    if (path !== undefined) change.path = path;
    if (detail !== undefined) change.detail = detail;
    if (identity !== undefined) change.identity = identity;
    if (basePointer !== undefined) change.basePointer = basePointer;
    out.push(change);
  };
}

/**
 * What makes two changes one: a change of a shared schema reaches every operation that uses it,
 * with the same identity; reports show it once. Changes without an identity are each their own.
 * `diff`, `review` and `changelog` count changes by this key, so they agree on how many there are.
 */
export function changeKey(change: Pick<DiffChange, 'rule' | 'level' | 'identity'>, index: number): string {
  return change.identity === undefined ? `#${index}` : `${change.rule}|${change.level}|${change.identity}`;
}

/** How many distinct breaking changes a list holds (see changeKey). */
export function breakingCount(changes: readonly DiffChange[]): number {
  const keys = new Set<string>();
  changes.forEach((c, i) => {
    if (c.level === 'breaking') keys.add(changeKey(c, i));
  });
  return keys.size;
}
