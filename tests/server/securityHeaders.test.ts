// Every answer carries the security headers: the API, the app's index.html, its assets,
// 404s and refusals. The policy forbids inline script and framing; the file route keeps
// its own, stricter policy.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_DATA_URL } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sekolah</title><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The Content-Security-Policy's directives: name → sources. */
function policyOf(headers: Record<string, unknown>): Map<string, string[]> {
  const text = String(headers['content-security-policy'] ?? '');
  return new Map(
    text
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectAppHeaders(headers: Record<string, unknown>, what: string): void {
  const policy = policyOf(headers);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('script-src'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect([...policy.values()].flat(), what).not.toContain("'unsafe-eval'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('same-origin');
}

describe('security headers', () => {
  it('are on an API answer, a refusal and an unknown API path', async () => {
    const login = await server.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'admin', password: 'demo' } });
    expect(login.statusCode).toBe(200);
    expectAppHeaders(login.headers, 'login');
    const refused = await server.app.inject({ method: 'GET', url: '/api/v1/class' });
    expect(refused.statusCode).toBe(401);
    expectAppHeaders(refused.headers, '401');
    const badJson = await server.app.inject({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.statusCode).toBe(400);
    expectAppHeaders(badJson.headers, '400');
    const unknown = await server.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expectAppHeaders(unknown.headers, 'API 404');
  });

  it('are on the app index, its routes, an asset and a 404 outside the app', async () => {
    for (const url of ['/', '/login', '/class/5/show']) {
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expectAppHeaders(page.headers, url);
    }
    const asset = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expectAppHeaders(asset.headers, 'asset');
    const post = await server.app.inject({ method: 'POST', url: '/class', payload: {} });
    expect(post.statusCode).toBe(404);
    expectAppHeaders(post.headers, 'non-GET 404');
  });

  it('lets the app keep its inline styles (MUI) but not inline script', async () => {
    const policy = policyOf((await server.app.inject({ method: 'GET', url: '/' })).headers);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('leave the file route its own stricter policy', async () => {
    const created = await server.call('PUT', '/api/v1/school-identity', {
      as: 'admin',
      body: {
        version: (await server.call('GET', '/api/v1/school-identity', { as: 'admin' })).json.data.version,
        name: 'SMA Harapan Bangsa',
        address1: 'Jl. Merdeka 1',
        file_name: { title: 'logo.png', data: PNG_DATA_URL },
      },
    });
    expect(created.status, created.text).toBe(200);
    const file = await server.app.inject({ method: 'GET', url: created.json.data.file_name.src });
    expect(file.statusCode).toBe(200);
    const policy = policyOf(file.headers);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.has('sandbox')).toBe(true);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});
