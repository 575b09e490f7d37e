// vitest global setup: the run's temporary files (schema folders, generated projects, data
// folders: a few hundred a run) go into one folder of the run's own, removed when the run ends,
// instead of piling up in the system's temp folder. Its workers find it as TMPDIR (os.tmpdir()),
// and so do the processes they start. The embedded templates stay in the system's temp folder
// (staleTemp.ts templateDir), kept between runs.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeStaleTemp } from './staleTemp';

const PREFIX = 'sekolah-test-run-';
/** A run's folder left by a run that was killed before its end: no run lasts a day. */
const ABANDONED_MS = 24 * 60 * 60_000;

export default function setup(): () => void {
  const system = tmpdir();
  removeStaleTemp(system, (entry) => entry.startsWith(PREFIX), ABANDONED_MS);
  const run = mkdtempSync(join(system, PREFIX));
  process.env.SEKOLAH_TEMPLATE_DIR ||= system;
  process.env.TMPDIR = run;
  return () => rmSync(run, { recursive: true, force: true });
}
