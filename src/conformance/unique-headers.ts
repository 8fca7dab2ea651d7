/**
 * Headers whose value must differ from one request to the next: an idempotency key (a server
 * answers a reused one with the first answer, or 409), a request or correlation id, a nonce. Each
 * request gets a fresh value, so that no case is judged on the answer to an earlier one. A header
 * whose name says so is made fresh whatever its example; one whose schema is a uuid is too, unless
 * the contract documents a value for it (a documented uuid names something: a tenant, an account).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { JsonSchema, ParameterModel } from '../contract/model.js';
import { isRecord } from '../contract/pointer.js';
import { sampleFromPattern } from '../runtime/shared/regex-sample.js';
import { effectiveSchema } from './body-places.js';

const UNIQUE_NAME = /idempot|nonce|dedup|(^|[-_])(request|correlation)[-_]?id$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string meets a string schema's bounds, pattern and uuid format (what a header value can break). */
function fits(schema: Record<string, unknown>, value: string): boolean {
  const type = schema['type'];
  if (type !== undefined && type !== 'string' && !(Array.isArray(type) && type.includes('string'))) return false;
  if (Array.isArray(schema['enum']) || 'const' in schema) return false;
  const length = [...value].length;
  if (typeof schema['minLength'] === 'number' && length < schema['minLength']) return false;
  if (typeof schema['maxLength'] === 'number' && length > schema['maxLength']) return false;
  if (schema['format'] === 'uuid' && !UUID.test(value)) return false;
  if (typeof schema['pattern'] === 'string') {
    try {
      if (!new RegExp(schema['pattern'], 'u').test(value)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * A fresh value for a header parameter that must be unique per request, in place of `current`;
 * undefined for any other header, and where `current` breaks the schema (an invalid value sent on
 * purpose stays) or no fresh value fits it.
 */
export function freshHeaderValue(p: ParameterModel, current: string, resolve: (ref: string) => JsonSchema | undefined): string | undefined {
  if (p.in !== 'header') return undefined;
  const byName = UNIQUE_NAME.test(p.name);
  if (!byName && (p.examples.length > 0 || !isRecord(p.schema))) return undefined;
  const schema = effectiveSchema(p.schema, resolve) ?? {};
  if (!byName && schema['format'] !== 'uuid') return undefined;
  if (!fits(schema, current)) return undefined;
  const uuid = randomUUID();
  const candidates = [uuid, uuid.replace(/-/g, ''), `${current.slice(0, 8)}${randomBytes(8).toString('hex')}`, randomBytes(4).toString('hex')];
  const found = candidates.find((c) => c !== current && fits(schema, c));
  if (found !== undefined || typeof schema['pattern'] !== 'string') return found;
  // A key of a pattern (`^[A-Z]{4}-\d{6}$`): a match of it, drawn at random.
  const random = (): number => randomBytes(4).readUInt32BE(0) / 2 ** 32;
  for (let attempt = 0; attempt < 4; attempt++) {
    const sampled = sampleFromPattern(schema['pattern'], random);
    if (sampled !== undefined && sampled !== current && fits(schema, sampled)) return sampled;
  }
  return undefined;
}
