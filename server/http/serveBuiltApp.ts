// The built react-admin app from dist/, when there is one: its files, and index.html for
// every other non-API GET path so the app's own router can take over (SPA fallback).
// Compressed by the build (build/precompressPlugin.ts): each file's .br or .gz copy is sent
// when the request's Accept-Encoding takes it, the file itself otherwise, always with
// `Vary: Accept-Encoding`. Hashed assets are cached for a year; index.html is revalidated
// on every load, so a new build is picked up at once. At a resource's address, index.html names
// the code that page asks for at once as modulepreload links (./pagePreloads.ts).

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EntityModel } from '../../src/shared/entityModel';
import { pagePreloads, readBuildManifest, withPreloads } from './pagePreloads';

export type AppFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** Paths of files (assets, icons, maps), never an address of the app: its routes have no such ending. */
const FILE_ENDING = /\.(?:js|mjs|css|map|ico|png|jpe?g|gif|svg|webp|woff2?|ttf|txt|json|webmanifest|br|gz)$/i;

export function isFilePath(path: string): boolean {
  return path.startsWith('/assets/') || FILE_ENDING.test(path);
}

/** Registers dist/ and returns the fallback for unknown paths; null when dist/ has no index.html. */
export async function serveBuiltApp(app: FastifyInstance, distDir: string, entities: readonly EntityModel[] = []): Promise<AppFallback | null> {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      // Vite names the files under assets/ by their content hash: they never change.
      const hashed = path.startsWith(join(root, 'assets'));
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pages = builtPages(root, entities);
  return (request, reply) => {
    // The path as sent, without its query (a URL parser would refuse some odd ones, e.g. `//[`).
    const path = request.url.split(/[?#]/, 1)[0];
    // A file the build does not have (an old hashed asset, /favicon.ico asked for by habit) is
    // missing, not a page of the app: a 404, not index.html the browser would try to read.
    if (isFilePath(path)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const html = pages(path);
    if (html === null) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };
}

/**
 * pathname → its index.html with the page's preloads, or null when it has none (the file
 * itself is sent). Read again when index.html changes: a new build brings a new manifest.
 */
function builtPages(root: string, entities: readonly EntityModel[]): (pathname: string) => string | null {
  let build: { at: number; html: string; preloads: ReturnType<typeof pagePreloads> | null; pages: Map<string, string> } | null = null;
  return (pathname) => {
    const at = statSync(join(root, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (!build || build.at !== at) {
      const manifest = readBuildManifest(root);
      build = { at, html: readFileSync(join(root, 'index.html'), 'utf8'), preloads: manifest && pagePreloads(manifest, entities), pages: new Map() };
    }
    const files = build.preloads?.(pathname) ?? [];
    if (files.length === 0) return null;
    const key = files.join(' ');
    let html = build.pages.get(key);
    if (html === undefined) build.pages.set(key, (html = withPreloads(build.html, files)));
    return html;
  };
}
