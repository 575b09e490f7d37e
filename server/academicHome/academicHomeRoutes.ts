// The academic home's call (src/shared/api/academicHome.ts), behind the session: for staff only
// (a parent or a student has their own home), answered from ./academicHomeFigures.ts for the
// caller of the session. `date` (YYYY-MM-DD, default the school's today) shows another day.

import type { FastifyInstance } from 'fastify';
import { ACADEMIC_HOME_PATHS, ACADEMIC_HOME_SCHOOL_ROLES, type AcademicHomeAnswer } from '../../src/shared/api/academicHome';
import { message } from '../../src/shared/messages';
import { isCalendarDay, schoolToday } from '../../src/shared/schoolCalendar';
import { sessionUser } from '../auth/requireSession';
import type { Db } from '../db/database';
import { apiError, invalidInput } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { academicHome } from './academicHomeFigures';

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
}
