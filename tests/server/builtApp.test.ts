// The built app from dist/: its files, and index.html for the app's own routes, while
// unknown API paths stay JSON 404s.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_SOURCES } from '../../server/http/pagePreloads';
import { startTestServer, type TestServer } from './harness';

const ROOT = join(import.meta.dirname, '../..');

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Sekolah</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // Vite's build manifest, as a build with CHUNK_GROUPS writes it (keys: sources, or `_<file>` for a group's chunk).
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_runtime-r1.js'] },
      '_runtime-r1.js': { file: 'assets/runtime-r1.js' },
      'src/generated/registry/ACA.ts': { file: 'assets/ACA-a1.js', imports: ['index.html'] },
      'src/generated/registry/COURSE.ts': { file: 'assets/COURSE-c1.js', imports: ['index.html'] },
      '_list-l1.js': { file: 'assets/list-l1.js', name: 'list', imports: ['_runtime-r1.js', 'index.html'] },
      '_shell-s1.js': { file: 'assets/shell-s1.js', name: 'shell', imports: ['index.html'] },
      'src/views/EntityEdit.tsx': { file: 'assets/EntityEdit-e1.js', imports: ['_shell-s1.js', 'index.html', '_list-l1.js'] },
      'src/views/EntityShow.tsx': { file: 'assets/EntityShow-s1.js', imports: ['_shell-s1.js', 'index.html', '_list-l1.js'] },
      'src/views/EntityCreate.tsx': { file: 'assets/EntityCreate-c1.js', imports: ['_list-l1.js'] },
      'src/generated/entities/class.ts': { file: 'assets/class-k1.js', imports: ['index.html'] },
    }),
  );
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

  it('answers a file the build does not have with a 404, not the app', async () => {
    for (const url of ['/favicon.ico', '/assets/index-old999.js', '/assets/gone.css', '/robots.txt', '/apple-touch-icon.png?x=1']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('<title>');
    }
    // Addresses of the app with dots that are no file endings still get the app.
    for (const url of ['/coa/1.1.01', '/class?q=x.js']) expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it("names the code a resource's page asks for at once as modulepreload links", async () => {
    const preloads = async (url: string) => {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.body, url).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      return [...answer.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    };
    // The class list: the registry chunk of its first module (ACA, not COURSE), the list's chunk, the entity's module;
    // nothing the entry loads already (the entry, its runtime).
    expect(await preloads('/class')).toEqual(['/assets/ACA-a1.js', '/assets/list-l1.js', '/assets/class-k1.js']);
    expect(await preloads('/class?page=2')).toEqual(['/assets/ACA-a1.js', '/assets/list-l1.js', '/assets/class-k1.js']);
    // The edit form, with the chunks it imports.
    expect(await preloads('/class/5')).toEqual(['/assets/ACA-a1.js', '/assets/EntityEdit-e1.js', '/assets/shell-s1.js', '/assets/list-l1.js', '/assets/class-k1.js']);
    expect(await preloads('/class/5/show')).toContain('/assets/EntityShow-s1.js');
    expect(await preloads('/class/create')).toContain('/assets/EntityCreate-c1.js');
    // No resource's view: index.html as it is.
    for (const url of ['/', '/login', '/nothing-here', '/class/5/other/thing', '/%25x']) expect(await preloads(url), url).toEqual([]);
  });

  it("keeps to the generic views' sources as the app imports them", () => {
    // server/http/pagePreloads.ts names each view by its source file; src/app/resourceFromEntry.tsx imports them.
    const app = readFileSync(join(ROOT, 'src/app/resourceFromEntry.tsx'), 'utf8');
    for (const [view, source] of Object.entries(VIEW_SOURCES)) {
      const imported = new RegExp(`${view}: \\(\\) => import\\('\\.\\./views/([A-Za-z]+)'\\)`).exec(app);
      expect(imported, view).not.toBeNull();
      expect(source).toBe(`src/views/${imported![1]}.tsx`);
    }
    // EntityList is in vite.config.ts's `list` group.
    expect(readFileSync(join(ROOT, 'vite.config.ts'), 'utf8')).toContain("{ name: 'list', test: /[\\\\/]src[\\\\/]views[\\\\/]EntityList\\.tsx$/");
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
