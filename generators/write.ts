// The one place that touches the disk: writes files whose text changed, removes generated
// files (recognised by their header) that no schema produces any more, and in --check mode
// only reports what is stale.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { HEADER_MARK, type Files } from './emit/print';

export const OUTPUT_DIRS = ['src/generated', 'server/generated'];

export interface WriteReport {
  written: string[];
  removed: string[];
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function isOurs(path: string): boolean {
  return readFileSync(path, 'utf8').slice(0, 400).includes(HEADER_MARK);
}

/** Compare `files` with the disk under `root`; write the differences unless `check`. */
export function writeFiles(root: string, files: Files, check: boolean): WriteReport {
  const written: string[] = [];
  for (const [path, text] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const full = join(root, path);
    if (existsSync(full) && readFileSync(full, 'utf8') === text) continue;
    written.push(path);
    if (!check) {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
  }
  const removed: string[] = [];
  for (const dir of OUTPUT_DIRS) {
    for (const full of listFiles(join(root, dir))) {
      const path = relative(root, full);
      if (path in files || !isOurs(full)) continue;
      removed.push(path);
      if (!check) rmSync(full);
    }
  }
  return { written, removed };
}
