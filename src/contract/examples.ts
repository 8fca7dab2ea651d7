/**
 * Every example of a contract model, with the schema it must satisfy (what `check` validates).
 */
import type { ContractModel, ExampleModel, JsonSchema } from './model-types.js';
import { isRecord, joinPointer } from './pointer.js';
import { SCHEMA_KEYS, SCHEMA_LIST_KEYS, SCHEMA_MAP_KEYS } from './schema-normalize.js';

/** Every example of the contract, with the schema it must satisfy. */
export interface ExampleCheck {
  example: ExampleModel;
  schema: JsonSchema;
  /** What the example belongs to, for messages: "schema echoMessage", "echo request body", … */
  subject: string;
  /** Key into the generated validators when one covers exactly this schema. */
  validator?: { kind: 'schema'; name: string } | { kind: 'request-body' | 'response'; operationId: string; status?: string; mediaType: string };
}

/**
 * Collects every example in the model: of media types, parameters and headers, and of schemas,
 * component schemas and the schemas written inline in operations alike.
 */
export function collectExamples(model: ContractModel): ExampleCheck[] {
  const out: ExampleCheck[] = [];
  const seen = new Set<string>();
  const add = (c: ExampleCheck): void => {
    if (seen.has(c.example.pointer)) return;
    seen.add(c.example.pointer);
    out.push(c);
  };
  for (const s of model.schemas) {
    walkSchemaExamples(s.schema, s.pointer, `schema ${s.name}`, add, s.name);
  }
  const inline = (schema: JsonSchema | undefined, owner: string, subject: string): void => {
    if (schema !== undefined) walkSchemaExamples(schema, joinPointer(owner, 'schema'), `${subject} schema`, add);
  };
  for (const op of model.operations) {
    for (const p of op.parameters) {
      for (const e of p.examples) add({ example: e, schema: p.schema, subject: `${op.id} ${p.in} parameter ${p.name}` });
      inline(p.schema, p.contentType === undefined ? p.pointer : joinPointer(p.pointer, 'content', p.contentType), `${op.id} ${p.in} parameter ${p.name}`);
    }
    for (const mt of op.requestBody?.content ?? []) {
      inline(mt.schema, mt.pointer, `${op.id} request body (${mt.type})`);
      for (const e of mt.examples) {
        add({
          example: e,
          schema: mt.schema ?? {},
          subject: `${op.id} request body (${mt.type})`,
          validator: { kind: 'request-body', operationId: op.id, mediaType: mt.type },
        });
      }
    }
    for (const r of op.responses) {
      for (const h of r.headers) {
        for (const e of h.examples) add({ example: e, schema: h.schema, subject: `${op.id} ${r.status} header ${h.name}` });
        inline(h.schema, h.pointer, `${op.id} ${r.status} header ${h.name}`);
      }
      for (const mt of r.content) {
        inline(mt.schema, mt.pointer, `${op.id} ${r.status} response (${mt.type})`);
        for (const e of mt.examples) {
          add({
            example: e,
            schema: mt.schema ?? {},
            subject: `${op.id} ${r.status} response (${mt.type})`,
            validator: { kind: 'response', operationId: op.id, status: r.status, mediaType: mt.type },
          });
        }
      }
    }
  }
  return out;
}

function walkSchemaExamples(schema: JsonSchema, pointer: string, subject: string, add: (c: ExampleCheck) => void, componentName?: string): void {
  if (!isRecord(schema)) return;
  const validator = componentName ? { kind: 'schema' as const, name: componentName } : undefined;
  const withValidator = (c: ExampleCheck): ExampleCheck => (validator ? { ...c, validator } : c);
  if ('example' in schema)
    add(withValidator({ example: { name: 'example', pointer: joinPointer(pointer, 'example'), value: schema['example'] }, schema, subject }));
  if (Array.isArray(schema['examples'])) {
    schema['examples'].forEach((value, i) =>
      add(withValidator({ example: { name: `examples[${i}]`, pointer: joinPointer(pointer, 'examples', i), value }, schema, subject })),
    );
  }
  for (const [k, v] of Object.entries(schema)) {
    if (SCHEMA_MAP_KEYS.has(k) && isRecord(v)) {
      for (const [name, sub] of Object.entries(v)) walkSchemaExamples(sub as JsonSchema, joinPointer(pointer, k, name), `${subject}.${name}`, add);
    } else if (SCHEMA_KEYS.has(k) && isRecord(v)) {
      walkSchemaExamples(v, joinPointer(pointer, k), `${subject} ${k}`, add);
    } else if (SCHEMA_LIST_KEYS.has(k) && Array.isArray(v)) {
      v.forEach((sub, i) => walkSchemaExamples(sub as JsonSchema, joinPointer(pointer, k, i), `${subject} ${k}[${i}]`, add));
    }
  }
}
