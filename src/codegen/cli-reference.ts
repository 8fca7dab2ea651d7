/**
 * The reference of a command line, as plain rows: one section per command with its usage, options
 * (flag, variable, type, default, allowed values, meaning) and subcommands. The generated cli.md
 * and the docs site's HTML page both render these rows, each with its own escaping.
 */
import type { CliCommandSpec, CliOptionSpec, CliSpec } from '../runtime/cli/spec.js';

/**
 * The id of a heading with this plain text: lower case, each run of other characters than letters,
 * digits and "_" as one "-". Links to a heading (the CLI reference's command tables) use it too.
 */
export function slugOf(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

export interface CliReferenceOption {
  /** `-o, --output <value>` */
  flags: string;
  env: string;
  type: string;
  default: string;
  allowed: string;
  /** The option's description, paragraph by paragraph. */
  paragraphs: string[];
}

export interface CliReferenceSection {
  /** The command as typed: "install-cni version". */
  title: string;
  /** Anchor id: the title with dashes. */
  anchor: string;
  usage: string;
  summary: string;
  paragraphs: string[];
  options: CliReferenceOption[];
  commands: Array<{ title: string; anchor: string; summary: string }>;
}

export function paragraphs(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
}

function valueText(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
  return JSON.stringify(value) ?? '';
}

function option(o: CliOptionSpec): CliReferenceOption {
  const long = `--${o.flag}${o.type === 'boolean' ? '' : ` <${o.placeholder}>`}`;
  return {
    flags: o.short !== undefined ? `-${o.short}, ${long}` : long,
    env: o.env ?? '',
    type: o.array ? `list of ${o.type} (repeatable; the variable is split on ${JSON.stringify(o.array.separator)})` : o.type,
    default: valueText(o.default),
    allowed: o.allowed ?? '',
    paragraphs: paragraphs(o.description),
  };
}

export function cliReference(spec: CliSpec): CliReferenceSection[] {
  const out: CliReferenceSection[] = [];
  const visit = (command: CliCommandSpec, title: string): void => {
    const visible = command.options.filter((o) => !o.hidden);
    const usage = [title, ...(command.commands.length > 0 ? ['[command]'] : []), ...(visible.length > 0 ? ['[flags]'] : [])].join(' ');
    out.push({
      title,
      anchor: slugOf(title),
      usage,
      summary: command.summary,
      paragraphs: paragraphs(command.description),
      options: visible.map(option),
      commands: command.commands.map((c) => ({ title: `${title} ${c.name}`, anchor: slugOf(`${title} ${c.name}`), summary: c.summary })),
    });
    for (const sub of command.commands) visit(sub, `${title} ${sub.name}`);
  };
  visit(spec.root, spec.name);
  return out;
}
