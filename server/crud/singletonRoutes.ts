// A singleton (the settings pages): one record at /api/v1/{endpoint}, read with GET and
// saved in place with PUT (with the version the editor loaded). The record exists from the
// first read on, holding the schema's defaults until someone saves it.

import type { FastifyInstance } from 'fastify';
import type { EntityModel } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import type { Db, Row } from '../db/database';
import type { Catalog } from './catalog';
import { insertRecord } from './createRecord';
import { recordHistory } from '../history/recordHistory';
import { answerRow } from './recordAnswers';
import { allowed, bodyOf, versionedBody } from './routeParts';
import { sessionUser } from '../auth/requireSession';
import type { RecordWrites } from '../records/recordWrites';
import { callerOf } from '../records/routeDoor';
import { success } from '../http/success';

/** The id of a singleton's one record. */
export const SINGLETON_RECORD_ID = 1;

async function theRecord(db: Db, catalog: Catalog, entity: EntityModel, username: string): Promise<Row> {
  const table = catalog.tableOf(entity);
  const first = (): Promise<Row | undefined> => db.selectFrom(table).selectAll().orderBy('id').limit(1).executeTakeFirst();
  const found = await first();
  if (found) return found;
  // The schema's defaults (insertRecord fills them in); the id of a singleton is always 1, so
  // of two first reads at once one inserts and the other's insert meets the primary key.
  try {
    // Its history starts here: who first opened it, and the defaults it was made with.
    await db.transaction().execute(async (tx) => {
      const made = await insertRecord(tx, catalog, { entity, locale: 'id', username }, {}, SINGLETON_RECORD_ID);
      await recordHistory(tx, entity, username, [{ before: null, after: made }]);
    });
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  return (await first())!;
}

export function registerSingletonRoutes(app: FastifyInstance, db: Db, catalog: Catalog, entity: EntityModel, records: RecordWrites): void {
  const path = `/${entity.endpoint}`;

  app.get(path, async (request) => {
    const { username } = allowed(request, entity, 'show');
    return success({ data: await answerRow(db, catalog, entity, await theRecord(db, catalog, entity, username), sessionUser(request).roles) });
  });

  // Saved through the write door (server/records/recordWrites.ts): the entity's hooks run.
  app.put(path, async (request) => {
    const writer = allowed(request, entity, 'edit');
    const { locale } = writer;
    const raw = bodyOf(request, locale);
    // A refused body answers 422 before the record is made, as before the door.
    versionedBody(catalog, entity, raw, locale);
    const stored = await theRecord(db, catalog, entity, writer.username);
    const row = await db.transaction().execute((tx) => records.update(tx, callerOf(request), entity.name, stored.id as number, raw));
    return success({ message: message(locale, 'updated', { entity: entity.label[locale] }), data: await answerRow(db, catalog, entity, row, sessionUser(request).roles) });
  });
}
