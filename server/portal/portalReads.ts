// What the portals read (src/shared/api/portal.ts): the attendance records, the ledger's
// published invoices, payments and waivers, the timetable, the calendar, the class and its
// lesson plans, of the given students only (./portalScope.ts decides which). Plain SQL over the
// schema tables, one query per list, never one per row. Dates come back `YYYY-MM-DD`, times
// `HH:mm`, money as whole rupiah numbers.

import { sql } from 'kysely';
import {
  weekdayOf,
  type AcademicSubject,
  type AttendanceCounts,
  type AttendanceDetail,
  type AttendanceStatus,
  type CalendarItem,
  type Child,
  type ChildAcademic,
  type ChildCoursework,
  type ChildDaily,
  type ChildInvoices,
  type ChildPayments,
  type ChildSchedule,
  type ChildSubjects,
  type ChildWaivers,
  type ChildWeek,
  type DailyRow,
  type Lesson,
  type PortalInvoiceDetail,
  type PortalInvoiceRow,
  type PortalPaymentDetail,
  type PortalPaymentRow,
  type PortalWaiverRow,
  type ScheduleRow,
  type SubjectRow,
} from '../../src/shared/api/portal';
import { addDays } from '../../src/shared/schoolCalendar';
import type { Db } from '../db/database';
import { calendarItems } from '../calendar/calendarItems';

type Ids = readonly number[];
const num = (value: unknown): number => Number(value ?? 0);
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const ids = (list: Ids) => sql.val([...list]);

export interface Period {
  from: string;
  to: string;
}

/** One group per child, in the children's order, each with its own rows. */
function grouped<R extends { student_id: number }, G>(children: readonly Child[], rows: readonly R[], make: (child: Child, rows: R[]) => G): G[] {
  return children.map((child) => make(child, rows.filter((row) => row.student_id === child.id)));
}

/**
 * The lesson periods (jam pelajaran) a timetable entry spans: the unit's study times (not its
 * breaks) that lie within it, so 07:00-08:30 is two 45-minute periods and 09:30-11:45 three;
 * one when the unit has no study times that fit (an entry is at least a lesson).
 */
const lessonPeriods = sql`
  select greatest(count(*), 1) as periods from study_time t
  where (t.department_id = x.department_id or t.department_id is null) and t.is_break is not true and t.is_active is not false
    and t.start_time >= x.start_time and t.end_time <= x.end_time`;

export async function childrenOf(db: Db, students: Ids): Promise<Child[]> {
  if (!students.length) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select s.id, s.name, s.nis, s.department_id, d.name as departname, s.class_id, k.name as classname
    from student s left join department d on d.id = s.department_id left join class k on k.id = s.class_id
    where s.id = any(${ids(students)}) order by s.id`.execute(db);
  return rows.map((r) => ({
    id: num(r.id),
    label: String(r.name),
    nis: String(r.nis),
    department_id: num(r.department_id),
    departname: str(r.departname),
    class_id: r.class_id === null ? null : num(r.class_id),
    classname: str(r.classname),
  }));
}

// ---------- attendance

async function dailyRows(db: Db, students: Ids, period: Period): Promise<DailyRow[]> {
  if (!students.length) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select a.id, a.student_id, s.name as name_siswa, to_char(a.date, 'YYYY-MM-DD') as date, a.status,
      to_char(a.check_in, 'HH24:MI') as jam, to_char(a.check_out, 'HH24:MI') as jam_akhir,
      a.late_minutes, a.is_special, a.note
    from daily_attendance a join student s on s.id = a.student_id
    where a.student_id = any(${ids(students)}) and a.date between ${period.from}::date and ${period.to}::date
    order by a.date desc, a.student_id`.execute(db);
  return rows.map((r) => ({
    id: num(r.id),
    student_id: num(r.student_id),
    name_siswa: String(r.name_siswa),
    date: String(r.date),
    status: r.status as AttendanceStatus,
    jam: str(r.jam),
    jam_akhir: str(r.jam_akhir),
    late_check: num(r.late_minutes),
    is_special: r.is_special === true,
    ket: str(r.note),
  }));
}

/** spec 3 §3.4 "Parent attendance counts": tardy counts the days present but late. */
export function countsOf(rows: readonly Pick<DailyRow, 'status' | 'late_check'>[]): AttendanceCounts {
  const count = (status: AttendanceStatus) => rows.filter((r) => r.status === status).length;
  return {
    present: count('Hadir'),
    permission: count('Izin'),
    sick: count('Sakit'),
    absent: count('Alpa'),
    tardy: rows.filter((r) => r.status === 'Hadir' && r.late_check > 0).length,
  };
}

/** Each child's days from `period.from` to `period.to`, a record or an empty (off) day for each date. */
export async function weekOf(db: Db, children: readonly Child[], period: Period): Promise<ChildWeek[]> {
  const rows = await dailyRows(db, children.map((c) => c.id), period);
  const dates: string[] = [];
  for (let d = period.from; d <= period.to && dates.length < 62; d = addDays(d, 1)) dates.push(d);
  return grouped(children, rows, (child, own) => ({
    student_id: child.id,
    student_name: child.label,
    data: dates.map((date) => {
      const row = own.find((r) => r.date === date);
      const day = weekdayOf(date);
      const weekend = day === 'Saturday' || day === 'Sunday';
      return {
        id: row?.id ?? null,
        date,
        status: row?.status ?? null,
        ket_hri: day,
        off_day: !row && weekend,
        late_check: row?.late_check ?? 0,
        jam: row?.jam ?? null,
        jam_akhir: row?.jam_akhir ?? null,
        is_special: row?.is_special ?? false,
        ket: row?.ket ?? null,
        name_siswa: child.label,
      };
    }),
  }));
}

export async function dailyOf(db: Db, children: readonly Child[], period: Period): Promise<ChildDaily[]> {
  const rows = await dailyRows(db, children.map((c) => c.id), period);
  return grouped(children, rows, (child, own) => ({ student_id: child.id, student_name: child.label, counts: countsOf(own), rows: own }));
}

export async function attendanceDetail(db: Db, students: Ids, id: number): Promise<AttendanceDetail | null> {
  if (!students.length) return null;
  const { rows } = await sql<Record<string, unknown>>`
    select a.id, a.student_id, s.nis, s.name as name_siswa, k.name as name_class, d.name as name_department, s.class_id,
      s.department_id, to_char(a.date, 'YYYY-MM-DD') as date, a.status, a.late_minutes, a.is_special, a.note,
      to_char(a.check_in, 'HH24:MI') as jam, to_char(a.check_out, 'HH24:MI') as jam_akhir
    from daily_attendance a join student s on s.id = a.student_id
      left join class k on k.id = s.class_id left join department d on d.id = s.department_id
    where a.id = ${id} and a.student_id = any(${ids(students)})`.execute(db);
  const r = rows[0];
  if (!r) return null;
  const date = String(r.date);
  const day = weekdayOf(date);
  const school = await sql<Record<string, unknown>>`
    select to_char(start_time, 'HH24:MI') as start_school, to_char(end_time, 'HH24:MI') as end_school
    from school_time where department_id = ${num(r.department_id)} and day = ${day.toLowerCase()} and is_active
    order by id limit 1`.execute(db);
  // The lessons taken that day; without records, the class's timetable of that weekday.
  const taken = await sql<Record<string, unknown>>`
    select j.name as subject, to_char(x.start_time, 'HH24:MI') as time1, to_char(x.end_time, 'HH24:MI') as time2, x.status
    from subject_attendance x join subject j on j.id = x.subject_id
    where x.student_id = ${num(r.student_id)} and x.date = ${date}::date order by x.start_time`.execute(db);
  const lessons: Lesson[] = taken.rows.length
    ? taken.rows.map((l) => ({ subject: String(l.subject), time1: String(l.time1), time2: String(l.time2), status: l.status as AttendanceStatus }))
    : r.class_id === null
      ? []
      : (
          await sql<Record<string, unknown>>`
            select j.name as subject, to_char(x.start_time, 'HH24:MI') as time1, to_char(x.end_time, 'HH24:MI') as time2
            from schedule x join subject j on j.id = x.subject_id
            where x.class_id = ${num(r.class_id)} and x.day = ${day.toLowerCase()} order by x.start_time`.execute(db)
        ).rows.map((l) => ({ subject: String(l.subject), time1: String(l.time1), time2: String(l.time2), status: null }));
  return {
    id: num(r.id),
    nis: String(r.nis),
    name_siswa: String(r.name_siswa),
    name_class: str(r.name_class),
    name_department: str(r.name_department),
    date,
    ket: str(r.note),
    ket_hri: day,
    status: r.status as AttendanceStatus,
    late_check: num(r.late_minutes),
    is_special: r.is_special === true,
    jam: str(r.jam),
    jam_akhir: str(r.jam_akhir),
    start_school: str(school.rows[0]?.start_school),
    end_school: str(school.rows[0]?.end_school),
    semua_pelajaran: lessons,
  };
}

export async function subjectsOf(db: Db, children: readonly Child[], period: Period): Promise<ChildSubjects[]> {
  const students = children.map((c) => c.id);
  const rows: (SubjectRow & { student_id: number })[] = !students.length
    ? []
    : (
        await sql<Record<string, unknown>>`
          select x.id, x.student_id, to_char(x.date, 'YYYY-MM-DD') as date, j.name as subject,
            to_char(x.start_time, 'HH24:MI') as time1, to_char(x.end_time, 'HH24:MI') as time2, x.status, x.note
          from subject_attendance x join subject j on j.id = x.subject_id
          where x.student_id = any(${ids(students)}) and x.date between ${period.from}::date and ${period.to}::date
          order by x.date desc, x.start_time`.execute(db)
      ).rows.map((r) => ({
        id: num(r.id),
        student_id: num(r.student_id),
        date: String(r.date),
        subject: String(r.subject),
        time1: String(r.time1),
        time2: String(r.time2),
        status: r.status as AttendanceStatus,
        note: str(r.note),
      }));
  return grouped(children, rows, (child, own) => {
    const { tardy: _tardy, ...counts } = countsOf(own.map((r) => ({ status: r.status, late_check: 0 })));
    return { student_id: child.id, student_name: child.label, counts, rows: own.map(({ student_id: _s, ...row }) => row) };
  });
}

// ---------- finance (published invoices only: an unpublished one has not been sent to the family)

const INVOICE_COLUMNS = sql`
  i.id, i.student_id, s.name as name_siswa, i.transaction_no as invoice_no, t.name as income_type_name,
  i.value as income_value, i.outstanding, to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date,
  to_char(i.due_date, 'YYYY-MM-DD') as due_date`;

function invoiceRow(r: Record<string, unknown>): PortalInvoiceRow {
  return {
    id: num(r.id),
    student_id: num(r.student_id),
    name_siswa: String(r.name_siswa),
    invoice_no: String(r.invoice_no ?? ''),
    income_type_name: String(r.income_type_name),
    income_value: num(r.income_value),
    outstanding: num(r.outstanding),
    invoice_date: String(r.invoice_date),
    due_date: String(r.due_date),
  };
}

export async function invoicesOf(db: Db, children: readonly Child[], all: boolean, period: Period | null): Promise<ChildInvoices[]> {
  const students = children.map((c) => c.id);
  const rows = !students.length
    ? []
    : (
        await sql<Record<string, unknown>>`
          select ${INVOICE_COLUMNS}
          from invoice i join student s on s.id = i.student_id join income_type t on t.id = i.income_type_id
          where i.student_id = any(${ids(students)}) and i.is_published and i.state in ('open', 'paid')
            and (${all} or i.outstanding > 0)
            and (${period?.from ?? null}::date is null or i.invoice_date >= ${period?.from ?? null}::date)
            and (${period?.to ?? null}::date is null or i.invoice_date <= ${period?.to ?? null}::date)
          order by i.due_date, i.id`.execute(db)
      ).rows.map(invoiceRow);
  return grouped(children, rows, (child, own) => ({
    student_id: child.id,
    student_name: child.label,
    total_outstanding: own.reduce((sum, r) => sum + r.outstanding, 0),
    rows: own,
  }));
}

export async function invoiceDetail(db: Db, students: Ids, id: number): Promise<PortalInvoiceDetail | null> {
  if (!students.length) return null;
  const { rows } = await sql<Record<string, unknown>>`
    select ${INVOICE_COLUMNS}, s.nis, d.name as departname, k.name as classname, i.va_no, i.discount, i.paid_amount,
      i.waived_amount, i.penalty_amount, i.remarks
    from invoice i join student s on s.id = i.student_id join income_type t on t.id = i.income_type_id
      left join department d on d.id = s.department_id left join class k on k.id = s.class_id
    where i.id = ${id} and i.student_id = any(${ids(students)}) and i.is_published and i.state in ('open', 'paid')`.execute(db);
  const r = rows[0];
  if (!r) return null;
  return {
    ...invoiceRow(r),
    nis: String(r.nis),
    departname: str(r.departname),
    classname: str(r.classname),
    va_no: str(r.va_no),
    discount: num(r.discount),
    paid: num(r.paid_amount),
    waived: num(r.waived_amount),
    penalty: num(r.penalty_amount),
    remarks: str(r.remarks),
  };
}

/**
 * The payment rows: one per invoice a payment settled (`a<allocation id>`), and one for what went
 * to the deposit (`d<payment id>`). `rowId` narrows to one row (the detail).
 */
async function paymentRows(db: Db, students: Ids, period: Period | null, rowId: string | null): Promise<(PortalPaymentDetail & { sort: string })[]> {
  if (!students.length) return [];
  const allocation = rowId?.startsWith('a') ? Number(rowId.slice(1)) : null;
  const deposit = rowId?.startsWith('d') ? Number(rowId.slice(1)) : null;
  const one = rowId !== null;
  const from = period?.from ?? null;
  const to = period?.to ?? null;
  const { rows } = await sql<Record<string, unknown>>`
    select x.*, p.payment_no, to_char(p.payment_date, 'YYYY-MM-DD') as payment_date, p.amount as payment_amount, p.method,
      p.va_no, p.remarks, s.nis, s.name as name_siswa, d.name as departname, k.name as classname, j.name as journalname
    from (
      select 'a' || a.id as id, p.id as payment_id, p.student_id, a.amount as payment_value, i.value as income_value,
        i.outstanding, t.name as income_type_name, i.transaction_no as invoice_no,
        to_char(i.due_date, 'YYYY-MM-DD') as due_date, to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date, a.id as part
      from payment_allocation a join payment p on p.id = a.payment_id join invoice i on i.id = a.invoice_id
        join income_type t on t.id = i.income_type_id
      where p.student_id = any(${ids(students)}) and (not ${one} or a.id = ${allocation})
      union all
      select 'd' || p.id, p.id, p.student_id, p.deposit_amount, p.deposit_amount, 0, null, null, null, null, 0
      from payment p
      where p.student_id = any(${ids(students)}) and p.deposit_amount > 0 and (not ${one} or p.id = ${deposit})
    ) x
    join payment p on p.id = x.payment_id join student s on s.id = x.student_id
      left join department d on d.id = s.department_id left join class k on k.id = s.class_id
      left join journal_type j on j.id = p.journal_type_id
    where (${from}::date is null or p.payment_date >= ${from}::date) and (${to}::date is null or p.payment_date <= ${to}::date)
    order by p.payment_date desc, p.id desc, x.part`.execute(db);
  return rows.map((r) => ({
    id: String(r.id),
    payment_id: num(r.payment_id),
    student_id: num(r.student_id),
    name_siswa: String(r.name_siswa),
    payment_no: String(r.payment_no ?? ''),
    income_type_name: str(r.income_type_name),
    invoice_no: str(r.invoice_no),
    payment_value: num(r.payment_value),
    income_value: num(r.income_value),
    outstanding: num(r.outstanding),
    payment_date: String(r.payment_date),
    due_date: str(r.due_date),
    transaction_type_code: 'Payment',
    nis: String(r.nis),
    departname: str(r.departname),
    classname: str(r.classname),
    va_no: str(r.va_no),
    journalname: str(r.journalname) ?? String(r.method),
    invoice_date: str(r.invoice_date),
    payment_amount: num(r.payment_amount),
    remarks: str(r.remarks),
    sort: String(r.payment_date),
  }));
}

export async function paymentsOf(db: Db, children: readonly Child[], period: Period | null): Promise<ChildPayments[]> {
  const rows = await paymentRows(db, children.map((c) => c.id), period, null);
  return grouped(children, rows, (child, own) => ({
    student_id: child.id,
    student_name: child.label,
    total_paid: own.reduce((sum, r) => sum + r.payment_value, 0),
    rows: own.map(
      (r): PortalPaymentRow => ({
        id: r.id,
        payment_id: r.payment_id,
        student_id: r.student_id,
        name_siswa: r.name_siswa,
        payment_no: r.payment_no,
        income_type_name: r.income_type_name,
        invoice_no: r.invoice_no,
        payment_value: r.payment_value,
        income_value: r.income_value,
        outstanding: r.outstanding,
        payment_date: r.payment_date,
        due_date: r.due_date,
        transaction_type_code: 'Payment',
      }),
    ),
  }));
}

export async function paymentDetail(db: Db, students: Ids, rowId: string): Promise<PortalPaymentDetail | null> {
  if (!/^[ad]\d{1,12}$/.test(rowId)) return null;
  const [row] = await paymentRows(db, students, null, rowId);
  if (!row) return null;
  const { sort: _sort, ...detail } = row;
  return detail;
}

export async function waiversOf(db: Db, children: readonly Child[], period: Period | null): Promise<ChildWaivers[]> {
  const students = children.map((c) => c.id);
  const from = period?.from ?? null;
  const to = period?.to ?? null;
  const rows: PortalWaiverRow[] = !students.length
    ? []
    : (
        await sql<Record<string, unknown>>`
          select w.id, i.student_id, s.name as name_siswa, w.waiver_no, to_char(w.waiver_date, 'YYYY-MM-DD') as waiver_date,
            i.transaction_no as invoice_no, t.name as income_type_name, w.amount, w.reason
          from waiver w join invoice i on i.id = w.invoice_id join student s on s.id = i.student_id
            join income_type t on t.id = i.income_type_id
          where i.student_id = any(${ids(students)})
            and (${from}::date is null or w.waiver_date >= ${from}::date) and (${to}::date is null or w.waiver_date <= ${to}::date)
          order by w.waiver_date desc, w.id desc`.execute(db)
      ).rows.map((r) => ({
        id: num(r.id),
        student_id: num(r.student_id),
        name_siswa: String(r.name_siswa),
        waiver_no: String(r.waiver_no ?? ''),
        waiver_date: String(r.waiver_date),
        invoice_no: String(r.invoice_no ?? ''),
        income_type_name: String(r.income_type_name),
        amount: num(r.amount),
        reason: str(r.reason),
      }));
  return grouped(children, rows, (child, own) => ({ student_id: child.id, student_name: child.label, rows: own }));
}

// ---------- the class: timetable, calendar, academic summary, coursework

const DAY_ORDER = sql`array_position(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday']::text[], x.day::text)`;

export async function scheduleOf(db: Db, children: readonly Child[]): Promise<ChildSchedule[]> {
  const classes = [...new Set(children.map((c) => c.class_id).filter((id): id is number => id !== null))];
  const rows = !classes.length
    ? []
    : (
        await sql<Record<string, unknown>>`
          select x.id, x.class_id, x.day, to_char(x.start_time, 'HH24:MI') as start_time, to_char(x.end_time, 'HH24:MI') as end_time,
            j.name as subject, e.name as teacher, r.name as room
          from schedule x join subject j on j.id = x.subject_id
            left join teacher te on te.id = x.teacher_id left join employee e on e.id = te.employee_id
            left join room r on r.id = x.room_id
          where x.class_id = any(${ids(classes)}) order by ${DAY_ORDER}, x.start_time`.execute(db)
      ).rows;
  return children.map((child) => ({
    student_id: child.id,
    student_name: child.label,
    classname: child.classname,
    rows: rows
      .filter((r) => num(r.class_id) === child.class_id)
      .map(
        (r): ScheduleRow => ({
          id: num(r.id),
          day: String(r.day),
          start_time: String(r.start_time),
          end_time: String(r.end_time),
          subject: String(r.subject),
          teacher: str(r.teacher),
          room: str(r.room),
        }),
      ),
  }));
}

/** Public school events of the children's units (or of all units), and the active holiday lists' days. */
export async function calendarOf(db: Db, children: readonly Child[], period: Period): Promise<CalendarItem[]> {
  if (!children.length) return [];
  return calendarItems(db, period, { units: [...new Set(children.map((c) => c.department_id))] });
}

export async function academicOf(db: Db, children: readonly Child[]): Promise<ChildAcademic[]> {
  const classes = [...new Set(children.map((c) => c.class_id).filter((id): id is number => id !== null))];
  const classRows = !classes.length
    ? []
    : (
        await sql<Record<string, unknown>>`
          select k.id, y.name as academic_year, e.name as homeroom_teacher,
            (select m.name from semester m where m.academic_year_id = k.academic_year_id order by m.is_active desc, m.start_date limit 1) as semester
          from class k left join academic_year y on y.id = k.academic_year_id left join employee e on e.id = k.homeroom_teacher_1_id
          where k.id = any(${ids(classes)})`.execute(db)
      ).rows;
  const subjectRows = !classes.length
    ? []
    : (
        await sql<Record<string, unknown>>`
          select x.class_id, j.code, j.name, j.kkm, sum(p.periods)::int as lessons, min(j.sorting_no) as sorting
          from schedule x join subject j on j.id = x.subject_id
          cross join lateral (${lessonPeriods}) p
          where x.class_id = any(${ids(classes)}) group by x.class_id, j.id, j.code, j.name, j.kkm order by sorting, j.name`.execute(db)
      ).rows;
  return children.map((child) => {
    const k = classRows.find((r) => num(r.id) === child.class_id);
    return {
      student_id: child.id,
      student_name: child.label,
      nis: child.nis,
      departname: child.departname,
      classname: child.classname,
      academic_year: str(k?.academic_year),
      semester: str(k?.semester),
      homeroom_teacher: str(k?.homeroom_teacher),
      subjects: subjectRows
        .filter((r) => num(r.class_id) === child.class_id)
        .map((r): AcademicSubject => ({ code: String(r.code), name: String(r.name), kkm: r.kkm === null ? null : num(r.kkm), lessons_per_week: num(r.lessons) })),
    };
  });
}

export async function courseworkOf(db: Db, children: readonly Child[]): Promise<ChildCoursework[]> {
  const classes = [...new Set(children.map((c) => c.class_id).filter((id): id is number => id !== null))];
  const rows = !classes.length
    ? []
    : (
        await sql<Record<string, unknown>>`
          select p.id, p.class_id, to_char(p.lesson_date, 'YYYY-MM-DD') as lesson_date, j.name as subject, p.topic, p.meeting, e.name as teacher
          from lesson_plan p left join syllabus y on y.id = p.syllabus_id left join subject j on j.id = y.subject_id
            left join teacher te on te.id = p.teacher_id left join employee e on e.id = te.employee_id
          where p.class_id = any(${ids(classes)}) order by p.lesson_date desc nulls last, p.id desc limit 500`.execute(db)
      ).rows;
  return children.map((child) => ({
    student_id: child.id,
    student_name: child.label,
    rows: rows
      .filter((r) => num(r.class_id) === child.class_id)
      .map((r) => ({ id: num(r.id), lesson_date: str(r.lesson_date), subject: str(r.subject), topic: String(r.topic), meeting: r.meeting === null ? null : num(r.meeting), teacher: str(r.teacher) })),
  }));
}

