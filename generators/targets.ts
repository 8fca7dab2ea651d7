/**
 * The generation targets, in the order they run. Kept apart from the generators so it loads fast.
 * ALL_TARGETS are generated when a contract lists none; OPT_IN_TARGETS only when listed (the
 * per-operation SDK, and the TanStack Query integration, whose file imports @tanstack/react-query).
 */
export const ALL_TARGETS = ['types', 'validators', 'server', 'mocks', 'client', 'cli', 'index'] as const;
export const OPT_IN_TARGETS = ['sdk', 'react-query'] as const;
/** Every target a config or `--targets` may name. */
export const KNOWN_TARGETS = [...ALL_TARGETS.slice(0, -1), ...OPT_IN_TARGETS, 'index'] as const;
export type Target = (typeof KNOWN_TARGETS)[number];
