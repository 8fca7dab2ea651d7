/**
 * The generation targets, in the order they run, and the options a config sets for them. Kept apart
 * from the generators (below the config that names them) so it loads fast.
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

/**
 * Which validators are compiled on first use instead of ahead of time as standalone code: none
 * (`false`); responses and schemas no request reaches (`true`); all of them (`"all"`); or `"auto"`,
 * the default: all of them in a contract of DEFER_THRESHOLD distinct schemas or more (whose
 * standalone code is megabytes that every build and editor of the generated files parses), none
 * otherwise.
 */
export type DeferValidators = boolean | 'all' | 'auto';
