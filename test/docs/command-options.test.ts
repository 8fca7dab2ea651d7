/**
 * The options tables of docs/reference/commands.md are written from the command-line program
 * (src/cli/program.ts) by src/cli/options-table.ts: each command's table is the one the program
 * gives, and holds a row for every argument and option the command takes. Reads the program from
 * its sources, so no build is needed to find drift (the rewrite runs the built writer).
 */
import { Command, Option } from 'commander';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DOC_FILE,
  markedCommands,
  optionsTableMarkdown,
  programCommands,
  splitFlags,
  tableEnd,
  tableStart,
  withOptionsTables,
  WRITER,
} from '../../src/cli/options-table.js';
import { buildProgram } from '../../src/cli/program.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PAGE = readFileSync(join(ROOT, DOC_FILE), 'utf8');
const REWRITE = `run \`npm run build && ${WRITER}\` to rewrite ${DOC_FILE} from the program`;
const commands = programCommands();

function block(page: string, name: string): string {
  const start = page.indexOf(tableStart(name));
  const end = page.indexOf(tableEnd(name));
  return start < 0 || end < start ? '' : page.slice(start + tableStart(name).length, end).trim();
}

describe('options tables of the commands reference', () => {
  it('building the program parses nothing and runs no command', () => {
    let exits = 0;
    const program = buildProgram(() => {
      exits += 1;
    });
    expect(program.name()).toBe('specforge');
    expect(program.commands.map((c) => c.name())).toEqual(expect.arrayContaining(['generate', 'check', 'lint', 'mock', 'test']));
    expect(exits).toBe(0);
  });

  it('the page has one table per command of the program, and none for a command it lacks', () => {
    expect(commands.length).toBeGreaterThan(5);
    expect([...markedCommands(PAGE)].sort(), REWRITE).toEqual(commands.map((c) => c.name()).sort());
  });

  it.each(commands.map((c) => [c.name(), c] as const))('specforge %s: the table is what the program gives', (name, command) => {
    expect(block(PAGE, name), `the options table of \`specforge ${name}\` differs from the program: ${REWRITE}`).toBe(optionsTableMarkdown(command));
  });

  it.each(commands.map((c) => [c.name(), c] as const))('specforge %s: every argument and option has its row', (name, command) => {
    const rows = block(PAGE, name).split('\n');
    const flags = [...command.options.filter((o) => !o.hidden).map((o) => splitFlags(o).flag), '-h, --help'];
    const missing = flags.filter((flag) => !rows.some((r) => r.startsWith(`| \`${flag}\` |`)));
    const args = command.registeredArguments.filter((a) => !rows.some((r) => r.startsWith('| (argument) |') && r.includes(a.name())));
    expect(missing, `options of \`specforge ${name}\` without a row: ${REWRITE}`).toEqual([]);
    expect(
      args.map((a) => a.name()),
      `arguments of \`specforge ${name}\` without a row: ${REWRITE}`,
    ).toEqual([]);
    expect(rows.filter((r) => r.startsWith('| `')).length).toBe(command.options.filter((o) => !o.hidden).length + 1);
  });

  it('the whole page is what the writer writes', () => {
    expect(withOptionsTables(PAGE) === PAGE, REWRITE).toBe(true);
  });

  it('a table per argument and option: flag, argument with its choices, default or "required", description with placeholders as code', () => {
    const cmd = new Command('demo')
      .argument('<spec>', 'the contract')
      .argument('[more...]', 'more contracts')
      .requiredOption('-b, --base <git-ref>', 'the base')
      .option('-n, --count <n>', 'how many | at most', '3')
      .addOption(new Option('--level <level>', 'a level').choices(['low', 'high']))
      .option('--no-thing', 'skip the <thing> step');
    expect(optionsTableMarkdown(cmd)).toBe(
      [
        '| Flag | Argument | Default | Description |',
        '|---|---|---|---|',
        '| (argument) | `<spec>` | required | the contract |',
        '| (argument) | `[more...]` |  | more contracts |',
        '| `-b, --base` | `<git-ref>` | required | the base |',
        '| `-n, --count` | `<n>` | `3` | how many \\| at most |',
        '| `--level` | `<level>`: `low`, `high` |  | a level |',
        '| `--no-thing` |  |  | skip the `<thing>` step |',
        '| `-h, --help` |  |  | display help for command |',
      ].join('\n'),
    );
  });

  it('rewrites a stale table, and refuses a page without markers for a command or with markers of a command the program lacks', () => {
    const cmd = new Command('demo').option('--new <x>', 'an option added since');
    const stale = `# Demo\n\n${tableStart('demo')}\n| Flag | Argument | Default | Description |\n|---|---|---|---|\n| \`--old\` |  |  | gone |\n${tableEnd('demo')}\n\nAfter.\n`;
    const fresh = withOptionsTables(stale, [cmd]);
    expect(fresh).toContain('| `--new` | `<x>` |  | an option added since |');
    expect(fresh).not.toContain('--old');
    expect(fresh.endsWith(`${tableEnd('demo')}\n\nAfter.\n`)).toBe(true);
    expect(withOptionsTables(fresh, [cmd])).toBe(fresh);
    expect(() => withOptionsTables('# Demo\n', [cmd])).toThrow(/no block between <!-- options:demo:start/);
    expect(() => withOptionsTables(stale, [cmd, new Command('other')])).toThrow(/options:other:start/);
    expect(() => withOptionsTables(stale, [])).toThrow(/commands the program lacks: demo/);
  });

  it('the program built from the sources and the built command line report the version of package.json', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(buildProgram(() => undefined).version()).toBe(version);
    expect(execFileSync(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'main.js'), '--version'], { encoding: 'utf8' }).trim()).toBe(version);
  });
});
