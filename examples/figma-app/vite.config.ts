// Vite builds the application: TSX through its own transform (React's automatic JSX runtime, as the
// tsconfig says), no plugin but MSW's worker below.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';

/** MSW's service worker script (what `npx msw init public/` copies), from the installed msw, at the root of the site. */
function mswWorker(): Plugin {
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

export default defineConfig({
  plugins: [mswWorker()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // TanStack Query marks its hooks "use client" for React Server Components: meaningless in a browser bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
