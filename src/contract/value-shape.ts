/**
 * How a parameter's (or a form's) text is read into a value: the ValueShape of a schema, computed
 * once when the contract is read (the run time coerces text by it, never walking the schema).
 */
import type { ValueShape } from '../runtime/shared/spec.js';
import type { JsonSchema } from './model-types.js';
import { isRecord, setOwn } from './pointer.js';

/** How a parameter's text should be read, from its schema. */
export function shapeOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema | undefined, depth = 0): ValueShape {
  if (!isRecord(schema) || depth > 8) return { type: 'any' };
  if (typeof schema['$ref'] === 'string') {
    const target = resolve(schema['$ref']);
    return target === undefined ? { type: 'any' } : shapeOf(target, resolve, depth + 1);
  }
  for (const k of ['allOf', 'oneOf', 'anyOf']) {
    const list = schema[k];
    if (Array.isArray(list) && list.length > 0 && schema['type'] === undefined) {
      const shapes = list.map((s) => shapeOf(s as JsonSchema, resolve, depth + 1)).filter((s) => s.type !== 'any' && s.type !== 'null');
      if (shapes.length === 0) return { type: 'any' };
      if (k === 'allOf' && shapes.every((s) => s.type === 'object')) {
        const properties: Record<string, ValueShape> = {};
        for (const s of shapes) if (s.type === 'object') Object.assign(properties, s.properties);
        return { type: 'object', properties };
      }
      // An object or a plain value (`anyOf: [object, enum: [""]]`): a plain value is read as the other type.
      const object = shapes.find((s) => s.type === 'object');
      const scalar = shapes.find((s) => s.type !== 'object' && s.type !== 'array');
      if (object?.type === 'object' && scalar) return { ...object, scalar };
      return shapes[0] as ValueShape;
    }
  }
  let type = schema['type'];
  if (Array.isArray(type)) type = type.find((t) => t !== 'null') ?? 'null';
  if (type === undefined && Array.isArray(schema['enum'])) {
    const first = schema['enum'].find((v) => v !== null);
    type = typeof first === 'number' ? (Number.isInteger(first) ? 'integer' : 'number') : typeof first === 'boolean' ? 'boolean' : 'string';
  }
  switch (type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { type };
    case 'array':
      return { type: 'array', items: schema['items'] === undefined ? { type: 'any' } : shapeOf(schema['items'] as JsonSchema, resolve, depth + 1) };
    case 'object': {
      const properties: Record<string, ValueShape> = {};
      if (isRecord(schema['properties'])) {
        for (const [name, sub] of Object.entries(schema['properties'])) setOwn(properties, name, shapeOf(sub as JsonSchema, resolve, depth + 1));
      }
      const shape: ValueShape = { type: 'object', properties };
      if (isRecord(schema['additionalProperties'])) shape.additional = shapeOf(schema['additionalProperties'], resolve, depth + 1);
      else if (schema['additionalProperties'] !== false && Object.keys(properties).length === 0) shape.additional = { type: 'any' };
      return shape;
    }
    default:
      return { type: 'any' };
  }
}
