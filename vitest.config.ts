import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // The UI walk over every schema runs with its own config (vitest.walk.config.ts, after
    // these tests in `npm test`): its files need the one server its global setup starts.
    exclude: ['tests/e2e/**', 'node_modules/**', 'tests/app/walk/**'],
    environment: 'node',
    // Component tests opt into jsdom with a `// @vitest-environment jsdom` comment.
    setupFiles: ['tests/setup/testingLibrary.ts'],
    // The run's temporary files in a folder of its own, removed at its end.
    globalSetup: ['tests/setup/runTemp.ts'],
    // On PostgreSQL a test that migrates ~150 tables takes ~3 s alone, and ten times that in CI,
    // where the suite runs beside the browser tests on two cores: time enough for that, still a
    // guard against a test that hangs.
    testTimeout: process.env.TEST_DATABASE === 'pg' ? 120_000 : 30_000,
    hookTimeout: process.env.TEST_DATABASE === 'pg' ? 180_000 : 60_000,
    pool: 'forks',
    // Files share their worker's module cache instead of importing the server and react-admin
    // afresh each (that import was ~4 s of every server file and the largest share of the run:
    // the full run 14.5 → ~8 min on 2 cores). Each file still builds its own server, database
    // and DOM; a file that changes module state for others would show here as a failure.
    isolate: false,
    // Vitest runs one worker on a 2-core machine by default (cores − 1); two keep both cores
    // busy (the full run 11 → 7 min, the PostgreSQL suite 5 → 3), which keeps CI well inside
    // its 25 minutes. Tests wait on time generously (tests/setup/testingLibrary.ts).
    maxWorkers: 2,
  },
});
