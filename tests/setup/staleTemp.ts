// What tests leave in the system's temp folder and no later run reads: removed by the next run
// that makes more of the same kind (test processes end without a hook that could remove their own).

import { readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Removes the temp folder's entries that `matches` names and that were last changed over `olderThanMs` ago. */
export function removeStaleTemp(matches: (entry: string) => boolean, olderThanMs: number): void {
  for (const entry of readdirSync(tmpdir())) {
    if (!matches(entry)) continue;
    const path = join(tmpdir(), entry);
    const made = statSync(path, { throwIfNoEntry: false });
    if (made && Date.now() - made.mtimeMs > olderThanMs) rmSync(path, { recursive: true, force: true });
  }
}
