/**
 * cli: for a contract with `x-specforge-cli`, a commander program over the generated validators
 * (`cli.ts`, and `cli.js`: the same module as plain JavaScript, so that Node runs it without a
 * TypeScript loader), an executable launcher named after the program, and the reference page of
 * the command line (`cli.md`). Contracts without the extension get nothing.
 */
import type { CliCommandSpec, CliOptionSpec, CliSpec } from '../src/runtime/cli/spec.js';
import type { ContractModel } from '../src/contract/model.js';
import { code, jsonLiteral, NameRegistry, stringLiteral, type Code } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { cliReference } from '../src/codegen/cli-reference.js';
import { toJavaScript } from '../src/codegen/transpile.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';

/** Names cli.ts declares or imports itself: a schema's interface never takes one of them. */
const RESERVED = [
  'Configuration',
  'cli',
  'main',
  'createProgram',
  'loadConfiguration',
  'validators',
  'process',
  'CliIo',
  'CliProgram',
  'CliSpec',
  'createCliProgram',
  'resolveCliConfiguration',
  'runCli',
];

function literalType(value: string | number): string {
  return typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'number') : stringLiteral(value);
}

/** The TypeScript type of an option's value. */
function optionType(option: CliOptionSpec): string {
  const base = option.type === 'integer' ? 'number' : option.type;
  const scalar =
    option.values !== undefined && option.values.length > 0 && option.type !== 'boolean' ? [...new Set(option.values.map(literalType))].join(' | ') : base;
  return option.array ? `Array<${scalar}>` : scalar;
}

function optionDoc(option: CliOptionSpec): string {
  const facts = [`Flag \`--${option.flag}\`${option.short !== undefined ? ` (\`-${option.short}\`)` : ''}`];
  if (option.env !== undefined) facts.push(`variable \`${option.env}\``);
  if (option.default !== undefined) facts.push(`default ${JSON.stringify(option.default)}`);
  return [option.description, `${facts.join(', ')}.`].filter((s) => s !== '').join('\n\n');
}

function commands(root: CliCommandSpec): CliCommandSpec[] {
  const out: CliCommandSpec[] = [];
  const visit = (c: CliCommandSpec): void => {
    out.push(c);
    c.commands.forEach(visit);
  };
  visit(root);
  return out;
}

interface InterfaceData {
  name: Code;
  doc: string;
  properties: Array<{ key: string; doc: string; optional: boolean; type: Code }>;
}

function interfaces(spec: CliSpec): { list: InterfaceData[]; names: Map<string, string> } {
  const registry = new NameRegistry(RESERVED);
  const names = new Map<string, string>();
  const list: InterfaceData[] = [];
  for (const command of commands(spec.root)) {
    const schema = command.configuration;
    if (schema === undefined || names.has(schema)) continue;
    const name = registry.take(schema);
    names.set(schema, name);
    list.push({
      name: code(name),
      doc: `The configuration of schema "${schema}" as the command line resolves it: each flag, else its variable, else its default.`,
      properties: command.options.map((o) => ({ key: o.property, doc: optionDoc(o), optional: o.default === undefined, type: code(optionType(o)) })),
    });
  }
  return { list, names };
}

export async function generateCli(model: ContractModel, ctx: GeneratorContext): Promise<GeneratedFile[]> {
  const spec = model.cli;
  if (spec === undefined) return [];
  const header = ctx.header('//').trimEnd();
  const { list, names } = interfaces(spec);
  const rootType = spec.root.configuration !== undefined ? names.get(spec.root.configuration) : undefined;
  const program = render('cli', 'cli.ts', {
    header: code(header),
    runtimeImport: runtimeEntry(ctx, 'cli'),
    interfaces: list,
    rootType: code(rootType ?? 'Record<string, never>'),
    name: spec.name,
    cliDoc: `The command line of ${spec.name}: commands, flags, variables, defaults and allowed values, from ${model.specPath}.`,
    cliJson: code(jsonLiteral(spec, 2)),
  });
  const launcher = render('cli', 'launcher', { header: code(header) });
  const reference = render('cli', 'cli.md', { header: code(ctx.header('<!--').trimEnd()), name: spec.name, sections: cliReference(spec) });
  return [
    { path: 'cli.ts', content: program },
    { path: 'cli.js', content: toJavaScript(program, 'cli.ts') },
    { path: 'cli.md', content: reference },
    { path: spec.name, content: launcher, executable: true },
  ];
}
