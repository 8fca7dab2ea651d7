/**
 * Worker threads for large contracts. The types (openapi-typescript and the TypeScript printer) and
 * the validators (Ajv) are produced in a worker each, with a deep stack for deeply
 * nested schemas, while the main thread validates the document and generates the other targets.
 *
 * A worker spends its first second loading its modules (the TypeScript compiler alone is 9 MB).
 * A large contract is known by its file size before it is parsed, so `WorkerPool.forFile` starts the
 * workers then: they load their modules on the second core while the main thread builds the model,
 * and take their job as a message once it is ready. From TypeScript sources (tests), everything
 * stays in-process.
 */
import { Worker } from 'node:worker_threads';
import { compileInline, type ValidatorCompiler } from '../../generators/validators.js';

/** Contracts with at least this many distinct schemas compile in workers. */
export const PARALLEL_THRESHOLD = 400;

/** Contract files from this size on start their workers before the model is built. */
export const WARM_THRESHOLD_BYTES = 2_000_000;

const VALIDATORS_WORKER_URL = new URL('./validators-worker.js', import.meta.url);
const TYPES_WORKER_URL = new URL('./types-worker.js', import.meta.url);
export const canUseWorkers = new URL(import.meta.url).pathname.endsWith('.js');

/**
 * Node options for the workers: the process's own, and no ES-module detection. The workers' modules
 * are ES modules or packages that declare their type, except the TypeScript compiler (which
 * openapi-typescript imports): without a `type` field, Node would first compile all of its 9 MB to
 * look for ES-module syntax.
 */
const WORKER_EXEC_ARGV = [
  ...process.execArgv,
  ...(process.allowedNodeEnvironmentFlags.has('--experimental-detect-module') ? ['--no-experimental-detect-module'] : []),
];

/** A started worker that takes one job as a message and answers one `{ ok, code | message }`. */
export interface JobWorker {
  run(job: unknown): Promise<string>;
  /** Stops the worker if it was never given a job. */
  release(): void;
}

function startWorker(url: URL): JobWorker {
  const worker = new Worker(url, {
    execArgv: WORKER_EXEC_ARGV,
    resourceLimits: { stackSizeMb: 256, maxYoungGenerationSizeMb: 64 },
  });
  let used = false;
  const result = new Promise<string>((resolve, reject) => {
    let settled = false;
    worker.once('message', (m: { ok: boolean; code?: string; message?: string }) => {
      settled = true;
      if (m.ok && m.code !== undefined) resolve(m.code);
      else reject(new Error(m.message ?? 'generator worker failed'));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      if (!settled) reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`generator worker exited with code ${code}`));
    });
  });
  result.catch(() => undefined);
  // An idle worker must not keep the process alive.
  worker.unref();
  return {
    run(job) {
      used = true;
      worker.ref();
      worker.postMessage(job);
      return result;
    },
    release() {
      if (!used) void worker.terminate();
    },
  };
}

/** The workers of one contract's generation: started early for a large file, else on demand. */
export class WorkerPool {
  private types: JobWorker | undefined;
  private validators: JobWorker | undefined;

  /** Starts the workers now when the contract file is large; otherwise a pool that starts them when asked. */
  static forFile(bytes: number): WorkerPool {
    const pool = new WorkerPool();
    if (canUseWorkers && bytes >= WARM_THRESHOLD_BYTES) {
      pool.types = startWorker(TYPES_WORKER_URL);
      pool.validators = startWorker(VALIDATORS_WORKER_URL);
    }
    return pool;
  }

  /**
   * The types of a large contract printed in a worker; undefined where the contract is small or
   * workers are not available, so the caller prints them in-process.
   */
  typesInWorker(document: Record<string, unknown>, schemas: number): Promise<string> | undefined {
    if (!canUseWorkers || schemas < PARALLEL_THRESHOLD) return undefined;
    const worker = this.types ?? startWorker(TYPES_WORKER_URL);
    this.types = undefined;
    return worker.run({ document });
  }

  /** How to compile a contract's validators: in-process for small contracts (and from TypeScript sources), else in a worker. */
  compilerFor(defs: number): ValidatorCompiler {
    if (!canUseWorkers || defs < PARALLEL_THRESHOLD) return compileInline;
    return async (job, strict) => {
      const worker = this.validators ?? startWorker(VALIDATORS_WORKER_URL);
      this.validators = undefined;
      return worker.run({ ...job, strict });
    };
  }

  /** Stops the workers that were started early and given no job. */
  release(): void {
    this.types?.release();
    this.validators?.release();
    this.types = undefined;
    this.validators = undefined;
  }
}
