// The selection demo (server/seed/seedDemoSelection.ts) over the demo data and the finance
// roster: open windows now, the electives and clubs with their times, seats taken without
// breaking a rule the server enforces, and what the demo student sees.

import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFinance } from '../../server/seed/seedDemoFinance';
import { seedDemoSelection } from '../../server/seed/seedDemoSelection';
import { barColour } from '../../src/shared/api/selection';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });
let seeded = 0;
let seconds = 0;

beforeAll(async () => {
  const { db } = server.database;
  await db.transaction().execute((tx) => seedDemoFinance(tx, server.catalog, null));
  const started = performance.now();
  seeded = await db.transaction().execute((tx) => seedDemoSelection(tx, server.catalog, server.app.records));
  seconds = (performance.now() - started) / 1000;
}, 120_000);

describe('the selection demo', () => {
  it('seeds quickly, once', async () => {
    expect(seeded).toBeGreaterThan(100);
    expect(seconds).toBeLessThan(1.5);
    expect(await server.database.db.transaction().execute((tx) => seedDemoSelection(tx, server.catalog, server.app.records))).toBe(0);
  });

  it('shows the demo student open subject selection with bars of every colour, one offering full', async () => {
    const answer = await server.call('GET', '/api/v1/rombel-time', { as: 'student' });
    expect(answer.status).toBe(200);
    const { data, window } = answer.json as { data: { name: string; already: number; capacity: number; persen: number; chosen: boolean }[]; window: { open: boolean } };
    expect(window.open).toBe(true);
    expect(data.length).toBeGreaterThanOrEqual(10);
    expect(data.some((c) => c.chosen)).toBe(false);
    expect(new Set(data.map((c) => barColour(c.persen)))).toEqual(new Set(['grey', 'green', 'yellow', 'red']));
    expect(data.filter((c) => c.already >= c.capacity).map((c) => c.name)).toEqual(['Bahasa Jepang']);
    const clubs = await server.call('GET', '/api/v1/ext-time', { as: 'student' });
    expect(clubs.json.window.open).toBe(true);
    expect(clubs.json.data.filter((c: { already: number; capacity: number }) => c.already >= c.capacity).map((c: { name: string }) => c.name)).toEqual(['Futsal']);
  });

  it('breaks no rule: no offering over capacity, no student at two places at once, at most two clubs', async () => {
    const { db } = server.database;
    const over = await sql`select o.id from selection_offering o where (select count(*) from selection_enrolment e where e.selection_offering_id = o.id) > o.capacity`.execute(db);
    expect(over.rows).toEqual([]);
    const clashes = await sql`
      select a.student_id from selection_enrolment a
      join selection_enrolment b on b.student_id = a.student_id and b.selection_offering_id > a.selection_offering_id
      join selection_offering_time ta on ta.selection_offering_id = a.selection_offering_id
      join selection_offering_time tb on tb.selection_offering_id = b.selection_offering_id
      where ta.day = tb.day and ta.start_time < tb.end_time and tb.start_time < ta.end_time`.execute(db);
    expect(clashes.rows).toEqual([]);
    const clubs = await sql<{ n: number }>`
      select count(*)::int as n from selection_enrolment e join selection_offering o on o.id = e.selection_offering_id
      where o.kind = 'extracurricular' group by e.student_id order by 1 desc limit 1`.execute(db);
    expect(clubs.rows[0].n).toBeLessThanOrEqual(2);
  });
});
