// Every test file's setup (vitest.config.ts setupFiles). Testing Library's findBy… and waitFor
// give up after 1 s by default; on CI's 2 cores under a full run, a first render that imports a
// page's chunk can take longer than that, and a test then fails on time rather than on what it
// checks. 10 s (a slower machine's full run took a login redirect past 5 s) is still far below
// the test timeout, and only a failing wait ever takes it.

import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
