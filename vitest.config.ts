import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Component tests opt into jsdom with a `// @vitest-environment jsdom` comment.
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
