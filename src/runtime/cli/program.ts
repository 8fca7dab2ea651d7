/**
 * The run time of generated command-line programs: a commander program built from the `CliSpec`
 * table, each option's value taken from its flag, else its environment variable, else its default,
 * read as its type, then validated by the generated schema validators. A bad value is a usage
 * error (exit 2) that names the flag or variable and the allowed values.
 */
import type { Command, CommanderError, Help, Option } from 'commander';
import type { ValidateFunction } from '../validation/standalone.js';
import { completionScript } from './completion.js';
import type { CliCommandSpec, CliOptionSpec, CliSpec } from './spec.js';
import { normalizeArguments, parseScalar } from './values.js';
import { unescapePointerSegment } from '../shared/object.js';

export type { Command as CliProgram } from 'commander';

/** What a program writes to and reads from; the process's by default. */
export interface CliIo {
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  env?: Readonly<Record<string, string | undefined>>;
}

/** The part of a generated validators module the command line uses. */
export interface CliValidators {
  readonly schemaValidators: Readonly<Record<string, ValidateFunction>>;
}

/** A flag or variable with a value its option does not allow. Exit code 2. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}

export const EXIT_USAGE = 2;

/** Where a value came from, as a user would name it. */
type Source = { kind: 'flag'; name: string } | { kind: 'env'; name: string } | { kind: 'default'; name: string };

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function flagLabel(option: CliOptionSpec): string {
  return option.short !== undefined ? `-${option.short}/--${option.flag}` : `--${option.flag}`;
}

function parseText(option: CliOptionSpec, text: string, source: Source): unknown {
  const parsed = parseScalar(option.type, text);
  if ('value' in parsed) return parsed.value;
  throw new CliUsageError(`invalid value ${show(text)} for ${source.name}: ${parsed.problem}${option.allowed ? `; allowed: ${option.allowed}` : ''}`);
}

/**
 * The configuration of one command: for each option its flag's value (the last one given, or every
 * one for lists), else its variable's (an empty variable counts as unset except for strings), else
 * its default; then the command's schema validator.
 */
export function resolveOptions(
  command: CliCommandSpec,
  given: ReadonlyMap<CliOptionSpec, readonly string[]>,
  env: Readonly<Record<string, string | undefined>>,
  validators: CliValidators,
): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  const sources = new Map<string, Source>();
  for (const option of command.options) {
    const texts = given.get(option) ?? [];
    const envText = option.env !== undefined ? env[option.env] : undefined;
    let value: unknown;
    let source: Source;
    if (texts.length > 0) {
      source = { kind: 'flag', name: `--${option.flag}` };
      const s = source;
      value = option.array ? texts.map((t) => parseText(option, t, s)) : parseText(option, texts[texts.length - 1] as string, source);
    } else if (option.env !== undefined && envText !== undefined && (envText !== '' || option.type === 'string')) {
      source = { kind: 'env', name: option.env };
      const s = source;
      value = option.array
        ? (envText === '' ? [] : envText.split(option.array.separator)).map((t) => parseText(option, t, s))
        : parseText(option, envText, source);
    } else if (option.default !== undefined) {
      source = { kind: 'default', name: `the default of --${option.flag}` };
      value = structuredClone(option.default);
    } else continue;
    setOwn(config, option.property, value);
    sources.set(option.property, source);
  }
  if (command.configuration !== undefined) {
    const validate = validators.schemaValidators[command.configuration];
    if (validate === undefined) throw new Error(`no validator for schema ${command.configuration}; generate the validators target`);
    if (!validate(config)) throw new CliUsageError(explain(command, validate.errors ?? [], config, sources));
  }
  return config;
}

/** Validation errors in the words of the command line: the flag or variable, its value, what is allowed. */
function explain(
  command: CliCommandSpec,
  errors: NonNullable<ValidateFunction['errors']>,
  config: Record<string, unknown>,
  sources: ReadonlyMap<string, Source>,
): string {
  const lines: string[] = [];
  for (const e of errors) {
    const segments = e.instancePath.split('/').slice(1).map(unescapePointerSegment);
    let line: string;
    if (segments.length === 0) {
      const missing = e.keyword === 'required' ? String((e.params as { missingProperty?: unknown }).missingProperty) : undefined;
      const option = command.options.find((o) => o.property === missing);
      line = option
        ? `${flagLabel(option)}${option.env ? ` (or ${option.env})` : ''} is required${option.allowed ? `; allowed: ${option.allowed}` : ''}`
        : `invalid configuration: ${e.message ?? 'is invalid'}`;
    } else {
      const property = segments[0] as string;
      const option = command.options.find((o) => o.property === property);
      const source = sources.get(property);
      const whole = Object.hasOwn(config, property) ? config[property] : undefined;
      const value = segments.length > 1 && Array.isArray(whole) ? whole[Number(segments[1])] : whole;
      const where = source?.name ?? property;
      line = `invalid value ${show(value)} for ${where}: ${e.message ?? 'is invalid'}${option?.allowed ? `; allowed: ${option.allowed}` : ''}`;
    }
    if (!lines.includes(line)) lines.push(line);
  }
  return lines.join('\n');
}

function defaultText(option: CliOptionSpec): string | undefined {
  if (option.default === undefined) return undefined;
  return Array.isArray(option.default) ? `[${option.default.map(show).join(', ')}]` : show(option.default);
}

/** An option's line in --help: what it means, then what it takes, its default and its variable. */
export function optionHelp(option: CliOptionSpec): string {
  const notes: string[] = [];
  if (option.allowed !== undefined && option.type !== 'boolean') notes.push(option.allowed);
  if (option.array) notes.push('repeatable');
  const def = defaultText(option);
  if (def !== undefined) notes.push(`default ${def}`);
  if (option.env !== undefined) notes.push(`env ${option.env}`);
  if (notes.length === 0) return option.summary;
  return `${option.summary}${option.summary ? ' ' : ''}(${notes.join('; ')})`;
}

function optionTerm(option: CliOptionSpec): string {
  const long = `--${option.flag}${option.type === 'boolean' ? '' : ` <${option.placeholder}>`}`;
  return option.short !== undefined ? `-${option.short}, ${long}` : long;
}

interface Invocation {
  command: CliCommandSpec;
  config: Record<string, unknown>;
}

interface Build {
  program: Command;
  /** The command that ran, with its resolved configuration; set by its action. */
  invoked?: Invocation;
}

async function build(spec: CliSpec, validators: CliValidators, io: CliIo, act: boolean): Promise<Build> {
  const { Command: CommandClass, Option: OptionClass } = await import('commander');
  const out = io.stdout ?? ((t: string) => void process.stdout.write(t));
  const err = io.stderr ?? ((t: string) => void process.stderr.write(t));
  const env = io.env ?? process.env;
  const terms = new WeakMap<Option, CliOptionSpec>();
  const result: Build = { program: new CommandClass(spec.name) };

  const define = (cmd: Command, command: CliCommandSpec): void => {
    cmd.description(command.summary).allowExcessArguments(false).helpCommand(false);
    if (command.commands.length > 0) cmd.enablePositionalOptions();
    const given = new Map<CliOptionSpec, string[]>();
    for (const option of command.options) {
      const flags = `${option.short !== undefined ? `-${option.short}, ` : ''}--${option.flag} ${option.type === 'boolean' ? '[bool]' : `<${option.placeholder}>`}`;
      const o = new OptionClass(flags, optionHelp(option));
      if (option.hidden) o.hideHelp();
      terms.set(o, option);
      cmd.addOption(o);
      // Values are collected here, in order, rather than read back from commander's store.
      cmd.on(`option:${o.name()}`, (value: unknown) => {
        const list = given.get(option) ?? [];
        list.push(typeof value === 'string' ? value : 'true');
        given.set(option, list);
      });
    }
    for (const sub of command.commands) define(cmd.command(sub.name), sub);
    cmd.action(async () => {
      const config = resolveOptions(command, given, env, validators);
      result.invoked = { command, config };
      if (act) await perform(spec, command, cmd, config, out);
    });
  };

  const program = result.program;
  program
    .exitOverride()
    .configureOutput({ writeOut: out, writeErr: err, outputError: (text, write) => write(text) })
    .showHelpAfterError(`(run "${spec.name} --help" for usage)`)
    .configureHelp({
      optionTerm: (option: Option) => {
        const known = terms.get(option);
        return known !== undefined ? optionTerm(known) : option.flags;
      },
      sortSubcommands: false,
      sortOptions: false,
    } satisfies Partial<Help>);
  define(program, spec.root);
  return result;
}

async function perform(spec: CliSpec, command: CliCommandSpec, cmd: Command, config: Record<string, unknown>, out: (text: string) => void): Promise<void> {
  const action = command.action;
  switch (action.type) {
    case 'configuration':
      out(JSON.stringify(config, null, 2) + '\n');
      return;
    case 'help':
      cmd.outputHelp();
      return;
    case 'version': {
      // --output json|yaml: the build information in that format; --short: the version alone;
      // otherwise the build information as YAML lines.
      const format = action.output !== undefined ? config[action.output] : undefined;
      const short = action.short !== undefined && config[action.short] === true;
      if (format === 'json') out(JSON.stringify(spec.build, null, 2) + '\n');
      else if (format !== 'yaml' && short) out(`${spec.version}\n`);
      else out((await import('yaml')).stringify(spec.build));
      return;
    }
    case 'completion': {
      const plain = action.noDescriptions !== undefined && config[action.noDescriptions] === true;
      out(completionScript(spec, action.shell, { descriptions: !plain }));
      return;
    }
  }
}

function isCommanderError(err: unknown): err is CommanderError {
  return err instanceof Error && typeof (err as Partial<CommanderError>).exitCode === 'number' && typeof (err as Partial<CommanderError>).code === 'string';
}

/**
 * Runs the program on `argv` (as `process.argv`: node, script, arguments...) and resolves to its
 * exit code: 0 done, 2 a usage error (after printing it), 1 an unexpected failure.
 */
export async function runCli(spec: CliSpec, validators: CliValidators, argv: readonly string[], io: CliIo = {}): Promise<number> {
  const err = io.stderr ?? ((t: string) => void process.stderr.write(t));
  try {
    const { program } = await build(spec, validators, io, true);
    await program.parseAsync(normalizeArguments(spec.root, argv.slice(2)), { from: 'user' });
    return 0;
  } catch (e) {
    if (isCommanderError(e)) return e.exitCode === 0 ? 0 : EXIT_USAGE;
    if (e instanceof CliUsageError) {
      err(`error: ${e.message.split('\n').join(`\nerror: `)}\n(run "${spec.name} --help" for usage)\n`);
      return EXIT_USAGE;
    }
    err(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

/** The commander program itself (for embedding or inspection); its actions print to `io`. */
export async function createCliProgram(spec: CliSpec, validators: CliValidators, io: CliIo = {}): Promise<Command> {
  return (await build(spec, validators, io, true)).program;
}

/**
 * The resolved configuration of the root command for `args` (without node and script) and `env`,
 * without running any action; a usage error throws `CliUsageError` with the message a user would see.
 */
export async function resolveCliConfiguration(
  spec: CliSpec,
  validators: CliValidators,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<Record<string, unknown>> {
  let errors = '';
  const built = await build(spec, validators, { env, stdout: () => undefined, stderr: (t) => void (errors += t) }, false);
  try {
    await built.program.parseAsync(normalizeArguments(spec.root, args), { from: 'user' });
  } catch (e) {
    if (isCommanderError(e)) throw new CliUsageError(e.exitCode === 0 ? 'the arguments ask for help, not a configuration' : errors.trim() || e.message);
    throw e;
  }
  if (built.invoked === undefined || built.invoked.command !== spec.root) throw new CliUsageError(`the arguments do not run ${spec.name} itself`);
  return built.invoked.config;
}
