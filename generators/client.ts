/** client: a typed fetch client (openapi-fetch over the generated `paths`). */
import type { ContractModel, MediaEncodingModel } from '../src/contract/model.js';
import { wireMethod } from '../src/contract/model-types.js';
import { isRecord, setOwn } from '../src/contract/pointer.js';
import { code, jsonLiteral, stringLiteral } from '../src/codegen/escape.js';
import { apiSpec } from '../src/contract/tables/api.js';
import { render } from '../src/codegen/templates.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';
import { clientStreamItems } from './client-streams.js';
import type { StreamItemsTable } from '../src/runtime/client/stream-items.js';
import type { OperationSecurityTable } from '../src/runtime/client/client.js';

/** The first server URL with each variable replaced by its default. */
export function defaultServerUrl(model: ContractModel): string {
  const servers = model.document['servers'];
  const first = Array.isArray(servers) ? servers[0] : undefined;
  if (!isRecord(first) || typeof first['url'] !== 'string') return '';
  const vars = isRecord(first['variables']) ? first['variables'] : {};
  return first['url'].replace(/\{([^}]+)\}/g, (m, name: string) => {
    const v = vars[name];
    return isRecord(v) && typeof v['default'] === 'string' ? v['default'] : m;
  });
}

/** The operations that take a querystring parameter (OpenAPI 3.2), by "METHOD /path": how the client writes it. */
function querystringTable(model: ContractModel): Record<string, { contentType: string; encoding?: Record<string, MediaEncodingModel> }> {
  const out: Record<string, { contentType: string; encoding?: Record<string, MediaEncodingModel> }> = {};
  for (const op of model.operations) {
    const p = op.parameters.find((x) => x.in === 'querystring');
    if (p?.contentType === undefined) continue;
    const spec: { contentType: string; encoding?: Record<string, MediaEncodingModel> } = { contentType: p.contentType };
    if (p.encoding !== undefined) spec.encoding = p.encoding;
    setOwn(out, `${wireMethod(op.method)} ${op.path}`, spec);
  }
  return out;
}

const FETCH_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

/**
 * The operations whose answers are streams of items (OpenAPI 3.2), by "METHOD /path" then status:
 * how each is framed; and the same as a type of paths and methods (PathsStreams).
 */
function streamsTable(model: ContractModel): { table: Record<string, Record<string, StreamItemsTable>>; type: string } {
  const table: Record<string, Record<string, StreamItemsTable>> = {};
  const byPath = new Map<string, string[]>();
  for (const op of model.operations) {
    if (!FETCH_METHODS.has(op.method)) continue;
    const answers: Record<string, StreamItemsTable> = {};
    for (const r of op.responses) {
      // The SDK's choice of media type: JSON first, then a stream; the path-style client streams where the only one is a stream.
      const items = r.content.length === 1 && r.content[0] !== undefined ? clientStreamItems(model, r.content[0]) : undefined;
      if (items !== undefined && r.status.startsWith('2')) setOwn(answers, r.status, items);
    }
    if (Object.keys(answers).length === 0) continue;
    setOwn(table, `${wireMethod(op.method)} ${op.path}`, answers);
    byPath.set(op.path, [...(byPath.get(op.path) ?? []), op.method]);
  }
  const type = [...byPath].map(([path, methods]) => `  ${stringLiteral(path)}: { ${methods.map((m) => `${m}: true;`).join(' ')} };`).join('\n');
  return { table, type: type === '' ? '{}' : `{\n${type}\n}` };
}

/**
 * An operation's security alternatives as the clients read them (the SDK's call table, the
 * path-style client's operationSecurity): each the sorted names of its schemes; alternatives that
 * differ only by their OAuth scopes name the same schemes and are listed once.
 */
export function securityNames(op: ContractModel['operations'][number]): string[][] {
  const names = op.security.map((alternative) => Object.keys(alternative).sort());
  return names.filter((n, i) => names.findIndex((m) => JSON.stringify(m) === JSON.stringify(n)) === i);
}

/**
 * The security of each operation for the path-style client: the alternatives most operations share
 * as `default`, the others listed; undefined when the contract has no security scheme (no credential
 * can be given).
 */
function securityTable(model: ContractModel): OperationSecurityTable | undefined {
  if (model.securitySchemes.length === 0) return undefined;
  const rows = model.operations.map((op) => {
    const names = securityNames(op);
    return { key: `${wireMethod(op.method)} ${op.path}`, names, text: JSON.stringify(names) };
  });
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.text, (counts.get(row.text) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '[]';
  const table: OperationSecurityTable = { default: JSON.parse(common) as string[][] };
  for (const row of rows) if (row.text !== common) setOwn((table.operations ??= {}), row.key, row.names);
  return table;
}

/** The union of a contract's security scheme names as a type (`never` when it has none): written out, so declarations need no inference. */
export function schemeNamesType(schemes: Readonly<Record<string, unknown>>): string {
  const names = Object.keys(schemes).sort();
  return names.length > 0 ? names.map((n) => stringLiteral(n)).join(' | ') : 'never';
}

export function generateClient(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const querystrings = querystringTable(model);
  const streams = streamsTable(model);
  const security = securityTable(model);
  const hasQuerystrings = Object.keys(querystrings).length > 0;
  const clientArgs =
    security !== undefined
      ? `, ${hasQuerystrings ? 'querystringMiddleware(querystrings)' : 'undefined'}, operationSecurity`
      : hasQuerystrings
        ? ', querystringMiddleware(querystrings)'
        : '';
  const content = render('client', 'client.ts', {
    securityJson: security !== undefined ? code(jsonLiteral(security, 2)) : undefined,
    clientArgs: code(clientArgs),
    querystringsJson: Object.keys(querystrings).length > 0 ? code(jsonLiteral(querystrings, 2)) : undefined,
    streamsJson: Object.keys(streams.table).length > 0 ? code(jsonLiteral(streams.table, 2)) : undefined,
    streamsType: code(streams.type),
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'client'),
    dates: ctx.dates,
    baseUrl: defaultServerUrl(model),
    schemesJson: code(jsonLiteral(apiSpec(model).securitySchemes, 2)),
    schemeNames: code(schemeNamesType(apiSpec(model).securitySchemes)),
    clientDoc: `A typed client for ${model.info.title} ${model.info.version}: \`client.GET("/path", { params })\` and friends; pass credentials by security scheme name in \`auth\`.`,
  });
  return [{ path: 'client.ts', content }];
}
