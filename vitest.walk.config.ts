// The UI walk over every schema (tests/app/walk, `npm run test:walk`): its files share one
// server started by walkServer.ts in vitest's own process and run side by side, one per CPU.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/app/walk/**/*.test.tsx'],
    // The run's temporary files in a folder of its own (removed at its end), then the walk's server.
    globalSetup: ['tests/setup/runTemp.ts', 'tests/app/walk/walkServer.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    maxWorkers: availableParallelism(),
  },
});
