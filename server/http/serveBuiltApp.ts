// The built react-admin app from dist/, when there is one: its files, and index.html for
// every other non-API GET path so the app's own router can take over (SPA fallback).
// Compressed by the build (build/precompressPlugin.ts): each file's .br or .gz copy is sent
// when the request's Accept-Encoding takes it, the file itself otherwise, always with
// `Vary: Accept-Encoding`. Hashed assets are cached for a year; index.html is revalidated
// on every load, so a new build is picked up at once.

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type AppFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** Registers dist/ and returns the fallback for unknown paths; null when dist/ has no index.html. */
export async function serveBuiltApp(app: FastifyInstance, distDir: string): Promise<AppFallback | null> {
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
  return (_request, reply) => reply.type('text/html; charset=utf-8').sendFile('index.html');
}
