// Uploaded files (table app_file). A file field stores `{ src: '/api/v1/files/<uuid>', title }`;
// the bytes live here, written in the same transaction as the record that uses them.

import { randomUUID } from 'node:crypto';
import type { Db, Row } from '../db/database';

export const FILES_PATH = '/api/v1/files/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StoredFileRef {
  src: string;
  title?: string;
}

export function isFileId(text: string): boolean {
  return UUID.test(text);
}

/** The uuid of one of our file addresses, or null when `src` is not ours. */
export function fileIdOf(src: string): string | null {
  if (!src.startsWith(FILES_PATH)) return null;
  const id = src.slice(FILES_PATH.length);
  return isFileId(id) ? id : null;
}

export async function fileExists(db: Db, id: string): Promise<boolean> {
  const row: Row | undefined = await db.selectFrom('app_file').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export interface Upload {
  mime: string;
  bytes: Buffer;
}

/** A `data:<mime>;base64,...` URL's type and bytes; null when it is not one. */
export function parseDataUrl(dataUrl: string): Upload | null {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/\s]*={0,2})$/.exec(dataUrl);
  return match ? { mime: match[1], bytes: Buffer.from(match[2], 'base64') } : null;
}

export async function storeUpload(db: Db, title: string, upload: Upload): Promise<StoredFileRef> {
  const id = randomUUID();
  await db.insertInto('app_file').values({ id, mime: upload.mime, title, bytes: upload.bytes }).execute();
  return { src: `${FILES_PATH}${id}`, title };
}

export interface FileContent {
  mime: string;
  title: string | null;
  bytes: Uint8Array;
}

export async function readStoredFile(db: Db, id: string): Promise<FileContent | null> {
  const row: Row | undefined = await db
    .selectFrom('app_file')
    .select(['mime', 'title', 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return { mime: String(row.mime), title: row.title === null ? null : String(row.title), bytes: row.bytes as Uint8Array };
}
