/**
 * The validator plan of a contract: every named schema and each operation's parameters (per
 * location), request bodies and responses as one Ajv root schema with $defs and export names, and
 * the strict-mode findings of its schemas at the contract's locations.
 */
import type { ContractModel, JsonSchema, OperationModel, ParameterLocation } from '../model.js';
import { ContractError, type Diagnostic } from '../errors.js';
import { isRecord, setOwn } from '../pointer.js';
import { strictDiagnostics, type StrictReport } from '../strictness.js';
import { identifierPart } from '../../codegen/ajv-standalone.js';
import type { StrictLevel } from '../../runtime/validation/ajv.js';
import { parameterSchemaPointer, PlanBuilder } from './plan-builder.js';
import { bodySchemaOf } from '../stream-items.js';
import { FRAGMENT_UNSAFE, LOCATIONS, ROOT_ID, type OperationValidatorKeys, type ValidatorPlan } from './validator-defs.js';

function locationSchema(op: OperationModel, where: ParameterLocation): JsonSchema | undefined {
  // OpenAPI 3.2: a querystring parameter is the whole query string, validated by its own schema.
  const whole = where === 'query' ? op.parameters.find((p) => p.in === 'querystring') : undefined;
  if (whole !== undefined) return whole.schema;
  const params = op.parameters.filter((p) => p.in === where);
  if (params.length === 0) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of params) {
    const name = where === 'header' ? p.name.toLowerCase() : p.name;
    const decoded = isRecord(p.schema) ? p.schema['x-specforge-base64-json'] : undefined;
    setOwn(properties, name, typeof decoded === 'string' ? { $ref: decoded } : p.schema);
    if (p.required) required.push(name);
  }
  const schema: Record<string, unknown> = { type: 'object', properties };
  if (required.length > 0) schema['required'] = required;
  return schema;
}

/** Plans by model: generation, the mock, the test runner and lint each ask for the same contract's plan. */
const plans = new WeakMap<ContractModel, ValidatorPlan>();

/**
 * Plans every validator of a contract: one Ajv root schema with $defs, and export names. A model's
 * plan is made once (a model is not changed once built) and shared: callers only read it.
 */
export function planValidators(model: ContractModel): ValidatorPlan {
  let plan = plans.get(model);
  if (plan === undefined) {
    plan = buildPlan(model);
    plans.set(model, plan);
  }
  return plan;
}

function buildPlan(model: ContractModel): ValidatorPlan {
  const b = new PlanBuilder(model);
  const exports = new Map<string, string>();
  // Export names come from the schema's name or the operation's id, status and media type, never
  // from positions: one operation more or less leaves the others' code as it was. (Ajv's own names
  // have no "$" in them.)
  const exportName = (name: string): string => {
    let unique = name;
    for (let i = 2; exports.has(unique); i++) unique = `${name}_${i}`;
    return unique;
  };
  const schemaExports: Array<[string, string]> = [];
  for (const s of model.schemas) {
    b.refTo(`#${s.pointer.replace(FRAGMENT_UNSAFE, (c) => encodeURIComponent(c))}`, s.pointer);
    const name = exportName(`schema$${identifierPart(s.name, 60, false)}`);
    exports.set(name, s.pointer);
    schemaExports.push([s.name, name]);
  }
  const operationExports: Array<[string, OperationValidatorKeys]> = [];
  for (const op of model.operations) {
    const keys: OperationValidatorKeys = { responses: {} };
    const opName = `op$${identifierPart(op.id, 60, false)}`;
    for (const where of LOCATIONS) {
      const schema = locationSchema(op, where);
      if (!schema) continue;
      const name = exportName(`${opName}_${where}`);
      for (const p of op.parameters) {
        if ((p.in === where || (where === 'query' && p.in === 'querystring')) && isRecord(p.schema)) b.sourcePointers.set(p.schema, parameterSchemaPointer(p));
      }
      const key = b.add(`op-${where}`, schema, op.pointer);
      b.pointParameters(key, op, where);
      exports.set(name, key);
      keys[where] = name;
    }
    for (const mt of op.requestBody?.content ?? []) {
      if (mt.schema === undefined) continue;
      const name = exportName(`${opName}_body_${identifierPart(mt.type, 60, false)}`);
      exports.set(name, b.add('op-body', mt.schema, `${mt.pointer}/schema`, 'request'));
      (keys.body ??= {})[mt.type] = name;
    }
    for (const r of op.responses) {
      for (const mt of r.content) {
        // A stream of items (OpenAPI 3.2 itemSchema) is validated one item at a time.
        const schema = bodySchemaOf(model, mt);
        if (schema === undefined) continue;
        const name = exportName(`${opName}_${identifierPart(r.status, 60, false)}_${identifierPart(mt.type, 60, false)}`);
        const at = schema === mt.schema ? `${mt.pointer}/schema` : `${mt.pointer}/itemSchema`;
        exports.set(name, b.add('op-response', schema, at, 'response'));
        (keys.responses[r.status] ??= {})[mt.type] = name;
      }
    }
    operationExports.push([op.id, keys]);
  }
  if (model.errorBody) {
    exports.set('errorBody', b.add('error-body', model.errorBody.schema, '/x-specforge-error/schema', 'response'));
  }
  b.throwRefused();
  return {
    root: { $id: ROOT_ID, $defs: b.defs },
    exports,
    schemaExports,
    operationExports,
    warnings: b.warnings,
    strictness: b.strictness(),
    defPointers: b.defPointers,
  };
}

/** The plan's strict-mode findings at the contract's locations: errors at the given level, and warnings. */
export function strictReport(model: ContractModel, plan: Pick<ValidatorPlan, 'strictness'>, strict: StrictLevel): StrictReport {
  return strictDiagnostics(plan.strictness, model.loaded, strict);
}

/** Throws the findings the strict level refuses; returns the warnings. */
export function enforceStrictness(model: ContractModel, plan: Pick<ValidatorPlan, 'strictness'>, strict: StrictLevel): Diagnostic[] {
  const { errors, warnings } = strictReport(model, plan, strict);
  if (errors.length > 0) throw new ContractError(errors);
  return warnings;
}
