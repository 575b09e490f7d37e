// What the board needs in the database beyond its schemas' tables, made by migrate (once its
// tables exist): the indexes of the feeds (newest show date first, a card's comments, latest
// attachment versions, a student's announcements) and of the publisher's timer, and
// comboard_notified, which makes "each account is notified once per announcement" a unique
// key rather than a hope: two processes publishing at once both try, one row wins.

import { sql } from 'kysely';
import type { Db } from '../db/database';

export const COMBOARD_DDL: readonly string[] = [
  // The feed's order, carrying the audience switches and the publication, so a family's count of
  // what it sees reads this index alone (bench: 11 → 6 ms on 10,000 announcements).
  'create index if not exists comboard_feed_cover_idx on comboard (show_date desc, id desc) include (to_parent, to_student, to_teacher, published_at)',
  'drop index if exists comboard_feed_idx',
  'create index if not exists comboard_due_idx on comboard (show_date) where published_at is null',
  'create index if not exists comboard_comment_board_idx on comboard_comment (comboard_id, id desc)',
  'create index if not exists comboard_comment_detail_idx on comboard_comment (detail_id)',
  'create index if not exists comboard_attachment_board_idx on comboard_attachment (comboard_id, file_name, file_version desc)',
  'create index if not exists comboard_audience_student_idx on comboard_audience (student_id, comboard_id)',
  'create index if not exists comboard_audience_recipient_idx on comboard_audience (comboard_recipient_id)',
  `create table if not exists comboard_notified (
    comboard_id integer not null,
    recipient_kind text not null check (recipient_kind in ('users', 'student', 'parent_user')),
    recipient_id integer not null,
    created_at timestamptz not null default now(),
    primary key (comboard_id, recipient_kind, recipient_id)
  )`,
  // No foreign key to comboard: its check locked the announcement's row once per account (5,000
  // times for a school-wide one, most of a publication's time); deleting an announcement deletes
  // its rows (comboardRoutes), and only the publisher inserts them, for an announcement it holds.
  'alter table comboard_notified drop constraint if exists comboard_notified_comboard_id_fkey',
];

/** Runs COMBOARD_DDL when the board's tables are there (a schema set without them skips it). */
export async function syncComboardDdl(tx: Db): Promise<boolean> {
  const found = await sql<{ name: string | null }>`select to_regclass('comboard_audience')::text as name`.execute(tx);
  const board = await sql<{ name: string | null }>`select to_regclass('comboard_attachment')::text as name`.execute(tx);
  if (!found.rows[0]?.name || !board.rows[0]?.name) return false;
  for (const ddl of COMBOARD_DDL) await sql.raw(ddl).execute(tx);
  return true;
}
