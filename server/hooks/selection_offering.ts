// An offering's capacity never drops below the seats already taken (issue 15: capacity is never
// over-filled, an admin's edit included). The offering's row is locked first, as a sign-up
// locks it (server/selection/selectionOps.ts: for no key update, the lock an update of the row
// takes anyway), so an edit and a sign-up take turns.

import { sql } from 'kysely';
import { invalidInput } from '../http/apiError';
import { defineHooks } from '../records/entityHooks';

const TEXT = {
  en: 'Seats already taken: %{taken}; the capacity cannot be lower',
  id: 'Sudah %{taken} kuota terisi: kuota tidak boleh lebih kecil',
} as const;

export default defineHooks({
  async beforeChange({ context, operation, id, data }) {
    if (operation !== 'update' || id === null || typeof data.capacity !== 'number') return;
    await sql`select id from selection_offering where id = ${id} for no key update`.execute(context.tx);
    const seats = await sql<{ n: number }>`select count(*)::int as n from selection_enrolment where selection_offering_id = ${id}`.execute(context.tx);
    const taken = seats.rows[0]?.n ?? 0;
    if (data.capacity < taken) throw invalidInput(context.locale, { capacity: [TEXT[context.locale].replace('%{taken}', String(taken))] });
  },
});
