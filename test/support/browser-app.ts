/**
 * What the browser application tests (test/e2e/react-app.test.ts, test/e2e/figma-app.test.ts) share:
 * a Vite build of an example app with the run-time package from its sources, a type check run beside
 * it, a static server for the built files on 127.0.0.1, and the check that a bundle holds no Node.js
 * module.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { build, type Rolldown } from 'vite';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** What a browser build must not hold: an import of a Node.js module, or Vite's stand-in for one. */
export const NODE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'`]node:[\w/]+["'`]|__vite-browser-external/;

export function listen(server: Server): Promise<string> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

export function close(server: Server | undefined): Promise<void> {
  return new Promise((done) => {
    if (server === undefined) return done();
    server.close(() => done());
    server.closeAllConnections();
  });
}

/** The files of `dir`, served as a static host serves them (index.html for `/`); each path asked for is pushed to `served`. */
export function serveStatic(dir: string, served: string[]): Server {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.json': 'application/json',
  };
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    served.push(path);
    const file = resolve(dir, `.${path === '/' ? '/index.html' : decodeURIComponent(path)}`);
    let body: Buffer | undefined;
    try {
      if (file.startsWith(dir + sep) && statSync(file).isFile()) body = readFileSync(file);
    } catch {
      body = undefined;
    }
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': `${types[extname(file)] ?? 'application/octet-stream'}; charset=utf-8` }).end(body);
  });
}

export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)]));
}

/** `tsc -p <project>` in a child process: its exit status and everything it printed. */
export function typecheck(project: string): Promise<{ status: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => done({ status, output }));
  });
}

export interface AppBuild {
  /** Every module of the bundle (absolute paths, or ids such as `node:fs`). */
  modules: string[];
  /** The modules of the entry chunk (what the page loads before any dynamic import). */
  entryModules: string[];
}

/** `vite build` of the app in `root` (its vite.config.ts) into `outDir`, with @specforge/runtime/<entry> from its sources as in vitest. */
export async function buildApp(root: string, outDir: string): Promise<AppBuild> {
  const result = await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir },
    resolve: { alias: [{ find: /^@specforge\/runtime\/([a-z-]+)$/, replacement: join(ROOT, 'src', 'runtime', 'entry', '$1.ts') }] },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output.flatMap((chunk) => (chunk.type === 'chunk' ? [chunk] : [])));
  return { modules: chunks.flatMap((c) => c.moduleIds), entryModules: chunks.filter((c) => c.isEntry).flatMap((c) => c.moduleIds) };
}
