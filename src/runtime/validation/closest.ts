/**
 * The closest alternative of a failed `oneOf` or `anyOf` that nothing in the contract chooses
 * between (src/contract/tables/alternatives.ts narrows those that something does). Ajv reports every
 * alternative's errors; the union keywords of src/runtime/validation/ajv.ts record where each alternative's
 * errors start, and on failure keep only those of the alternatives closest to the data:
 *
 * 1. an alternative whose type the data does not have at all (a `type` error at the union's own
 *    place) is farthest;
 * 2. then the fewest errors;
 * 3. then the deepest error: an alternative that got further into the data matched more of it.
 *
 * Alternatives that tie are all reported. Browser-safe: generated validators call it at run time.
 */

interface UnionError {
  instancePath: string;
  keyword: string;
}

function depth(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}

/**
 * `errors` holds, from `starts[i]`, the errors of alternative i (the last up to `end`). Returns the
 * errors before the union followed by those of the closest alternatives.
 */
export function closestAlternatives<E extends UnionError>(errors: E[] | null, starts: readonly number[], end: number): E[] | null {
  if (errors === null || starts.length < 2) return errors;
  const blocks = starts.map((start, i) => errors.slice(start, i + 1 < starts.length ? (starts[i + 1] as number) : end));
  let root: string | undefined;
  for (const block of blocks) for (const e of block) if (root === undefined || e.instancePath.length < root.length) root = e.instancePath;
  const scores = blocks.map((block) => {
    let deepest = 0;
    let wrongType = false;
    for (const e of block) {
      deepest = Math.max(deepest, depth(e.instancePath));
      if (e.keyword === 'type' && e.instancePath === root) wrongType = true;
    }
    return [wrongType ? 1 : 0, block.length, -deepest];
  });
  const better = (a: number[], b: number[]): number => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
    return 0;
  };
  let best = scores[0] as number[];
  for (const s of scores) if (better(s, best) < 0) best = s;
  const kept = errors.slice(0, starts[0]);
  blocks.forEach((block, i) => {
    if (better(scores[i] as number[], best) === 0) kept.push(...block);
  });
  return kept;
}
