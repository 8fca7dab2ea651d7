/**
 * Collections inferred from CRUD-shaped paths: the inference works on the mock tables alone, so it
 * lives in the run-time package (src/runtime/mock/infer.ts), where the browser mock behind the MSW
 * handlers infers the same collections as `specforge mock --stateful` and `specforge test`.
 */
export { inferResources, withInferred, type Inference } from '../../runtime/mock/infer.js';
