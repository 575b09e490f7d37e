// Publishing an announcement (issue 11 "Feeds and notifications"; DESIGN: jobs that run later
// keep their state in the database). An announcement is published once its show time has
// come: its recipient rows are resolved into the audience (students by student, class, level
// through class.level_id, unit through student.department_id) and each account it reaches is
// notified once (doc_name t_comboard_detail, target /home-comboard, the key announcement_new,
// shown in each reader's language): the parents of audience students when it goes to parents,
// the audience students when it goes to students, staff holding ROLE_TEACHER when it goes to
// teachers.
//
// Exactly once, across saves, timers and processes: the publication is claimed by one
// conditional update (`published_at is null and show_date <= now()`); the audience rows and
// comboard_notified rows are unique keys inserted with `on conflict do nothing`, and only the
// accounts whose comboard_notified row this run inserted are notified. So a save, a recipient
// added later or a second process running the same publication at once notify nobody twice.
//
// It runs after every save and recipient change, and on a timer in the server for show times
// that come later (startPublisher, stopped when the server closes).

import { sql } from 'kysely';
import type { Db, Row } from '../db/database';
import { addNotifications, type Recipient, type RecipientKind } from '../shell/notificationStore';

export const COMBOARD_DOC_NAME = 't_comboard_detail';
/** How often the server looks for announcements whose show time has come. */
export const PUBLISH_INTERVAL_MS = 30_000;

/**
 * Resolves the announcement's recipient rows into audience rows (those not there yet), in one
 * set-based statement: a branch per kind of row, each joining through the students' indexed
 * references, so thousands of students cost one statement, not one per student or per row.
 */
export async function resolveAudience(tx: Db, comboardId: number): Promise<void> {
  await sql`insert into comboard_audience (comboard_id, comboard_recipient_id, student_id, created_by)
    select r.comboard_id, r.id, s.id, 'system' from comboard_recipient r join student s on s.id = r.student_id where r.comboard_id = ${comboardId}
    union all
    select r.comboard_id, r.id, s.id, 'system' from comboard_recipient r join student s on s.class_id = r.class_id where r.comboard_id = ${comboardId}
    union all
    select r.comboard_id, r.id, s.id, 'system' from comboard_recipient r join student s on s.department_id = r.department_id where r.comboard_id = ${comboardId}
    union all
    select r.comboard_id, r.id, s.id, 'system' from comboard_recipient r join class k on k.level_id = r.level_id join student s on s.class_id = k.id
      where r.comboard_id = ${comboardId}
    on conflict do nothing`.execute(tx);
}

/** Notifies every account the published announcement reaches that has not been notified yet; answers how many were. */
async function notifyNew(tx: Db, board: Row): Promise<number> {
  const id = Number(board.id);
  const inserted = await sql<{ recipient_kind: RecipientKind; recipient_id: number }>`
    insert into comboard_notified (comboard_id, recipient_kind, recipient_id)
    select ${id}, kind, account from (
      -- A parent through each child in the audience: one hash join of the parents' children with
      -- the audience, not a search of the audience per parent (thousands of parents).
      select distinct 'parent_user' as kind, p.id as account from parent_user p cross join lateral unnest(p.student_ids) as child(id)
        join comboard_audience a on a.comboard_id = ${id} and a.student_id = child.id
        where ${board.to_parent === true} and p.is_active
      union all
      select distinct 'student', a.student_id from comboard_audience a where ${board.to_student === true} and a.comboard_id = ${id}
      union all
      select 'users', u.id from users u where ${board.to_teacher === true} and u.is_active and exists (
        select 1 from role_user ru join role_group g on g.id = ru.role_group_id join role r on r.id = any(g.role_ids)
        where ru.user_id = u.id and r.authority = 'ROLE_TEACHER')
    ) reached -- union all: the kinds differ, so distinct within each branch is enough (no second pass over all 5,000)
    on conflict do nothing
    returning recipient_kind, recipient_id`.execute(tx);
  const recipients: Recipient[] = inserted.rows.map((r) => ({ kind: r.recipient_kind, id: Number(r.recipient_id) }));
  await addNotifications(tx, recipients, { doc_name: COMBOARD_DOC_NAME, doc_id: String(id), key: 'announcement_new', params: { title: String(board.title) } });
  return recipients.length;
}

/**
 * Publishes the announcement if its show time has come: claims it (first time), or, when it
 * was published before, resolves recipients added since and notifies whom they reach. Answers
 * how many accounts were notified now. Runs in the caller's transaction (the demo seed's).
 */
export async function publishInside(tx: Db, comboardId: number): Promise<number> {
  await sql`update comboard set published_at = now() where id = ${comboardId} and published_at is null and show_date <= now()`.execute(tx);
  const board: Row | undefined = (
    await sql<Row>`select id, title, to_parent, to_student, to_teacher from comboard where id = ${comboardId} and published_at is not null`.execute(tx)
  ).rows[0];
  if (!board) return 0;
  await resolveAudience(tx, comboardId);
  return notifyNew(tx, board);
}

/** publishInside in a transaction of its own. */
export async function publishAnnouncement(db: Db, comboardId: number): Promise<number> {
  return db.transaction().execute((tx) => publishInside(tx, comboardId));
}

/** Publishes every announcement whose show time has come and that is not published yet. */
export async function publishDue(db: Db): Promise<number> {
  // The timer starts with the app, before a first start's migrate has made the board's tables.
  const there = await sql<{ name: string | null }>`select to_regclass('comboard')::text as name`.execute(db);
  if (!there.rows[0]?.name) return 0;
  const due = await sql<{ id: number }>`select id from comboard where published_at is null and show_date <= now() order by show_date, id limit 500`.execute(db);
  let notified = 0;
  for (const row of due.rows) notified += await publishAnnouncement(db, Number(row.id));
  return notified;
}

export interface Publisher {
  stop(): void;
}

/** Runs publishDue now and every `intervalMs`; failures are logged and tried again next time. */
export function startPublisher(db: Db, log: { error(details: unknown, message: string): void }, intervalMs = PUBLISH_INTERVAL_MS): Publisher {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() => publishDue(db)).catch((error: unknown) => log.error({ err: error }, 'Publishing due announcements failed'));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
