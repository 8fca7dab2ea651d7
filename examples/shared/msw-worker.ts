// The Vite plugin the browser examples share (examples/react-app, examples/figma-app).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * MSW's service worker script (the file `npx msw init public/` copies), served by the dev server and
 * written into the build at its root, from the installed msw: never committed, always msw's version.
 */
export function mswWorker(): Plugin {
  const file = 'mockServiceWorker.js';
  const source = (): string => readFileSync(createRequire(import.meta.url).resolve(`msw/${file}`), 'utf8');
  return {
    name: 'msw-worker',
    configureServer(server) {
      server.middlewares.use(`/${file}`, (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(source());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: file, source: source() });
    },
  };
}
