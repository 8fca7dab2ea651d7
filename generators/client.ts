/** client: a typed fetch client (openapi-fetch over the generated `paths`). */
import type { ContractModel } from '../src/contract/model.js';
import { isRecord } from '../src/contract/pointer.js';
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

export function generateClient(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const content = render('client', 'client.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'client'),
    dates: ctx.dates,
    baseUrl: defaultServerUrl(model),
    schemesJson: code(jsonLiteral(apiSpec(model).securitySchemes, 2)),
    clientDoc: `A typed client for ${model.info.title} ${model.info.version}: \`client.GET("/path", { params })\` and friends; pass credentials by security scheme name in \`auth\`.`,
  });
  return [{ path: 'client.ts', content }];
}
