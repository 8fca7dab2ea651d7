/** The generation targets, in the order they run. Kept apart from the generators so it loads fast. */
export const ALL_TARGETS = ['types', 'validators', 'server', 'mocks', 'client', 'cli', 'index'] as const;
export type Target = (typeof ALL_TARGETS)[number];
