/**
 * Helpers shared by the contract tests: the contract document with its `$ref`s followed, every
 * example checked by the generated validators, example requests sent through a generated server,
 * and a small client for fetch handlers.
 */
import { collectExamples, type ContractModel } from '../../src/contract/model.js';
import { getAtPointer } from '../../src/contract/pointer.js';
import { exampleRequests } from '../../src/conformance/requests.js';
import { compileSchemaChecks } from '../../src/contract/tables/validators.js';
import { contractBasePath } from '../../src/contract/tables/api.js';
import { responseKey, type FetchHandler, type MockTables, type ValidateFunction } from '../../src/runtime/index.js';

export type Json = Record<string, unknown>;

export interface GeneratedValidators {
  schemaValidators: Readonly<Record<string, ValidateFunction>>;
  operationValidators: Readonly<
    Record<string, { body?: Readonly<Record<string, ValidateFunction>>; responses: Readonly<Record<string, Readonly<Record<string, ValidateFunction>>>> }>
  >;
}

/** A node of the contract with `$ref`s followed (within the document). */
export function deref(model: ContractModel, node: unknown): Json {
  let current = node;
  for (let i = 0; i < 20 && current !== null && typeof current === 'object' && typeof (current as Json)['$ref'] === 'string'; i++) {
    const found = getAtPointer(model.document, decodeURIComponent(((current as Json)['$ref'] as string).slice(1)));
    if (!found.found) throw new Error(`dangling $ref ${String((current as Json)['$ref'])}`);
    current = found.value;
  }
  if (current === null || typeof current !== 'object') throw new Error('not an object');
  return current as Json;
}

/** A component schema of the contract. */
export function schemaOf(model: ContractModel, name: string): Json {
  const schema = model.schemas.find((s) => s.name === name)?.schema;
  if (schema === undefined) throw new Error(`no schema ${name}`);
  return deref(model, schema);
}

/** The property names of a schema, including those of its allOf parts. */
export function propertyNames(model: ContractModel, schema: Json): string[] {
  const own = Object.keys((schema['properties'] as Json | undefined) ?? {});
  const parts = Array.isArray(schema['allOf']) ? (schema['allOf'] as unknown[]).flatMap((p) => propertyNames(model, deref(model, p))) : [];
  return [...new Set([...own, ...parts])];
}

/** Every example of the contract that a generated (or, for nested schemas, compiled) validator rejects. */
export function rejectedExamples(model: ContractModel, validators: GeneratedValidators): string[] {
  const checks = collectExamples(model);
  const generic = compileSchemaChecks(
    model,
    checks.map((c) => ({ schema: c.schema, pointer: c.example.pointer })),
  );
  const failures: string[] = [];
  checks.forEach((c, i) => {
    const v = c.validator;
    let fn: ValidateFunction | undefined;
    if (v?.kind === 'schema') fn = validators.schemaValidators[v.name];
    else if (v?.kind === 'request-body') fn = validators.operationValidators[v.operationId]?.body?.[v.mediaType];
    else if (v?.kind === 'response') fn = validators.operationValidators[v.operationId]?.responses[v.status ?? '']?.[v.mediaType];
    if (v && fn === undefined) failures.push(`${c.subject}: no generated validator`);
    fn ??= generic[i];
    if (fn && !fn(c.example.value)) failures.push(`${c.subject} example "${c.example.name}": ${JSON.stringify(fn.errors)}`);
  });
  return failures;
}

/**
 * Sends every operation's example request (and one per request-body example) through `fetcher`, at
 * the contract's base path (the path of its first servers[].url, where a generated server serves
 * it): returns what did not answer the mock's documented status with a body its response validator accepts.
 */
export async function roundTripFailures(
  model: ContractModel,
  fetcher: FetchHandler,
  tables: MockTables,
  validators: GeneratedValidators,
): Promise<{ sent: number; failures: string[] }> {
  const base = contractBasePath(model.document);
  const failures: string[] = [];
  const requests = exampleRequests(model);
  for (const r of requests) {
    const op = tables.operations[r.operationId];
    const expected = op?.primary ? op.responses[op.primary]?.status : undefined;
    const init: RequestInit = { method: r.method, headers: r.headers, redirect: 'manual' };
    if (r.body !== undefined) init.body = r.body;
    const res = await fetcher(new Request(`http://contract.test${base}${r.url}`, init));
    const text = await res.text();
    const where = `${r.method} ${r.url} (${r.operationId}, body ${r.bodyExample ?? 'none'})`;
    if (res.status !== expected) {
      failures.push(`${where}: ${res.status}, expected ${String(expected)}: ${text}`);
      continue;
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const responses = validators.operationValidators[r.operationId]?.responses ?? {};
    const key = responseKey(responses, res.status);
    const fn = key ? responses[key]?.[type] : undefined;
    if (text !== '' && !fn) failures.push(`${where}: a body of type ${type} that no validator covers`);
    if (fn && !fn(JSON.parse(text))) failures.push(`${where}: ${JSON.stringify(fn.errors)}`);
  }
  return { sent: requests.length, failures };
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A JSON client of a fetch handler with default headers. */
export function jsonClient(
  fetcher: FetchHandler,
  defaults: Record<string, string>,
): (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer> {
  return async (method, path, body, headers = {}) => {
    const all: Record<string, string> = { ...defaults, ...headers };
    const init: RequestInit = { method, headers: all, redirect: 'manual' };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      all['content-type'] = 'application/json';
    }
    const res = await fetcher(new Request(`http://contract.test${path}`, init));
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, headers: res.headers, text, body: text !== '' && type.includes('json') ? (JSON.parse(text) as unknown) : text };
  };
}

/** A deep copy of `base` with the value at `path` (dot-separated; numbers index arrays) replaced, or removed when `value` is undefined. */
export function withValue(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base) as Json;
  const keys = path.split('.');
  let node: unknown = copy;
  for (const key of keys.slice(0, -1)) node = (node as Json)[key];
  const last = keys[keys.length - 1] as string;
  if (value === undefined) delete (node as Json)[last];
  else (node as Json)[last] = value;
  return copy;
}
