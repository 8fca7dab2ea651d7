/** Worker entry: compiles one group of validators to standalone code (see generators/validators.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { compileStandalone, type ValidatorPlan } from '../../generators/validators.js';
import type { StrictLevel } from '../runtime/ajv.js';

interface Job {
  root: ValidatorPlan['root'];
  group: Array<[string, string]>;
  strict: StrictLevel;
}

const job = workerData as Job;
try {
  parentPort?.postMessage({ ok: true, code: compileStandalone(job.root, job.group, job.strict) });
} catch (err) {
  parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
