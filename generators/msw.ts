/** msw (opt-in): MSW request handlers answering from the mock tables through the browser-safe mock engine. */
import type { ContractModel } from '../src/contract/model.js';
import { code } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { defaultServerUrl } from './client.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';

export function generateMsw(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const content = render('msw', 'msw.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'mock-browser'),
    baseUrl: defaultServerUrl(model),
    mswDoc: `MSW handlers for ${model.info.title} ${model.info.version}: every request under \`baseUrl\` is routed, validated and answered by the mock engine from the generated tables (documented examples, \`Prefer: code=404\`, \`example=\` and \`dynamic=true\`), statefully with \`stateful: true\`, answers validated against the contract. No node: module: they run in \`setupWorker\` and \`setupServer\` alike.`,
  });
  return [{ path: 'msw.ts', content }];
}
