// An attachment's bytes (spec 2 §5): base64 or a data: URL in the JSON body, never over the
// upload limit (UPLOAD_LIMIT_MB, default 10), typed by its bytes: file-type names the binary
// formats; an old Office file is a CFB container, named by its extension; CSV has no magic
// number, so text/csv only for a .csv name whose bytes are UTF-8 text without NULs (the door's
// check, server/files/uploadType.ts, looks at the bytes again).

import { fileTypeFromBuffer } from 'file-type';
import { ATTACHMENT_TYPES, type AttachmentType } from '../../src/shared/api/comboard';
import type { Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { ApiError } from '../http/apiError';

export const DEFAULT_UPLOAD_LIMIT_MB = 10;

/** The largest attachment in MB: UPLOAD_LIMIT_MB when it is a positive number (at most 50), else the default. */
export function uploadLimitMb(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.UPLOAD_LIMIT_MB);
  return Number.isFinite(value) && value > 0 ? Math.min(value, 50) : DEFAULT_UPLOAD_LIMIT_MB;
}

/** The request body a route taking an attachment accepts: the base64 of the limit, plus room for the other fields. */
export function attachmentBodyLimit(limitMb: number): number {
  return Math.ceil((limitMb * 1024 * 1024 * 4) / 3) + 64 * 1024;
}

const CFB_BY_EXTENSION: Readonly<Record<string, AttachmentType>> = {
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
};

function isCsvText(bytes: Buffer): boolean {
  try {
    return !new TextDecoder('utf-8', { fatal: true }).decode(bytes).includes('\u0000');
  } catch {
    return false;
  }
}

function base64Bytes(text: string): Buffer | null {
  const body = text.startsWith('data:') ? (/^data:[^;,]*(;[^,]*)?;base64,(.*)$/s.exec(text)?.[2] ?? null) : text;
  if (body === null) return null;
  const clean = body.replace(/\s/g, '');
  return /^[A-Za-z0-9+/]*={0,2}$/.test(clean) ? Buffer.from(clean, 'base64') : null;
}

export interface AttachmentUpload {
  mime: AttachmentType;
  bytes: Buffer;
  /** The door's file value: a data: URL of the detected type, and the name. */
  value: { data: string; title: string };
}

/** The file of `base64` named `name`, typed by its bytes; 422 under `field` with spec 2 §5's messages otherwise. */
export async function attachmentUpload(base64: unknown, name: string, field: string, locale: Locale, limitMb: number): Promise<AttachmentUpload> {
  const bytes = typeof base64 === 'string' ? base64Bytes(base64) : null;
  if (!bytes || !bytes.length) throw new ApiError(422, message(locale, 'comboardFileMissing'), { [field]: [message(locale, 'comboardFileMissing')] });
  if (bytes.length > limitMb * 1024 * 1024) {
    const text = message(locale, 'comboardFileTooBig', { limit: limitMb });
    throw new ApiError(413, text, { [field]: [text] });
  }
  const detected = await fileTypeFromBuffer(bytes);
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  let mime: string | undefined = detected?.mime;
  if (mime === 'application/x-cfb') mime = CFB_BY_EXTENSION[extension];
  if (!detected && extension === 'csv' && isCsvText(bytes)) mime = 'text/csv';
  if (!mime || !(ATTACHMENT_TYPES as readonly string[]).includes(mime)) {
    const text = message(locale, 'comboardFileType', { name });
    throw new ApiError(415, text, { [field]: [text] });
  }
  const type = mime as AttachmentType;
  return { mime: type, bytes, value: { data: `data:${type};base64,${bytes.toString('base64')}`, title: name } };
}
