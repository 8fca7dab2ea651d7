/**
 * The generation targets, in the order they run. Kept apart from the generators so it loads fast.
 * DEFAULT_TARGETS are generated when a contract lists none; OPT_IN_TARGETS only when listed: the
 * per-operation SDK, the TanStack Query integration (its file imports @tanstack/react-query) and
 * zod schemas (they import zod) and MSW handlers over the mock tables (they import msw). `index` runs last: it re-exports what the others wrote.
 */
export const ALL_TARGETS = ['types', 'validators', 'server', 'mocks', 'client', 'cli', 'sdk', 'react-query', 'zod', 'msw', 'index'] as const;
export type Target = (typeof ALL_TARGETS)[number];
export const OPT_IN_TARGETS: readonly Target[] = ['sdk', 'react-query', 'zod', 'msw'];
/** Every target a config or `--targets` may name. */
export const KNOWN_TARGETS: readonly Target[] = ALL_TARGETS;
export const DEFAULT_TARGETS: readonly Target[] = ALL_TARGETS.filter((t) => !OPT_IN_TARGETS.includes(t));
