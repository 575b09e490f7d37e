// The academic home's calls (src/shared/api/academicHome.ts), behind the session: for staff only
// (a parent or a student has their own home and calendar), answered from ./academicHomeFigures.ts
// for the caller of the session. The home's `date` (YYYY-MM-DD, default the school's today)
// shows another day; the calendar's period is `date_from`…`date_to` (default this month).

import type { FastifyInstance } from 'fastify';
import { ACADEMIC_HOME_PATHS, ACADEMIC_HOME_SCHOOL_ROLES, CALENDAR_MAX_DAYS, type AcademicCalendarAnswer, type AcademicHomeAnswer } from '../../src/shared/api/academicHome';
import { message } from '../../src/shared/messages';
import { addDays, isCalendarDay, schoolToday } from '../../src/shared/schoolCalendar';
import { sessionUser } from '../auth/requireSession';
import type { Db } from '../db/database';
import { apiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { academicHome, calendarBetween } from './academicHomeFigures';

export function registerAcademicHomeRoutes(app: FastifyInstance, db: Db): void {
  app.get(`/${ACADEMIC_HOME_PATHS.home}`, async (request): Promise<AcademicHomeAnswer> => {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    if (user.kind !== 'staff') throw apiError(locale, 403, 'forbidden');
    const asked = ((request.query ?? {}) as Record<string, unknown>).date;
    if (asked !== undefined && asked !== '' && !isCalendarDay(asked)) throw invalidInput(locale, { date: [message(locale, 'date')] });
    const date = isCalendarDay(asked) ? asked : schoolToday();
    const school = user.roles.some((role) => (ACADEMIC_HOME_SCHOOL_ROLES as readonly string[]).includes(role));
    return success({ data: await academicHome(db, { userId: user.id, employeeId: user.employee_id, school }, date) });
  });

  app.get(`/${ACADEMIC_HOME_PATHS.calendar}`, async (request): Promise<AcademicCalendarAnswer> => {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    if (user.kind !== 'staff') throw apiError(locale, 403, 'forbidden');
    const query = (request.query ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    for (const field of ['date_from', 'date_to']) {
      const value = query[field];
      if (value !== undefined && value !== '' && !isCalendarDay(value)) errors[field] = [message(locale, 'date')];
    }
    if (Object.keys(errors).length) throw invalidInput(locale, errors);
    // Without a start, this month's first day; without an end, the last day of the start's month.
    const from = isCalendarDay(query.date_from) ? query.date_from : `${schoolToday().slice(0, 8)}01`;
    const to = isCalendarDay(query.date_to) ? query.date_to : addDays(`${addDays(`${from.slice(0, 8)}01`, 31).slice(0, 8)}01`, -1);
    if (to < from) throw invalidInput(locale, { date_to: [message(locale, 'dateOrder')] });
    if (addDays(from, CALENDAR_MAX_DAYS) < to) throw invalidInput(locale, { date_to: [message(locale, 'maxPeriod', { count: CALENDAR_MAX_DAYS })] });
    return success({ data: await calendarBetween(db, from, to), date_from: from, date_to: to });
  });
}
