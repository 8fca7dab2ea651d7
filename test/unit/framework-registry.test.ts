/**
 * One registry of frameworks (src/cli/frameworks.ts): every adapter the run-time package exports is
 * in it, every entry it names exists, `init` writes its examples from it, and no module of src/ or
 * generators/ names a framework in a string of its own (the registry, the run-time package's
 * adapters themselves and the few strings allowed below, each with its reason, aside).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { serverExample } from '../../src/cli/commands/init-examples.js';
import { FRAMEWORKS, INIT_FRAMEWORKS, frameworkHelp, type FrameworkInfo } from '../../src/cli/frameworks.js';
import { buildProgram } from '../../src/cli/program.js';
import { sourceFiles } from '../support/import-graph.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const RUNTIME = join(ROOT, 'src', 'runtime');

/** How a framework's name is written in a string. */
const NAMES: ReadonlyArray<[string, RegExp]> = [
  ['node-http', /\bnode-http\b/],
  ['express', /\bexpress\b/i],
  ['fastify', /\bfastify\b/i],
  ['koa', /\bkoa\b/i],
  ['hono', /\bhono\b/i],
  ['nextjs', /\bnext\.?js\b/i],
];

/** Where a framework's name may be written: the registry, and the run-time package (its adapters; it imports nothing from the toolchain). */
const OWNERS = ['src/cli/frameworks.ts', 'src/runtime/'];

/** Strings outside the registry allowed to name a framework, as `file: substring`, each with its reason. */
const ALLOWED: ReadonlyArray<{ file: string; text: string; why: string }> = [
  {
    file: 'src/conformance/in-process.ts',
    text: 'an application with ready()/server (Fastify) or callback() (Koa)',
    why: 'names the two application shapes runConformance accepts besides a listener, not the list of frameworks',
  },
];

/** Each string (literal or template text) of a module naming a framework, as `file:line name "text"`; comments are not strings. */
function namedFrameworks(path: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const value = node.text;
      for (const [name, pattern] of NAMES) {
        if (!pattern.test(value)) continue;
        if (ALLOWED.some((a) => a.file === path && value.includes(a.text))) continue;
        found.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${name} ${JSON.stringify(value)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function strayNames(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  return files.filter((f) => !OWNERS.some((o) => f.path === o || (o.endsWith('/') && f.path.startsWith(o)))).flatMap((f) => namedFrameworks(f.path, f.text));
}

describe('the registry of frameworks', () => {
  it('names every adapter the run-time package exports, from an entry it exports', async () => {
    const pkg = JSON.parse(readFileSync(join(RUNTIME, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const adapters: string[] = [];
    for (const key of Object.keys(pkg.exports)) {
      const file = join(RUNTIME, 'entry', `${key === '.' ? 'index' : key.slice(2)}.ts`);
      if (!existsSync(file)) continue;
      const mod = (await import(file)) as Record<string, unknown>;
      adapters.push(...Object.keys(mod).filter((name) => /^specforge[A-Z]/.test(name) && typeof mod[name] === 'function'));
    }
    expect(adapters.length).toBeGreaterThan(0);
    const registered = FRAMEWORKS.map((f: FrameworkInfo) => f.adapter);
    for (const adapter of adapters) expect(registered, `${adapter} is exported by @specforge/runtime but not in src/cli/frameworks.ts`).toContain(adapter);
    for (const f of FRAMEWORKS as readonly FrameworkInfo[]) {
      expect(Object.keys(pkg.exports), f.id).toContain(`.${f.entry.slice('@specforge/runtime'.length)}`);
      const mod = (await import(join(RUNTIME, 'entry', `${f.entry.slice('@specforge/runtime/'.length)}.ts`))) as Record<string, unknown>;
      expect(typeof mod[f.adapter], `${f.entry} exports ${f.adapter}`).toBe('function');
    }
  });

  it('is what init writes and what --framework lists', () => {
    for (const id of INIT_FRAMEWORKS) {
      const f = FRAMEWORKS.find((x) => x.id === id) as FrameworkInfo;
      const text = serverExample(id, './generated/todos', true);
      // The fetch example calls the generated fetch.ts (createPartialFetchHandler over the entry's createFetchHandler).
      if (text.includes('@specforge/runtime')) expect(text).toContain(`import { ${f.adapter} } from '${f.entry}';`);
      else expect(text).toContain(f.adapter.replace('create', 'createPartial'));
      expect(text).toContain(`from './generated/todos/${f.handlers}.js'`);
    }
    const init = buildProgram(() => undefined).commands.find((c) => c.name() === 'init');
    expect(init?.options.find((o) => o.long === '--framework')?.description).toBe(frameworkHelp());
    expect(frameworkHelp()).toContain(INIT_FRAMEWORKS.join(', '));
  });

  it('names the example app of each framework, which uses its adapter, and every server example of examples/', () => {
    const examples = join(ROOT, 'examples');
    const servers = readdirSync(examples).filter((name) => existsSync(join(examples, name, 'src', 'app.ts')));
    const named = (FRAMEWORKS as readonly FrameworkInfo[]).flatMap((f) => (f.example === undefined ? [] : [f]));
    expect(servers.sort()).toEqual(named.map((f) => f.example).sort());
    for (const f of named) {
      const app = readFileSync(join(examples, f.example ?? '', 'src', 'app.ts'), 'utf8');
      expect(app, f.id).toContain(f.adapter);
      if (app.includes(f.entry)) expect(app, f.id).toMatch(new RegExp(`import \\{[^}]*\\b${f.adapter}\\b[^}]*\\} from '${f.entry}'`));
    }
  });

  it('is the only module of src/ and generators/ naming a framework in a string', () => {
    const files = sourceFiles(ROOT, ['src', 'generators']).map((p) => ({ path: relative(ROOT, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }));
    expect(strayNames(files)).toEqual([]);
  });

  it('finds a framework list written by hand, and not a name in a comment', () => {
    const help = `program.option('--framework <name>', 'the example server: node-http, express, fastify, koa (default node-http)');`;
    expect(strayNames([{ path: 'src/cli/program.ts', text: help }])).toHaveLength(4);
    expect(strayNames([{ path: 'src/cli/x.ts', text: '// Express and Koa\nconst a = `${b} on Hono`;' }])).toHaveLength(1);
    expect(strayNames([{ path: 'src/runtime/server/adapters/koa.ts', text: "const a = 'koa';" }])).toEqual([]);
  });
});
