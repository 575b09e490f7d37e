// The fields a bulk edit may set on several records at once (server/bulk/bulkEdit.ts checks
// it; the list's bulk edit offers them): writable, not unique (two records cannot share the
// value), and not a file, an image, a secret or rich text, which differ per record by nature.

import type { EntityModel, FieldModel } from './entityModel';

const NOT_BULK = new Set(['file', 'image', 'password', 'richtext']);

export function bulkEditableFields(entity: Pick<EntityModel, 'fields'>): FieldModel[] {
  return entity.fields.filter((f) => !f.readOnly && !f.unique && !f.writeOnly && !NOT_BULK.has(f.kind));
}
