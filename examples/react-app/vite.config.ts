// Vite builds the application: TSX through its own transform (React 19's automatic JSX runtime), no plugin
// but MSW's worker (examples/shared/msw-worker.ts).
import { defineConfig } from 'vite';
import { mswWorker } from '../shared/msw-worker.ts';

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
