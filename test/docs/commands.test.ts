/**
 * docs/reference/commands.md has a section for every command of the command line and names every
 * option the command takes, read from the program itself (`specforge <command> --help`), so an option
 * added without its documentation fails here. Needs the build (dist/).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const PAGE = readFileSync(join(ROOT, 'docs', 'reference', 'commands.md'), 'utf8');

function help(...args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args, '--help'], { encoding: 'utf8' });
}

/** The text of each `## \`specforge <name>\`` section, by command name. */
function sections(page: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = page.split(/^## /m).slice(1);
  for (const part of parts) {
    const m = /^`specforge (\S+)`\n/.exec(part);
    if (m?.[1]) out.set(m[1], part);
  }
  return out;
}

/** The command names the program lists, and the long options a command's help lists. */
export function commandNames(programHelp: string): string[] {
  const list = programHelp.slice(programHelp.indexOf('Commands:'));
  return [...list.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1] ?? '').filter((n) => n !== 'help');
}

export function longOptions(commandHelp: string): string[] {
  const list = commandHelp.slice(commandHelp.indexOf('Options:'));
  return [...list.matchAll(/^ {2}(?:-\w, )?(--[a-z][a-z-]*)/gm)].map((m) => m[1] ?? '').filter((o) => o !== '--help');
}

describe('commands reference', () => {
  const commands = commandNames(help());
  const documented = sections(PAGE);

  it('has a section for each command the program has, and none for a command it lacks', () => {
    expect(commands.length).toBeGreaterThan(5);
    expect([...documented.keys()].sort()).toEqual([...commands].sort());
  });

  it.each(commands)('specforge %s: its section names every option the command takes', (name) => {
    const text = documented.get(name) ?? '';
    const missing = longOptions(help(name)).filter((o) => !new RegExp(`${o}(?![a-z-])`).test(text));
    expect(missing).toEqual([]);
  });

  it('reads options from help text as commander prints it', () => {
    expect(longOptions('Options:\n  -o, --out <dir>  output\n  --no-generate    skip\n  -h, --help  display help\n')).toEqual(['--out', '--no-generate']);
    expect(commandNames('Commands:\n  generate [options]  x\n                      wrapped line\n  help [command]  y\n')).toEqual(['generate']);
  });
});
