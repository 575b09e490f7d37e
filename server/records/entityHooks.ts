// Hooks per entity (STYLE.md, Payload's beforeChange/afterChange): a rule a schema cannot say
// sits in server/hooks/<entity>.ts, whose default export is `defineHooks({ … })`. The write
// door (./recordWrites.ts) runs them inside the write's transaction, after the validation,
// access and version checks the HTTP routes make: a hook that throws rolls the write back
// (an ApiError becomes its answer, as from a route).

import type { EntityModel, Locale } from '../../src/shared/entityModel';
import type { Db, Row } from '../db/database';

export type WriteOperation = 'create' | 'update' | 'delete';

/** Who writes and where: the hook reads and writes through `tx`, the write's own transaction. */
export interface HookContext {
  tx: Db;
  entity: EntityModel;
  username: string;
  locale: Locale;
}

export interface BeforeChange {
  context: HookContext;
  operation: WriteOperation;
  /** The record's id (update, delete); null on create. */
  id: number | null;
  /** The checked fields being written (empty on delete). */
  data: Record<string, unknown>;
}

export interface AfterChange {
  context: HookContext;
  operation: WriteOperation;
  /** The record as stored now (as it was, on delete). */
  record: Row;
}

export interface EntityHooks {
  /** Before the write; answers the fields to write instead (create, update), or nothing to keep them. */
  beforeChange?(change: BeforeChange): Promise<Record<string, unknown> | void>;
  /** After the write, in the same transaction. */
  afterChange?(change: AfterChange): Promise<void>;
}

/** Hooks by entity name. */
export type HookRegistry = ReadonlyMap<string, EntityHooks>;

/** The default export of server/hooks/<entity>.ts, typed. */
export function defineHooks(hooks: EntityHooks): EntityHooks {
  return hooks;
}
