/** The mock tables of a generated module, with each shared response and example put back where it is used. */
import type { MockExample, MockOperation, MockResponse, MockResponseData, MockTables, MockTablesData } from '../shared/spec.js';

function own<T>(table: Record<string, T> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

function define<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Expands `shared` responses and `examples` (see MockTablesData); tables without any come back as they are. */
export function expandMockTables(data: MockTablesData | MockTables): MockTables {
  const shared = 'shared' in data ? data.shared : undefined;
  const examples = 'examples' in data ? data.examples : undefined;
  if (shared === undefined && examples === undefined) return data as MockTables;
  const exampleOf = (e: MockResponseData['examples'][number], where: string): MockExample => {
    if (!('example' in e)) return e;
    const found = own(examples, e.example);
    if (found === undefined) throw new Error(`mock tables: ${where} names no shared example "${e.example}"`);
    return found;
  };
  const full = (r: MockResponseData, where: string): MockResponse => ({ ...r, examples: r.examples.map((e) => exampleOf(e, where)) });
  const operations: Record<string, MockOperation> = {};
  for (const [id, op] of Object.entries(data.operations)) {
    const responses: Record<string, MockResponse> = {};
    for (const [key, r] of Object.entries(op.responses)) {
      let response: MockResponse;
      if ('shared' in r) {
        const body = own(shared, r.shared);
        if (body === undefined) throw new Error(`mock tables: operation ${id} names no shared response "${r.shared}"`);
        response = full({ ...body, key: r.key, status: r.status }, `operation ${id}`);
      } else response = full(r as MockResponseData, `operation ${id}`);
      define(responses, key, response);
    }
    define(operations, id, { ...op, responses });
  }
  const { shared: _shared, examples: _examples, ...rest } = data as MockTablesData;
  return { ...rest, operations };
}
