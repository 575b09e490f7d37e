// The built app from dist/: its files, and index.html for the app's own routes, while
// unknown API paths stay JSON 404s.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sekolah</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('serves index.html at / and for the app routes', async () => {
    for (const url of ['/', '/class', '/class/5/show', '/login?to=%2Fclass']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.body, url).toContain('<title>Sekolah</title>');
    }
  });

  it('serves the hashed assets for a long time', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    const api = await server.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: 'Tidak ditemukan' });
    const post = await server.app.inject({ method: 'POST', url: '/class', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
