// The built app is sent compressed: the build's .br / .gz copies (build/precompressPlugin.ts)
// picked by Accept-Encoding, with Vary: Accept-Encoding, a year of caching for hashed assets
// and revalidation for index.html.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../build/precompressPlugin';
import { startTestServer, type TestServer } from './harness';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "Kelas ${i}" }`).join(', ')}];\n`;
const PAGE = `<!doctype html><title>Sekolah</title><body>${'<div id="root"></div>'.repeat(80)}</body>`;

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), PAGE);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'tiny-def456.js'), 'console.log(1)');
  precompressFolder(dist);
  server = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the build’s compressed copies', () => {
  it('are made for text files worth compressing, the same bytes every time', () => {
    const br = readFileSync(join(dist, 'assets', 'index-abc123.js.br'));
    const gz = readFileSync(join(dist, 'assets', 'index-abc123.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(SCRIPT);
    expect(gunzipSync(gz).toString()).toBe(SCRIPT);
    precompressFolder(dist);
    expect(readFileSync(join(dist, 'assets', 'index-abc123.js.br')).equals(br)).toBe(true);
    expect(readFileSync(join(dist, 'assets', 'index-abc123.js.gz')).equals(gz)).toBe(true);
    expect(() => readFileSync(join(dist, 'assets', 'tiny-def456.js.br'))).toThrow();
  });
});

describe('serving the built app by Accept-Encoding', () => {
  it('sends brotli when the browser takes it, with Vary and a year of immutable caching', async () => {
    const answer = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that takes only gzip', async () => {
    const answer = await get('/assets/index-abc123.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(answer.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself, still varying on Accept-Encoding, to a client that takes neither', async () => {
    for (const accept of [undefined, 'identity']) {
      const answer = await get('/assets/index-abc123.js', accept);
      expect(answer.statusCode, String(accept)).toBe(200);
      expect(answer.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(answer.headers.vary, String(accept)).toMatch(/accept-encoding/i);
      expect(answer.body, String(accept)).toBe(SCRIPT);
    }
  });

  it('sends a file too small to have copies as it is', async () => {
    const answer = await get('/assets/tiny-def456.js', 'br');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe('console.log(1)');
  });

  it('sends index.html compressed and revalidated, at / and for the app routes', async () => {
    for (const url of ['/', '/index.html', '/class', '/class/5/show']) {
      const answer = await get(url, 'br, gzip');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(PAGE);
    }
  });
});
