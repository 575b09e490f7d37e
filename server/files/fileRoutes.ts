// GET /api/v1/files/:id serves an uploaded file. No login is asked: the ids are random
// uuids (122 random bits) that only reach people who can read the record holding them, and
// <img src> / download links in the app cannot send a bearer token.

import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { apiError } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { isFileId, readStoredFile } from './fileStore';

/** Shown in the browser; anything else is downloaded, so an uploaded HTML or SVG file never runs as our page. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']);

function contentDisposition(kind: 'inline' | 'attachment', title: string | null): string {
  if (!title) return kind;
  const ascii = title.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(title)}`;
}

export function registerFileRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const file = isFileId(request.params.id) ? await readStoredFile(db, request.params.id) : null;
    if (!file) throw apiError(requestLocale(request), 404, 'routeNotFound');
    const inline = INLINE_TYPES.has(file.mime);
    // Stricter than the app's policy: no scripts, ever. PDFs get no sandbox, which stops the
    // browser's PDF viewer, and may be framed by the app only.
    reply.header('Content-Security-Policy', file.mime === 'application/pdf' ? "frame-ancestors 'self'" : "default-src 'none'; sandbox; frame-ancestors 'none'");
    return reply
      .header('Content-Type', file.mime)
      .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', file.title))
      .header('X-Content-Type-Options', 'nosniff')
      // A file id never gets other bytes.
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .send(Buffer.from(file.bytes));
  });
}
