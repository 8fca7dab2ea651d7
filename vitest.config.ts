import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Generated code imports @specforge/runtime/<entry>: its sources, so tests need no build of it.
    alias: [{ find: /^@specforge\/runtime\/([a-z-]+)$/, replacement: fileURLToPath(new URL('./src/runtime/entry/$1.ts', import.meta.url)) }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files run in parallel, one per worker. Vitest's default is one worker fewer than CPUs: on
    // the 2-core machine a single worker, every file after the other. Most of a file's time is spent
    // waiting on child processes (the built CLI, tsc, chromium, servers), so three workers there (the 2-core machine was idle a third of the time with two).
    maxWorkers: Math.max(3, availableParallelism()),
    // GitHub's workflow parser imports its JSON schemas without import attributes, which Node.js
    // refuses: Vite transforms it instead.
    server: { deps: { inline: ['@actions/workflow-parser', '@actions/expressions'] } },
  },
});
