/** server: the handler interface (typed from types.ts), the request listener over the runtime, and its response serializers. */
import type { ContractModel } from '../src/contract/model.js';
import { code, jsonData } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { apiSpec } from '../src/contract/tables/api.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';
import { generateSerializers } from './serializers.js';

export function generateServer(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const content = render('server', 'server.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'server'),
    apiDoc: `Routes, parameters, bodies, responses and security of ${model.info.title} ${model.info.version}.`,
    apiJson: code(jsonData(apiSpec(model))),
    operations: model.operations.map((op) => ({
      id: op.id,
      path: op.path,
      method: op.method,
      doc: [op.summary, op.description, `${op.method.toUpperCase()} ${op.path}`]
        .map((s) => s?.trim())
        .filter((s) => s !== undefined && s !== '')
        .join('\n\n'),
    })),
  });
  // The serializers are a file of their own: server.ts imports them, validators.ts does not change.
  return [{ path: 'server.ts', content }, generateSerializers(model, ctx)];
}
