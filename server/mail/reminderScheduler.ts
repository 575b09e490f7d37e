// Reminders by the templates' timing (issue 13 "E-mail"; spec 3 §3.2: start email from (days),
// days before due date, delivery interval, delivery time), run by a timer in the server
// process (./mailJobs.ts). State is the outbox: each message's key is
// `reminder|<template>|<party kind>|<party id>|<day>`, so a second run the same day, a restart
// or a second server process enqueues nothing new.
//
// For each open, published invoice with something owing, its matching active template
// (./mailMessages.ts: the invoice's income type first, else the template for every type) of
// each kind decides whether today is one of its days:
// - reminder: from `due − days before due` (not before `invoice date + start email from`)
//   every `interval` days up to the due date; no interval: that first day only.
// - overdue: from `due + start email from` (at least the day after the due date) every
//   `interval` days, for at most 180 days; no interval: that first day only.
// Nothing is enqueued before the template's delivery time of the day. A party's invoices that
// fall due for one template the same day make one message. Parties without a father's or
// mother's email are counted and left out (spec 3 §5).
//
// Days the server was down: when it starts again, catchUpReminders() looks back CATCH_UP_DAYS
// days. A template's reminder to a party whose day passed with no message for it (none keyed on
// that day or since) and that is not due again today gets one message now, keyed on its latest
// missed day: a parent gets one late reminder, not one per missed day, and a second start sends
// nothing more. Only days since the job first enqueued a reminder count (a new school's first
// start has nothing to catch up).

import { sql } from 'kysely';
import type { PartyKind } from '../../src/shared/api/finance';
import { addDays, schoolClock, schoolToday } from '../../src/shared/schoolCalendar';
import type { Db } from '../db/database';
import { activeTemplates, enqueueMessages, loadParties, parentAddresses, type OpenInvoice, type PlannedMessage, type Template } from './mailMessages';

export const OVERDUE_DAYS = 180;
/** How far back a start looks for reminder days the server missed. */
export const CATCH_UP_DAYS = 7;

interface DueRow {
  template_id: number;
  id: number;
  transaction_no: string | null;
  income_type: string;
  income_type_id: number;
  due_date: string;
  outstanding: string;
  student_id: number | null;
  candidate_id: number | null;
}

export interface ReminderReport {
  queued: number;
  /** Messages already in the outbox for today (an earlier run). */
  existing: number;
  withoutEmail: number;
}

/** The invoices for which `today` is a reminder or overdue day of their matching template, whose delivery time has come. */
async function dueToday(db: Db, today: string, time: string): Promise<DueRow[]> {
  const rows = await sql<DueRow>`
    select m.* from (
      select distinct on (i.id, t.email_type) t.id as template_id, t.email_type, t.delivery_time, t.days_before_due, t.delivery_interval, t.start_email_from,
        i.id, i.transaction_no, it.name as income_type, i.income_type_id, i.due_date::text as due_date, i.invoice_date::date as invoice_date, i.outstanding::text as outstanding,
        i.student_id, i.candidate_id, i.due_date::date as due
      from invoice i
      join income_type it on it.id = i.income_type_id
      join email_template t on t.is_active and t.email_type in ('reminder', 'overdue') and (t.income_type_id = i.income_type_id or t.income_type_id is null)
      where i.state = 'open' and i.outstanding > 0 and i.is_published
        and i.due_date between ${today}::date - ${OVERDUE_DAYS + 400}::int and ${today}::date + 400
      order by i.id, t.email_type, (t.income_type_id is null), t.id
    ) m
    cross join lateral (select case when m.email_type = 'reminder'
        then greatest(m.due - coalesce(m.days_before_due, 0)::int, m.invoice_date + coalesce(m.start_email_from, 0)::int)
        else m.due + greatest(coalesce(m.start_email_from, 0), 1)::int end as first_day) f
    where coalesce(m.delivery_time, '00:00'::time) <= ${time}::time
      and ${today}::date >= f.first_day
      and ${today}::date <= case when m.email_type = 'reminder' then m.due else f.first_day + ${OVERDUE_DAYS}::int end
      and (case when m.delivery_interval is null then ${today}::date = f.first_day else (${today}::date - f.first_day) % m.delivery_interval::int = 0 end)
    order by m.id`.execute(db);
  return rows.rows.map((row) => ({ ...row, template_id: Number(row.template_id), id: Number(row.id), income_type_id: Number(row.income_type_id) }));
}

/** The messages the rows make: a party's invoices for one template are one message. */
async function planned(db: Db, rows: readonly DueRow[], report: ReminderReport): Promise<PlannedMessage[]> {
  const templates = new Map<number, Template>();
  for (const type of ['reminder', 'overdue'] as const) for (const template of await activeTemplates(db, type)) templates.set(template.id, template);
  const out: PlannedMessage[] = [];
  for (const kind of ['student', 'candidate'] as const satisfies readonly PartyKind[]) {
    const mine = rows.filter((row) => partyOf(row).kind === kind);
    const ids = [...new Set(mine.map((row) => partyOf(row).id))];
    for (let start = 0; start < ids.length; start += 1000) {
      const parties = await loadParties(db, kind, { ids: ids.slice(start, start + 1000) });
      const byId = new Map(parties.map((party) => [party.id, party]));
      const groups = new Map<string, PlannedMessage>();
      for (const row of mine) {
        const party = byId.get(partyOf(row).id);
        const template = templates.get(row.template_id);
        if (!party || !template) continue;
        const key = `${template.id}|${party.id}`;
        const invoice: OpenInvoice = { id: row.id, transaction_no: row.transaction_no, income_type: row.income_type, income_type_id: row.income_type_id, due_date: row.due_date, outstanding: Number(row.outstanding), party_id: party.id };
        const group = groups.get(key) ?? { party, template, invoices: [] };
        group.invoices.push(invoice);
        groups.set(key, group);
      }
      for (const group of groups.values()) {
        if (parentAddresses(group.party).length === 0) report.withoutEmail += 1;
        else out.push(group);
      }
    }
  }
  return out;
}

function partyOf(row: DueRow): { kind: PartyKind; id: number } {
  return row.student_id !== null ? { kind: 'student', id: Number(row.student_id) } : { kind: 'candidate', id: Number(row.candidate_id) };
}

/** A template's messages to one party: `<template>|<kind>|<id>`. */
const groupKey = (row: DueRow) => `${row.template_id}|${partyOf(row).kind}|${partyOf(row).id}`;

/** Enqueues today's reminders, today and the time of day read on the school's clock (Jakarta); answers what it did. */
export async function enqueueReminders(db: Db, now: Date = new Date()): Promise<ReminderReport> {
  const today = schoolToday(now);
  const time = schoolClock(now);
  const rows = await dueToday(db, today, time);
  const report: ReminderReport = { queued: 0, existing: 0, withoutEmail: 0 };
  if (rows.length === 0) return report;
  const messages = await planned(db, rows, report);
  const inserted = await db.transaction().execute((tx) => enqueueMessages(tx, messages, { source: 'reminder', date: today, createdBy: 'system', scheduledFor: now }));
  report.queued = inserted.length;
  report.existing = messages.length - inserted.length;
  return report;
}

/**
 * The reminders of the last CATCH_UP_DAYS days that never reached the outbox (the server was
 * down on their day, or past their delivery time): one message per template and party, keyed on
 * its latest missed day, unless one was enqueued on that day or since, or it is due again today
 * (today's covers it). Run when the server starts (./mailJobs.ts); running it again enqueues nothing.
 */
export async function catchUpReminders(db: Db, now: Date = new Date()): Promise<ReminderReport> {
  const report: ReminderReport = { queued: 0, existing: 0, withoutEmail: 0 };
  const today = schoolToday(now);
  // The job has run since its first reminder: days before it were not missed. Its first run is
  // read on the job's own clock (scheduled_for is the `now` it ran at), not the database's.
  const first = (await sql<{ at: Date | string | null }>`select min(scheduled_for) as at from mail_outbox where source = 'reminder'`.execute(db)).rows[0]?.at;
  if (!first) return report;
  const since = schoolToday(new Date(first)); // a string or a Date, by the driver
  // The latest missed day of each group, newest first, and its rows on that day.
  const latest = new Map<string, { day: string; rows: DueRow[] }>();
  for (let back = 1; back <= CATCH_UP_DAYS; back++) {
    const day = addDays(today, -back);
    if (day < since) break;
    for (const row of await dueToday(db, day, '23:59:59')) {
      const found = latest.get(groupKey(row));
      if (found && found.day !== day) continue;
      if (found) found.rows.push(row);
      else latest.set(groupKey(row), { day, rows: [row] });
    }
  }
  if (latest.size === 0) return report;
  for (const row of await dueToday(db, today, '23:59:59')) latest.delete(groupKey(row));
  // Keys of a reminder from each group's missed day to today: any in the outbox means it went.
  const keysOf = (group: string, day: string) => {
    const keys: string[] = [];
    for (let d = day; d <= today; d = addDays(d, 1)) {
      const [template, kind, id] = group.split('|');
      keys.push(`reminder|${template}|${kind}|${id}|${d}`);
    }
    return keys;
  };
  const wanted = [...latest].flatMap(([group, { day }]) => keysOf(group, day));
  const sent = new Set<string>();
  for (let start = 0; start < wanted.length; start += 5000) {
    const found = await sql<{ dedupe_key: string }>`select dedupe_key from mail_outbox where dedupe_key = any(${wanted.slice(start, start + 5000)}::text[])`.execute(db);
    for (const row of found.rows) sent.add(row.dedupe_key.split('|').slice(1, 4).join('|'));
  }
  const byDay = new Map<string, DueRow[]>();
  for (const [group, { day, rows }] of latest) {
    if (sent.has(group)) continue;
    const same = byDay.get(day);
    if (same) same.push(...rows);
    else byDay.set(day, [...rows]);
  }
  for (const [day, rows] of byDay) {
    const messages = await planned(db, rows, report);
    const inserted = await db.transaction().execute((tx) => enqueueMessages(tx, messages, { source: 'reminder', date: day, createdBy: 'system', scheduledFor: now }));
    report.queued += inserted.length;
    report.existing += messages.length - inserted.length;
  }
  return report;
}
