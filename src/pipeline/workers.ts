/**
 * Parallel validator compilation for large contracts: each group of exports compiles in its own
 * worker thread (with a deep stack for deeply nested schemas) while the main thread generates the
 * other targets. From TypeScript sources (tests), compilation stays in-process.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compileInline, type ShardCompiler } from '../../generators/validators.js';

/** Contracts with at least this many distinct schemas compile in workers. */
export const PARALLEL_THRESHOLD = 400;

const WORKER_URL = new URL('./validators-worker.js', import.meta.url);
export const canUseWorkers = new URL(import.meta.url).pathname.endsWith('.js');

/**
 * How to compile a contract's validators: in-process for small contracts (and from TypeScript
 * sources), otherwise in as many workers as there are cores beside the main thread, which meanwhile
 * generates the other targets.
 */
export function compilerFor(defs: number): { compile: ShardCompiler; shards: number } {
  if (!canUseWorkers || defs < PARALLEL_THRESHOLD) return { compile: compileInline, shards: 1 };
  return { compile: compileInWorkers, shards: Math.max(1, Math.min(4, availableParallelism() - 1)) };
}

export const compileInWorkers: ShardCompiler = async (root, groups, strict) => {
  if (!canUseWorkers) return compileInline(root, groups, strict);
  return Promise.all(
    groups.map(
      (group) =>
        new Promise<string>((resolve, reject) => {
          const worker = new Worker(WORKER_URL, {
            workerData: { root, group, strict },
            resourceLimits: { stackSizeMb: 256, maxYoungGenerationSizeMb: 64 },
          });
          let settled = false;
          worker.once('message', (m: { ok: boolean; code?: string; message?: string }) => {
            settled = true;
            if (m.ok && m.code !== undefined) resolve(m.code);
            else reject(new Error(m.message ?? 'validator worker failed'));
            void worker.terminate();
          });
          worker.once('error', (err) => {
            if (!settled) reject(err);
          });
          worker.once('exit', (code) => {
            if (!settled) reject(new Error(`validator worker exited with code ${code}`));
          });
        }),
    ),
  );
};
