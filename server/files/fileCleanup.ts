// An uploaded file lives as long as a record points at it. When an update replaces or
// clears a file field, or a record is deleted, the files it no longer holds are deleted in
// the same transaction, unless another record still points at them (a client may send an
// existing file's address in another record).

import { sql } from 'kysely';
import type { EntityModel } from '../../src/shared/entityModel';
import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';
import { fileIdOf, FILES_PATH } from './fileStore';

function isFileField(kind: string): boolean {
  return kind === 'file' || kind === 'image';
}

function fileIdIn(value: unknown): string | null {
  if (typeof value === 'string') {
    try {
      return fileIdIn(JSON.parse(value));
    } catch {
      return null;
    }
  }
  const src = value && typeof value === 'object' ? (value as { src?: unknown }).src : undefined;
  return typeof src === 'string' ? fileIdOf(src) : null;
}

/** The stored files `before` held that `after` (null: the record is gone) no longer holds. */
export function droppedFiles(entity: EntityModel, before: Row, after: Row | null): string[] {
  const kept = new Set<string>();
  const held: string[] = [];
  for (const field of entity.fields) {
    if (!isFileField(field.kind)) continue;
    const old = fileIdIn(before[field.name]);
    if (old) held.push(old);
    const now = after ? fileIdIn(after[field.name]) : null;
    if (now) kept.add(now);
  }
  return [...new Set(held)].filter((id) => !kept.has(id));
}

/** Delete the files of `ids` that no record of any table points at any more. */
export async function deleteUnusedFiles(tx: Db, catalog: Catalog, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const src = `${FILES_PATH}${id}`;
    let used = false;
    for (const entity of catalog.entities) {
      for (const field of entity.fields) {
        if (!isFileField(field.kind)) continue;
        const row: Row | undefined = await tx
          .selectFrom(catalog.tableOf(entity))
          .select('id')
          .where(sql<string>`${sql.ref(field.name)}->>'src'`, '=', src)
          .limit(1)
          .executeTakeFirst();
        if (row) used = true;
        if (used) break;
      }
      if (used) break;
    }
    if (!used) await tx.deleteFrom('app_file').where('id', '=', id).execute();
  }
}
