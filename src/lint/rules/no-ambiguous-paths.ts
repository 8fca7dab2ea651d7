/**
 * `specforge/no-ambiguous-paths`: two paths that one request could match (`/{a}/items` and
 * `/pets/{b}`), reported at the later path and naming the earliest earlier one it collides with,
 * as Redocly's `no-ambiguous-paths` does. Redocly compares each path with every earlier path of the
 * same shape (quadratic: 30,000 paths cost 7.7 s of CPU); this rule keeps the earlier paths in a
 * trie per shape and walks only the branches a request could take: a literal segment follows its
 * own child and the template child, a template segment every child. For the paths contracts hold
 * (a literal resource name, then parameters) that is a few steps per path. A contract built to make
 * the walk long (many literal paths, then templates where they differ) meets a budget of trie steps:
 * past it the rule reports once that the check stopped, instead of running for minutes.
 */
import type { Oas2Rule, Oas3Rule, UserContext } from '@redocly/openapi-core';

const TEMPLATE = /^\{.+?\}$/;

/** Trie steps one lint run may take (about half a second of work). */
export const AMBIGUITY_BUDGET = 5_000_000;

/** A node of the trie: literal children by segment, template segments under one wildcard child. */
interface Node {
  literal: Map<string, Node>;
  template: Node | undefined;
  /** The first path that ended here, with its index in the paths object. */
  path: string | undefined;
  order: number;
}

function node(): Node {
  return { literal: new Map(), template: undefined, path: undefined, order: Infinity };
}

/**
 * The earliest earlier path that a request for `segments` could also match, or undefined. Iterative
 * (an explicit stack): a path's depth is the contract's, so no recursion over untrusted input.
 */
function earliestAmbiguous(root: Node, segments: readonly string[], isTemplate: readonly boolean[], budget: { left: number }): Node | undefined {
  let best: Node | undefined;
  const stack: Array<[Node, number]> = [[root, 0]];
  while (stack.length > 0) {
    if (--budget.left < 0) return best;
    const [at, depth] = stack.pop() as [Node, number];
    if (depth === segments.length) {
      if (at.path !== undefined && (best === undefined || at.order < best.order)) best = at;
      continue;
    }
    if (at.template) stack.push([at.template, depth + 1]);
    if (isTemplate[depth]) for (const child of at.literal.values()) stack.push([child, depth + 1]);
    else {
      const child = at.literal.get(segments[depth] as string);
      if (child) stack.push([child, depth + 1]);
    }
  }
  return best;
}

const noAmbiguousPaths = () => ({
  Paths(paths: Record<string, unknown>, { report, location }: UserContext) {
    // Only paths with the same number of segments and of templates can be ambiguous (as Redocly groups them).
    const tries = new Map<string, Node>();
    const budget = { left: AMBIGUITY_BUDGET };
    let order = 0;
    for (const path of Object.keys(paths)) {
      if (path.startsWith('x-')) continue;
      if (budget.left < 0) {
        report({
          message: `Paths were checked for ambiguity up to \`${path}\` only: the contract's paths took more than ${AMBIGUITY_BUDGET.toLocaleString('en-US')} comparison steps`,
          location: location.child([path]).key(),
        });
        return;
      }
      const segments = path.split('/');
      const isTemplate = segments.map((s) => TEMPLATE.test(s));
      const shape = `${segments.length}:${isTemplate.filter(Boolean).length}`;
      let root = tries.get(shape);
      if (!root) tries.set(shape, (root = node()));
      const earlier = earliestAmbiguous(root, segments, isTemplate, budget);
      if (earlier) {
        report({
          message: `Paths should resolve unambiguously. Found two ambiguous paths: \`${earlier.path}\` and \`${path}\`.`,
          location: location.child([path]).key(),
        });
      }
      let at = root;
      for (let i = 0; i < segments.length; i++) {
        if (isTemplate[i]) at = at.template ??= node();
        else {
          const segment = segments[i] as string;
          let next = at.literal.get(segment);
          if (!next) at.literal.set(segment, (next = node()));
          at = next;
        }
      }
      if (at.path === undefined) {
        at.path = path;
        at.order = order;
      }
      order++;
    }
  },
});

export const NoAmbiguousPaths: Oas3Rule = noAmbiguousPaths;
export const NoAmbiguousPathsOas2: Oas2Rule = noAmbiguousPaths;
