import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // The UI walk over every schema runs on its own (`npm run test:walk`, vitest.walk.config.ts):
    // its files need the one server its global setup starts.
    exclude: ['tests/e2e/**', 'node_modules/**', 'tests/app/walk/**'],
    environment: 'node',
    // Component tests opt into jsdom with a `// @vitest-environment jsdom` comment.
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
