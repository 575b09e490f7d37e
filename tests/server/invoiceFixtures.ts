// What the invoice tests bill, on top of the demo data (financial years, income types, VA codes,
// classes of server/seed/demo/): students and candidates with or without a VA number, and a
// ROLE_FOUNDATION login. Students and VA rows go in by bulk insert: they are the set-up, not
// what is tested, and a bench needs thousands.

import { expect } from 'vitest';
import type { Db } from '../../server/db/database';
import type { TestServer } from './harness';

/** Demo ids (server/seed/demo/): SMA (department 4), its book 2025/2026, SPP (monthly), UPK (installments), UKG (2% fine). */
export const DEMO = {
  department: 4,
  financialYear: 2,
  financialYearStart: '2025-07-01',
  spp: 1,
  upk: 2,
  ukg: 3,
  classX1: 1,
  classX2: 2,
  vaCodeSma: 1,
  vaCodeCandidate: 3,
} as const;

export interface MadeParty {
  id: number;
  number: string;
  va_no: string | null;
}

let counter = 0;

/**
 * `count` active students of `class_id` (SMA), numbered from a prefix unique to the call; the
 * first `withVa` of them get a VA number of VA code 1.
 */
export async function makeStudents(db: Db, options: { count: number; withVa: number; class_id?: number; prefix?: string }): Promise<MadeParty[]> {
  counter += 1;
  const prefix = options.prefix ?? `9${String(counter).padStart(2, '0')}`;
  const rows = Array.from({ length: options.count }, (_, index) => ({
    nis: `${prefix}${String(index + 1).padStart(5, '0')}`,
    name: `Siswa ${prefix}-${index + 1}`,
    department_id: DEMO.department,
    class_id: options.class_id ?? DEMO.classX1,
    is_active: true,
  }));
  const made: MadeParty[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const ids = await db.insertInto('student').values(rows.slice(start, start + 1000)).returning(['id', 'nis']).execute();
    made.push(...ids.map((row) => ({ id: Number(row.id), number: String(row.nis), va_no: null })));
  }
  const vaRows = made.slice(0, options.withVa).map((party) => {
    party.va_no = `88${party.number}`.padEnd(16, '0');
    return {
      va_code_id: DEMO.vaCodeSma,
      va_no: party.va_no,
      student_id: party.id,
      student_number: party.number,
      student_name: `Siswa ${party.number}`,
      department_id: DEMO.department,
      class_id: options.class_id ?? DEMO.classX1,
      is_active: true,
    };
  });
  for (let start = 0; start < vaRows.length; start += 1000) await db.insertInto('va_student').values(vaRows.slice(start, start + 1000)).execute();
  return made;
}

/** Active SMA candidates, the first `withVa` with a VA number of the candidates' code. */
export async function makeCandidates(db: Db, options: { count: number; withVa: number }): Promise<MadeParty[]> {
  counter += 1;
  const prefix = `PPDB-77${String(counter).padStart(2, '0')}-`;
  const ids = await db
    .insertInto('candidate')
    .values(Array.from({ length: options.count }, (_, index) => ({ registration_no: `${prefix}${index + 1}`, name: `Calon ${prefix}${index + 1}`, department_id: DEMO.department, is_active: true })))
    .returning(['id', 'registration_no'])
    .execute();
  const made = ids.map((row) => ({ id: Number(row.id), number: String(row.registration_no), va_no: null as string | null }));
  for (const party of made.slice(0, options.withVa)) {
    party.va_no = `1234590${String(party.id).padStart(9, '0')}`;
    await db
      .insertInto('va_student')
      .values({ va_code_id: DEMO.vaCodeCandidate, va_no: party.va_no, candidate_id: party.id, student_number: party.number, student_name: 'Calon', department_id: DEMO.department, is_active: true })
      .execute();
  }
  return made;
}

/** A staff login `foundation` (password below) in the demo's Pengurus Yayasan role group (ROLE_FOUNDATION). */
export const FOUNDATION_PASSWORD = 'yayasan-123';
export async function foundationToken(server: TestServer): Promise<string> {
  const user = await server.call('POST', '/api/v1/users', { as: 'admin', body: { username: 'foundation', name: 'Ketua Yayasan', password: FOUNDATION_PASSWORD, is_active: true } });
  expect(user.status, user.text).toBe(201);
  const member = await server.call('POST', '/api/v1/role-user', { as: 'admin', body: { user_id: user.json.data.id, role_group_id: 5 } });
  expect(member.status, member.text).toBe(201);
  const login = await server.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'foundation', password: FOUNDATION_PASSWORD } });
  return login.json().access_token as string;
}

/** The invoices of these parties, oldest first. */
export async function invoicesOf(db: Db, column: 'student_id' | 'candidate_id', ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('invoice').selectAll().where(column, 'in', ids).orderBy('id').execute();
}
