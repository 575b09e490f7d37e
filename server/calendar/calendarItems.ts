// The school's calendar as one list (src/shared/api/portal.ts CalendarItem): the school events
// and the active holiday lists' days that touch a period, by start date, all-day items first
// on a day. For the staff (the academic home's agenda, /calendar) every event; for a family
// (the portals' calendar) only the events shown to parents and students, of their children's
// units or of every unit.

import { sql } from 'kysely';
import type { CalendarItem } from '../../src/shared/api/portal';
import type { Db } from '../db/database';

const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** At most this many items a call (a two-month grid holds far fewer). */
const MAX_ITEMS = 500;

export async function calendarItems(db: Db, period: { from: string; to: string }, family?: { units: readonly number[] }): Promise<CalendarItem[]> {
  const units = family ? sql`and e.is_public and (e.department_ids is null or cardinality(e.department_ids) = 0 or e.department_ids && ${sql.val([...family.units])}::integer[])` : sql``;
  const { rows } = await sql<Record<string, unknown>>`
    select 'event' as kind, e.name, to_char(e.start_date, 'YYYY-MM-DD') as start_date, to_char(e.end_date, 'YYYY-MM-DD') as end_date,
      to_char(e.start_time, 'HH24:MI') as start_time, to_char(e.end_time, 'HH24:MI') as end_time, e.location, e.color
    from school_event e
    where e.end_date >= ${period.from}::date and e.start_date <= ${period.to}::date ${units}
    union all
    select 'holiday', h.description, to_char(h.start_date, 'YYYY-MM-DD'), to_char(h.end_date, 'YYYY-MM-DD'), null, null, null, null
    from holiday_detail h join holiday l on l.id = h.holiday_id
    where l.is_active and h.end_date >= ${period.from}::date and h.start_date <= ${period.to}::date
    order by 3, 5 nulls first, 2 limit ${MAX_ITEMS}`.execute(db);
  return rows.map((r) => ({
    kind: r.kind === 'holiday' ? 'holiday' : 'event',
    name: String(r.name),
    start_date: String(r.start_date),
    end_date: String(r.end_date),
    start_time: str(r.start_time),
    end_time: str(r.end_time),
    location: str(r.location),
    color: str(r.color),
  }));
}
