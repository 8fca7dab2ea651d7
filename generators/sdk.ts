/**
 * sdk: a per-operation client. One standalone function per operation (`listPets(client, { query })`),
 * named from its operationId (or the name specforge invents for one without), with its argument,
 * result, data and error types; an `api` object binding them all to one client; and each
 * operation's call table as a constant of its own, so a bundle keeps only the operations it imports.
 */
import type { ContractModel } from '../src/contract/model.js';
import type { MediaTypeModel, OperationModel, ParameterLocation, ResponseModel } from '../src/contract/model-types.js';
import { wireMethod } from '../src/contract/model-types.js';
import { code, jsonLiteral, NameRegistry, stringLiteral } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { apiSpec } from '../src/contract/tables/api.js';
import type { SdkBodyKind, SdkOperation, SdkParameter } from '../src/runtime/client/sdk.js';
import { defaultServerUrl, schemeNamesType, securityNames } from './client.js';
import { messageTables } from './sdk-messages.js';
import { clientStreamItems } from './client-streams.js';
import type { StreamItemsTable } from '../src/runtime/client/stream-items.js';
import { streamFraming } from '../src/runtime/shared/stream-media.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';
import { hasReadWriteMarkers, readWriteReach } from './read-write.js';

/** Whether a body's schema reaches a readOnly or writeOnly marker: its type is then read through Readable or written through Writable. */
type Marked = (schema: unknown) => boolean;

/** A type's text without its string literals' contents: what the file uses is searched there, never in contract text (a media type or path). */
function outsideStrings(type: string): string {
  return type.replace(/"(?:[^"\\]|\\.)*"/g, '""');
}

/** Names the generated SDK exports besides the operations' own. */
const SDK_EXPORTS = ['createSdkClient', 'createApi', 'defaultBaseUrl', 'securitySchemes', 'SecuritySchemeName', 'Client', 'Api', 'FormBody'];

/**
 * What sdk.ts and react-query.ts import: a local declaration of the same name would clash with the
 * import, so operations never take these names (in either file, so both agree on every name).
 */
const IMPORTED = [
  'paths',
  'createSdk',
  'SdkCallOptions',
  'SdkClient',
  'SdkClientOptions',
  'SdkFailure',
  'SdkOperation',
  'SdkOutcome',
  'SdkSuccess',
  'SecuritySchemeSpec',
  'Readable',
  'Writable',
  'invalidateOperations',
  'keyParams',
  'unwrap',
  'ApiError',
  'ApiErrorOf',
  'queryOptions',
  'useQuery',
  'DataTag',
  'UseQueryOptions',
  'UseQueryResult',
  'mutationOptions',
  'useMutation',
  'UseMutationOptions',
  'UseMutationResult',
  'QueryClient',
  'infiniteQueryOptions',
  'InfiniteData',
  'UnusedSkipTokenOptions',
  'UnusedSkipTokenInfiniteOptions',
  'invalidateKeys',
  'nextPageParam',
];

export interface SdkOperationNames {
  op: OperationModel;
  /** The function (`listPets`). */
  fn: string;
  /** The constant holding the call table (`listPetsOperation`). */
  table: string;
  /** The prefix of its types (`ListPets`: ListPetsArgs, ListPetsResult, ListPetsData, ListPetsError). */
  type: string;
  /** Whether a call needs arguments (a required parameter or body). */
  argsRequired: boolean;
}

/** The SDK's names for every operation, in the contract's order: the same on every run. */
/** What sdk.ts imports besides IMPORTED with `client: { dates: true }` (operations take other names then, in every file alike). */
export const DATES_IMPORTS = ['withDates', 'DatedPaths', 'contractPaths', 'PathsDates'];

/** The names of the operations as sdk.ts, react-query.ts and dates.ts of this run give them. */
export function sdkNamesOf(model: ContractModel, ctx: { dates: boolean }): SdkOperationNames[] {
  return sdkNames(model, ctx.dates ? DATES_IMPORTS : []);
}

export function sdkNames(model: ContractModel, reserved: readonly string[] = []): SdkOperationNames[] {
  const values = new NameRegistry([...SDK_EXPORTS, ...IMPORTED, ...reserved]);
  const types = new NameRegistry([...SDK_EXPORTS, ...IMPORTED, ...reserved]);
  const fns = model.operations.map((op) => values.take(op.id));
  const tables = fns.map((fn) => values.take(`${fn}Operation`));
  return model.operations.map((op, i) => {
    const fn = fns[i] as string;
    const base = fn.replace(/^[_$]*/, '');
    return {
      op,
      fn,
      table: tables[i] as string,
      type: types.take(base === '' ? 'Operation' : base[0]?.toUpperCase() + base.slice(1)),
      argsRequired: op.parameters.some((p) => p.required) || op.requestBody?.required === true,
    };
  });
}

export function isJsonMedia(type: string): boolean {
  const media = type.toLowerCase().split(';')[0]?.trim() ?? '';
  return media === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(media);
}

function mediaKind(media: MediaTypeModel): SdkBodyKind {
  // A sequential media type (OpenAPI 3.2 streams; multipart/mixed only with an itemSchema) or x-specforge-stream.
  const framing = streamFraming(media.type);
  if (media.stream !== undefined || (framing !== undefined && (framing !== 'multipart' || media.itemSchema !== undefined))) return 'stream';
  if (isJsonMedia(media.type)) return 'json';
  if (media.type.toLowerCase().startsWith('text/')) return 'text';
  return 'blob';
}

const KIND_ORDER: SdkBodyKind[] = ['json', 'text', 'stream', 'blob'];

/** The media type an answer is read as: JSON first, then text, a stream, bytes. */
function answerMedia(response: ResponseModel): { media?: MediaTypeModel; kind: SdkBodyKind } {
  for (const kind of KIND_ORDER) {
    const media = response.content.find((m) => mediaKind(m) === kind);
    if (media) return { media, kind };
  }
  return { kind: 'none' };
}

/** Whether an operation's success answers are streams of items (OpenAPI 3.2), which the SDK hands out as AsyncIterable. */
export function answersItems(model: ContractModel, op: OperationModel): boolean {
  return op.responses.some((r) => {
    const { media, kind } = answerMedia(r);
    return r.status.startsWith('2') && kind === 'stream' && media !== undefined && clientStreamItems(model, media) !== undefined;
  });
}

function opType(op: OperationModel): string {
  return `paths[${stringLiteral(op.path)}][${stringLiteral(op.method)}]`;
}

/** The key of a response in openapi-typescript's types: a number for a status, a string otherwise. */
function responseKey(status: string): string {
  return /^[1-5]\d\d$/.test(status) ? status : stringLiteral(status);
}

/** The type of a declared answer's body as the SDK reads it. */
function answerType(model: ContractModel, op: OperationModel, response: ResponseModel, marked: Marked): string {
  const { media, kind } = answerMedia(response);
  if (media === undefined || kind === 'none') return 'undefined';
  if (kind === 'text') return 'string';
  const type = `${opType(op)}["responses"][${responseKey(response.status)}]["content"][${stringLiteral(media.type)}]`;
  // OpenAPI 3.2: types.ts types a stream of items by its item; the SDK hands out the items as they arrive.
  if (kind === 'stream')
    return clientStreamItems(model, media) ? `AsyncIterable<${marked(media.itemSchema) ? `Readable<${type}>` : type}>` : 'ReadableStream<Uint8Array> | null';
  if (kind === 'blob') return 'Blob';
  return marked(media.schema) ? `Readable<${type}>` : type;
}

/** The variants of an operation's result, one per declared answer. */
function resultType(model: ContractModel, op: OperationModel, marked: Marked): string {
  const variants: string[] = [];
  const successes = op.responses.some((r) => r.status.startsWith('2'));
  for (const r of op.responses) {
    const status = /^[1-5]\d\d$/.test(r.status) ? r.status : 'number';
    const body = answerType(model, op, r, marked);
    if (r.status.startsWith('2')) variants.push(`SdkSuccess<${status}, ${body}>`);
    else {
      variants.push(`SdkFailure<${status}, ${body}>`);
      // `default` also stands for the successes where the contract names none.
      if (r.status === 'default' && !successes) variants.push(`SdkSuccess<number, ${body}>`);
    }
  }
  return variants.length === 0 ? 'never' : variants.join('\n  | ');
}

const LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** The argument type: the parameters by location, then the body (a union over its media types). */
function argsType(op: OperationModel, marked: Marked): string {
  const fields: string[] = [];
  for (const where of LOCATIONS) {
    // OpenAPI 3.2: a querystring parameter is the call's whole `query`.
    const params = op.parameters.filter((p) => p.in === where || (where === 'query' && p.in === 'querystring'));
    if (params.length === 0) continue;
    const optional = params.every((p) => !p.required) ? '?' : '';
    fields.push(`  ${where}${optional}: NonNullable<${opType(op)}["parameters"][${stringLiteral(where)}]>;`);
  }
  const parts = [fields.length === 0 ? 'SdkCallOptions' : `SdkCallOptions & {\n${fields.join('\n')}\n}`];
  const body = op.requestBody;
  if (body && body.content.length > 0) {
    const optional = body.required ? '' : '?';
    const alternatives = body.content.map((media, i) => {
      const content = `NonNullable<${opType(op)}["requestBody"]>["content"][${stringLiteral(media.type)}]`;
      const kind = mediaKind(media);
      const lower = media.type.toLowerCase();
      const value =
        kind === 'json'
          ? marked(media.schema)
            ? `Writable<${content}>`
            : content
          : lower.startsWith('multipart/form-data')
            ? `FormBody<${marked(media.schema) ? `Writable<${content}>` : content}>`
            : lower.startsWith('application/x-www-form-urlencoded')
              ? content
              : kind === 'text'
                ? 'string'
                : 'BodyInit';
      return `{ contentType${i === 0 ? '?' : ''}: ${stringLiteral(media.type)}; body${optional}: ${value} }`;
    });
    parts.push(alternatives.length === 1 ? (alternatives[0] as string) : `(\n  | ${alternatives.join('\n  | ')}\n)`);
  }
  return parts.join(' & ');
}

/** An operation's call table: plain data the run time reads. */
export function sdkOperation(op: OperationModel, messages?: Record<string, string>, model?: ContractModel): SdkOperation {
  const table: SdkOperation = { id: op.id, method: wireMethod(op.method), path: op.path, responses: {} };
  const params: SdkParameter[] = op.parameters.map((p) => {
    const out: SdkParameter = { name: p.name, in: p.in };
    const defaultStyle = p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple';
    if (p.style !== defaultStyle) out.style = p.style;
    if (p.explode !== (p.style === 'form')) out.explode = p.explode;
    if (p.allowReserved) out.allowReserved = true;
    if (p.contentType) out.contentType = p.contentType;
    if (p.multiSegment) out.multiSegment = true;
    if (p.encoding) out.encoding = p.encoding;
    return out;
  });
  if (params.length > 0) table.params = params;
  if (op.requestBody && op.requestBody.content.length > 0) table.body = op.requestBody.content.map((m) => m.type);
  const responses: Record<string, SdkBodyKind> = {};
  const items: Record<string, StreamItemsTable> = {};
  for (const r of op.responses) {
    const { media, kind } = answerMedia(r);
    Object.defineProperty(responses, r.status, { value: kind, enumerable: true, writable: true, configurable: true });
    const stream = kind === 'stream' && media !== undefined && model !== undefined ? clientStreamItems(model, media) : undefined;
    if (stream !== undefined) Object.defineProperty(items, r.status, { value: stream, enumerable: true, writable: true, configurable: true });
  }
  table.responses = responses;
  if (Object.keys(items).length > 0) table.items = items;
  if (op.security.length > 0) table.security = securityNames(op);
  if (messages) table.messages = messages;
  return table;
}

/**
 * An operation's table as code: its data, and where it answers streams of items, the run time's
 * reader named beside them (imported only then, so a bundle of other operations leaves it out).
 */
function tableLiteral(table: SdkOperation): string {
  const code = [
    ...(table.items === undefined ? [] : ['"readItems":streamItems']),
    ...(takesQuerystring(table) ? ['"writeQuerystring":serializeQuerystring'] : []),
  ];
  const data = jsonLiteral(table);
  return code.length === 0 ? data : `${data.slice(0, -1)},${code.join(',')}}`;
}

function takesQuerystring(table: SdkOperation): boolean {
  return table.params?.some((p) => p.in === 'querystring') === true;
}

function doc(op: OperationModel): string {
  return [op.summary, op.description, `${wireMethod(op.method)} ${op.path}`, op.deprecated ? '@deprecated' : undefined]
    .map((s) => s?.trim())
    .filter((s) => s !== undefined && s !== '')
    .join('\n\n');
}

/** The SDK; with `readers` (dates.ts's transformer by operation id, `client: { dates: true }`), answers read as Date. */
export function generateSdk(model: ContractModel, ctx: GeneratorContext, readers?: ReadonlyMap<string, string>): GeneratedFile[] {
  const reach = readWriteReach(model.document);
  const marked: Marked = hasReadWriteMarkers(model.document) ? reach : () => false;
  const names = sdkNamesOf(model, ctx);
  const args = names.map((n) => argsType(n.op, marked));
  const results = names.map((n) => resultType(model, n.op, marked));
  const spec = apiSpec(model);
  // Where each declared error's message is, as the error-shape engine reads the contract.
  const messagesOf = messageTables(spec);
  const tables = names.map((n) => sdkOperation(n.op, messagesOf(n.op), model));
  const content = render('sdk', 'sdk.ts', {
    header: code(ctx.header('//').trimEnd()),
    dates: readers !== undefined,
    withDates: readers !== undefined && readers.size > 0,
    datesImport: code(
      [...new Set(readers?.values() ?? [])]
        .sort()
        .map((r) => `${r}, `)
        .join(''),
    ),
    runtimeImport: runtimeEntry(ctx, 'client'),
    readable: results.some((t) => outsideStrings(t).includes('Readable<')),
    writable: args.some((t) => outsideStrings(t).includes('Writable<')),
    // Declared only where a multipart body uses it: a project with noUnusedLocals compiles the file.
    formBody: args.some((t) => outsideStrings(t).includes('FormBody<')),
    baseUrl: defaultServerUrl(model),
    schemesJson: code(jsonLiteral(spec.securitySchemes, 2)),
    schemeNames: code(schemeNamesType(spec.securitySchemes)),
    sdkDoc: `A client for the operations of ${model.info.title} ${model.info.version}: pass it to the operation functions, or to createApi. \`auth\` takes credentials by security scheme name; each call sends those its operation asks for.`,
    // Imported only where an operation's result uses them: a project with noUnusedLocals compiles the file.
    failures: results.some((t) => outsideStrings(t).includes('SdkFailure<')),
    successes: results.some((t) => outsideStrings(t).includes('SdkSuccess<')),
    streams: tables.some((t) => t.items !== undefined),
    querystrings: tables.some(takesQuerystring),
    operations: names.map((n, i) => ({
      fn: code(n.fn),
      table: code(n.table),
      type: code(n.type),
      args: code(`${n.argsRequired ? 'args' : 'args?'}: ${n.type}Args`),
      argsType: code(args[i] ?? ''),
      resultType: code(results[i] ?? 'never'),
      tableJson: code(tableLiteral(tables[i] as SdkOperation)),
      doc: doc(n.op),
      reader: readers?.has(n.op.id) === true ? code(readers.get(n.op.id) ?? '') : undefined,
    })),
  });
  return [{ path: 'sdk.ts', content }];
}
