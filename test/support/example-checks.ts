/** Every example of a contract with the validator that checks it: the generated one where one covers it. */
import { collectExamples, type ContractModel, type ExampleCheck } from '../../src/contract/model.js';
import type { ValidateFunction } from '../../src/runtime/index.js';
import { compileSchemaChecks } from '../../src/contract/tables/validators.js';

export interface GeneratedValidators {
  schemaValidators: Record<string, ValidateFunction>;
  operationValidators: Record<string, { responses: Record<string, Record<string, ValidateFunction>>; body?: Record<string, ValidateFunction> }>;
}

export interface CheckedExample {
  check: ExampleCheck;
  /** The generated validator for it, where the check names one (undefined if that is missing). */
  generated: ValidateFunction | undefined;
  /** What validates it: the generated validator, else one compiled for its schema alone. */
  validate: ValidateFunction | undefined;
}

export function examplesWithValidators(model: ContractModel, validators: GeneratedValidators): CheckedExample[] {
  const checks = collectExamples(model);
  const generic = compileSchemaChecks(
    model,
    checks.map((c) => ({ schema: c.schema, pointer: c.example.pointer })),
  );
  return checks.map((check, i) => {
    const v = check.validator;
    let generated: ValidateFunction | undefined;
    if (v?.kind === 'schema') generated = validators.schemaValidators[v.name];
    else if (v?.kind === 'request-body') generated = validators.operationValidators[v.operationId]?.body?.[v.mediaType];
    else if (v?.kind === 'response') generated = validators.operationValidators[v.operationId]?.responses[v.status ?? '']?.[v.mediaType];
    return { check, generated, validate: generated ?? generic[i] };
  });
}
