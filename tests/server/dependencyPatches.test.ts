// tools/patchDependencies.js (the root's postinstall): PGlite's protocol reader decodes each
// text value from a view of the row's bytes instead of a copy. The installed PGlite has the
// fix, the fix reads the same text as the original code (values of every length, letters
// beyond ASCII, one after another), and running it again changes nothing.

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../server/db/openDatabase';
import { onPostgres } from './harness';

const run = promisify(execFile);
const SCRIPT = resolve(import.meta.dirname, '../../tools/patchDependencies.js');
const folder = mkdtempSync(join(tmpdir(), 'dependency-patches-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** PGlite 0.4.6's reader as bundled (minified names and all), cut down to what the fix touches. */
const ORIGINAL_READER = `var r=(o,k)=>k.get(o),d=(o,k,v)=>(k.set(o,v),v),M=new WeakMap,w=new WeakMap,le=new WeakMap;
var ue=class{constructor(e){M.set(this,new DataView(new ArrayBuffer(0)));w.set(this,e);le.set(this,new TextDecoder("utf-8"))}setBuffer(e,n){d(this,w,e),d(this,M,new DataView(n))}string(e){return r(this,le).decode(this.bytes(e))}cstring(){let e=r(this,w),n=e;for(;r(this,M).getUint8(n++)!==0;);let s=this.string(n-e-1);return d(this,w,n),s}bytes(e){let n=r(this,M).buffer.slice(r(this,w),r(this,w)+e);return d(this,w,r(this,w)+e),new Uint8Array(n)}};`;

type Reader = { setBuffer(offset: number, buffer: ArrayBuffer): void; string(length: number): string; cstring(): string; bytes(length: number): Uint8Array };
const readerOf = (code: string): new (offset: number) => Reader => new Function(`${code}; return ue;`)() as new (offset: number) => Reader;

/** A message as the server sends one: a name ending in NUL, then values of these lengths, one after another. */
function message(texts: string[]): { buffer: ArrayBuffer; lengths: number[] } {
  const encoder = new TextEncoder();
  const parts = [encoder.encode('row\u0000'), ...texts.map((t) => encoder.encode(t))];
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 3));
  let at = 3; // the reader starts past a header
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { buffer: bytes.buffer, lengths: parts.slice(1).map((p) => p.length) };
}

// The embedded database's alone: the PostgreSQL suite has nothing of it to test.
describe.skipIf(onPostgres)('PGlite protocol reader fix', () => {
  it('is in the installed PGlite', () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const patched = readdirSync(dist).filter((file) => /\.c?js$/.test(file) && readFileSync(join(dist, file), 'utf8').includes('.decode(v)}'));
    expect(patched.length).toBeGreaterThan(0);
  });

  it('reads what the original reader reads, and runs once', async () => {
    const dist = join(folder, 'dist');
    rmSync(dist, { recursive: true, force: true });
    await run('mkdir', ['-p', dist]);
    writeFileSync(join(dist, 'chunk-TEST.js'), ORIGINAL_READER);
    expect((await run(process.execPath, [SCRIPT, dist])).stdout.trim()).toBe('patched');
    const patchedCode = readFileSync(join(dist, 'chunk-TEST.js'), 'utf8');
    expect(patchedCode).not.toContain('decode(this.bytes(');
    expect((await run(process.execPath, [SCRIPT, dist])).stdout.trim()).toBe('already');
    expect(readFileSync(join(dist, 'chunk-TEST.js'), 'utf8')).toBe(patchedCode);

    const texts = ['', 'a', 'Siti Nurhaliza', 'Rp 1.250.000,00', 'Bahasa — ñ 漢字 🎓', 'x'.repeat(70_000), 'akhir'];
    const { buffer, lengths } = message(texts);
    const readAll = (Reader: new (offset: number) => Reader) => {
      const reader = new Reader(0);
      reader.setBuffer(3, buffer);
      return [reader.cstring(), ...lengths.map((n) => reader.string(n))];
    };
    expect(readAll(readerOf(patchedCode))).toEqual(['row', ...texts]);
    expect(readAll(readerOf(patchedCode))).toEqual(readAll(readerOf(ORIGINAL_READER)));
  });

  it('leaves code it does not know alone', async () => {
    const dist = join(folder, 'other');
    await run('mkdir', ['-p', dist]);
    writeFileSync(join(dist, 'index.js'), 'export const nothing = 1;');
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, dist]);
    expect(stdout.trim()).toBe('missing');
    expect(stderr).toContain('left as it is');
    expect(readFileSync(join(dist, 'index.js'), 'utf8')).toBe('export const nothing = 1;');
  });

  it('gives the database text back as stored, row after row', async () => {
    const handle = await openEmbedded();
    try {
      await sql`create table texts (id integer primary key, name text, note text)`.execute(handle.db);
      await sql`insert into texts select g, 'Murid ' || g || ' — ñ 漢字 🎓', repeat('ä', g % 50) from generate_series(1, 3000) g`.execute(handle.db);
      const { rows } = await sql<{ id: number; name: string; note: string }>`select id, name, note from texts order by id`.execute(handle.db);
      expect(rows).toHaveLength(3000);
      rows.forEach((row, i) => expect(row).toEqual({ id: i + 1, name: `Murid ${i + 1} — ñ 漢字 🎓`, note: 'ä'.repeat((i + 1) % 50) }));
    } finally {
      await handle.close();
    }
  });
});
