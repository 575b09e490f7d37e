// The one door for writes (DESIGN.md, bespoke modules; STYLE.md, Payload's local API): create,
// update and delete a record by entity name, inside the caller's transaction, with what the
// HTTP routes check: the caller's roles (403), the entity's validator (422), record rules
// (403), the version (409), the checks across records and the database's constraints (422,
// 409), then the entity's hooks (./entityHooks.ts). The generic routes write through it too,
// so a bespoke module's write cannot skip a check a form's write gets.

import type { Action, EntityModel, Locale } from '../../src/shared/entityModel';
import { isPlainObject } from '../../src/shared/validation';
import { mayDo } from '../auth/access';
import type { Catalog } from '../crud/catalog';
import { deleteViolation, writeViolation } from '../crud/constraintViolations';
import { insertableValues, insertValues, type Writer } from '../crud/createRecord';
import { deletableRecord, removeRecord } from '../crud/deleteRecord';
import { checked, versionedBody } from '../crud/routeParts';
import { updateInside } from '../crud/updateRecord';
import type { Db, Row } from '../db/database';
import { apiError } from '../http/apiError';
import type { HookContext, HookRegistry, WriteOperation } from './entityHooks';
import { lacksNumber, reserveNumbers } from './numbering';

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

  const writerOf = (entity: EntityModel, caller: Caller): Writer => ({ entity, locale: caller.locale, username: caller.username });
  const contextOf = (tx: Db, entity: EntityModel, caller: Caller): HookContext => ({ tx, entity, username: caller.username, locale: caller.locale });

  return {
    async create(tx, caller, entityName, body) {
      const entity = entityFor(caller, entityName, 'create');
      const context = contextOf(tx, entity, caller);
      const data = await before(context, 'create', null, checked(catalog, entity, body, caller.locale));
      let row: Row;
      try {
        const numbered = entity.numbering?.field;
        const toNumber = numbered !== undefined && lacksNumber(data[numbered]);
        const values = await insertableValues(tx, catalog, writerOf(entity, caller), toNumber ? withoutKey(data, numbered) : data);
        // The number last, once every check passed: a refused create reserves none.
        if (toNumber) [values[numbered]] = await reserveNumbers(tx, catalog, entity, [values], caller.locale);
        row = await insertValues(tx, catalog, entity, values);
      } catch (error) {
        throw writeViolation(error, catalog, entity, caller.locale) ?? error;
      }
      await after(context, 'create', row);
      return row;
    },

    async update(tx, caller, entityName, id, raw) {
      const entity = entityFor(caller, entityName, 'edit');
      const context = contextOf(tx, entity, caller);
      const { version, body } = versionedBody(catalog, entity, raw, caller.locale);
      const data = await before(context, 'update', id, body);
      let row: Row;
      try {
        row = await updateInside(tx, catalog, writerOf(entity, caller), id, version, data);
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
      await after(context, 'delete', row);
      return row;
    },
  };
}
