/** The mock tables of a generated module, with each shared response put back where it is answered. */
import type { MockOperation, MockResponse, MockTables, MockTablesData } from './spec.js';

/** Expands `shared` references (see MockTablesData); tables without any come back as they are. */
export function expandMockTables(data: MockTablesData | MockTables): MockTables {
  const shared = 'shared' in data ? data.shared : undefined;
  if (shared === undefined) return data as MockTables;
  const operations: Record<string, MockOperation> = {};
  for (const [id, op] of Object.entries(data.operations)) {
    const responses: Record<string, MockResponse> = {};
    for (const [key, r] of Object.entries(op.responses)) {
      let full: MockResponse;
      if ('shared' in r) {
        const body = Object.hasOwn(shared, r.shared) ? shared[r.shared] : undefined;
        if (body === undefined) throw new Error(`mock tables: operation ${id} names no shared response "${r.shared}"`);
        full = { ...body, key: r.key, status: r.status };
      } else full = r;
      Object.defineProperty(responses, key, { value: full, enumerable: true, writable: true, configurable: true });
    }
    Object.defineProperty(operations, id, { value: { ...op, responses }, enumerable: true, writable: true, configurable: true });
  }
  const { shared: _shared, ...rest } = data as MockTablesData;
  return { ...rest, operations };
}
