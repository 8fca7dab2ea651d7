import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Generated code imports @specforge/runtime/<entry>: its sources, so tests need no build of it.
    alias: [{ find: /^@specforge\/runtime\/([a-z]+)$/, replacement: fileURLToPath(new URL('./src/runtime/entry/$1.ts', import.meta.url)) }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
