/**
 * Worker entry: compiles a contract's validators to standalone code (see generators/validators.ts).
 * It loads Ajv on start and takes its job as its one message.
 */
import { parentPort } from 'node:worker_threads';
import type { ValidatorPlan } from '../contract/tables/validators.js';
import { compileStandalone } from '../../generators/validators.js';
import type { StrictLevel } from '../runtime/validation/ajv.js';

interface Job {
  root: ValidatorPlan['root'];
  group: Array<[string, string]>;
  strict: StrictLevel;
}

parentPort?.once('message', (job: Job) => {
  try {
    parentPort?.postMessage({ ok: true, code: compileStandalone(job.root, job.group, job.strict) });
  } catch (err) {
    parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
