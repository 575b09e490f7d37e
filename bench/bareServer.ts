// The bare react-admin app of bench/bare served the way the real server serves ours: its
// build's compressed copies by Accept-Encoding, the same cache headers (serveBuiltApp), and
// a list call answered with ten made-up posts (the bare app has no database of its own).

import { join } from 'node:path';
import Fastify from 'fastify';
import { serveBuiltApp } from '../server/http/serveBuiltApp';
import { ROOT } from '../tests/e2e/harness';

export const BARE_DIST = join(ROOT, '.data/bench-bare');

export interface BareServer {
  url: string;
  stop: () => Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const app = Fastify();
  const fallback = await serveBuiltApp(app, BARE_DIST);
  if (!fallback) throw new Error(`no built bare app in ${BARE_DIST}`);
  const posts = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, title: `Post ${i + 1}` }));
  // ra-data-simple-rest reads the total from Content-Range.
  app.get('/api/:resource', async (_request, reply) => reply.header('Content-Range', `posts 0-9/${posts.length}`).send(posts));
  app.setNotFoundHandler((request, reply) => fallback(request, reply));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, stop: () => app.close() };
}
