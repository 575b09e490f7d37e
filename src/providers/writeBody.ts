// A write body as the v1 API takes it: only the fields a client may send, new files as data
// URLs, and a write-only field (a password) left out while empty, so that the server keeps
// the stored one. Loaded with the forms (formValidation.ts checks the same body), not with
// the first page.

import { withoutInapplicable } from '../shared/conditions';
import { writableFields, type EntityModel } from '../shared/entityModel';
import { leftOut } from '../shared/validation';

type Params = Record<string, unknown>;

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** A File / Blob as a `data:<mime>;base64,…` URL. */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return `data:${blob.type || 'application/octet-stream'};base64,${bytesToBase64(bytes)}`;
}

interface FileValue {
  rawFile?: Blob & { name?: string };
  src?: string;
  title?: string;
}

function isBlob(value: unknown): value is Blob {
  return typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function';
}

/**
 * A FileInput / ImageInput value as the API takes it: a new file (`rawFile`) becomes
 * `{ title, data: 'data:…;base64,…' }`, a file already stored stays `{ src, title }`.
 */
export async function encodeFileValue(value: unknown): Promise<unknown> {
  if (value === undefined || value === null) return value;
  if (Array.isArray(value)) return Promise.all(value.map(encodeFileValue));
  if (typeof value !== 'object') return value;
  const file = value as FileValue;
  if (isBlob(file.rawFile)) {
    return { title: file.title ?? file.rawFile.name ?? '', data: await blobToDataUrl(file.rawFile) };
  }
  if (typeof file.src === 'string') return { src: file.src, title: file.title ?? '' };
  return value;
}

/**
 * Only the fields a client may send, new files encoded. A write-only field (a password) left
 * empty is left out: the server keeps the stored value of an omitted field. A field that does
 * not apply (its `allowedWhen` does not hold; the form hides it) is sent empty.
 */
export async function writeBody(entity: Pick<EntityModel, 'fields'>, given: Params): Promise<Params> {
  const data = withoutInapplicable(entity, given);
  const body: Params = {};
  for (const field of writableFields(entity)) {
    const value = data[field.name];
    if (!(field.name in data) || leftOut(field, value)) continue;
    body[field.name] = field.kind === 'file' || field.kind === 'image' ? await encodeFileValue(value) : value;
  }
  return body;
}
