// Run by `npm ci` and `npm install` (the root's postinstall): a fix to an installed package that
// its releases do not have yet, found by the code it replaces, so that running it again, or on
// a release that changed that code, changes nothing. tests/server/dependencyPatches.test.ts
// fails when a fix is not in place (after an upgrade: check whether the release has it).
//
// @electric-sql/pglite (0.4.6; 0.6.1 still reads the same): its protocol reader (node-postgres's
// BufferReader, bundled) decodes each text value of each row from a copy of its bytes:
// `string(n)` calls `bytes(n)`, which slices a new ArrayBuffer for every value, and the garbage
// collector then frees them. Decoding from a view of the same bytes gives the same text
// (TextDecoder copies it into the string). Reading 5,000 invoices (35 columns) took 236 ms,
// most of it there; the first start's seed is ~1.2 s shorter. `bytes(n)` itself still copies:
// its callers may keep what it returns.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const PGLITE_DIST = join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'dist');

// bytes(e){let n=r(this,M).buffer.slice(r(this,w),r(this,w)+e);return d(this,w,r(this,w)+e),new Uint8Array(n)}
const BYTES = /bytes\((\w+)\)\{let (\w+)=(\w+)\(this,(\w+)\)\.buffer\.slice\(\3\(this,(\w+)\),\3\(this,\5\)\+\1\);return (\w+)\(this,\5,\3\(this,\5\)\+\1\),new Uint8Array\(\2\)\}/;
// string(e){return r(this,le).decode(this.bytes(e))}
const STRING = /string\((\w+)\)\{return (\w+)\(this,(\w+)\)\.decode\(this\.bytes\(\1\)\)\}/;
/** What the patched reader's string() looks like (its mark: a view, `new Uint8Array(<buffer>,<offset>,<length>)`). */
const PATCHED = /string\((\w+)\)\{let \w+=new Uint8Array\(\w+\(this,\w+\)\.buffer,\w+\(this,\w+\),\1\);/;

/** The reader's string() decoding from a view, in the file's own names; null when the file has no such reader. */
export function patchedReader(code) {
  const bytes = BYTES.exec(code);
  const string = STRING.exec(code);
  if (!bytes || !string) return null;
  const [, , , get, view, offset, set] = bytes;
  const [whole, n, getDecoder, decoder] = string;
  const replacement = `string(${n}){let v=new Uint8Array(${get}(this,${view}).buffer,${get}(this,${offset}),${n});return ${set}(this,${offset},${get}(this,${offset})+${n}),${getDecoder}(this,${decoder}).decode(v)}`;
  return code.replace(whole, replacement);
}

/** Patches PGlite's bundled reader in `dist`: 'patched', 'already' (nothing to do) or 'missing' (no such code: another release). */
export function patchPglite(dist = PGLITE_DIST) {
  let found = 'missing';
  for (const name of readdirSync(dist).filter((file) => file.endsWith('.js') || file.endsWith('.cjs'))) {
    const path = join(dist, name);
    const code = readFileSync(path, 'utf8');
    if (PATCHED.test(code)) {
      if (found === 'missing') found = 'already';
      continue;
    }
    const patched = patchedReader(code);
    if (patched === null) continue;
    writeFileSync(path, patched);
    found = 'patched';
  }
  return found;
}

// `node tools/patchDependencies.js [dist folder]` (the folder for tests; PGlite's by default).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const outcome = patchPglite(process.argv[2] ?? PGLITE_DIST);
    if (process.argv[2]) console.log(outcome);
    if (outcome === 'missing') console.warn('tools/patchDependencies.js: PGlite\'s protocol reader is not the one this fix knows (another release?); left as it is.');
  } catch (error) {
    // An install never fails for it: the fix only makes reads faster.
    console.warn(`tools/patchDependencies.js: PGlite left as it is (${error instanceof Error ? error.message : String(error)}).`);
  }
}
