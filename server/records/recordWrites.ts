// The one door for writes (DESIGN.md, bespoke modules; STYLE.md, Payload's local API): create,
// update and delete a record by entity name, inside the caller's transaction, with what the
// HTTP routes check: the caller's roles (403), the entity's validator (422), record rules
// (403), the version (409), the checks across records and the database's constraints (422,
// 409), then the entity's hooks (./entityHooks.ts). The generic routes write through it too,
// so a bespoke module's write cannot skip a check a form's write gets.

import type { Action, EntityModel, Locale } from '../../src/shared/entityModel';
import { isPlainObject, type FieldErrors } from '../../src/shared/validation';
import { mayDo } from '../auth/access';
import type { Catalog } from '../crud/catalog';
import { deleteViolation, writeViolation } from '../crud/constraintViolations';
import { insertableValues, insertValues, type Writer } from '../crud/createRecord';
import { deletableRecord, removeRecord } from '../crud/deleteRecord';
import { checked, versionedBody } from '../crud/routeParts';
import { updateWithStored } from '../crud/updateRecord';
import type { Db, Row } from '../db/database';
import type { HookContext, HookRegistry, WriteOperation } from './entityHooks';
import { atPosition, bulkValues, closeGaps, insertRows, needsPerRecord, perRecordValues } from './createMany';
import { lacksNumber, reserveNumbers } from './numbering';
import { ApiError, apiError, invalidInput } from '../http/apiError';
import { lockedFields, permittedBody } from '../fieldAccess/fieldAccess';
import { recordHistory } from '../history/recordHistory';

/** Who writes: the session's user (or a job acting for one), and the language of the answers. */
export interface Caller {
  username: string;
  roles: readonly string[];
  locale: Locale;
}

export interface RecordWrites {
  /** Creates a record from a body as POST {endpoint} takes it. */
  create(tx: Db, caller: Caller, entityName: string, body: unknown): Promise<Row>;
  /** Updates a record from a body as PUT {endpoint}/{id} takes it: its fields and the `version` the writer read. */
  update(tx: Db, caller: Caller, entityName: string, id: number, body: unknown): Promise<Row>;
  delete(tx: Db, caller: Caller, entityName: string, id: number): Promise<Row>;
  /**
   * Creates records from bodies as POST {endpoint} takes them, in bulk: the role check once,
   * each body checked as `create` checks it (a refusal: 422 with messages keyed
   * `"<index>.<field>"`), the hooks per record, multi-row inserts, and one reservation of
   * numbers for the records inserted (consecutive, in the order given). With
   * `onConflict: 'skip'`, a body that breaks any unique value or key is left out and counted
   * in `skipped`, and takes no number; without it a duplicate is refused as `create` refuses it.
   * Answers the inserted rows in the order of their bodies.
   */
  createMany(tx: Db, caller: Caller, entityName: string, bodies: readonly unknown[], options?: CreateManyOptions): Promise<{ rows: Row[]; skipped: number }>;
}

export interface CreateManyOptions {
  onConflict?: 'skip';
  /**
   * `'key'`: answer each row's id (and its number, when the entity numbers its records) rather
   * than the whole row, for bulk paths that need nothing else; an entity with an afterChange
   * hook still answers whole rows (its hook sees them).
   */
  returning?: 'key';
}

function withoutKey(data: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _left, ...rest } = data;
  return rest;
}

export function recordWrites(catalog: Catalog, hooks: HookRegistry = new Map()): RecordWrites {
  function entityFor(caller: Caller, entityName: string, action: Action): EntityModel {
    const entity = catalog.entityNamed(entityName);
    if (!entity) throw new Error(`No entity named ${entityName}`);
    if (!mayDo(caller.roles, entity, action)) throw apiError(caller.locale, 403, 'forbidden');
    return entity;
  }

  async function before(context: HookContext, operation: WriteOperation, id: number | null, data: Record<string, unknown>) {
    const replaced = await hooks.get(context.entity.name)?.beforeChange?.({ context, operation, id, data });
    if (replaced === undefined) return data;
    if (!isPlainObject(replaced)) throw new Error(`The beforeChange hook of ${context.entity.name} answered no object`);
    return replaced;
  }

  async function after(context: HookContext, operation: WriteOperation, record: Row) {
    await hooks.get(context.entity.name)?.afterChange?.({ context, operation, record });
  }

  /**
   * An update's body without the fields the caller may not change but sent unchanged (a form
   * sends the whole record); 422 for one they changed. The stored record is read only when
   * the body holds such a field.
   */
  async function permittedUpdate(tx: Db, caller: Caller, entity: EntityModel, id: number, body: Record<string, unknown>) {
    if (!lockedFields(entity, caller.roles, 'edit').some((f) => Object.hasOwn(body, f.name))) return body;
    const stored: Row | undefined = await tx.selectFrom(catalog.tableOf(entity)).selectAll().where('id', '=', id).executeTakeFirst();
    return permittedBody(entity, caller.roles, 'edit', body, caller.locale, stored);
  }

  const writerOf = (entity: EntityModel, caller: Caller): Writer => ({ entity, locale: caller.locale, username: caller.username });
  const contextOf = (tx: Db, entity: EntityModel, caller: Caller): HookContext => ({ tx, entity, username: caller.username, locale: caller.locale });

  return {
    async create(tx, caller, entityName, body) {
      const entity = entityFor(caller, entityName, 'create');
      const context = contextOf(tx, entity, caller);
      const data = await before(context, 'create', null, permittedBody(entity, caller.roles, 'create', checked(catalog, entity, body, caller.locale), caller.locale));
      let row: Row;
      try {
        const numbered = entity.numbering?.field;
        const toNumber = numbered !== undefined && lacksNumber(data[numbered]);
        const values = await insertableValues(tx, catalog, writerOf(entity, caller), toNumber ? withoutKey(data, numbered) : data);
        // The number last, once every check passed: a refused create reserves none.
        if (toNumber) values[numbered] = (await reserveNumbers(tx, catalog, entity, 1, caller.locale)).numberAt(0, values);
        row = await insertValues(tx, catalog, entity, values);
      } catch (error) {
        throw writeViolation(error, catalog, entity, caller.locale) ?? error;
      }
      await recordHistory(tx, entity, caller.username, [{ before: null, after: row }]);
      await after(context, 'create', row);
      return row;
    },

    async createMany(tx, caller, entityName, bodies, options = {}) {
      const entity = entityFor(caller, entityName, 'create');
      const context = contextOf(tx, entity, caller);
      const writer = writerOf(entity, caller);
      const skip = options.onConflict === 'skip';
      const table = catalog.tableOf(entity);
      // Every body checked first, all refusals at once, by position.
      const errors: FieldErrors = {};
      const checkedBodies: Record<string, unknown>[] = [];
      bodies.forEach((body, index) => {
        try {
          checkedBodies.push(permittedBody(entity, caller.roles, 'create', checked(catalog, entity, body, caller.locale), caller.locale));
        } catch (error) {
          if (!(error instanceof ApiError) || !error.messages) throw error;
          Object.assign(errors, atPosition(index, error.messages));
        }
      });
      if (Object.keys(errors).length) throw invalidInput(caller.locale, errors);
      const numbered = entity.numbering?.field;
      const data: Record<string, unknown>[] = [];
      for (const body of checkedBodies) {
        const changed = await before(context, 'create', null, body);
        data.push(numbered !== undefined && lacksNumber(changed[numbered]) ? withoutKey(changed, numbered) : changed);
      }
      let rows: Row[];
      try {
        const perRecord = needsPerRecord(entity);
        const values = perRecord ? [] : await bulkValues(tx, catalog, writer, data, skip);
        // Numbers for the records without one, reserved once (in the order given) and written
        // with them; the records a skip leaves out give theirs back (closeGaps).
        const unnumbered = numbered === undefined ? [] : data.flatMap((body, index) => (lacksNumber(body[numbered]) ? [index] : []));
        const reservation = numbered !== undefined && unnumbered.length ? await reserveNumbers(tx, catalog, entity, unnumbered.length, caller.locale) : null;
        const offsetOf = new Map<number, number>(unnumbered.map((index, offset) => [index, offset]));
        const given = new Map<string, { offset: number; index: number }>();
        const numberedValues = (row: Row, index: number): Row => {
          const offset = offsetOf.get(index);
          if (!reservation || numbered === undefined || offset === undefined) return row;
          const number = reservation.numberAt(offset, row);
          given.set(number, { offset, index });
          return { ...row, [numbered]: number };
        };
        // Whole rows back from the insert, even for `returning: 'key'`: the history needs them,
        // and reading them again by id cost a statement per chunk (the demo seed's journals: ~0.6 s).
        if (perRecord) {
          rows = [];
          for (const [index, body] of data.entries()) rows.push(...(await insertRows(tx, entity, table, [numberedValues(await perRecordValues(tx, catalog, writer, body, index), index)], skip)));
        } else {
          rows = await insertRows(tx, entity, table, values.map(numberedValues), skip);
        }
        if (reservation) await closeGaps(tx, writer, table, reservation, given, rows);
      } catch (error) {
        throw writeViolation(error, catalog, entity, caller.locale) ?? error;
      }
      await recordHistory(tx, entity, caller.username, rows.map((row) => ({ before: null, after: row })));
      for (const row of rows) await after(context, 'create', row);
      const keys = ['id', ...(numbered === undefined ? [] : [numbered])];
      const answered = options.returning === 'key' && !hooks.get(entity.name)?.afterChange ? rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]]))) : rows;
      return { rows: answered, skipped: data.length - rows.length };
    },

    async update(tx, caller, entityName, id, raw) {
      const entity = entityFor(caller, entityName, 'edit');
      const context = contextOf(tx, entity, caller);
      const { version, body } = versionedBody(catalog, entity, raw, caller.locale);
      const data = await before(context, 'update', id, await permittedUpdate(tx, caller, entity, id, body));
      let row: Row;
      try {
        const { stored, updated } = await updateWithStored(tx, catalog, writerOf(entity, caller), id, version, data);
        await recordHistory(tx, entity, caller.username, [{ before: stored, after: updated }]);
        row = updated;
      } catch (error) {
        throw writeViolation(error, catalog, entity, caller.locale) ?? error;
      }
      await after(context, 'update', row);
      return row;
    },

    async delete(tx, caller, entityName, id) {
      const entity = entityFor(caller, entityName, 'delete');
      const context = contextOf(tx, entity, caller);
      // The checks first (gone, a rule, still used): beforeChange sees only a delete that will happen.
      const row = await deletableRecord(tx, catalog, writerOf(entity, caller), id);
      await before(context, 'delete', id, {});
      try {
        await removeRecord(tx, catalog, entity, row);
      } catch (error) {
        throw deleteViolation(error, catalog, entity, caller.locale) ?? error;
      }
      await recordHistory(tx, entity, caller.username, [{ before: row, after: null }]);
      await after(context, 'delete', row);
      return row;
    },
  };
}
