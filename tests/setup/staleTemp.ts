// Where a test run's temporary files go, and what earlier runs left behind.
//
// Each vitest run gives its tests a temp folder of their own (runTemp.ts, a global setup: it
// sets TMPDIR for the run's workers and removes the folder at the end). The embedded database
// templates outlive a run (building one costs seconds to minutes), so they are kept in the
// system's temp folder, named by SEKOLAH_TEMPLATE_DIR.

import { readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder the embedded templates are kept in between runs: the system's temp folder. */
export function templateDir(): string {
  return process.env.SEKOLAH_TEMPLATE_DIR || tmpdir();
}

/** Removes the entries of `folder` that `matches` names and that were last changed over `olderThanMs` ago. */
export function removeStaleTemp(folder: string, matches: (entry: string) => boolean, olderThanMs: number): void {
  for (const entry of readdirSync(folder)) {
    if (!matches(entry)) continue;
    const path = join(folder, entry);
    const made = statSync(path, { throwIfNoEntry: false });
    if (made && Date.now() - made.mtimeMs > olderThanMs) rmSync(path, { recursive: true, force: true });
  }
}
