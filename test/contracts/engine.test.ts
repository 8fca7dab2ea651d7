/**
 * The container engine contract (specs/engine) held against its seed document
 * (test/fixtures/seeds/000_364f6cfe06456c39.txt):
 *
 * 1. every endpoint and status code of seed section 4, the events table of section 6 and the error
 *    body of section 7, read from the seed at test time;
 * 2. every limit of seed sections 2, 3 and 8, each value checked twice: by the generated validator
 *    of its schema and by the generated server (a real request through the mock, or, for fields
 *    only responses carry, a handler answering the value);
 * 3. the engine's HTTP dialect through the generated mock: version prefix, ping, booleans,
 *    filters and X-Registry-Auth.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMock, createMockHandlers } from '../../generated/engine/mocks.js';
import { createServer, type Handlers } from '../../generated/engine/server.js';
import { errorBodyValidator, operationValidators, schemaValidators } from '../../generated/engine/validators.js';
import { buildModel } from '../../src/contract/model.js';
import { toFetchHandler, type AnyHandler, type FetchHandler, type ValidateFunction } from '../../src/runtime/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SEED = resolve(import.meta.dirname, '..', 'fixtures', 'seeds', '000_364f6cfe06456c39.txt');
const seed = readFileSync(SEED, 'utf8');
const model = await buildModel(join(ROOT, 'specs', 'engine', 'openapi.yaml'));
const mock = createMock();

type SchemaName = keyof typeof schemaValidators;
interface OperationValidatorSet {
  query?: ValidateFunction;
  header?: ValidateFunction;
  body?: Record<string, ValidateFunction>;
  responses: Record<string, Record<string, ValidateFunction>>;
}
const operations = operationValidators as unknown as Record<string, OperationValidatorSet>;

// ---- helpers ---------------------------------------------------------------------------------

/** The text of the seed from the line starting with `from` up to the line starting with `to`. */
function seedSection(from: string, to: string): string {
  const start = seed.indexOf(`\n${from}`);
  const end = seed.indexOf(`\n${to}`, start + 1);
  if (start < 0 || end < 0) throw new Error(`seed section ${from} not found`);
  return seed.slice(start, end);
}

/** The cells of a markdown table row. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

interface Call {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

async function send(call: Call, fetcher: FetchHandler = mock.fetch): Promise<Answer> {
  const headers: Record<string, string> = { ...call.headers };
  const init: RequestInit = { method: call.method, headers };
  if (call.body !== undefined) {
    init.body = JSON.stringify(call.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetcher(new Request(`http://engine.test${call.path}`, init));
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let body: unknown = text;
  // An NDJSON stream (events, pull progress) is read up to its first message.
  if (text !== '' && type.includes('json')) body = JSON.parse(text.trimEnd().split('\n')[0] ?? '') as unknown;
  return { status: res.status, headers: res.headers, text, body };
}

async function json<T>(path: string): Promise<T> {
  const answer = await send({ method: 'GET', path });
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status}`);
  return answer.body as T;
}

/** A failure in the engine's error shape, `{message}` and nothing else, whose message names `field`. */
function expectError(answer: Answer, status: number, field: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(errorBodyValidator(answer.body)).toBe(true);
  expect(Object.keys(answer.body as object)).toEqual(['message']);
  expect((answer.body as { message: string }).message.toLowerCase()).toContain(field.toLowerCase());
}

const q = (value: string | number): string => encodeURIComponent(String(value));
const show = (value: unknown): string => JSON.stringify(value) ?? String(value);
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64');

// Valid response bodies, taken from the mock's own answers, that the response-only limits alter.
type Json = Record<string, unknown>;
const summaryBase = (await json<Json[]>('/containers/json'))[0] as Json;
const inspectBase = await json<Json>('/containers/4fa6e0f0c678/json');
const taskBase = await json<Json>('/tasks/0kzzo1i0y4jz6027t0k7aezc7');
const volumeBase = await json<Json>('/volumes/tardis');

// ---- 1. seed coverage --------------------------------------------------------------------------

interface SeedEndpoint {
  method: string;
  path: string;
  statuses: number[];
}

const SEED_ENDPOINTS: SeedEndpoint[] = seedSection('## 4. Endpoints', '## 5.')
  .split('\n')
  .filter((line) => /^\|\s*(GET|POST|PUT|DELETE|HEAD|PATCH)\s+\//.test(line))
  .map((line) => {
    const row = cells(line);
    const match = /^(\S+)\s+(\S.*)$/.exec(row[0] ?? '');
    if (!match) throw new Error(`unreadable row ${line}`);
    const statuses = [...(row[row.length - 1] ?? '').matchAll(/\b[1-5][0-9]{2}\b/g)].map((m) => Number(m[0]));
    return { method: match[1] as string, path: match[2] as string, statuses };
  });

/** `(id or name)`, `(id)`, `(name)` in the seed and `{param}` in the contract are the same segment. */
const normalize = (path: string): string => path.replace(/\([^)]*\)/g, '{}').replace(/\{[^}]*\}/g, '{}');

function contractOperation(method: string, path: string): (typeof model.operations)[number] | undefined {
  return model.operations.find((op) => op.method === method.toLowerCase() && normalize(op.path) === normalize(path));
}

const SEED_EVENTS: Array<[type: string, actions: string[]]> = seedSection('## 6. Events', '## 7.')
  .split('\n')
  .filter((line) => /^\|\s*[a-z]+\s*\|/.test(line))
  .map((line) => {
    const [type, actions] = cells(line);
    return [
      type as string,
      (actions ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ];
  });
const ALL_ACTIONS = [...new Set(SEED_EVENTS.flatMap(([, actions]) => actions))];

function event(type: string, action: string): Json {
  const base: Json = { Type: type, Action: action, Actor: { ID: 'ede54ee1afda', Attributes: { name: 'x' } }, time: 1461943101, timeNano: 1461943101381709551 };
  if (type === 'container') return { status: action, id: 'ede54ee1afda', from: 'alpine', ...base };
  if (type === 'image') return { status: action, id: 'alpine:latest', ...base };
  return base;
}

function schemaOf(name: string): Json {
  const found = model.schemas.find((s) => s.name === name);
  if (!found || typeof found.schema === 'boolean') throw new Error(`no schema ${name}`);
  return found.schema as Json;
}

describe('seed section 4: every endpoint and status code is in the contract', () => {
  it('reads every endpoint row of section 4', () => {
    expect(SEED_ENDPOINTS).toHaveLength(53);
    for (const row of SEED_ENDPOINTS) expect(row.statuses.length, `${row.method} ${row.path}`).toBeGreaterThan(0);
    expect(SEED_ENDPOINTS).toContainEqual({ method: 'POST', path: '/containers/(id or name)/attach', statuses: [101] });
  });

  it.each(SEED_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_name, endpoint) => {
    const op = contractOperation(endpoint.method, endpoint.path);
    expect(op, `${endpoint.method} ${endpoint.path} is not in the contract`).toBeDefined();
    const declared = (op?.responses ?? []).map((r) => r.status);
    for (const status of endpoint.statuses) expect(declared, `${op?.id} lacks ${status}`).toContain(String(status));
  });
});

describe('seed section 6: the events table is the EventMessage enum', () => {
  it('reads the five event types', () => {
    expect(SEED_EVENTS.map(([type]) => type)).toEqual(['container', 'image', 'volume', 'network', 'daemon']);
  });

  it('Type and Action enums of the schema are exactly the seed table', () => {
    const properties = schemaOf('EventMessage')['properties'] as Record<string, Json>;
    expect(new Set(properties['Type']?.['enum'] as string[])).toEqual(new Set(SEED_EVENTS.map(([type]) => type)));
    expect(new Set(properties['Action']?.['enum'] as string[])).toEqual(new Set(ALL_ACTIONS));
  });

  it.each(SEED_EVENTS.flatMap(([type, actions]) => actions.map((action) => [type, action] as const)))('Type %s with Action %s is accepted', (type, action) => {
    const ok = schemaValidators.EventMessage(event(type, action));
    expect(ok, show(schemaValidators.EventMessage.errors)).toBe(true);
  });

  it.each(SEED_EVENTS)('Type %s rejects every action of the other types', (type, actions) => {
    const foreign = ALL_ACTIONS.filter((a) => !actions.includes(a));
    expect(foreign.length).toBeGreaterThan(0);
    for (const action of foreign) expect(schemaValidators.EventMessage(event(type, action)), `${type}/${action}`).toBe(false);
  });

  it.each([
    ['volume', 'pull'],
    ['daemon', 'start'],
    ['plugin', 'enable'],
    ['container', 'explode'],
  ])('Type %s with Action %s is rejected', (type, action) => {
    expect(schemaValidators.EventMessage(event(type, action))).toBe(false);
  });
});

const ERROR_RESPONSES = model.operations.flatMap((op) =>
  op.responses.filter((r) => /^[45]/.test(r.status)).map((r) => ({ op: op.id, method: op.method, status: r.status, types: r.content.map((c) => c.type) })),
);

describe('seed section 7: failures carry {message}', () => {
  it('the contract names message as the error field', () => {
    expect(model.errorBody?.fields.message).toBe('message');
  });

  it.each([
    [{ message: 'No such container: c2ada9df5af8' }, true],
    [{ message: '' }, true],
    [{}, false],
    [{ message: 5 }, false],
    [{ message: 'x', code: 404 }, false],
    ['No such container', false],
  ] as const)('the error body validator: %j is %s', (body, ok) => {
    expect(errorBodyValidator(body)).toBe(ok);
    expect(schemaValidators.ErrorResponse(body)).toBe(ok);
  });

  it.each(ERROR_RESPONSES.map((r) => [`${r.op} ${r.status}`, r] as const))('%s declares the {message} body', (_name, r) => {
    // A HEAD response carries no body, so a HEAD operation may declare none.
    if (r.method === 'head' && r.types.length === 0) return;
    expect(r.types).toEqual(['application/json']);
    const validate = operations[r.op]?.responses[r.status]?.['application/json'];
    expect(validate).toBeDefined();
    expect(validate?.({ message: 'bad parameter' })).toBe(true);
    expect(validate?.({})).toBe(false);
    expect(validate?.({ message: 1 })).toBe(false);
  });

  it('the mock answers a 404 in the same shape', async () => {
    const stateful = createMock({ stateful: true });
    expectError(await send({ method: 'GET', path: '/containers/no-such-container/json' }, stateful.fetch), 404, 'no-such-container');
  });

  it('the stateful mock keeps container names unique: a second create of a name in use is 409, and the list keeps one', async () => {
    const stateful = createMock({ stateful: true });
    const body = { Image: 'busybox' };
    const first = await send({ method: 'POST', path: '/containers/create?name=same', body }, stateful.fetch);
    expect(first.status, first.text).toBe(201);
    for (let i = 0; i < 2; i++)
      expectError(await send({ method: 'POST', path: '/containers/create?name=same', body }, stateful.fetch), 409, 'same is already in use');
    const other = await send({ method: 'POST', path: '/containers/create?name=other', body }, stateful.fetch);
    expect(other.status).toBe(201);
    const list = await send({ method: 'GET', path: '/containers/json?all=1' }, stateful.fetch);
    const names = (list.body as Array<{ Names: string[] }>).flatMap((c) => c.Names);
    expect(names.filter((n) => n === '/same')).toEqual(['/same']);
    expect(names).toContain('/other');
  });
});

// ---- 2. limits ---------------------------------------------------------------------------------

/** What the generated server must do with a value. */
type ServerCheck =
  /** A request carrying the value: 400 when bad, `ok` when good. */
  | { kind: 'request'; call: Call; ok: number }
  /** A handler of `operationId` answering the value: 500 when bad (response validation), 200 when good. */
  | { kind: 'response'; operationId: keyof Handlers; call: Call; body: unknown };

interface Group {
  /** The limit, as the test names it. */
  name: string;
  /** What the 400 message must name. */
  field: string;
  /** The generated validator: a component schema, or an operation's query or header validator. */
  validator: string;
  validate: ValidateFunction;
  /** The value placed where `validate` expects it. */
  instance: (value: unknown) => unknown;
  server: (value: unknown) => ServerCheck;
  good: unknown[];
  bad: unknown[];
}

function schema(name: SchemaName): Pick<Group, 'validator' | 'validate'> {
  return { validator: name, validate: schemaValidators[name] };
}

function opQuery(operationId: string): Pick<Group, 'validator' | 'validate'> {
  const validate = operations[operationId]?.query;
  if (!validate) throw new Error(`${operationId} has no query validator`);
  return { validator: `${operationId} query`, validate };
}

const CONTAINER = '4fa6e0f0c678';
const EXEC = 'f90e34656806';
const SERVICE = '9mnpnzenvg8p8tdbtq4wvbkcz';

const request = (method: string, path: string, ok: number, body?: unknown, headers?: Record<string, string>): ServerCheck => {
  const call: Call = { method, path };
  if (body !== undefined) call.body = body;
  if (headers !== undefined) call.headers = headers;
  return { kind: 'request', call, ok };
};
const create = (body: Json, query = ''): ServerCheck => request('POST', `/containers/create${query}`, 201, { Image: 'ubuntu', Cmd: ['date'], ...body });
const withHostConfig = (hostConfig: unknown): ServerCheck => create({ HostConfig: hostConfig });
const update = (body: unknown): ServerCheck => request('POST', `/containers/${CONTAINER}/update`, 200, body);
const serviceSpec = (spec: Json): Json => ({ Name: 'web', TaskTemplate: { ContainerSpec: { Image: 'nginx:alpine' } }, ...spec });
const createService = (spec: Json): ServerCheck => request('POST', '/services/create', 201, serviceSpec(spec));
const withTaskTemplate = (template: Json): ServerCheck => createService({ TaskTemplate: { ContainerSpec: { Image: 'nginx:alpine' }, ...template } });
const answering = (operationId: keyof Handlers, path: string, body: unknown): ServerCheck => ({
  kind: 'response',
  operationId,
  call: { method: 'GET', path },
  body,
});
const filters =
  (path: string, ok = 200) =>
  (value: unknown): ServerCheck =>
    request('GET', `${path}${path.includes('?') ? '&' : '?'}filters=${q(JSON.stringify(value))}`, ok);

const HEALTHCHECK_GROUPS: Group[] = (['Interval', 'Timeout', 'StartPeriod'] as const).map((field) => ({
  name: `Healthcheck.${field}`,
  field,
  ...schema('Healthcheck'),
  instance: (v) => ({ Test: ['CMD-SHELL', 'true'], [field]: v }),
  server: (v) => create({ Healthcheck: { Test: ['CMD-SHELL', 'true'], [field]: v } }),
  good: [0, 1000000, 30000000000],
  bad: [999999, 1, -1],
}));

const MEMORY_SWAP_GOOD = [{ Memory: 200, MemorySwap: -1 }, { Memory: 200, MemorySwap: 300 }, { Memory: 200 }];
const MEMORY_SWAP_BAD = [{ MemorySwap: 300 }, { MemorySwap: -1 }, { Memory: 200, MemorySwap: 100 }, { Memory: 200, MemorySwap: 200 }];
const RESTART_NAMES_GOOD = [{ Name: 'always' }, { Name: 'unless-stopped' }, { Name: 'on-failure', MaximumRetryCount: 5 }, { Name: 'no' }, { Name: '' }];
const RESTART_NAMES_BAD = [{ Name: 'sometimes' }, { Name: 'Always' }, { Name: 'on_failure' }];
const LOG_DRIVERS = ['json-file', 'syslog', 'journald', 'gelf', 'fluentd', 'awslogs', 'splunk', 'etwlogs', 'none'];
const DETACH_KEYS_GOOD = ['ctrl-p', 'ctrl-p,ctrl-q', 'a', 'Z', 'ctrl-@', 'ctrl-^', 'ctrl-[', 'ctrl-_'];
const DETACH_KEYS_BAD = ['ctrl-1', 'ctrl-P', 'ctrl-pq', 'ctrl-', '9', 'alt-p'];
const STATES = ['created', 'restarting', 'running', 'paused', 'exited', 'dead'];

const GROUPS: Group[] = [
  // Container name (seed 4.1 and 8): /?[a-zA-Z0-9_-]+
  {
    name: 'create name',
    field: 'name',
    ...opQuery('ContainerCreate'),
    instance: (v) => ({ name: v }),
    server: (v) => create({}, `?name=${q(v as string)}`),
    good: ['web', '/web_1', 'my-container', 'A9'],
    bad: ['bad name!', 'a/b', '//web', 'caf\u00e9'],
  },
  {
    name: 'rename name',
    field: 'name',
    ...opQuery('ContainerRename'),
    instance: (v) => ({ name: v }),
    server: (v) => request('POST', `/containers/${CONTAINER}/rename?name=${q(v as string)}`, 204),
    good: ['new_name', '/web-2'],
    bad: ['bad name!', 'a/b'],
  },
  // HostConfig (seed 2.3 and 8)
  {
    name: 'HostConfig.BlkioWeight',
    field: 'BlkioWeight',
    ...schema('HostConfig'),
    instance: (v) => ({ BlkioWeight: v }),
    server: (v) => withHostConfig({ BlkioWeight: v }),
    good: [0, 10, 300, 1000],
    bad: [5, 9, 1001, -1],
  },
  {
    name: 'update BlkioWeight',
    field: 'BlkioWeight',
    ...schema('ContainerUpdate'),
    instance: (v) => ({ BlkioWeight: v }),
    server: (v) => update({ BlkioWeight: v }),
    good: [0, 10, 1000],
    bad: [5, 1001],
  },
  {
    name: 'HostConfig.MemorySwappiness',
    field: 'MemorySwappiness',
    ...schema('HostConfig'),
    instance: (v) => ({ MemorySwappiness: v }),
    server: (v) => withHostConfig({ MemorySwappiness: v }),
    good: [-1, 0, 60, 100],
    bad: [101, -2],
  },
  ...HEALTHCHECK_GROUPS,
  {
    name: 'HostConfig.ShmSize',
    field: 'ShmSize',
    ...schema('HostConfig'),
    instance: (v) => ({ ShmSize: v }),
    server: (v) => withHostConfig({ ShmSize: v }),
    good: [0, 1, 67108864],
    bad: [-1, -67108864],
  },
  {
    name: 'HostConfig.RestartPolicy.Name',
    field: 'Name',
    ...schema('RestartPolicy'),
    instance: (v) => v,
    server: (v) => withHostConfig({ RestartPolicy: v }),
    good: RESTART_NAMES_GOOD,
    bad: RESTART_NAMES_BAD,
  },
  {
    name: 'HostConfig.RestartPolicy.MaximumRetryCount (on-failure only)',
    field: 'MaximumRetryCount',
    ...schema('RestartPolicy'),
    instance: (v) => v,
    server: (v) => withHostConfig({ RestartPolicy: v }),
    good: [
      { Name: 'on-failure', MaximumRetryCount: 3 },
      { Name: 'always', MaximumRetryCount: 0 },
    ],
    bad: [
      { Name: 'always', MaximumRetryCount: 3 },
      { Name: 'on-failure', MaximumRetryCount: -1 },
    ],
  },
  {
    name: 'update RestartPolicy.Name',
    field: 'Name',
    ...schema('ContainerUpdate'),
    instance: (v) => ({ RestartPolicy: v }),
    server: (v) => update({ RestartPolicy: v }),
    good: RESTART_NAMES_GOOD,
    bad: RESTART_NAMES_BAD,
  },
  {
    name: 'HostConfig.LogConfig.Type',
    field: 'Type',
    ...schema('LogConfig'),
    instance: (v) => ({ Type: v, Config: {} }),
    server: (v) => withHostConfig({ LogConfig: { Type: v, Config: {} } }),
    good: LOG_DRIVERS,
    bad: ['splunky', 'JSON-FILE', 'local'],
  },
  {
    name: 'HostConfig.NetworkMode',
    field: 'NetworkMode',
    ...schema('HostConfig'),
    instance: (v) => ({ NetworkMode: v }),
    server: (v) => withHostConfig({ NetworkMode: v }),
    good: ['', 'bridge', 'host', 'none', 'container:4fa6e0f0c678', 'container:web_1', 'isolated_nw', 'my-net.v2'],
    bad: ['container:', 'bad net!', 'container:bad id!', '-leading-dash'],
  },
  {
    name: 'HostConfig.Binds',
    field: 'Binds',
    ...schema('HostConfig'),
    instance: (v) => ({ Binds: [v] }),
    server: (v) => withHostConfig({ Binds: [v] }),
    good: ['/host:/data:ro', 'volname:/data', '/host:/data', 'volname:/data:ro', '/tmp:/tmp'],
    bad: ['relative/path:/data', './here:/data', '/host:data', 'volname:relative', '/host'],
  },
  {
    name: 'HostConfig.PortBindings keys',
    field: 'PortBindings',
    ...schema('HostConfig'),
    instance: (v) => ({ PortBindings: { [v as string]: [{ HostPort: '11022' }] } }),
    server: (v) => withHostConfig({ PortBindings: { [v as string]: [{ HostPort: '11022' }] } }),
    good: ['80/tcp', '53/udp', '65535/tcp'],
    bad: ['80/sctp', 'http', '70000/tcp', '/tcp'],
  },
  {
    name: 'HostConfig.PortBindings HostPort (a string)',
    field: 'HostPort',
    ...schema('PortBinding'),
    instance: (v) => ({ HostPort: v }),
    server: (v) => withHostConfig({ PortBindings: { '22/tcp': [{ HostPort: v }] } }),
    good: ['11022', ''],
    bad: [11022, 'ssh'],
  },
  {
    name: 'ExposedPorts keys',
    field: 'ExposedPorts',
    ...schema('ContainerConfig'),
    instance: (v) => ({ ExposedPorts: { [v as string]: {} } }),
    server: (v) => create({ ExposedPorts: { [v as string]: {} } }),
    good: ['22/tcp', '53/udp'],
    bad: ['80/sctp', 'http', '0/tcp'],
  },
  ...(['Cmd', 'Entrypoint'] as const).map((field): Group => ({
    name: field,
    field,
    ...schema('ContainerConfig'),
    instance: (v) => ({ [field]: v }),
    server: (v) => create({ [field]: v }),
    good: ['date', ['date', '-u']],
    bad: [42, [1, 2], { run: 'date' }],
  })),
  {
    name: 'StopSignal',
    field: 'StopSignal',
    ...schema('ContainerConfig'),
    instance: (v) => ({ StopSignal: v }),
    server: (v) => create({ StopSignal: v }),
    good: ['SIGTERM', 'SIGRTMIN+3', 9, 15],
    bad: [-1, 1.5, 'SIG TERM'],
  },
  {
    name: 'HostConfig.MemorySwap',
    field: 'MemorySwap',
    ...schema('HostConfig'),
    instance: (v) => v,
    server: (v) => withHostConfig(v),
    good: MEMORY_SWAP_GOOD,
    bad: MEMORY_SWAP_BAD,
  },
  {
    name: 'update MemorySwap',
    field: 'MemorySwap',
    ...schema('ContainerUpdate'),
    instance: (v) => v,
    server: (v) => update(v),
    good: MEMORY_SWAP_GOOD,
    bad: MEMORY_SWAP_BAD,
  },
  // Container and task states (seed 2.4, 3, 2.11)
  {
    name: 'container list status filter',
    field: 'filters',
    ...schema('ContainerStateStatus'),
    instance: (v) => v,
    server: (v) => filters('/containers/json?all=1')({ status: [v] }),
    good: STATES,
    bad: ['sleeping', 'Running', 'stopped'],
  },
  {
    name: 'ContainerSummary.State',
    field: 'State',
    ...schema('ContainerSummary'),
    instance: (v) => ({ ...summaryBase, State: v }),
    server: (v) => answering('ContainerList', '/containers/json', [{ ...summaryBase, State: v }]),
    good: STATES,
    bad: ['sleeping', 'Up 2 hours'],
  },
  {
    name: 'ContainerState.Status',
    field: 'Status',
    ...schema('ContainerState'),
    instance: (v) => ({ ...(inspectBase['State'] as Json), Status: v }),
    server: (v) => answering('ContainerInspect', `/containers/${CONTAINER}/json`, { ...inspectBase, State: { ...(inspectBase['State'] as Json), Status: v } }),
    good: STATES,
    bad: ['sleeping', 'stopped'],
  },
  {
    name: 'Task.Status.State',
    field: 'State',
    ...schema('Task'),
    instance: (v) => ({ ...taskBase, Status: { ...(taskBase['Status'] as Json), State: v } }),
    server: (v) => answering('TaskInspect', '/tasks/0kzzo1i0y4jz6027t0k7aezc7', { ...taskBase, Status: { ...(taskBase['Status'] as Json), State: v } }),
    good: ['running', 'shutdown'],
    bad: ['sleeping', 'Running'],
  },
  {
    name: 'Task.DesiredState',
    field: 'DesiredState',
    ...schema('Task'),
    instance: (v) => ({ ...taskBase, DesiredState: v }),
    server: (v) => answering('TaskInspect', '/tasks/0kzzo1i0y4jz6027t0k7aezc7', { ...taskBase, DesiredState: v }),
    good: ['running', 'shutdown', 'accepted'],
    bad: ['sleeping', 'paused'],
  },
  {
    name: 'task list desired-state filter',
    field: 'desired-state',
    ...opQuery('TaskList'),
    instance: (v) => ({ filters: { 'desired-state': [v] } }),
    server: (v) => filters('/tasks')({ 'desired-state': [v] }),
    good: ['running', 'shutdown', 'accepted'],
    bad: ['sleeping', 'paused'],
  },
  // Services (seed 2.10)
  {
    name: 'ServiceSpec.Mode',
    field: 'Mode',
    ...schema('ServiceMode'),
    instance: (v) => v,
    server: (v) => createService({ Mode: v }),
    good: [{ Replicated: { Replicas: 3 } }, { Global: {} }, {}],
    bad: [{ Replicated: { Replicas: 1 }, Global: {} }, { Mixed: {} }, 'replicated', { Replicated: { Replicas: -1 } }],
  },
  {
    name: 'TaskTemplate.RestartPolicy.Condition',
    field: 'Condition',
    ...schema('ServiceRestartPolicy'),
    instance: (v) => ({ Condition: v }),
    server: (v) => withTaskTemplate({ RestartPolicy: { Condition: v } }),
    good: ['none', 'on-failure', 'any'],
    bad: ['always', 'never', 'on_failure'],
  },
  {
    name: 'TaskTemplate.LogDriver.Name',
    field: 'Name',
    ...schema('ServiceLogDriver'),
    instance: (v) => ({ Name: v }),
    server: (v) => withTaskTemplate({ LogDriver: { Name: v } }),
    good: LOG_DRIVERS,
    bad: ['splunky'],
  },
  {
    name: 'UpdateConfig.FailureAction',
    field: 'FailureAction',
    ...schema('ServiceUpdateConfig'),
    instance: (v) => ({ Parallelism: 1, FailureAction: v }),
    server: (v) => createService({ UpdateConfig: { Parallelism: 1, FailureAction: v } }),
    good: ['continue', 'pause'],
    bad: ['rollback', 'stop', 'Pause'],
  },
  {
    name: 'EndpointSpec.Mode',
    field: 'Mode',
    ...schema('EndpointSpec'),
    instance: (v) => ({ Mode: v }),
    server: (v) => createService({ EndpointSpec: { Mode: v } }),
    good: ['vip', 'dnsrr'],
    bad: ['round-robin', 'VIP'],
  },
  {
    name: 'EndpointSpec.Ports (vip mode only)',
    field: 'EndpointSpec',
    ...schema('EndpointSpec'),
    instance: (v) => v,
    server: (v) => createService({ EndpointSpec: v as Json }),
    good: [
      { Mode: 'vip', Ports: [{ Protocol: 'tcp', TargetPort: 80, PublishedPort: 8080 }] },
      { Ports: [{ Protocol: 'udp', TargetPort: 53 }] },
      { Mode: 'dnsrr' },
    ],
    bad: [{ Mode: 'dnsrr', Ports: [{ Protocol: 'tcp', TargetPort: 80 }] }, { Ports: [{ Protocol: 'sctp', TargetPort: 80 }] }],
  },
  // Volumes (seed 2.8)
  {
    name: 'Volume.Scope',
    field: 'Scope',
    ...schema('Volume'),
    instance: (v) => ({ ...volumeBase, Scope: v }),
    server: (v) => answering('VolumeInspect', '/volumes/tardis', { ...volumeBase, Scope: v }),
    good: ['local', 'global'],
    bad: ['cluster', 'Local', 'swarm'],
  },
  // Detach keys (seed 4.1 start, 4.2 exec) and the exec user (seed 4.2)
  {
    name: 'start detachKeys',
    field: 'detachKeys',
    ...opQuery('ContainerStart'),
    instance: (v) => ({ detachKeys: v }),
    server: (v) => request('POST', `/containers/${CONTAINER}/start?detachKeys=${q(v as string)}`, 204),
    good: DETACH_KEYS_GOOD,
    bad: DETACH_KEYS_BAD,
  },
  {
    name: 'attach detachKeys',
    field: 'detachKeys',
    ...opQuery('ContainerAttach'),
    instance: (v) => ({ detachKeys: v, stream: true, stdout: true }),
    server: (v) => request('POST', `/containers/${CONTAINER}/attach?stream=1&stdout=1&detachKeys=${q(v as string)}`, 200),
    good: DETACH_KEYS_GOOD,
    bad: DETACH_KEYS_BAD,
  },
  {
    name: 'exec DetachKeys',
    field: 'DetachKeys',
    ...schema('ExecConfig'),
    instance: (v) => ({ Cmd: ['sh'], DetachKeys: v }),
    server: (v) => request('POST', `/containers/${CONTAINER}/exec`, 201, { Cmd: ['sh'], DetachKeys: v }),
    good: DETACH_KEYS_GOOD,
    bad: DETACH_KEYS_BAD,
  },
  {
    name: 'exec User',
    field: 'User',
    ...schema('ExecConfig'),
    instance: (v) => ({ Cmd: ['sh'], User: v }),
    server: (v) => request('POST', `/containers/${CONTAINER}/exec`, 201, { Cmd: ['sh'], User: v }),
    good: ['', 'www-data', 'www-data:www-data', '1000', '1000:1000', 'root:0'],
    bad: ['bad user', 'user:', ':group', 'a:b:c', '-x'],
  },
  {
    name: 'exec Cmd',
    field: 'Cmd',
    ...schema('ExecConfig'),
    instance: (v) => ({ Cmd: v }),
    server: (v) => request('POST', `/containers/${CONTAINER}/exec`, 201, { Cmd: v }),
    good: ['date', ['sh', '-c', 'date']],
    bad: [42, [1]],
  },
  // Per-endpoint query limits of the schemas
  {
    name: 'list limit',
    field: 'limit',
    ...opQuery('ContainerList'),
    instance: (v) => ({ limit: v }),
    server: (v) => request('GET', `/containers/json?limit=${q(v as number)}`, 200),
    good: [0, 5],
    bad: [-1],
  },
  {
    name: 'logs tail',
    field: 'tail',
    ...opQuery('ContainerLogs'),
    instance: (v) => ({ stdout: true, tail: v }),
    server: (v) => request('GET', `/containers/${CONTAINER}/logs?stdout=1&tail=${q(v as string)}`, 200),
    good: ['all', '10', '0'],
    bad: ['some', '-1', '10 lines'],
  },
  {
    name: 'logs since',
    field: 'since',
    ...opQuery('ContainerLogs'),
    instance: (v) => ({ stdout: true, since: v }),
    server: (v) => request('GET', `/containers/${CONTAINER}/logs?stdout=1&since=${q(v as number)}`, 200),
    good: [0, 1374067924],
    bad: [-1],
  },
  {
    name: 'resize h',
    field: 'h',
    ...opQuery('ContainerResize'),
    instance: (v) => ({ h: v, w: 80 }),
    server: (v) => request('POST', `/containers/${CONTAINER}/resize?h=${q(v as number)}&w=80`, 200),
    good: [0, 40],
    bad: [-1],
  },
  {
    name: 'exec resize w',
    field: 'w',
    ...opQuery('ExecResize'),
    instance: (v) => ({ h: 40, w: v }),
    server: (v) => request('POST', `/exec/${EXEC}/resize?h=40&w=${q(v as number)}`, 201),
    good: [0, 80],
    bad: [-1],
  },
  ...(['ContainerStop', 'ContainerRestart'] as const).map((operationId): Group => ({
    name: `${operationId === 'ContainerStop' ? 'stop' : 'restart'} t`,
    field: 't',
    ...opQuery(operationId),
    instance: (v) => ({ t: v }),
    server: (v) => request('POST', `/containers/${CONTAINER}/${operationId === 'ContainerStop' ? 'stop' : 'restart'}?t=${q(v as number)}`, 204),
    good: [0, 10],
    bad: [-1],
  })),
  {
    name: 'kill signal',
    field: 'signal',
    ...opQuery('ContainerKill'),
    instance: (v) => ({ signal: v }),
    server: (v) => request('POST', `/containers/${CONTAINER}/kill?signal=${q(v as string)}`, 204),
    good: ['SIGINT', '9', 'SIGRTMIN+3', 'HUP'],
    bad: ['-9', 'SIG KILL', ''],
  },
  {
    name: 'service update version',
    field: 'version',
    ...opQuery('ServiceUpdate'),
    instance: (v) => ({ version: v }),
    server: (v) => request('POST', `/services/${SERVICE}/update?version=${q(v as number)}`, 200, serviceSpec({})),
    good: [0, 19],
    bad: [-1],
  },
  {
    name: 'events since',
    field: 'since',
    ...opQuery('SystemEvents'),
    instance: (v) => ({ since: v }),
    server: (v) => request('GET', `/events?since=${q(v as string)}`, 200),
    good: ['1374067924', '1374067924.000000001'],
    bad: ['yesterday', '-5', '1.0000000001'],
  },
  {
    name: 'build shmsize',
    field: 'shmsize',
    ...opQuery('ImageBuild'),
    instance: (v) => ({ shmsize: v }),
    server: (v) => request('POST', `/build?remote=${q('https://example.com/Dockerfile')}&shmsize=${q(v as number)}`, 200),
    good: [1, 67108864],
    bad: [0, -1],
  },
  {
    name: 'archive path',
    field: 'path',
    ...opQuery('ContainerArchive'),
    instance: (v) => ({ path: v }),
    server: (v) => request('GET', `/containers/${CONTAINER}/archive?path=${q(v as string)}`, 200),
    good: ['/root'],
    bad: [''],
  },
  // Filters with names and values the seed fixes (seed 2.4, 4.5, 4.6, 4.3, 4.4, 4.8, 4.9)
  {
    name: 'container list filters',
    field: 'filters',
    ...opQuery('ContainerList'),
    instance: (v) => ({ filters: v }),
    server: filters('/containers/json'),
    good: [{ status: ['running', 'paused'] }, { label: ['com.example.vendor=Acme'] }, { exited: ['0'] }],
    bad: [{ bogus: ['x'] }, { exited: ['zero'] }],
  },
  {
    name: 'task list filters',
    field: 'filters',
    ...opQuery('TaskList'),
    instance: (v) => ({ filters: v }),
    server: filters('/tasks'),
    good: [{ service: ['web'] }, { node: ['node-1'] }, { 'desired-state': ['running'] }],
    bad: [{ bogus: ['x'] }],
  },
  {
    name: 'service list filters',
    field: 'filters',
    ...opQuery('ServiceList'),
    instance: (v) => ({ filters: v }),
    server: filters('/services'),
    good: [{ id: ['9mnp'] }, { label: ['a=b'] }, { name: ['web'] }],
    bad: [{ bogus: ['x'] }],
  },
  {
    name: 'network list filters',
    field: 'filters',
    ...opQuery('NetworkList'),
    instance: (v) => ({ filters: v }),
    server: filters('/networks'),
    good: [{ type: ['custom'] }, { type: ['builtin'] }, { driver: ['bridge'] }, { name: ['isolated'] }],
    bad: [{ type: ['other'] }, { bogus: ['x'] }],
  },
  {
    name: 'volume list filters',
    field: 'filters',
    ...opQuery('VolumeList'),
    instance: (v) => ({ filters: v }),
    server: filters('/volumes'),
    good: [{ dangling: ['true'] }, { dangling: ['1'] }, { dangling: ['false'] }, { dangling: ['0'] }, { name: ['tar'] }, { driver: ['local'] }],
    bad: [{ dangling: ['maybe'] }, { bogus: ['x'] }],
  },
  {
    name: 'events filters',
    field: 'filters',
    ...opQuery('SystemEvents'),
    instance: (v) => ({ filters: v }),
    server: filters('/events'),
    good: [{ type: ['container'] }, { type: ['daemon'] }, { event: ['start'] }],
    bad: [{ type: ['plugin'] }, { bogus: ['x'] }],
  },
  {
    name: 'image search filters',
    field: 'filters',
    ...opQuery('ImageSearch'),
    instance: (v) => ({ term: 'sshd', filters: v }),
    server: filters('/images/search?term=sshd'),
    good: [{ stars: ['3'] }, { 'is-official': ['true'] }, { 'is-automated': ['false'] }],
    bad: [{ stars: ['many'] }, { 'is-official': ['yes'] }, { bogus: ['x'] }],
  },
  // Registry credentials (seed 5)
  {
    name: 'X-Registry-Auth of POST /images/create',
    field: 'x-registry-auth',
    // The header is a string; the server decodes it and checks it against AuthConfig.
    ...schema('AuthConfig'),
    instance: (v) => v,
    server: (v) => request('POST', '/images/create?fromImage=busybox&tag=latest', 200, undefined, { 'X-Registry-Auth': b64(v) }),
    good: [
      { username: 'hannibal', password: 'xxxx' },
      { username: 'hannibal', password: 'xxxx', email: 'h@a-team.com', serveraddress: 'https://index.docker.io/v1/' },
      { identitytoken: '9cbaf023786cd7' },
      {},
    ],
    bad: [{ username: 'u' }, { password: 'p' }, { identitytoken: 't', username: 'u', password: 'p' }, { user: 'u', pass: 'p' }],
  },
];

interface LimitCase {
  label: string;
  group: Group;
  value: unknown;
  valid: boolean;
}

const LIMITS: LimitCase[] = GROUPS.flatMap((group) => [
  ...group.bad.map((value) => ({ label: `${group.name} ${show(value)} is rejected`, group, value, valid: false })),
  ...group.good.map((value) => ({ label: `${group.name} ${show(value)} is accepted`, group, value, valid: true })),
]);

async function serve(check: ServerCheck): Promise<Answer> {
  if (check.kind === 'request') return send(check.call);
  const answer: AnyHandler = () => ({ status: 200, body: check.body });
  const handlers = { ...createMockHandlers(), [check.operationId]: answer } as unknown as Handlers;
  return send(check.call, toFetchHandler(createServer(handlers, { validateResponses: true })));
}

describe('limits: the generated schema validators', () => {
  it.each(LIMITS.map((c) => [c.label, c] as const))('%s', (_label, { group, value, valid }) => {
    const ok = group.validate(group.instance(value));
    expect(ok, `${group.validator}: ${show(group.validate.errors)}`).toBe(valid);
  });

  it('the validator that checks the X-Registry-Auth header is AuthConfig', () => {
    expect(schemaValidators.AuthConfig({ username: 'u', password: 'p' })).toBe(true);
    expect(schemaValidators.AuthConfig({ identitytoken: 't' })).toBe(true);
    expect(schemaValidators.AuthConfig({})).toBe(true);
    expect(schemaValidators.AuthConfig({ username: 'u' })).toBe(false);
    expect(schemaValidators.AuthConfig({ identitytoken: 't', password: 'p', username: 'u' })).toBe(false);
  });
});

describe('limits: the generated server', () => {
  it.each(LIMITS.map((c) => [c.label, c] as const))('%s', async (_label, { group, value, valid }) => {
    const check = group.server(value);
    const answer = await serve(check);
    if (valid) expect(answer.status, answer.text).toBe(check.kind === 'request' ? check.ok : 200);
    else expectError(answer, check.kind === 'request' ? 400 : 500, group.field);
  });
});

// ---- 3. the engine dialect through the mock ---------------------------------------------------------

describe('engine dialect', () => {
  it.each(['/v1.24/_ping', '/_ping', '/v1.12/_ping'])('GET %s answers OK as text/plain with the version headers', async (path) => {
    const answer = await send({ method: 'GET', path });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('OK');
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.headers.get('api-version')).toBe('1.24');
    expect(answer.headers.get('ostype')).toMatch(/^(linux|windows)$/);
    expect(answer.headers.get('docker-experimental')).toMatch(/^(true|false)$/);
  });

  it('HEAD /_ping answers 200 with the headers and no body', async () => {
    const answer = await send({ method: 'HEAD', path: '/_ping' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.headers.get('api-version')).toBe('1.24');
    expect(answer.headers.get('ostype')).toMatch(/^(linux|windows)$/);
    expect(answer.headers.get('docker-experimental')).toMatch(/^(true|false)$/);
  });

  it.each(['/v1.99/info', '/v1.25/info', '/v2.0/_ping', '/v1.11/version'])('GET %s is a 400 with a message', async (path) => {
    const answer = await send({ method: 'GET', path });
    expect(answer.status).toBe(400);
    expect(errorBodyValidator(answer.body)).toBe(true);
    expect((answer.body as { message: string }).message).toMatch(/version/i);
  });

  it('GET /v1.24/info answers the system information', async () => {
    const answer = await send({ method: 'GET', path: '/v1.24/info' });
    expect(answer.status).toBe(200);
    expect(schemaValidators.SystemInfo(answer.body)).toBe(true);
  });

  it.each(['1', 'True', 'true', '0', 'False', 'false'])('GET /containers/json?all=%s is accepted', async (value) => {
    const answer = await send({ method: 'GET', path: `/containers/json?all=${value}` });
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
  });

  it.each(['yes', 'on', '2', ''])('GET /containers/json?all=%s is a 400 naming all', async (value) => {
    expectError(await send({ method: 'GET', path: `/containers/json?all=${value}` }), 400, 'all');
  });

  it.each([
    ['a map of string to array of string', { status: ['running'] }, 200],
    ['an empty map', {}, 200],
    ['a map of string to string', { status: 'running' }, 400],
    ['an array', ['running'], 400],
    ['a map of string to array of numbers', { exited: [0] }, 400],
  ] as const)('filters as %s', async (_name, value, status) => {
    const answer = await send({ method: 'GET', path: `/containers/json?filters=${q(JSON.stringify(value))}` });
    if (status === 200) expect(answer.status, answer.text).toBe(200);
    else expectError(answer, 400, 'filters');
  });

  it.each(['status=running', '{"status":["running"]', 'null'])('filters that are not a JSON map (%s) are a 400', async (raw) => {
    expectError(await send({ method: 'GET', path: `/containers/json?filters=${q(raw)}` }), 400, 'filters');
  });

  const PULL = '/images/create?fromImage=busybox&tag=latest';
  it.each([
    ['credentials', { username: 'hannibal', password: 'xxxx', email: 'h@a-team.com', serveraddress: 'https://index.docker.io/v1/' }],
    ['an identity token', { identitytoken: '9cbaf023786cd7' }],
    ['nothing ({})', {}],
  ])('X-Registry-Auth with %s passes', async (_name, auth) => {
    for (const encode of ['base64', 'base64url'] as const) {
      const answer = await send({ method: 'POST', path: PULL, headers: { 'X-Registry-Auth': Buffer.from(JSON.stringify(auth)).toString(encode) } });
      expect(answer.status, answer.text).toBe(200);
      expect(schemaValidators.CreateImageInfo(answer.body)).toBe(true);
    }
  });

  it.each([
    ['a username without password', b64({ username: 'u' })],
    ['credentials and a token', b64({ username: 'u', password: 'p', identitytoken: 't' })],
    ['not base64 JSON', 'not json'],
    ['a JSON array', b64([])],
  ])('X-Registry-Auth with %s is a 400', async (_name, header) => {
    expectError(await send({ method: 'POST', path: PULL, headers: { 'X-Registry-Auth': header } }), 400, 'x-registry-auth');
  });

  it.each([
    ['POST /images/{name}/push', { method: 'POST', path: '/images/busybox/push' }],
    ['POST /services/create', { method: 'POST', path: '/services/create', body: serviceSpec({}) }],
    ['POST /services/{id}/update', { method: 'POST', path: `/services/${SERVICE}/update?version=19`, body: serviceSpec({}) }],
  ] as const)('%s decodes and checks X-Registry-Auth too', async (_name, call) => {
    const good = await send({ ...call, headers: { 'X-Registry-Auth': b64({ identitytoken: 't' }) } });
    expect(good.status, good.text).toBeLessThan(300);
    expectError(await send({ ...call, headers: { 'X-Registry-Auth': b64({ username: 'u' }) } }), 400, 'x-registry-auth');
  });
});
