// What a record looks like in an answer: write-only fields (secrets) never leave the
// server, values its templates read through a reference are added (referenceValues.ts),
// and a record of a tree carries `tree_path`, the represent texts from the root down to
// itself (shown as A › B › C).

import type { EntityModel } from '../../src/shared/entityModel';
import { representRecord } from '../../src/shared/entityModel';
import type { Db, Row } from '../db/database';
import { SEARCH_COLUMN } from '../../src/shared/searchColumn';
import type { Catalog } from './catalog';
import { withReferenceValues } from './referenceValues';
import { MAX_TREE_DEPTH } from './treeGuard';
import { visibleRows } from '../fieldAccess/fieldAccess';


/** Without write-only fields, nor the search column (src/shared/searchColumn.ts), which is the server's own. */
function withoutSecrets(entity: EntityModel, row: Row): Row {
  const secrets = entity.fields.filter((f) => f.writeOnly);
  if (secrets.length === 0 && !(SEARCH_COLUMN in row)) return row;
  const copy = { ...row };
  for (const field of secrets) delete copy[field.name];
  delete copy[SEARCH_COLUMN];
  return copy;
}

/** Every node of a tree: id → { parent, text }. Tree tables are small master tables (positions, account categories). */
async function treeNodes(db: Db, catalog: Catalog, entity: EntityModel): Promise<Map<number, { parent: number | null; text: string }>> {
  const rows: Row[] = await withReferenceValues(db, catalog, entity, await db.selectFrom(catalog.tableOf(entity)).selectAll().execute());
  return new Map(rows.map((r) => [r.id as number, { parent: (r[entity.tree!] as number | null) ?? null, text: representRecord(entity.represent, r) }]));
}

export function pathOf(nodes: Map<number, { parent: number | null; text: string }>, id: number): string[] {
  const path: string[] = [];
  let current: number | null = id;
  for (let depth = 0; current !== null && depth < MAX_TREE_DEPTH; depth++) {
    const node = nodes.get(current);
    if (!node) break;
    path.unshift(node.text);
    current = node.parent;
  }
  return path;
}

/**
 * The rows as the API answers them (with the values their templates read through references).
 * `roles`: the user the answer goes to, who is not sent the fields hidden from their roles
 * (server/fieldAccess/fieldAccess.ts); null for the server's own use of the answer (a represent text).
 */
export async function answerRows(db: Db, catalog: Catalog, entity: EntityModel, rows: Row[], roles: readonly string[] | null): Promise<Row[]> {
  const shown = rows.map((row) => withoutSecrets(entity, row));
  // The hidden fields go after the templates read through them: a teacher is not sent an employee id, but the teacher's name.
  const visible = await withReferenceValues(db, catalog, entity, shown).then((all) => (roles ? visibleRows(entity, roles, all) : all));
  if (!entity.tree || visible.length === 0) return visible;
  const nodes = await treeNodes(db, catalog, entity);
  return visible.map((row) => ({ ...row, tree_path: pathOf(nodes, row.id as number) }));
}

export async function answerRow(db: Db, catalog: Catalog, entity: EntityModel, row: Row, roles: readonly string[] | null): Promise<Row> {
  return (await answerRows(db, catalog, entity, [row], roles))[0];
}
