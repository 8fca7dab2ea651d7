/** `specforge mock <spec>`: the generated server with the mock handlers, on TCP. */
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { UsageError } from '../../contract/errors.js';
import { buildModel } from '../../contract/model.js';
import { apiSpec, mockTable } from '../../../generators/api-spec.js';
import { compileValidators } from '../../../generators/validators.js';
import { createMockHandlers } from '../../runtime/mock.js';
import { createRequestListener, type RequestListener } from '../../runtime/server.js';

export interface MockOptions {
  cwd?: string;
  spec: string;
  port?: string | number;
  host?: string;
  bodyLimit?: string | number;
  write?: (text: string) => void;
}

/** The mock as a request listener, compiled in memory from the contract (same tables as generated code). */
export async function createMockListener(specPath: string, options: { bodyLimit?: number; onError?: (e: unknown) => void } = {}): Promise<RequestListener> {
  const model = await buildModel(specPath);
  const api = apiSpec(model);
  const validators = compileValidators(model);
  const listenerOptions: Parameters<typeof createRequestListener>[3] = { validateResponses: true };
  if (options.bodyLimit !== undefined) listenerOptions.bodyLimit = options.bodyLimit;
  if (options.onError) listenerOptions.onError = (e) => options.onError?.(e);
  return createRequestListener(api, validators, createMockHandlers(api, mockTable(model)), listenerOptions);
}

function parsePort(raw: string | number | undefined): number {
  if (raw === undefined) return 4010;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be an integer from 0 to 65535, not "${String(raw)}"`);
  return port;
}

export async function runMock(options: MockOptions): Promise<Server> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const port = parsePort(options.port);
  const host = options.host ?? '127.0.0.1';
  let bodyLimit: number | undefined;
  if (options.bodyLimit !== undefined) {
    bodyLimit = Number(options.bodyLimit);
    if (!Number.isInteger(bodyLimit) || bodyLimit <= 0) throw new UsageError('--body-limit must be a positive number of bytes');
  }
  const listener = await createMockListener(resolve(cwd, options.spec), {
    ...(bodyLimit !== undefined ? { bodyLimit } : {}),
    onError: (e) => process.stderr.write(`mock: ${e instanceof Error ? e.message : String(e)}\n`),
  });
  const server = createServer(listener);
  await new Promise<void>((ok, fail) => {
    server.once('error', (err) => fail(new UsageError(`cannot listen on ${host}:${port}: ${err.message}`)));
    server.listen(port, host, () => ok());
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  write(`specforge mock: serving ${options.spec} on http://${host.includes(':') ? `[${host}]` : host}:${actual}\n`);
  return server;
}
