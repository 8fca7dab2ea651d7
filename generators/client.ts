/** client: a typed fetch client (openapi-fetch over the generated `paths`). */
import type { ContractModel, MediaEncodingModel } from '../src/contract/model.js';
import { wireMethod } from '../src/contract/model-types.js';
import { isRecord, setOwn } from '../src/contract/pointer.js';
import { code, jsonLiteral } from '../src/codegen/escape.js';
import { apiSpec } from '../src/contract/tables/api.js';
import { render } from '../src/codegen/templates.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';

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

export function generateClient(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const querystrings = querystringTable(model);
  const content = render('client', 'client.ts', {
    querystringsJson: Object.keys(querystrings).length > 0 ? code(jsonLiteral(querystrings, 2)) : undefined,
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'client'),
    dates: ctx.dates,
    baseUrl: defaultServerUrl(model),
    schemesJson: code(jsonLiteral(apiSpec(model).securitySchemes, 2)),
    clientDoc: `A typed client for ${model.info.title} ${model.info.version}: \`client.GET("/path", { params })\` and friends; pass credentials by security scheme name in \`auth\`.`,
  });
  return [{ path: 'client.ts', content }];
}
