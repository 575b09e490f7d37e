import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served by the server in production (`npm start`); in development Vite proxies
// the API to the server started with `npm run dev:server`.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
