// The parent and student portals' calls (contract src/shared/api/portal.ts), behind the session.
// Every call reads only the caller's own students (./portalScope.ts): a student_id or record id
// of another family answers nothing of theirs (an empty group list, a detail 404). Read-only:
// attendance is recorded by staff (/attendancelist), money by the ledger (server/finance/).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PORTAL_PATHS,
  defaultWeek,
  type AcademicAnswer,
  type AttendanceDetailAnswer,
  type CalendarAnswer,
  type ChildrenAnswer,
  type ContactAnswer,
  type DailyReportAnswer,
  ATTENDANCE_REPORT_ROLES,
  type CourseworkAnswer,
  type DailyAttendanceAnswer,
  type InvoiceDetailAnswer,
  type InvoiceRowsAnswer,
  type PaymentDetailAnswer,
  type PaymentRowsAnswer,
  type ScheduleAnswer,
  type SubjectAttendanceAnswer,
  type WaiverRowsAnswer,
  type WeekAnswer,
} from '../../src/shared/api/portal';
import { addDays, isCalendarDay, schoolToday } from '../../src/shared/schoolCalendar';
import type { Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { parseRecordId } from '../crud/recordId';
import type { Db } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import {
  academicOf,
  attendanceDetail,
  calendarOf,
  childrenOf,
  courseworkOf,
  dailyOf,
  invoiceDetail,
  invoicesOf,
  paymentDetail,
  paymentsOf,
  scheduleOf,
  subjectsOf,
  waiversOf,
  weekOf,
  type Period,
} from './portalReads';
import { portalScope } from './portalScope';
import { dailyReport } from './attendanceReport';
import { sessionUser } from '../auth/requireSession';
import { apiError } from '../http/apiError';

type Query = Record<string, unknown>;

/** The longest period one call reads. */
const MAX_PERIOD_DAYS = 400;


/**
 * A period from two query fields: each a date when given (422 under the field otherwise), the end
 * not before the start (spec 2 §2.5 Set Period), at most MAX_PERIOD_DAYS; a missing end is the
 * fallback's, a missing start likewise.
 */
function periodOf(locale: Locale, query: Query, fromField: string, toField: string, fallback: Period): Period {
  const errors: Record<string, string[]> = {};
  for (const field of [fromField, toField]) {
    const value = query[field];
    if (value !== undefined && value !== '' && !isCalendarDay(value)) errors[field] = [message(locale, 'date')];
  }
  if (Object.keys(errors).length) throw invalidInput(locale, errors);
  const from = isCalendarDay(query[fromField]) ? query[fromField] : fallback.from;
  const to = isCalendarDay(query[toField]) ? query[toField] : fallback.to;
  if (to < from) throw invalidInput(locale, { [toField]: [message(locale, 'dateOrder')] });
  if (addDays(from, MAX_PERIOD_DAYS) < to) throw invalidInput(locale, { [toField]: [message(locale, 'maxPeriod', { count: MAX_PERIOD_DAYS })] });
  return { from, to };
}

/** A period only when the query names one (the finance lists show everything otherwise). */
function optionalPeriod(locale: Locale, query: Query): Period | null {
  if (!query.date_from && !query.date_to) return null;
  return periodOf(locale, query, 'date_from', 'date_to', { from: '1900-01-01', to: '9999-12-31' });
}

function notFound(locale: Locale, what: { en: string; id: string }): ApiError {
  return new ApiError(404, message(locale, 'notFound', { entity: what[locale] }));
}

const ATTENDANCE = { en: 'Attendance', id: 'Kehadiran' };
const INVOICE = { en: 'Invoice', id: 'Tagihan' };
const PAYMENT = { en: 'Payment', id: 'Pembayaran' };

export function registerPortalRoutes(app: FastifyInstance, db: Db): void {
  const query = (request: FastifyRequest) => (request.query ?? {}) as Query;
  /** The caller's students this call reads, with their names, units and classes. */
  const children = (request: FastifyRequest) => childrenOf(db, portalScope(request).ids);
  const lastMonth = (): Period => ({ from: addDays(schoolToday(), -30), to: schoolToday() });

  app.get(`/${PORTAL_PATHS.children}`, async (request): Promise<ChildrenAnswer> => success({ data: await children(request) }));

  app.get(`/${PORTAL_PATHS.week}`, async (request): Promise<WeekAnswer> => {
    const week = defaultWeek(schoolToday());
    const period = periodOf(requestLocale(request), query(request), 'firstWeek', 'lastWeek', { from: week.firstWeek, to: week.lastWeek });
    if (addDays(period.from, 61) < period.to) throw invalidInput(requestLocale(request), { lastWeek: [message(requestLocale(request), 'maxPeriod', { count: 62 })] });
    return success({ data: await weekOf(db, await children(request), period), firstWeek: period.from, lastWeek: period.to });
  });

  app.get(`/${PORTAL_PATHS.daily}`, async (request): Promise<DailyAttendanceAnswer> => {
    const period = periodOf(requestLocale(request), query(request), 'date_from', 'date_to', lastMonth());
    return success({ data: await dailyOf(db, await children(request), period), date_from: period.from, date_to: period.to });
  });

  app.get(`/${PORTAL_PATHS.attendanceDetail}/:id`, async (request): Promise<AttendanceDetailAnswer> => {
    const id = parseRecordId(String((request.params as { id: string }).id)) ?? 0;
    const found = id ? await attendanceDetail(db, portalScope(request).own, id) : null;
    if (!found) throw notFound(requestLocale(request), ATTENDANCE);
    return success({ data: found });
  });

  app.get(`/${PORTAL_PATHS.subject}`, async (request): Promise<SubjectAttendanceAnswer> => {
    const period = periodOf(requestLocale(request), query(request), 'date_from', 'date_to', lastMonth());
    return success({ data: await subjectsOf(db, await children(request), period), date_from: period.from, date_to: period.to });
  });

  app.get(`/${PORTAL_PATHS.invoices}`, async (request): Promise<InvoiceRowsAnswer> => {
    const q = query(request);
    const period = optionalPeriod(requestLocale(request), q);
    return success({ data: await invoicesOf(db, await children(request), q.selectinv === 'all', period) });
  });

  app.get(`/${PORTAL_PATHS.invoiceDetail}/:id`, async (request): Promise<InvoiceDetailAnswer> => {
    const id = parseRecordId(String((request.params as { id: string }).id)) ?? 0;
    const found = id ? await invoiceDetail(db, portalScope(request).own, id) : null;
    if (!found) throw notFound(requestLocale(request), INVOICE);
    return success({ data: found });
  });

  app.get(`/${PORTAL_PATHS.payments}`, async (request): Promise<PaymentRowsAnswer> => {
    const period = optionalPeriod(requestLocale(request), query(request));
    return success({ data: await paymentsOf(db, await children(request), period) });
  });

  app.get(`/${PORTAL_PATHS.paymentDetail}/:id`, async (request): Promise<PaymentDetailAnswer> => {
    const found = await paymentDetail(db, portalScope(request).own, String((request.params as { id: string }).id));
    if (!found) throw notFound(requestLocale(request), PAYMENT);
    return success({ data: found });
  });

  app.get(`/${PORTAL_PATHS.waivers}`, async (request): Promise<WaiverRowsAnswer> => {
    const period = optionalPeriod(requestLocale(request), query(request));
    return success({ data: await waiversOf(db, await children(request), period) });
  });

  app.get(`/${PORTAL_PATHS.schedule}`, async (request): Promise<ScheduleAnswer> => success({ data: await scheduleOf(db, await children(request)) }));

  app.get(`/${PORTAL_PATHS.calendar}`, async (request): Promise<CalendarAnswer> => {
    const today = schoolToday();
    const period = periodOf(requestLocale(request), query(request), 'date_from', 'date_to', { from: addDays(today, -200), to: addDays(today, 199) });
    return success({ data: await calendarOf(db, await children(request), period), date_from: period.from, date_to: period.to });
  });

  app.get(`/${PORTAL_PATHS.academic}`, async (request): Promise<AcademicAnswer> => success({ data: await academicOf(db, await children(request)) }));

  // Staff's report of the attendance records (/reportattendancedaily): per student of a class or unit.
  app.get(`/${PORTAL_PATHS.dailyReport}`, async (request): Promise<DailyReportAnswer> => {
    const user = sessionUser(request);
    const locale = requestLocale(request);
    if (user.kind !== 'staff' || !user.roles.some((role) => (ATTENDANCE_REPORT_ROLES as readonly string[]).includes(role))) throw apiError(locale, 403, 'forbidden');
    const q = query(request);
    const period = periodOf(locale, q, 'date_from', 'date_to', lastMonth());
    const id = (name: string) => (typeof q[name] === 'string' && /^\d{1,9}$/.test(q[name] as string) ? Number(q[name]) : null);
    return success({ data: await dailyReport(db, { classId: id('class_id'), departmentId: id('department_id') }, period), date_from: period.from, date_to: period.to });
  });

  app.get(`/${PORTAL_PATHS.contact}`, async (request): Promise<ContactAnswer> => {
    portalScope(request);
    const row = await db.selectFrom('setting_general').selectAll().orderBy('id').limit(1).executeTakeFirst();
    const theme = row?.theme === 'kokoro' ? 'kokoro' : 'cc';
    const phone = row?.[theme === 'kokoro' ? 'contact_phone_kokoro' : 'contact_phone_cc'];
    return success({ data: { theme, phone: typeof phone === 'string' && phone ? phone : null } });
  });

  app.get(`/${PORTAL_PATHS.coursework}`, async (request): Promise<CourseworkAnswer> => success({ data: await courseworkOf(db, await children(request)) }));
}
