// Generating VA numbers (/generateva; issue 12 "Waivers, penalties, virtual accounts"; spec 1 §5;
// schemas/va_code.yaml, va_student.yaml): every active student (or candidate) of the code's unit,
// narrowed by class, without a number of that code gets company code + sub company code + the
// digits of their NIS (registration number) left-padded with zeros to the code's length. A number
// that does not fit, or that someone else holds, is an error row; the rest are written through the
// write door, so a re-run finds them and writes nothing.

import type { Locale } from '../../../src/shared/entityModel';
import type { Db } from '../../db/database';
import { invoiceText } from './invoiceTexts';

export interface VaCodeRow {
  id: number;
  company_code: string;
  sub_company_code: string | null;
  category: 'student' | 'candidate';
  department_id: number | null;
  length: number;
}

/** The VA number of a party number under a code, or why there is none. */
export function vaNumberOf(code: Pick<VaCodeRow, 'company_code' | 'sub_company_code' | 'length'>, partyNumber: string): { va_no: string } | { error: 'vaTooLong' | 'vaNotDigits' } {
  const prefix = `${code.company_code}${code.sub_company_code ?? ''}`;
  const digits = partyNumber.replace(/\D/g, '');
  if (!digits) return { error: 'vaNotDigits' };
  const room = code.length - prefix.length;
  if (digits.length > room) return { error: 'vaTooLong' };
  return { va_no: prefix + digits.padStart(room, '0') };
}

export interface VaPlanRow {
  party_id: number;
  party_number: string;
  party_name: string;
  va_no: string;
  department_id: number;
  class_id: number | null;
}

export interface VaPlan {
  rows: VaPlanRow[];
  errors: { party_number: string; message: string }[];
  existing: number;
}

export async function vaCodeById(db: Db, id: number): Promise<VaCodeRow | undefined> {
  const row = await db.selectFrom('va_code').select(['id', 'company_code', 'sub_company_code', 'category', 'department_id', 'length']).where('id', '=', id).executeTakeFirst();
  return row ? ({ ...row, length: Number(row.length) } as VaCodeRow) : undefined;
}

/** Who gets a number of `code`, and who cannot (too long, already taken). */
export async function planVaNumbers(db: Db, locale: Locale, code: VaCodeRow, narrowing: { department_id?: number | null; class_id?: number | null }): Promise<VaPlan> {
  const student = code.category === 'student';
  const departmentId = narrowing.department_id ?? code.department_id;
  let query = student
    ? db.selectFrom('student as x').select(['x.id', 'x.nis as number', 'x.name', 'x.department_id', 'x.class_id'])
    : db.selectFrom('candidate as x').select(['x.id', 'x.registration_no as number', 'x.name', 'x.department_id']);
  query = query.where('x.is_active', '=', true);
  if (departmentId) query = query.where('x.department_id', '=', departmentId);
  if (student && narrowing.class_id) query = query.where('x.class_id', '=', narrowing.class_id);
  const parties = await query.orderBy('x.id').execute();
  const partyColumn = student ? 'student_id' : 'candidate_id';
  const held = await db.selectFrom('va_student').select(['va_no', 'student_name', partyColumn]).execute();
  const hasCode = new Set(
    (await db.selectFrom('va_student').select(partyColumn).where('va_code_id', '=', code.id).where(partyColumn, 'is not', null).execute()).map((row) => Number(row[partyColumn])),
  );
  const taken = new Map(held.map((row) => [String(row.va_no), String(row.student_name ?? '')]));
  const plan: VaPlan = { rows: [], errors: [], existing: 0 };
  for (const party of parties) {
    const id = Number(party.id);
    if (hasCode.has(id)) {
      plan.existing += 1;
      continue;
    }
    const number = String(party.number ?? '');
    const built = vaNumberOf(code, number);
    if ('error' in built) {
      plan.errors.push({ party_number: number, message: invoiceText(locale, built.error, { number, length: code.length }) });
      continue;
    }
    const holder = taken.get(built.va_no);
    if (holder !== undefined) {
      plan.errors.push({ party_number: number, message: invoiceText(locale, 'vaTaken', { va: built.va_no, name: holder }) });
      continue;
    }
    taken.set(built.va_no, String(party.name ?? ''));
    plan.rows.push({
      party_id: id,
      party_number: number,
      party_name: String(party.name ?? ''),
      va_no: built.va_no,
      department_id: Number(party.department_id),
      class_id: 'class_id' in party && party.class_id !== null ? Number(party.class_id) : null,
    });
  }
  return plan;
}

/** The body of one va_student record, as POST va-student takes it. */
export function vaStudentBody(code: VaCodeRow, row: VaPlanRow): Record<string, unknown> {
  return {
    va_code_id: code.id,
    va_no: row.va_no,
    ...(code.category === 'student' ? { student_id: row.party_id, class_id: row.class_id } : { candidate_id: row.party_id }),
    student_number: row.party_number,
    student_name: row.party_name,
    department_id: row.department_id,
    is_active: true,
  };
}
