/**
 * The options tables of docs/reference/commands.md, written from the command-line program itself
 * (program.ts), so the page cannot disagree with what `specforge <command> --help` lists:
 * `node dist/src/cli/options-table.js` (default: docs/reference/commands.md) rewrites the block
 * between each command's markers, and a test fails when a block differs. Each table has a row per
 * argument and per option the command takes (`--help` included): flag, argument, default and
 * description.
 */
import type { Argument, Command, Option } from 'commander';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildProgram } from './program.js';

/** The page that holds the tables (the writer's default target). */
export const DOC_FILE = 'docs/reference/commands.md';

/** The command that rewrites the tables, named by the markers and by the drift test. */
export const WRITER = 'node dist/src/cli/options-table.js';

export function tableStart(command: string): string {
  return `<!-- options:${command}:start (written by \`${WRITER}\` from the program) -->`;
}

export function tableEnd(command: string): string {
  return `<!-- options:${command}:end -->`;
}

/** The commands whose markers a page holds, in page order. */
export function markedCommands(text: string): string[] {
  return [...text.matchAll(/<!-- options:([a-z][a-z-]*):start /g)].map((m) => m[1] ?? '');
}

/** The program's commands, built without running anything. */
export function programCommands(program: Command = buildProgram(() => undefined)): readonly Command[] {
  return program.commands;
}

/** A table cell: pipes escaped, one line, and `<name>` placeholders as code so they are not read as HTML. */
function cell(text: string): string {
  return text
    .replace(/\n/g, ' ')
    .replace(/(`[^`]*`)|<([^<>\s]+)>/g, (all, code: string | undefined, name: string | undefined) => (code ? code : `\`<${name ?? ''}>\``))
    .replace(/\|/g, '\\|');
}

function code(text: string): string {
  return `\`${text}\``;
}

/** A default value as the table shows it: as code, a string as it is, anything else as JSON. */
function defaultCell(value: unknown, description: string | undefined): string {
  if (description !== undefined) return cell(description);
  if (value === undefined) return '';
  return code(typeof value === 'string' ? value : JSON.stringify(value));
}

/** The argument cell: the placeholder, then the values it may take when the program lists them. */
function argumentCell(term: string, choices: readonly string[] | undefined): string {
  if (term === '') return '';
  return choices ? `${code(term)}: ${choices.map(code).join(', ')}` : code(term);
}

/** The flag part of an option's flags (`-c, --config`) and its argument (`<file>`), if any. */
export function splitFlags(option: Option): { flag: string; argument: string } {
  const m = /^(.*?)\s*([<[].*[>\]])?$/.exec(option.flags.trim());
  return { flag: m?.[1] ?? option.flags, argument: m?.[2] ?? '' };
}

function argumentRow(arg: Argument): string {
  const name = arg.name() + (arg.variadic ? '...' : '');
  const term = arg.required ? `<${name}>` : `[${name}]`;
  const fallback = arg.required ? 'required' : defaultCell(arg.defaultValue, arg.defaultValueDescription);
  return `| (argument) | ${argumentCell(term, arg.argChoices)} | ${fallback} | ${cell(arg.description)} |`;
}

function optionRow(option: Option): string {
  const { flag, argument } = splitFlags(option);
  const fallback = option.mandatory ? 'required' : defaultCell(option.defaultValue, option.defaultValueDescription);
  return `| ${code(flag)} | ${argumentCell(argument, option.argChoices)} | ${fallback} | ${cell(option.description)} |`;
}

/** The markdown table of one command's arguments and options (what its `--help` lists), without the markers. */
export function optionsTableMarkdown(command: Command): string {
  const help = command.createHelp();
  return [
    '| Flag | Argument | Default | Description |',
    '|---|---|---|---|',
    ...help.visibleArguments(command).map(argumentRow),
    ...help.visibleOptions(command).map(optionRow),
  ].join('\n');
}

/**
 * `text` with the block between each command's markers replaced by its current table. A command of
 * the program without markers, or markers of a command the program lacks, is an error naming it.
 */
export function withOptionsTables(text: string, commands: readonly Command[] = programCommands()): string {
  const names = new Set(commands.map((c) => c.name()));
  const unknown = markedCommands(text).filter((n) => !names.has(n));
  if (unknown.length > 0) throw new Error(`the page has options tables for commands the program lacks: ${unknown.join(', ')}`);
  let out = text;
  for (const command of commands) {
    const start = tableStart(command.name());
    const end = tableEnd(command.name());
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`the page has no block between ${start} and ${end}`);
    out = `${out.slice(0, from + start.length)}\n${optionsTableMarkdown(command)}\n${out.slice(to)}`;
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? DOC_FILE;
  writeFileSync(file, withOptionsTables(readFileSync(file, 'utf8')));
}
