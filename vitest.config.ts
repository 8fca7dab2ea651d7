import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/sequencer.js';

export default defineConfig({
  resolve: {
    // Generated code imports @specforge/runtime/<entry>: its sources, so tests need no build of it.
    alias: [{ find: /^@specforge\/runtime\/([a-z-]+)$/, replacement: fileURLToPath(new URL('./src/runtime/entry/$1.ts', import.meta.url)) }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Four workers share two cores: a test that runs the CLI a few times can take minutes when the
    // browser and build suites run beside it.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // A worker runs file after file in one module graph: specforge's modules, Redocly, TypeScript
    // and Ajv are loaded once per worker instead of once per file (vitest reported 540 s of imports
    // over a full run). The price: state a module keeps is shared between files, so caches in src/
    // are keyed by everything that makes their entries differ (test/unit/model-cache.test.ts).
    isolate: false,
    // Test files run in parallel, one per worker. Vitest's default is one worker fewer than CPUs: on
    // the 2-core machine a single worker, every file after the other. Most of a file's time is spent
    // waiting on child processes (the built CLI, tsc, npm, chromium, servers), so four workers there
    // (with three, the 2-core machine was still idle a third of the time).
    maxWorkers: Math.max(4, availableParallelism()),
    // Longest files first (test/durations.json), so no long file starts last and runs alone.
    sequence: { sequencer: LongestFirst },
    // SPECFORGE_TEST_CPU=<folder>: each file records the CPU seconds it used (test/support/cpu-usage.ts).
    setupFiles: process.env['SPECFORGE_TEST_CPU'] !== undefined ? ['test/support/cpu-usage.ts'] : [],
    // GitHub's workflow parser imports its JSON schemas without import attributes, which Node.js
    // refuses: Vite transforms it instead.
    server: { deps: { inline: ['@actions/workflow-parser', '@actions/expressions'] } },
  },
});
