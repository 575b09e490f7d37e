import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { precompress } from '../../build/precompressPlugin';

export default defineConfig({
  root: resolve(import.meta.dirname),
  plugins: [react(), precompress()],
  logLevel: 'warn',
  build: { outDir: resolve(import.meta.dirname, '../../.data/bench-bare'), emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
