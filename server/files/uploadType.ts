// An upload is typed by its bytes, not by what the client declares. file-type reads the
// magic numbers of binary formats; the detected type must be the declared one (or one the
// declared name stands for, e.g. an old .xls is a CFB container) and among the field's
// accepted types. Text formats have no magic numbers: an undetected file is accepted only
// when it is declared as plain text (PLAIN_TEXT_TYPES) and is valid UTF-8 without NUL
// characters that does not start like markup (HTML, XML, SVG). SVG is refused outright: it
// is a document that can carry scripts, event handlers and embedded HTML, and we have no
// sanitizer for it that we would trust with a logo shown to everyone.

import { fileTypeFromBuffer } from 'file-type';
import type { Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Upload } from './fileStore';

/** Declared types accepted without magic numbers, after the plain text checks. */
export const PLAIN_TEXT_TYPES: ReadonlySet<string> = new Set(['text/plain', 'text/csv', 'text/tab-separated-values']);

/** A detected type → the declared types it also satisfies. */
const DETECTED_AS: Readonly<Record<string, readonly string[]>> = {
  'application/x-cfb': ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'],
  'application/zip': ['application/x-zip-compressed'],
  'audio/mpeg': ['audio/mp3'],
};

const SVG = 'image/svg+xml';

/** Valid UTF-8 without NUL that does not open with markup. */
function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  if (text.includes('\u0000')) return false;
  const start = text.replace(/^\ufeff/, '').trimStart().slice(0, 512).toLowerCase();
  return !start.startsWith('<') && !/<(script|html|svg|iframe|body|head|object|embed)[\s/>]/.test(start);
}

/**
 * Why `upload` (named `name`) is refused, in `locale`; null when its bytes are what it
 * declares. checkBody has compared the declared type with the field's accepted types, so a
 * file that passes is of an accepted type too.
 */
export async function uploadTypeProblem(upload: Upload, name: string, locale: Locale): Promise<string | null> {
  if (upload.bytes.length === 0) return message(locale, 'fileEmpty', { name });
  if (upload.mime === SVG) return message(locale, 'fileSvg', { name });
  const detected = await fileTypeFromBuffer(upload.bytes);
  const matches = detected
    ? detected.mime === upload.mime || (DETECTED_AS[detected.mime] ?? []).includes(upload.mime)
    : PLAIN_TEXT_TYPES.has(upload.mime) && isPlainText(upload.bytes);
  return matches ? null : message(locale, 'fileContent', { name, type: upload.mime });
}
