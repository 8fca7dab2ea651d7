/**
 * Generated command-line programs as users run them: the committed install-cni launcher in a child
 * process, its bash completion sourced in bash, a second small contract (HTTP and a command line)
 * generated with no change to the generator, and a hostile contract whose text must not break out
 * of the strings, comments, shell scripts and Markdown it lands in. Needs `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeCheck } from '../support/type-errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TMP = join(ROOT, 'test', '.tmp', `programs-${process.pid}`);
const INSTALL_CNI = join(ROOT, 'generated', 'install-cni', 'install-cni');
const GREETER = join(TMP, 'greeter');
const HOSTILE = join(TMP, 'hostile');
const FLAG = '__specforgePwned';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function exec(file: string, args: string[], options: { env?: Record<string, string>; cwd?: string; input?: string } = {}): Run {
  const r = spawnSync(file, args, {
    cwd: options.cwd ?? TMP,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', ...options.env },
    timeout: 60_000,
    ...(options.input !== undefined ? { input: options.input } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function specforge(args: string[]): Run {
  return exec(process.execPath, [CLI, ...args], { cwd: ROOT, env: { SPECFORGE_CACHE_DIR: join(TMP, 'cache') } });
}

/** Completions bash offers for `words` (the last one is being completed), from a sourced script. */
function bashComplete(script: string, fn: string, words: string[]): string[] {
  const file = join(TMP, `completion-${Math.random().toString(36).slice(2)}.bash`);
  writeFileSync(file, script);
  const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = exec('bash', [
    '--norc',
    '--noprofile',
    '-c',
    `source ${JSON.stringify(file)} && COMP_WORDS=(${quoted}) && COMP_CWORD=${words.length - 1} && ${fn} && printf '%s\\n' "\${COMPREPLY[@]}"`,
  ]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout.split('\n').filter((l) => l !== '');
}

function filesIn(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) out.set(name, readFileSync(join(dir, name), 'utf8'));
  return out;
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('build specforge first (npm run build)');
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  for (const [name, out] of [
    ['greeter', GREETER],
    ['hostile', HOSTILE],
  ] as const) {
    const r = specforge(['generate', '--spec', `test/fixtures/cli/${name}/openapi.yaml`, '--out', out, '--force']);
    if (r.code !== 0) throw new Error(r.stdout + r.stderr);
  }
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  delete (globalThis as Record<string, unknown>)[FLAG];
});

let bashScript: string | undefined;

describe('the install-cni launcher', () => {
  it('is an executable file that runs the program', () => {
    expect(statSync(INSTALL_CNI).mode & 0o111).toBe(0o111);
    const r = exec(INSTALL_CNI, []);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const config = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(config['chainedCniPlugin']).toBe(true);
    expect(config['cniNetDir']).toBe('/etc/cni/net.d');
  });

  it('reads the environment and its flags', () => {
    const r = exec(INSTALL_CNI, ['--monitoring-port', '9100'], { env: { CHAINED_CNI_PLUGIN: 'false', MONITORING_PORT: '1' } });
    expect(r.code).toBe(0);
    const config = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(config['chainedCniPlugin']).toBe(false);
    expect(config['monitoringPort']).toBe(9100);
  });

  it('exits 2 naming the flag and the allowed values for a bad value', () => {
    const r = exec(INSTALL_CNI, ['--log-level', 'loud']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'error: invalid value "loud" for --log-level: must be equal to one of the allowed values; allowed: one of: "debug", "info", "warn", "error", "fatal", "none"\n(run "install-cni --help" for usage)\n',
    );
  });

  it('version -o json', () => {
    const r = exec(INSTALL_CNI, ['version', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ version: '1.0.0' });
  });

  it('version --short=false prints the full information, -s the version', () => {
    const full = exec(INSTALL_CNI, ['version', '--short=false']);
    expect(full.code).toBe(0);
    expect(full.stdout).toContain('version: 1.0.0\n');
    expect(full.stdout).toContain('golang_version: unknown\n');
    expect(exec(INSTALL_CNI, ['version', '-s']).stdout).toBe('1.0.0\n');
  });

  it('completion bash, sourced in bash, completes --log-l to --log-level', () => {
    const r = exec(INSTALL_CNI, ['completion', 'bash']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('complete -o default -F _install_cni_completions install-cni');
    expect(bashComplete(r.stdout, '_install_cni_completions', ['install-cni', '--log-l'])).toEqual(['--log-level']);
  });

  it.each<[string, string[], string[]]>([
    ['the values of an enumerated flag', ['install-cni', '--log-level', ''], ['debug', 'info', 'warn', 'error', 'fatal', 'none']],
    ['a value by its prefix', ['install-cni', '--log-level', 'de'], ['debug']],
    ['a value after "=" (bash splits it off)', ['install-cni', '--log_target', '=', 's'], ['stdout', 'stderr']],
    ['true and false after a boolean flag and "="', ['install-cni', '--repair-enabled', '=', ''], ['true', 'false']],
    ['the subcommands', ['install-cni', ''], ['completion', 'version']],
    ['a subcommand after a flag and its value', ['install-cni', '--cni-net-dir', '/x', 'v'], ['version']],
    ['the flags of a subcommand', ['install-cni', 'version', '-'], ['--output', '-o', '--short', '-s', '--help', '-h']],
    ['the values of a subcommand flag by its alias', ['install-cni', 'version', '-o', ''], ['yaml', 'json']],
    ['the shells', ['install-cni', 'completion', ''], ['bash', 'fish', 'powershell', 'zsh']],
    ['the flag of a shell', ['install-cni', 'completion', 'zsh', '--no'], ['--no-descriptions']],
    ['nothing for a free-text flag (files come from -o default)', ['install-cni', '--cni-net-dir', ''], []],
  ])('bash completes %s', (_name, words, expected) => {
    bashScript ??= exec(INSTALL_CNI, ['completion', 'bash']).stdout;
    expect(bashComplete(bashScript, '_install_cni_completions', words)).toEqual(expected);
  });

  it('writes every completion script with --no-descriptions too', () => {
    for (const shell of ['fish', 'powershell', 'zsh']) {
      const r = exec(INSTALL_CNI, ['completion', shell, '--no-descriptions']);
      expect(r.code, shell).toBe(0);
      expect(r.stdout, shell).toContain('log-level');
      expect(r.stdout, shell).not.toContain('fallback log level');
    }
  });
});

describe('a second command-line contract, generated with no change to the generator', () => {
  const greet = (args: string[], env: Record<string, string> = {}): Run => exec(join(GREETER, 'greet'), args, { env });

  it('has the HTTP targets and the command line side by side', () => {
    expect([...filesIn(GREETER).keys()]).toEqual([
      'api.ts',
      'cli.js',
      'cli.md',
      'cli.ts',
      'client.ts',
      'fetch.ts',
      'greet',
      'index.ts',
      'mock-tables.ts',
      'mocks.ts',
      'serializers.ts',
      'server.ts',
      'specforge-manifest.json',
      'types.ts',
      'validators.js',
      'validators.ts',
    ]);
    // index.ts is what a browser may import: the command line and the server are imported from their own files.
    expect(readFileSync(join(GREETER, 'index.ts'), 'utf8')).toContain('export { createClient, defaultBaseUrl, type Client } from "./client.js";');
    expect(readFileSync(join(GREETER, 'index.ts'), 'utf8')).not.toMatch(/from "\.\/(?:cli|server|mocks)\.js"/);
  });

  it('resolves flag over variable over default, for each type', () => {
    const r = greet(['-n', 'Ann', '--times=3', '-l', '--tag', 'a', '--tag', 'b', '--ratio', '.25'], {
      GREET_TARGET: 'stdout',
      GREET_NAME: 'Bob',
      GREET_TIMES: '2',
      GREET_STYLE: 'fancy',
    });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ target: 'stdout', name: 'Ann', times: 3, loud: true, style: 'fancy', ratio: 0.25, tags: ['a', 'b'] });
    const d = greet([], { GREET_TARGET: 'x', GREET_TAGS: 'p;q', GREET_LOUD: '1' });
    expect(JSON.parse(d.stdout)).toEqual({ target: 'x', name: 'World', times: 1, loud: true, ratio: 0.5, tags: ['p', 'q'] });
  });

  it('leaves out an option with no default and no value, and accepts a hidden option', () => {
    const r = greet(['--target', 't', '--secret', 's3']);
    expect(JSON.parse(r.stdout)).toEqual({ target: 't', name: 'World', times: 1, loud: false, ratio: 0.5, tags: [], secret: 's3' });
    expect(greet(['--help']).stdout).not.toContain('secret');
  });

  it.each<[string, string[], Record<string, string>, string]>([
    ['a required option', [], {}, 'error: --target (or GREET_TARGET) is required; allowed: a non-empty string'],
    [
      'a pattern',
      ['--target', 't', '-n', 'ann'],
      {},
      'error: invalid value "ann" for --name: must match pattern "^[A-Z][a-z]+$"; allowed: a string matching /^[A-Z][a-z]+$/',
    ],
    ['a range', ['--target', 't'], { GREET_TIMES: '11' }, 'error: invalid value 11 for GREET_TIMES: must be <= 10; allowed: an integer from 1 to 10'],
    ['an exclusive bound', ['--target', 't', '--ratio', '0'], {}, 'error: invalid value 0 for --ratio: must be > 0; allowed: a number > 0 and <= 1'],
    ['a number', ['--target', 't', '--ratio', '1/2'], {}, 'error: invalid value "1/2" for --ratio: not a number; allowed: a number > 0 and <= 1'],
    [
      'an enum',
      ['--target', 't'],
      { GREET_STYLE: 'bold' },
      'error: invalid value "bold" for GREET_STYLE: must be equal to one of the allowed values; allowed: one of: "plain", "fancy"',
    ],
    [
      'a list item',
      ['--target', 't', '--tag', 'a', '--tag', ''],
      {},
      'error: invalid value "" for --tag: must NOT have fewer than 1 characters; allowed: each a non-empty string',
    ],
    [
      'a boolean',
      ['--target', 't', '-l=maybe'],
      {},
      'error: invalid value "maybe" for --loud: not a boolean (true, false, 1, 0, t, f); allowed: true or false',
    ],
  ])('refuses %s with exit 2', (_name, args, env, message) => {
    const r = greet(args, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${message}\n(run "greet --help" for usage)\n`);
  });

  it('prints its version from info.version, and completes its own flags', () => {
    expect(greet(['version', '-s']).stdout).toBe('2.3.4\n');
    expect(greet(['version']).stdout).toBe('version: 2.3.4\n');
    const script = greet(['completion', 'bash']).stdout;
    expect(bashComplete(script, '_greet_completions', ['greet', '--ti'])).toEqual(['--times']);
    expect(bashComplete(script, '_greet_completions', ['greet', '--style', ''])).toEqual(['plain', 'fancy']);
  });

  it('writes its reference page', () => {
    const md = readFileSync(join(GREETER, 'cli.md'), 'utf8');
    expect(md).toContain('| `-n, --name <who>` | `GREET_NAME` | string | `"World"` |');
    expect(md).toContain('## greet version');
  });
});

describe('a hostile command-line contract', () => {
  it('generates the command line and no HTTP targets (it has no paths)', () => {
    expect([...filesIn(HOSTILE).keys()]).toEqual([
      'cli.js',
      'cli.md',
      'cli.ts',
      'evil-tool',
      'index.ts',
      'specforge-manifest.json',
      'types.ts',
      'validators.js',
      'validators.ts',
    ]);
  });

  it('never turns a payload into code, and the JavaScript is the TypeScript without types', () => {
    for (const name of ['cli.ts', 'cli.js', 'evil-tool']) {
      const text = readFileSync(join(HOSTILE, name), 'utf8');
      const file = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, name === 'cli.ts' ? ts.ScriptKind.TS : ts.ScriptKind.JS);
      const found: string[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isIdentifier(node) && (node.text === FLAG || node.text === 'globalThis')) found.push(`${name}:${node.getStart()}`);
        ts.forEachChild(node, visit);
      };
      visit(file);
      expect(found, name).toEqual([]);
      expect(text, name).not.toMatch(/[\u2028\u2029]|<\/script/i);
    }
    const stripped = ts.transpileModule(readFileSync(join(HOSTILE, 'cli.ts'), 'utf8'), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    }).outputText;
    expect(readFileSync(join(HOSTILE, 'cli.js'), 'utf8')).toBe(stripped);
  });

  it('imports without setting the flag, and keeps own properties named __proto__ and constructor', async () => {
    const g = globalThis as Record<string, unknown>;
    delete g[FLAG];
    const mod = (await import(pathToFileURL(join(HOSTILE, 'cli.ts')).href)) as {
      loadConfiguration(args: string[], env: Record<string, string>): Promise<Record<string, unknown>>;
    };
    expect(g[FLAG]).toBeUndefined();
    const config = await mod.loadConfiguration(['--proto', 'p', '--constructor', '5', '--to-string'], {});
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(config, '__proto__')?.value).toBe('p');
    expect(config['constructor']).toBe(5);
    expect(config['toString']).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('prints the hostile text back as it was written, and runs nothing', () => {
    const r = exec(join(HOSTILE, 'evil-tool'), ['-c', '$(touch PWNED)']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      'a\'b"c*/': "'$(touch PWNED)' */ globalThis.__specforgePwned = true; /*",
      choice: '$(touch PWNED)',
      list: ['one'],
    });
    const split = exec(join(HOSTILE, 'evil-tool'), [], { env: { LIST: "one'one" } });
    expect(JSON.parse(split.stdout)).toMatchObject({ list: ['one', 'one'] });
    const bad = exec(join(HOSTILE, 'evil-tool'), [], { env: { LIST: "one'x" } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid value "x" for LIST');
    const help = exec(join(HOSTILE, 'evil-tool'), ['--help']);
    expect(help.stdout).toContain('<script>alert(1)</script>');
    expect(help.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u2028]/);
    expect(existsSync(join(TMP, 'PWNED'))).toBe(false);
  });

  it('writes completion scripts that offer only plain values and run nothing when sourced', () => {
    const tool = join(HOSTILE, 'evil-tool');
    const bash = exec(tool, ['completion', 'bash']).stdout;
    expect(bashComplete(bash, '_evil_tool_completions', ['evil-tool', '--choice', ''])).toEqual(['safe']);
    expect(bashComplete(bash, '_evil_tool_completions', ['evil-tool', '--list', ''])).toEqual(['one']);
    expect(bashComplete(bash, '_evil_tool_completions', ['evil-tool', '$(touch PWNED)'])).toEqual([]);
    // The zsh script is also valid bash syntax: a quote that did not close would show here.
    const zsh = join(TMP, 'evil.zsh');
    writeFileSync(zsh, exec(tool, ['completion', 'zsh']).stdout);
    expect(exec('bash', ['-n', zsh]).code).toBe(0);
    for (const shell of ['bash', 'fish', 'powershell', 'zsh']) {
      const script = exec(tool, ['completion', shell]).stdout;
      expect(script, shell).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u2028]/);
      expect(script, shell).not.toContain("'x;touch PWNED'");
    }
    expect(existsSync(join(TMP, 'PWNED'))).toBe(false);
  });

  it('escapes the reference page: no HTML, no broken table cells', () => {
    const [header, ...rest] = readFileSync(join(HOSTILE, 'cli.md'), 'utf8').split('\n');
    const md = rest.join('\n');
    expect(header).toBe('<!-- generated by specforge from test/fixtures/cli/hostile/openapi.yaml, do not edit -->');
    // Outside code spans, the page's own links to its sections and its line breaks, no markup:
    // every < and [ of the contract text is escaped.
    const prose = md
      .replace(/(`+)[^`]*?\1/g, '')
      .replace(/\[[a-z0-9 -]+\]\(#[a-z0-9-]+\)/g, '')
      .replace(/<br><br>/g, '');
    expect(prose).not.toMatch(/(^|[^\\])[<[]/m);
    expect(md).toContain('\\<script\\>alert(1)\\</script\\>');
    const rows = md.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.replace(/\\\|/g, '').split('|').length, row).toBe(8);
  });

  it('is byte-identical when generated again', () => {
    const again = join(TMP, 'hostile-again');
    expect(specforge(['generate', '--spec', 'test/fixtures/cli/hostile/openapi.yaml', '--out', again, '--force']).code).toBe(0);
    expect(filesIn(again)).toEqual(filesIn(HOSTILE));
    expect(statSync(join(again, 'evil-tool')).mode & 0o777).toBe(0o755);
  });
});

describe('generation of command-line programs', () => {
  it('gives code that type-checks under tsc --strict, for the second contract and the hostile one', () => {
    const { diagnostics, program } = typeCheck([
      join(GREETER, 'index.ts'),
      join(GREETER, 'cli.ts'),
      join(GREETER, 'mocks.ts'),
      join(HOSTILE, 'index.ts'),
      join(HOSTILE, 'cli.ts'),
    ]);
    expect(diagnostics).toEqual([]);
    for (const dir of [GREETER, HOSTILE]) expect(program.getSourceFile(join(dir, 'cli.ts')), dir).toBeDefined();
  });

  it('writes no cli files for contracts without x-specforge-cli', () => {
    for (const api of ['echo', 'engine']) {
      const names = readdirSync(join(ROOT, 'generated', api));
      // Code files and the folder's manifest only: no launcher, no cli.*.
      expect(
        names.filter((n) => /^cli\./.test(n) || (!/\.(ts|js)$/.test(n) && n !== 'specforge-manifest.json')),
        api,
      ).toEqual([]);
      expect(
        JSON.parse(readFileSync(join(ROOT, 'generated', api, 'specforge-manifest.json'), 'utf8')).files.filter((f: string) => /^cli\.|^[^.]+$/.test(f)),
      ).toEqual([]);
    }
  });

  it('restores the launcher executable bit, and check reports a launcher that lost it', () => {
    const out = join(TMP, 'mode');
    expect(specforge(['generate', '--spec', 'test/fixtures/cli/greeter/openapi.yaml', '--out', out]).code).toBe(0);
    chmodSync(join(out, 'greet'), 0o644);
    const check = specforge(['check', '--spec', 'test/fixtures/cli/greeter/openapi.yaml', '--out', out]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`stale: ${join(out, 'greet').slice(ROOT.length + 1)} is not executable`);
    expect(check.stdout).toContain('1 generated file(s) differ');
    expect(specforge(['generate', '--spec', 'test/fixtures/cli/greeter/openapi.yaml', '--out', out]).code).toBe(0);
    expect(statSync(join(out, 'greet')).mode & 0o777).toBe(0o755);
    expect(specforge(['check', '--spec', 'test/fixtures/cli/greeter/openapi.yaml', '--out', out]).code).toBe(0);
  });
});
