/**
 * Worker entry: prints one contract's types (generators/types.ts) while the main thread generates the
 * other targets. It loads openapi-typescript on start and takes the document as its one message.
 */
import { parentPort } from 'node:worker_threads';
import { typesSource } from '../../generators/types.js';

parentPort?.once('message', (job: { document: Record<string, unknown> }) => {
  try {
    // The document arrived as a structured clone: this thread's own copy, free to be annotated.
    parentPort?.postMessage({ ok: true, code: typesSource(job.document, true) });
  } catch (err) {
    parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
