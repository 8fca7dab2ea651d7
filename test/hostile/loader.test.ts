/**
 * The loader's one rule for references, held by every command: a `$ref` anywhere (under an `x-` key,
 * inside an example value, in a schema), an example's `externalValue` and a discriminator mapping may
 * name only a regular file inside the contract's folder, read with a size limit and as UTF-8; no
 * address is ever fetched. A local listener proves no request is sent; a FIFO proves no file is
 * opened (a command that opened it would block, and the run's timeout fails the test). Also: a
 * contract that is not UTF-8 is an error naming the first bad byte, and lint locates its findings
 * with an index built once per document.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync, closeSync, openSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { safeLoad, type YAMLNode } from 'yaml-ast-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../src/contract/errors.js';
import { ContractResolver } from '../../src/contract/redocly-resolver.js';
import { decodeContractText, firstInvalidUtf8, loadContract, MAX_CONTRACT_FILE_BYTES } from '../../src/contract/resolve.js';
import { parseSource } from '../../src/contract/source.js';
import { lintFindings, lintSpecs } from '../../src/lint/lint.js';

const CLI = resolve('dist/src/cli/main.js');
const TMP = resolve('test/.tmp', `loader-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
const SECRET = 'TOPSECRET-outside-the-contract-folder';

let server: Server;
let requests = 0;
let base = '';

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  // Outside every contract folder: a file whose content must never appear anywhere.
  writeFileSync(join(TMP, 'secret.yaml'), `type: string\ndescription: ${SECRET}\n`);
  server = createServer((req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/yaml' });
    res.end(`type: string\ndescription: ${SECRET}\n`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(TMP, { recursive: true, force: true });
});

const HEAD = `openapi: 3.1.0
info:
  title: hostile references
  version: 1.0.0
servers:
  - url: http://127.0.0.1:1
`;

/** A contract folder `<TMP>/<name>/api` with `openapi.yaml` and a config beside `api/`; returns the entry path. */
function contract(name: string, body: string, setup?: (dir: string) => void): string {
  const root = join(TMP, name);
  const dir = join(root, 'api');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.yaml'), HEAD + body);
  writeFileSync(join(root, 'specforge.config.yaml'), `output: generated\nspecs:\n  - path: api/openapi.yaml\n`);
  setup?.(dir);
  return join(dir, 'openapi.yaml');
}

function op(extra: string, responseExtra = ''): string {
  return `paths:
  /a:
    get:
      operationId: getA
${extra}      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: string
${responseExtra}`;
}

function loadError(path: string): ContractError {
  try {
    loadContract(path);
  } catch (err) {
    if (err instanceof ContractError) return err;
    throw err;
  }
  throw new Error(`${path} loaded`);
}

function fifo(dir: string, name: string): void {
  execFileSync('mkfifo', [join(dir, name)]);
}

interface Hostile {
  name: string;
  body: string;
  setup?: (dir: string) => void;
  code: string;
  /** line:col of the error in api/openapi.yaml. */
  at: string;
}

const CASES: Hostile[] = [
  { name: 'x-remote', body: op(`      x-thing:\n        $ref: '@BASE@/x.yaml'\n`), code: 'SPECFORGE_REF_REMOTE', at: '12:9' },
  { name: 'x-outside', body: op(`      x-thing:\n        $ref: '../../secret.yaml'\n`), code: 'SPECFORGE_REF_OUTSIDE', at: '12:9' },
  {
    name: 'example-value-outside',
    body: op('', `              example:\n                $ref: '../../secret.yaml'\n`),
    code: 'SPECFORGE_REF_OUTSIDE',
    at: '19:17',
  },
  {
    name: 'example-value-remote',
    body: op('', `              examples:\n                one:\n                  value:\n                    $ref: '@BASE@/x.yaml'\n`),
    code: 'SPECFORGE_REF_REMOTE',
    at: '21:21',
  },
  {
    name: 'external-value-remote',
    body: op('', `              examples:\n                one:\n                  externalValue: '@BASE@/example.json'\n`),
    code: 'SPECFORGE_REF_REMOTE',
    at: '20:19',
  },
  {
    name: 'external-value-outside',
    body: op('', `              examples:\n                one:\n                  externalValue: '../../secret.yaml'\n`),
    code: 'SPECFORGE_REF_OUTSIDE',
    at: '20:19',
  },
  {
    name: 'fifo-schema',
    body: op('', `            application/xml:\n              schema:\n                $ref: './pipe.yaml'\n`),
    setup: (dir) => fifo(dir, 'pipe.yaml'),
    code: 'SPECFORGE_FILE_NOT_REGULAR',
    at: '20:17',
  },
  {
    name: 'fifo-extension',
    body: op(`      x-thing:\n        $ref: './pipe.yaml'\n`),
    setup: (dir) => fifo(dir, 'pipe.yaml'),
    code: 'SPECFORGE_REF_UNFOLLOWED',
    at: '12:9',
  },
  {
    name: 'dev-zero',
    body: op('', `            application/xml:\n              schema:\n                $ref: '/dev/zero'\n`),
    code: 'SPECFORGE_REF_OUTSIDE',
    at: '20:17',
  },
  {
    name: 'symlink-to-dev-zero',
    body: op('', `            application/xml:\n              schema:\n                $ref: './zero.yaml'\n`),
    setup: (dir) => symlinkSync('/dev/zero', join(dir, 'zero.yaml')),
    code: 'SPECFORGE_REF_OUTSIDE',
    at: '20:17',
  },
  {
    name: 'symlink-out',
    body: op('', `            application/xml:\n              schema:\n                $ref: './link.yaml'\n`),
    setup: (dir) => symlinkSync(join(TMP, 'secret.yaml'), join(dir, 'link.yaml')),
    code: 'SPECFORGE_REF_OUTSIDE',
    at: '20:17',
  },
  {
    name: 'mapping-remote',
    body: `paths: {}
components:
  schemas:
    Pet:
      oneOf:
        - $ref: '#/components/schemas/Dog'
      discriminator:
        propertyName: kind
        mapping:
          dog: '@BASE@/dog.yaml'
    Dog:
      type: object
      properties:
        kind: { type: string }
`,
    code: 'SPECFORGE_REF_REMOTE',
    at: '16:11',
  },
  {
    name: 'too-large',
    body: op('', `            application/xml:\n              schema:\n                $ref: './huge.yaml'\n`),
    // Sparse: 65 MiB by its size, nothing on disk; refused by its size before it is opened.
    setup: (dir) => {
      closeSync(openSync(join(dir, 'huge.yaml'), 'w'));
      truncateSync(join(dir, 'huge.yaml'), MAX_CONTRACT_FILE_BYTES + 1024 * 1024);
    },
    code: 'SPECFORGE_FILE_TOO_LARGE',
    at: '20:17',
  },
];

function withBase(body: string): string {
  return body.replaceAll('@BASE@', base);
}

describe('the loader refuses every reference outside its rule, located', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const path = contract(`load-${c.name}`, withBase(c.body), c.setup);
    const err = loadError(path);
    const d = err.diagnostics.find((x) => x.code === c.code);
    expect(err.diagnostics.map((x) => x.code)).toContain(c.code);
    expect(`${d?.location?.line}:${d?.location?.col}`).toBe(c.at);
    expect(d?.location?.pointer).toMatch(/^\//);
    expect(requests).toBe(0);
  });

  it('keeps internal references in data positions as written and accepts an externalValue inside the folder', () => {
    const path = contract(
      'load-inert-ok',
      op(
        `      x-thing:\n        $ref: '#/components/schemas/S'\n`,
        `              examples:\n                one:\n                  externalValue: './example.json'\n`,
      ) + `components:\n  schemas:\n    S:\n      type: string\n`,
    );
    const loaded = loadContract(path);
    const get = ((loaded.document['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/a'] as Record<string, Record<string, unknown>>)[
      'get'
    ] as Record<string, unknown>;
    expect(get['x-thing']).toEqual({ $ref: '#/components/schemas/S' });
  });

  it('resolves a discriminator mapping that names a file inside the folder to its hoisted component', () => {
    const path = contract(
      'load-mapping-file',
      `paths: {}
components:
  schemas:
    Pet:
      oneOf:
        - $ref: './dog.yaml'
      discriminator:
        propertyName: kind
        mapping:
          dog: './dog.yaml'
`,
      (dir) => writeFileSync(join(dir, 'dog.yaml'), 'type: object\nproperties:\n  kind: { type: string }\n'),
    );
    const schemas = (loadContract(path).document['components'] as Record<string, Record<string, Record<string, unknown>>>)['schemas'] as Record<
      string,
      Record<string, unknown>
    >;
    expect((schemas['Pet']?.['discriminator'] as Record<string, unknown>)['mapping']).toEqual({ dog: '#/components/schemas/dog' });
  });
});

describe("Redocly's resolver (lint, validation) reads only under the loader's rule", () => {
  it('refuses an address, a file outside the folder and a FIFO without fetching or opening', async () => {
    const dir = join(TMP, 'resolver');
    mkdirSync(dir, { recursive: true });
    fifo(dir, 'pipe.yaml');
    writeFileSync(join(dir, 'ok.yaml'), 'type: string\n');
    const resolver = new ContractResolver(dir);
    for (const ref of [`${base}/x.yaml`, join(TMP, 'secret.yaml'), join(dir, 'pipe.yaml'), '/dev/zero']) {
      await expect(resolver.resolveDocument(null, ref)).rejects.toBeInstanceOf(Error);
    }
    const ok = await resolver.resolveDocument(null, join(dir, 'ok.yaml'));
    expect(ok).not.toBeInstanceOf(Error);
    expect(requests).toBe(0);
  });
});

/** Runs the CLI; a run that does not end in `timeoutMs` (a FIFO opened, a body read forever) is killed and fails. */
function cli(args: string[], cwd: string, timeoutMs = 90_000): Promise<{ code: number | null; out: string; ms: number; killed: boolean }> {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, out, ms: Date.now() - started, killed });
    });
  });
}

describe('every command refuses a hostile contract: exit 2, located, no request, no file opened', () => {
  // One contract with each kind of hostile reference at once: every one must be reported.
  const body = (): string =>
    withBase(
      op(
        `      x-thing:\n        $ref: '@BASE@/x.yaml'\n      x-pipe:\n        $ref: './pipe.yaml'\n`,
        `              examples:\n                one:\n                  externalValue: '@BASE@/example.json'\n                two:\n                  value:\n                    $ref: '../../secret.yaml'\n            application/xml:\n              schema:\n                $ref: './pipe.yaml'\n`,
      ),
    );
  let root = '';
  let spec = '';
  beforeAll(() => {
    spec = contract('commands', body(), (dir) => fifo(dir, 'pipe.yaml'));
    root = join(TMP, 'commands');
    // review needs a git revision to compare with.
    const git = (...args: string[]): void => {
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: root, stdio: 'ignore' });
    };
    git('init', '-q');
    git('add', 'specforge.config.yaml');
    git('commit', '-q', '-m', 'config');
  });

  const commands: Array<[string, () => string[]]> = [
    ['lint', () => ['lint', spec]],
    ['review', () => ['review', '--base', 'HEAD']],
    ['generate', () => ['generate']],
    ['check', () => ['check']],
    ['bundle', () => ['bundle', spec, '--output', join(root, 'bundled.yaml')]],
    ['diff', () => ['diff', spec, spec]],
    ['docs', () => ['docs', '--out', join(root, 'docs')]],
    ['mock', () => ['mock', spec, '--port', '0']],
    ['test', () => ['test', spec, '--base-url', 'http://127.0.0.1:1']],
  ];

  it.each(commands)('%s', async (_name, args) => {
    const r = await cli(args(), root);
    expect(r.killed).toBe(false);
    expect(r.code).toBe(2);
    expect(r.out).toContain('SPECFORGE_REF_REMOTE');
    expect(r.out).toMatch(/openapi\.yaml:\d+:\d+ \(#\/paths\/~1a\/get\/x-thing\/\$ref\)/);
    expect(r.out).toContain('SPECFORGE_REF_OUTSIDE');
    expect(r.out).toContain('SPECFORGE_FILE_NOT_REGULAR');
    expect(r.out).not.toContain(SECRET);
    expect(requests).toBe(0);
    // Quickly: well under the kill timeout even on a slow, shared machine.
    expect(r.ms).toBeLessThan(60_000);
  });

  it('lint refuses a remote $ref in a schema before Redocly sees the contract (no request sent)', async () => {
    const path = contract(
      'lint-schema-remote',
      withBase(op('', `            application/xml:\n              schema:\n                $ref: '@BASE@/s.yaml'\n`)),
    );
    const r = await cli(['lint', path], TMP);
    expect(r.code).toBe(2);
    expect(r.out).toContain('SPECFORGE_REF_REMOTE');
    expect(requests).toBe(0);
  });
});

describe('a contract that is not UTF-8', () => {
  it('is an error at the line and column of the first bad byte', () => {
    const path = contract('latin1', op(''));
    writeFileSync(
      path,
      Buffer.concat([Buffer.from(HEAD.replace('hostile references', 'caf')), Buffer.from('paths: {}\n# caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
    );
    const err = loadError(path);
    expect(err.diagnostics[0]?.code).toBe('SPECFORGE_ENCODING');
    expect(err.diagnostics[0]?.message).toContain('0xE9');
    expect(err.diagnostics[0]?.location).toMatchObject({ line: 8, col: 6 });
  });

  it('is an error in a JSON file and in a referenced file too', () => {
    const dir = join(TMP, 'latin1-json');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'openapi.json'),
      JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { S: { $ref: './s.json' } } } }),
    );
    writeFileSync(join(dir, 's.json'), Buffer.concat([Buffer.from('{"type": "string", "description": "\n'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]));
    const err = loadError(join(dir, 'openapi.json'));
    expect(err.diagnostics[0]).toMatchObject({ code: 'SPECFORGE_ENCODING', location: { line: 2, col: 1 } });
    expect(err.diagnostics[0]?.location?.file).toContain('s.json');
  });

  it('accepts a UTF-8 byte order mark in YAML and JSON', () => {
    const yaml = contract('bom-yaml', 'paths: {}\n');
    writeFileSync(yaml, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(HEAD + 'paths: {}\n')]));
    expect(loadContract(yaml).document['openapi']).toBe('3.1.0');
    const dir = join(TMP, 'bom-json');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'openapi.json'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }))]),
    );
    expect(loadContract(join(dir, 'openapi.json')).document['openapi']).toBe('3.1.0');
  });

  it('finds the first ill-formed sequence: overlong, surrogate, too high, truncated, stray continuation', () => {
    expect(firstInvalidUtf8(Buffer.from('héllo €𝄞', 'utf8'))).toBe(-1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0x62, 0xed, 0xa0, 0x80]))).toBe(2);
    expect(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xe2, 0x82]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0x80]))).toBe(0);
    expect(() => decodeContractText(Buffer.from([0xff]), 'x.yaml')).toThrow(/SPECFORGE_ENCODING/);
  });
});

describe('lint work is linear in the contract', () => {
  /** A contract of `n` operations, each drawing findings (no description, no 4xx, an undeclared tag). */
  function generated(n: number): string {
    const lines = [HEAD.trimEnd(), 'paths:'];
    for (let i = 0; i < n; i++) {
      lines.push(
        `  /items${i}:`,
        '    get:',
        `      operationId: get${i}`,
        `      tags: [t${i}]`,
        '      responses:',
        "        '200':",
        '          description: OK',
      );
    }
    return lines.join('\n') + '\n';
  }

  it('locates every finding with each mapping indexed once, not searched from the root per finding', async () => {
    const n = 600;
    const dir = join(TMP, 'linear');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'openapi.yaml');
    writeFileSync(path, generated(n));
    const results = await lintSpecs([path]);
    const problems = results.flatMap((r) => r.problems);
    expect(problems.length).toBeGreaterThan(n);
    // Count every read of a mapping's entries on the very AST both locators use (Redocly caches it per source).
    let reads = 0;
    const counted = new WeakSet<object>();
    const wrap = (node: YAMLNode | undefined): void => {
      const stack: unknown[] = node ? [node] : [];
      for (let x = stack.pop() as Record<string, unknown> | undefined; x !== undefined; x = stack.pop() as Record<string, unknown> | undefined) {
        if (counted.has(x)) continue;
        counted.add(x);
        const mappings = x['mappings'];
        if (Array.isArray(mappings)) {
          x['mappings'] = new Proxy(mappings, {
            get(target, key, receiver) {
              if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
              return Reflect.get(target, key, receiver) as unknown;
            },
          });
          for (const m of mappings) stack.push(m);
        }
        for (const k of ['value', 'items']) {
          const v = x[k];
          if (Array.isArray(v)) stack.push(...(v as unknown[]));
          else if (v && typeof v === 'object') stack.push(v);
        }
      }
    };
    for (const source of new Set(problems.map((p) => p.location[0]?.source))) wrap(source?.getAst(safeLoad) as YAMLNode | undefined);
    const findings = lintFindings(results, dir);
    expect(findings.length).toBe(problems.length);
    // Linear: each mapping's entries read a bounded number of times. Searching from the root for each
    // finding reads the paths mapping (n entries) once per finding: n × findings, here over 360,000.
    const entries = 7 * n + 20;
    expect(reads).toBeLessThan(4 * entries);
  });

  it('finds duplicate keys of a large map in one pass (the parser compares each key with every earlier one)', () => {
    const keys = 120_000;
    const text = Array.from({ length: keys }, (_, i) => `k${i}: ${i}`).join('\n') + '\nk5: again\n';
    const started = Date.now();
    let err: unknown;
    try {
      parseSource('/x.yaml', 'x.yaml', text);
    } catch (e) {
      err = e;
    }
    const ms = Date.now() - started;
    expect(err).toBeInstanceOf(ContractError);
    expect((err as ContractError).diagnostics[0]).toMatchObject({
      code: 'SPECFORGE_YAML_SYNTAX',
      message: 'Map keys must be unique',
      location: { line: keys + 1, col: 1 },
    });
    // 120,000 keys compared pairwise are 7.2e9 comparisons (minutes); one pass is a few seconds on a loaded machine.
    expect(ms).toBeLessThan(30_000);
  });
});
