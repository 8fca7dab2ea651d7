/** server: the handler interface (typed from types.ts), the request listener over the runtime, and its response serializers. */
import type { ContractModel } from '../src/contract/model.js';
import { code, jsonData, stringLiteral } from '../src/codegen/escape.js';
import type { MediaTypeModel, ResponseModel } from '../src/contract/model-types.js';
import { render } from '../src/codegen/templates.js';
import { apiSpec, contractBasePath } from '../src/contract/tables/api.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';
import { generateSerializers } from './serializers.js';
import { streamFraming } from '../src/runtime/shared/stream-media.js';

export function generateServer(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const operations = model.operations.map((op) => ({
    id: op.id,
    path: op.path,
    method: op.method,
    streams: code(streamStatuses(op.responses)),
    // Printed only where an operation streams items: other handlers' types stay as they were.
    items: itemStatuses(op.responses) === 'never' ? undefined : code(itemStatuses(op.responses)),
    doc: [op.summary, op.description, `${op.method.toUpperCase()} ${op.path}`]
      .map((s) => s?.trim())
      .filter((s) => s !== undefined && s !== '')
      .join('\n\n'),
  }));
  const content = render('server', 'server.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'server'),
  });
  // The contract's tables and the handler interface (over a transport) are a file of their own, so
  // that the fetch handler (fetch.ts) imports no node: module, nor a node: type, through server.ts;
  // the serializers too: server.ts imports them, validators.ts does not change.
  const apiFile = render('server', 'api.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'fetch'),
    operations,
    apiDoc: `Routes, parameters, bodies, responses and security of ${model.info.title} ${model.info.version}.`,
    apiJson: code(jsonData(apiSpec(model))),
  });
  const fetchFile = render('server', 'fetch.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'fetch'),
    basePath: basePathOf(model),
  });
  return [{ path: 'server.ts', content }, { path: 'api.ts', content: apiFile }, { path: 'fetch.ts', content: fetchFile }, generateSerializers(model, ctx)];
}

/** The path of the contract's first server URL (its variables at their defaults), without a trailing slash: "" for none or "/". */
export function basePathOf(model: ContractModel): string {
  return contractBasePath(model.document);
}

/**
 * Whether a response body may be a stream: a sequential media type (`streamFraming`: an event
 * stream, JSON Lines, JSON text sequences, multipart/mixed) or `x-specforge-stream`, or raw bytes
 * (a type that is not JSON, a form or text: an archive, an image, octet-stream).
 */
function streams(content: MediaTypeModel): boolean {
  const type = content.type.toLowerCase();
  if (content.stream !== undefined || streamFraming(type) !== undefined) return true;
  return !/json/.test(type) && !type.startsWith('text/') && type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data' && type !== '*/*';
}

/**
 * The keys of `responses` whose body streams items (OpenAPI 3.2 `itemSchema` on a sequential media
 * type), as a type: `never` when none. Their body is an `AsyncIterable<Item>`.
 */
export function itemStatuses(responses: readonly ResponseModel[]): string {
  const keys = responses
    .filter((r) => r.content.some((c) => c.itemSchema !== undefined && streamFraming(c.type) !== undefined))
    .map((r) => (/^[1-5]\d\d$/.test(r.status) ? r.status : stringLiteral(r.status)));
  return keys.length === 0 ? 'never' : keys.join(' | ');
}

/**
 * The keys of `responses` (as openapi-typescript writes them: a number, or "4XX" and "default") whose
 * body may be a stream, as a type: `never` when none. A 101 streams on the switched connection.
 */
export function streamStatuses(responses: readonly ResponseModel[]): string {
  const keys = responses
    .filter((r) => r.status === '101' || r.content.some(streams))
    .map((r) => (/^[1-5]\d\d$/.test(r.status) ? r.status : stringLiteral(r.status)));
  return keys.length === 0 ? 'never' : keys.join(' | ');
}
