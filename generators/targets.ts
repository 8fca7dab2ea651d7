/** The generation targets, in the order they run. Kept apart from the generators so it loads fast. */
export const ALL_TARGETS = ['types', 'validators', 'server', 'mocks', 'client', 'cli', 'index', 'zod'] as const;
export type Target = (typeof ALL_TARGETS)[number];
/** The targets generated when a contract's config entry names none: all but those asked for by name (zod, which needs the zod package). */
export const DEFAULT_TARGETS: readonly Target[] = ALL_TARGETS.filter((t) => t !== 'zod');
