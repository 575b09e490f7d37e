// The writes of selection (rombel-save), each inside the caller's transaction, through the
// write door. The database decides every rule that could race:
//
//   one student at a time   a transaction-scoped advisory lock on the student, taken by the
//                           save's first statement (./saveFacts.ts): their own choices (time
//                           clashes, most extracurriculars, final) are read and written by one
//                           request at a time
//   capacity                the seat is inserted first (the write door's checks, the unique
//                           key), then the offering's row is locked (select … for no key update:
//                           the seat's foreign key already holds a key-share lock on that row,
//                           which a plain for update would wait for, deadlocking two sign-ups) and its
//                           enrolments counted by a statement of their own, which sees every seat
//                           committed before the lock was granted plus this one: more than the
//                           capacity and the transaction rolls back ("full"). The lock is the
//                           transaction's last two statements and its commit, so sign-ups take
//                           turns for a moment each. A count read without the lock only ever
//                           refuses early (a full offering answers "full" without queuing for
//                           the lock); it never admits
//   one seat per student    the unique key (selection_offering_id, student_id): a double click
//                           finds its seat and answers it, a racing duplicate is refused by the
//                           index

import { CompiledQuery } from 'kysely';
import type { Locale } from '../../src/shared/entityModel';
import type { SelectionKind, SelectionRefusal, SelectionTime } from '../../src/shared/api/selection';
import type { Db } from '../db/database';
import { ReadBatcher } from '../db/readBatcher';
import { typedDb } from '../db/typedDb';
import { ApiError } from '../http/apiError';
import type { Caller, RecordWrites } from '../records/recordWrites';
import { offeringOf, offeringQuery, type ChoiceFacts, type OfferingRow } from './saveFacts';
import { sittingOf, type SittingRow, type StudentInfo } from './selectionReads';
import { dayName, selectionText, type SelectionTextKey } from './selectionTexts';
import type { Window, WindowState } from './selectionWindow';

export function refusal(locale: Locale, status: number, reason: SelectionRefusal, key: SelectionTextKey, params: Record<string, string | number> = {}): ApiError {
  return new ApiError(status, selectionText(locale, key, params), undefined, { reason });
}

const closedKey: Record<NonNullable<WindowState['closed_reason']>, { reason: SelectionRefusal; key: SelectionTextKey }> = {
  none: { reason: 'closed', key: 'closedNone' },
  before: { reason: 'closed', key: 'closedBefore' },
  after: { reason: 'closed', key: 'closedAfter' },
  timeout: { reason: 'timeout', key: 'timeout' },
  final: { reason: 'final', key: 'final' },
};

const shownDate = (locale: Locale, iso: string | null) =>
  iso ? new Intl.DateTimeFormat(locale === 'id' ? 'id-ID' : 'en-GB', { dateStyle: 'long', timeZone: 'Asia/Jakarta' }).format(new Date(iso)) : '';

/** Throws 403 with why choosing is closed, unless it is open. */
export function requireOpen(locale: Locale, state: WindowState): void {
  if (state.open || !state.closed_reason) return;
  const { reason, key } = closedKey[state.closed_reason];
  throw refusal(locale, 403, reason, key, { start: shownDate(locale, state.start), end: shownDate(locale, state.end) });
}

/**
 * The student's sitting of a kind in a year, made now if they have none: their time limit counts
 * from it. Two first visits at once make one (the unique key; the loser reads the winner's).
 */
export async function ensureSitting(tx: Db, records: RecordWrites, caller: Caller, studentId: number, yearId: number, kind: SelectionKind, now: Date): Promise<SittingRow> {
  const found = await sittingOf(tx, studentId, yearId, kind);
  if (found) return found;
  await records.createMany(tx, caller, 'selection_sitting', [{ student_id: studentId, academic_year_id: yearId, kind, started_at: now.toISOString() }], { onConflict: 'skip' });
  const made = await sittingOf(tx, studentId, yearId, kind);
  if (!made) throw new Error('selection sitting was not made');
  return made;
}

const overlaps = (a: SelectionTime, b: SelectionTime) => a.day === b.day && a.time1 < b.time2 && b.time1 < a.time2;

/** The offering's row, locked against other sign-ups' counts until the transaction ends. */
async function lockedOffering(tx: Db, offeringId: number, kind: SelectionKind, yearId: number, student: StudentInfo): Promise<OfferingRow | undefined> {
  return offeringOf(await offeringQuery(tx, offeringId, kind, yearId, student.department_id).forNoKeyUpdate().executeTakeFirst());
}

async function seatsTaken(tx: Db, offeringId: number): Promise<number> {
  const row = await typedDb(tx)
    .selectFrom('selection_enrolment')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('selection_offering_id', '=', offeringId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface SaveOutcome {
  message: string;
  already: number | null;
  capacity: number | null;
  /** The offerings of the kind the student holds now, when the write knows them without a read. */
  chosen?: number[];
}

export interface SaveContext {
  tx: Db;
  records: RecordWrites;
  caller: Caller;
  student: StudentInfo;
  yearId: number;
  kind: SelectionKind;
  window: Window;
  /** What choiceFacts read once the student's lock was held. */
  facts: ChoiceFacts;
}

/** The early refusal's one read, as text (no query to build): the offerings' seats taken now. */
const FULL_NOW = `select o.id, o.kind, o.name, o.capacity, (select count(*) from selection_enrolment e where e.selection_offering_id = o.id) as taken
  from selection_offering o where o.id = any($1::int[])`;

interface Seats {
  id: number;
  kind: string;
  name: string;
  capacity: number | null;
  taken: string;
}

async function seatsNow(db: Db, offeringIds: number[]): Promise<Map<number, Seats>> {
  const rows = (await db.executeQuery<Seats>(CompiledQuery.raw(FULL_NOW, [offeringIds]))).rows;
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/** Per database handle: the early refusals' reads of the calls that arrive together, as one. */
const seatReads = new WeakMap<Db, ReadBatcher<number, Seats>>();

/**
 * The seats still free in an offering now (Infinity when it takes any number), or a 409 "full"
 * refusal: one read, no transaction, no lock, shared with the other calls of the moment
 * (readBatcher.ts). It only ever refuses (seats are given back rarely; one freed a moment ago
 * is as if it freed a moment later); who gets a seat is decided under the row lock in choose().
 * An unknown offering is left to choose() to refuse.
 */
export async function freeSeats(db: Db, locale: Locale, offeringId: number, kind: SelectionKind): Promise<number> {
  let batcher = seatReads.get(db);
  if (!batcher) seatReads.set(db, (batcher = new ReadBatcher((ids) => seatsNow(db, ids))));
  const row = await batcher.get(offeringId);
  if (!row || row.kind !== kind) return Infinity;
  const free = Number(row.capacity ?? 0) - Number(row.taken);
  if (free > 0) return free;
  if (kind === 'extracurricular') {
    const setting = await typedDb(db).selectFrom('setting_extracurricular').select('allow_over_capacity').orderBy('id').executeTakeFirst();
    if (setting?.allow_over_capacity) return Infinity;
  }
  throw refusal(locale, 409, 'full', 'full', { name: String(row.name), capacity: Number(row.capacity ?? 0) });
}

/** Per database handle and offering: the saves choosing a seat in it now, and the ones waiting for a turn. */
interface Turns {
  choosing: Map<number, number>;
  waiting: Map<number, Array<() => void>>;
}
const turnsOf = new WeakMap<Db, Turns>();

/**
 * Runs `take` (a save choosing a seat) once fewer saves of this server are choosing a seat in
 * the offering than it has seats free, by a fresh read each time (freeSeats): a burst of a
 * thousand for thirty seats runs about thirty transactions, while the rest wait here, holding
 * no connection, and are refused together by one read once the seats are gone. It decides
 * nothing about capacity (the database does, in choose()); it only spares the database
 * transactions that could not win: a save that fails frees its turn, and the waiting read again.
 */
export async function withSeatTurn<T>(db: Db, locale: Locale, offeringId: number, kind: SelectionKind, take: () => Promise<T>): Promise<T> {
  let turns = turnsOf.get(db);
  if (!turns) turnsOf.set(db, (turns = { choosing: new Map(), waiting: new Map() }));
  const { choosing: choosingNow, waiting: waitingTurn } = turns;
  for (;;) {
    const free = await freeSeats(db, locale, offeringId, kind);
    if ((choosingNow.get(offeringId) ?? 0) < free) break;
    await new Promise<void>((resolve) => {
      const waiting = waitingTurn.get(offeringId);
      if (waiting) waiting.push(resolve);
      else waitingTurn.set(offeringId, [resolve]);
    });
  }
  choosingNow.set(offeringId, (choosingNow.get(offeringId) ?? 0) + 1);
  try {
    return await take();
  } finally {
    const left = (choosingNow.get(offeringId) ?? 1) - 1;
    if (left > 0) choosingNow.set(offeringId, left);
    else choosingNow.delete(offeringId);
    // Everyone waiting reads the seats again (one shared read) and the turns go round again.
    const waiting = waitingTurn.get(offeringId);
    waitingTurn.delete(offeringId);
    for (const wake of waiting ?? []) wake();
  }
}

/** Takes a seat (check true). The student's lock is held; the window was checked open. */
export async function choose(ctx: SaveContext, offeringId: number): Promise<SaveOutcome> {
  const { tx, records, caller, student, yearId, kind, window, facts } = ctx;
  const locale = caller.locale;
  const { offering, mine, times, taken: takenBefore } = facts;
  if (!offering || offering.id !== offeringId) throw refusal(locale, 404, 'unknownOffering', 'unknownOffering');
  // The offering is of the year, so a seat the student holds in it is among their year's.
  if (mine.some((o) => o.id === offeringId)) {
    return { message: selectionText(locale, 'alreadyChosen', { name: offering.name }), already: takenBefore, capacity: offering.capacity };
  }
  if (kind === 'extracurricular' && window.max_choices !== null) {
    const count = mine.filter((o) => o.kind === 'extracurricular').length;
    if (count >= window.max_choices) throw refusal(locale, 422, 'maximum', 'maximum', { max: window.max_choices });
  }
  for (const time of times.get(offeringId) ?? []) {
    for (const other of mine) {
      const clash = (times.get(other.id) ?? []).find((t) => overlaps(time, t));
      if (clash) {
        throw refusal(locale, 409, 'clash', 'clash', { name: offering.name, other: other.name, day: dayName(locale, clash.day), time1: clash.time1, time2: clash.time2 });
      }
    }
  }
  const limited = !(kind === 'extracurricular' && window.allow_over_capacity);
  const fullMessage = () => refusal(locale, 409, 'full', 'full', { name: offering.name, capacity: offering.capacity });
  // Early refusal only: a full offering does not queue for its row lock.
  if (limited && takenBefore >= offering.capacity) throw fullMessage();
  await records.create(tx, caller, 'selection_enrolment', { selection_offering_id: offeringId, student_id: student.id });
  // Last: the row lock, then the count in a statement of its own (its snapshot is taken after the
  // lock was granted), then the commit. Over the capacity and the seat just inserted rolls back.
  const locked = await lockedOffering(tx, offeringId, kind, yearId, student);
  if (!locked) throw refusal(locale, 404, 'unknownOffering', 'unknownOffering');
  const taken = await seatsTaken(tx, offeringId);
  if (limited && taken > locked.capacity) throw fullMessage();
  const chosen = [...mine.filter((o) => o.kind === kind).map((o) => o.id), offeringId].sort((x, y) => x - y);
  return { message: selectionText(locale, 'chosen', { name: offering.name }), already: taken, capacity: locked.capacity, chosen };
}

/** Gives a seat back (check false). */
export async function release(ctx: SaveContext, offeringId: number): Promise<SaveOutcome> {
  const { tx, records, caller, student, window } = ctx;
  const locale = caller.locale;
  if (!window.allow_change) throw refusal(locale, 403, 'closed', 'noChange');
  const row = await typedDb(tx)
    .selectFrom('selection_enrolment')
    .innerJoin('selection_offering', 'selection_offering.id', 'selection_enrolment.selection_offering_id')
    .select(['selection_enrolment.id', 'selection_offering.name', 'selection_offering.capacity'])
    .where('selection_enrolment.selection_offering_id', '=', offeringId)
    .where('selection_enrolment.student_id', '=', student.id)
    .where('selection_offering.kind', '=', ctx.kind)
    .executeTakeFirst();
  if (!row) throw refusal(locale, 404, 'unknownOffering', 'unknownOffering');
  await records.delete(tx, caller, 'selection_enrolment', Number(row.id));
  return { message: selectionText(locale, 'released', { name: String(row.name) }), already: await seatsTaken(tx, offeringId), capacity: Number(row.capacity ?? 0) };
}

/** Counts of a student's subject choices: of their own major, and of other majors. */
export function subjectCounts(student: StudentInfo, chosen: { kind: SelectionKind; major_id: number | null }[]): { major: number; cross: number } {
  const subjects = chosen.filter((o) => o.kind === 'subject');
  const major = subjects.filter((o) => o.major_id !== null && o.major_id === student.major_id).length;
  return { major, cross: subjects.length - major };
}

/** Makes the choice final (last_select) once the minimums hold. */
export async function finalize(ctx: SaveContext, sitting: SittingRow): Promise<string> {
  const { tx, records, caller, student, yearId, kind, window, facts } = ctx;
  const locale = caller.locale;
  const chosen = facts.mine.filter((o) => o.kind === kind);
  if (kind === 'subject') {
    const counts = subjectCounts(student, chosen);
    if (counts.major < window.min_major || counts.cross < window.min_cross) {
      throw refusal(locale, 422, 'minimum', 'minimum', { majorMin: window.min_major, major: counts.major, crossMin: window.min_cross, cross: counts.cross });
    }
  } else if (chosen.length < window.min_choices) {
    throw refusal(locale, 422, 'minimum', 'minimumExtra', { min: window.min_choices, count: chosen.length });
  }
  await records.update(tx, caller, 'selection_sitting', sitting.id, {
    student_id: student.id,
    academic_year_id: yearId,
    kind,
    started_at: sitting.started_at,
    finalized_at: new Date().toISOString(),
    version: sitting.version,
  });
  return selectionText(locale, 'finalized');
}
