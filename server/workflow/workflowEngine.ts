// The one mechanism behind every declared workflow (a schema's `workflow:`, issue 14): leave
// requests, student permission requests, and the documents of later issues. Nothing here
// knows a document: it reads the declaration (src/shared/entityModel.ts WorkflowModel) and
// writes through the write door, inside the caller's transaction.
//
// - send: the owner hands in a draft. One approver row per approver (./approvers.ts), in the
//   order they act; the document waits for approval and the first approver is notified. A
//   transaction type that needs no approval approves it at once.
// - approve / reject: the approver of a row decides it, once every row before it is approved.
//   The document is approved when every row is, rejected when one is; its owner hears only
//   that final decision, the next approver that it is their turn.
//
// Refusals: the owner approving their own document, or anyone acting on a row that is not
// theirs, 403; a document or row not in the state the action starts from, or a row whose
// turn has not come (skipping a state), 409; a rejection without a reason, 422. The document
// row is locked (select … for update) for the whole decision, so two decisions on one
// document take turns and the second sees the first: on PostgreSQL with many connections one
// of two approvers acting on the same row at once wins and the other gets 409.

import { sql } from 'kysely';
import type { ApproverRowState, EntityModel, Locale, WorkflowModel, WorkflowState, WorkflowTransition } from '../../src/shared/entityModel';
import type { NotificationKey, NotificationParams } from '../../src/shared/notificationMessages';
import type { AppUser } from '../auth/userStore';
import type { Catalog } from '../crud/catalog';
import type { Db, Row } from '../db/database';
import { typedDb } from '../db/typedDb';
import { ApiError, invalidInput } from '../http/apiError';
import type { Caller, RecordWrites } from '../records/recordWrites';
import { addNotification, addNotifications, type Recipient } from '../shell/notificationStore';
import { approvalRulesOf, approversOf } from './approvers';
import { enqueueWorkflowMail } from './workflowMail';
import { stateText, workflowText } from './workflowTexts';

/** Who acts: the session's user and the door's caller made from it. */
export interface Actor {
  user: AppUser;
  caller: Caller;
}

export type Decision = 'approve' | 'reject';
export type Event = 'waiting' | 'approved' | 'rejected';

/** What a document's module adds to the mechanism: its own checks and consequences, and its notification texts. */
export interface WorkflowHooks {
  /** Before the document leaves draft (the leave balance): throw an ApiError to refuse. */
  beforeSend?(tx: Db, document: Row, actor: Actor): Promise<void>;
  /** Before the final approval (the balance again: other leave may have been approved since). */
  beforeApprove?(tx: Db, document: Row, actor: Actor): Promise<void>;
  /** Once the document is finally approved or rejected, in the same transaction (the leave ledger). */
  afterDecided?(tx: Db, document: Row, state: 'approved' | 'rejected', actor: Actor): Promise<void>;
  /** The notification of an event: waiting goes to the next approver, approved / rejected to the owner. */
  notification(tx: Db, document: Row, event: Event, reason: string | null): Promise<{ key: NotificationKey; params: NotificationParams }>;
}

export interface ApproverRow {
  id: number;
  version: number;
  seq: number;
  user_id: number;
  employee_id: number | null;
  position_id: number | null;
  state: ApproverRowState;
  action_date: string | null;
  reason: string | null;
}

export interface Outcome {
  document: Row;
  state: WorkflowState;
  message: string;
}

const toRow = (r: Row): ApproverRow => ({
  id: Number(r.id),
  version: Number(r.version),
  seq: Number(r.seq),
  user_id: Number(r.user_id),
  employee_id: r.employee_id === null || r.employee_id === undefined ? null : Number(r.employee_id),
  position_id: r.position_id === null || r.position_id === undefined ? null : Number(r.position_id),
  state: r.state as ApproverRowState,
  action_date: (r.action_date as string | null) ?? null,
  reason: (r.reason as string | null) ?? null,
});

/** The body of an update through the door: the stored writable fields (files aside), the change and the version read. */
export function updateBody(entity: EntityModel, stored: Row, change: Row): Row {
  const body: Row = {};
  for (const field of entity.fields) {
    if (field.readOnly || field.writeOnly || field.kind === 'file' || field.kind === 'image') continue;
    const value = stored[field.name];
    if (value !== null && value !== undefined) body[field.name] = value;
  }
  return { ...body, ...change, version: Number(stored.version) };
}

export interface WorkflowEngine {
  /** The declared workflow of an entity (an error when it declares none: a programming mistake). */
  declaration(entityName: string): { entity: EntityModel; workflow: WorkflowModel; rows: EntityModel };
  /** Whether the user owns the document: the employee it names is theirs, or the student is their child (or themselves). */
  isOwner(entityName: string, document: Row, user: AppUser): boolean;
  send(tx: Db, actor: Actor, entityName: string, documentId: number): Promise<Outcome>;
  decide(tx: Db, actor: Actor, entityName: string, rowId: number, decision: Decision, reason: unknown): Promise<Outcome>;
  /** A document's approver rows in the order they act. */
  rowsOf(db: Db, entityName: string, documentId: number): Promise<ApproverRow[]>;
  /** Whether `user` may decide `row` now (spec 3 §3.3 is_approve): the document waits, the row is theirs and its turn has come. */
  mayDecide(document: Row, rows: readonly ApproverRow[], row: ApproverRow, user: AppUser, entityName: string): boolean;
}

export function workflowEngine(catalog: Catalog, records: RecordWrites, hooksOf: (entityName: string) => WorkflowHooks): WorkflowEngine {
  function declaration(entityName: string) {
    const entity = catalog.entityNamed(entityName);
    const workflow = entity?.workflow;
    const rows = workflow ? catalog.entityNamed(workflow.rows.entity) : undefined;
    if (!entity || !workflow || !rows) throw new Error(`${entityName} declares no workflow`);
    return { entity, workflow, rows };
  }

  function isOwner(entityName: string, document: Row, user: AppUser): boolean {
    const { workflow } = declaration(entityName);
    const ownerId = Number(document[workflow.owner.field]);
    if (workflow.owner.entity === 'employee') return (user.kind === 'staff' || user.kind === 'booking') && user.employee_id === ownerId;
    if (user.kind === 'parent') return user.student_ids.includes(ownerId);
    return user.kind === 'student' && user.id === ownerId;
  }

  const transition = (workflow: WorkflowModel, action: WorkflowTransition['action']): WorkflowTransition => {
    const found = workflow.transitions.find((t) => t.action === action);
    if (!found) throw new Error(`The workflow declares no ${action}`);
    return found;
  };

  async function lockDocument(tx: Db, entity: EntityModel, id: number, locale: Locale): Promise<Row> {
    const row: Row | undefined = await tx.selectFrom(catalog.tableOf(entity)).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new ApiError(404, workflowText(locale, 'notFound'));
    return row;
  }

  function wrongState(locale: Locale, state: unknown, action: WorkflowTransition['action']): ApiError {
    return new ApiError(409, workflowText(locale, 'wrongState', { state: stateText(locale, String(state)), action: workflowText(locale, action) }));
  }

  async function rowsOf(db: Db, entityName: string, documentId: number): Promise<ApproverRow[]> {
    const { workflow, rows } = declaration(entityName);
    const found: Row[] = await db.selectFrom(catalog.tableOf(rows)).selectAll().where(workflow.rows.document, '=', documentId).orderBy('seq').execute();
    return found.map(toRow);
  }

  /** The logins that own the document, to hear its final decision. */
  async function ownerRecipients(tx: Db, workflow: WorkflowModel, document: Row): Promise<Recipient[]> {
    const ownerId = Number(document[workflow.owner.field]);
    if (workflow.owner.entity === 'employee') {
      const users = await typedDb(tx).selectFrom('users').select('id').where('employee_id', '=', ownerId).where('is_active', '=', true).execute();
      return users.map((u) => ({ kind: 'users', id: u.id }));
    }
    const parents = await typedDb(tx).selectFrom('parent_user').select('id').where('is_active', '=', true).where(sql<boolean>`${ownerId} = any(student_ids)`).execute();
    return parents.map((p) => ({ kind: 'parent_user', id: p.id }));
  }

  /** The event's notifications and their e-mails (./workflowMail.ts), in the decision's transaction: a rolled-back decision sends nothing. */
  async function notify(tx: Db, actor: Actor, entityName: string, document: Row, event: Event, step: number | 'final', recipients: Recipient[], reason: string | null): Promise<void> {
    const { workflow } = declaration(entityName);
    const docName = event === 'waiting' ? workflow.notify.approver : workflow.notify.owner;
    if (!docName || !recipients.length) return;
    const { key, params } = await hooksOf(entityName).notification(tx, document, event, reason);
    if (recipients.length === 1) await addNotification(typedDb(tx), recipients[0], { doc_name: docName, doc_id: String(document.id), key, params });
    else await addNotifications(tx, recipients, { doc_name: docName, doc_id: String(document.id), key, params });
    await enqueueWorkflowMail(tx, { entityName, documentId: Number(document.id), event, step, docName, key, params }, recipients, actor.caller.username);
  }

  /** Writes the document's new state and the moments and comment it declares fields for (sent_at, decided_at, comment). */
  async function setState(tx: Db, actor: Actor, entity: EntityModel, document: Row, change: Row): Promise<Row> {
    const declared = Object.fromEntries(Object.entries(change).filter(([name]) => entity.fields.some((f) => f.name === name)));
    return records.update(tx, actor.caller, entity.name, Number(document.id), updateBody(entity, document, declared));
  }

  function mayDecide(document: Row, rows: readonly ApproverRow[], row: ApproverRow, user: AppUser, entityName: string): boolean {
    const { workflow } = declaration(entityName);
    if (document[workflow.state] !== transition(workflow, 'approve').from) return false;
    if (user.kind !== 'staff' && user.kind !== 'booking') return false;
    if (row.state !== 'waiting' || row.user_id !== user.id || isOwner(entityName, document, user)) return false;
    return rows.filter((r) => r.seq < row.seq).every((r) => r.state === 'approved');
  }

  return {
    declaration,
    isOwner,
    rowsOf,
    mayDecide,

    async send(tx, actor, entityName, documentId) {
      const { entity, workflow, rows } = declaration(entityName);
      const locale = actor.caller.locale;
      const send = transition(workflow, 'send');
      const document = await lockDocument(tx, entity, documentId, locale);
      if (!isOwner(entityName, document, actor.user)) throw new ApiError(403, workflowText(locale, 'notOwner'));
      if (document[workflow.state] !== send.from) throw wrongState(locale, document[workflow.state], 'send');
      const hooks = hooksOf(entityName);
      await hooks.beforeSend?.(tx, document, actor);
      const rules = await approvalRulesOf(tx, entityName);
      const now = new Date().toISOString();
      if (!rules.needApproval) {
        const approved = transition(workflow, 'approve').to;
        const stored = await setState(tx, actor, entity, document, { [workflow.state]: approved, sent_at: now, decided_at: now });
        await hooks.afterDecided?.(tx, stored, 'approved', actor);
        return { document: stored, state: approved, message: workflowText(locale, 'approvedAtOnce') };
      }
      const ownerEmployee = workflow.owner.entity === 'employee' ? Number(document[workflow.owner.field]) : null;
      const approvers = await approversOf(tx, catalog, entityName, document, workflow.approvers, { employeeId: ownerEmployee }, rules);
      if (!approvers.length) throw new ApiError(422, workflowText(locale, 'noApprover'));
      const bodies = approvers.map((a, i) => {
        const body: Row = { [workflow.rows.document]: documentId, seq: i + 1, user_id: a.user_id, state: 'waiting' };
        for (const key of ['employee_id', 'position_id', 'hr_position_id'] as const) {
          if (a[key] !== null && rows.fields.some((f) => f.name === key)) body[key] = a[key];
        }
        return body;
      });
      await records.createMany(tx, actor.caller, rows.name, bodies);
      const stored = await setState(tx, actor, entity, document, { [workflow.state]: send.to, sent_at: now });
      await notify(tx, actor, entityName, stored, 'waiting', 1, [{ kind: 'users', id: approvers[0].user_id }], null);
      return { document: stored, state: send.to, message: workflowText(locale, 'sent') };
    },

    async decide(tx, actor, entityName, rowId, decision, rawReason) {
      const { entity, workflow, rows } = declaration(entityName);
      const locale = actor.caller.locale;
      const step = transition(workflow, decision);
      const reason = typeof rawReason === 'string' ? rawReason.trim() : '';
      if (step.reason === 'required' && !reason) throw invalidInput(locale, { reason: [workflowText(locale, 'reasonRequired')] });
      const stored: Row | undefined = await tx.selectFrom(catalog.tableOf(rows)).select(['id', workflow.rows.document]).where('id', '=', rowId).executeTakeFirst();
      if (!stored) throw new ApiError(404, workflowText(locale, 'notFound'));
      const documentId = Number(stored[workflow.rows.document]);
      // The document first, locked: decisions on one document take turns from here.
      const document = await lockDocument(tx, entity, documentId, locale);
      if (isOwner(entityName, document, actor.user)) throw new ApiError(403, workflowText(locale, 'ownRequest'));
      const all = await rowsOf(tx, entityName, documentId);
      const row = all.find((r) => r.id === rowId);
      if (!row) throw new ApiError(404, workflowText(locale, 'notFound'));
      if (row.user_id !== actor.user.id || (actor.user.kind !== 'staff' && actor.user.kind !== 'booking')) throw new ApiError(403, workflowText(locale, 'notYourRow'));
      if (document[workflow.state] !== step.from) throw wrongState(locale, document[workflow.state], decision);
      if (row.state !== 'waiting') throw new ApiError(409, workflowText(locale, 'rowDecided', { state: stateText(locale, row.state) }));
      const earlier = all.find((r) => r.seq < row.seq && r.state !== 'approved');
      if (earlier) {
        const who = await typedDb(tx).selectFrom('users').select('name').where('id', '=', earlier.user_id).executeTakeFirst();
        throw new ApiError(409, workflowText(locale, 'earlierWaiting', { approver: who?.name ?? String(earlier.seq) }));
      }
      const hooks = hooksOf(entityName);
      const last = all.every((r) => r.id === row.id || r.state === 'approved');
      if (decision === 'approve' && last) await hooks.beforeApprove?.(tx, document, actor);
      const now = new Date().toISOString();
      const rowStored: Row | undefined = await tx.selectFrom(catalog.tableOf(rows)).selectAll().where('id', '=', rowId).executeTakeFirst();
      await records.update(tx, actor.caller, rows.name, rowId, updateBody(rows, rowStored ?? {}, { state: decision === 'approve' ? 'approved' : 'rejected', action_date: now, ...(reason ? { reason } : {}) }));
      if (decision === 'reject') {
        const decided = await setState(tx, actor, entity, document, { [workflow.state]: step.to, decided_at: now, comment: reason });
        await hooks.afterDecided?.(tx, decided, 'rejected', actor);
        await notify(tx, actor, entityName, decided, 'rejected', 'final', await ownerRecipients(tx, workflow, decided), reason);
        return { document: decided, state: step.to, message: workflowText(locale, 'rejected') };
      }
      if (last) {
        const decided = await setState(tx, actor, entity, document, { [workflow.state]: step.to, decided_at: now });
        await hooks.afterDecided?.(tx, decided, 'approved', actor);
        await notify(tx, actor, entityName, decided, 'approved', 'final', await ownerRecipients(tx, workflow, decided), null);
        return { document: decided, state: step.to, message: workflowText(locale, 'approved') };
      }
      const next = all.filter((r) => r.seq > row.seq).sort((a, b) => a.seq - b.seq)[0];
      await notify(tx, actor, entityName, document, 'waiting', next.seq, [{ kind: 'users', id: next.user_id }], null);
      return { document, state: document[workflow.state] as WorkflowState, message: workflowText(locale, 'approved') };
    },
  };
}
