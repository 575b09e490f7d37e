// After a production build, a brotli (.br) and a gzip (.gz) copy of every file worth
// compressing, next to it in the output folder: the server picks one by the request's
// Accept-Encoding (server/http/serveBuiltApp.ts) instead of compressing on every request.
// Highest levels, fixed options and no timestamps: the same build gives the same bytes.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export function compressedCopies(bytes: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gz: gzipSync(bytes, { level: 9 }),
  };
}

/** Writes the copies for every compressible file under `dir`; returns how many files got them. */
export function precompressFolder(dir: string): number {
  let count = 0;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && COMPRESSIBLE.test(f.name));
  for (const file of files) {
    const path = join(file.parentPath, file.name);
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    const { br, gz } = compressedCopies(bytes);
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
