// The HR dashboard's calls (src/shared/api/hrDashboard.ts; spec 3 §2.2, §7.2), behind the
// session. Every figure comes from ./hrDashboardFigures.ts. Who sees what: an employee their
// own leave and the requests whose turn is theirs; an approver also the remaining leave of the
// employees whose leave they approve; HR (HR_DASHBOARD_ALL_ROLES) everyone's, and the expiry
// lists. Admins see no EIN, work unit, e-mail or remaining leave in their personal panel.

import type { FastifyInstance } from 'fastify';
import {
  HR_DASHBOARD_ALL_ROLES,
  HR_DASHBOARD_PATHS,
  type ExpiredEmployeeAnswer,
  type HrLeaveEmployeeAnswer,
  type LeaveHistoryAnswer,
  type LeaveNotifAnswer,
  type OtherEmployeeLeave,
  type PersonalPanel,
} from '../../../src/shared/api/hrDashboard';
import { sessionUser } from '../../auth/requireSession';
import type { AppUser } from '../../auth/userStore';
import type { Catalog } from '../../crud/catalog';
import { parseRecordId } from '../../crud/recordId';
import type { Db } from '../../db/database';
import { typedDb } from '../../db/typedDb';
import { ApiError } from '../../http/apiError';
import { MAX_PAGE, pagingNumber } from '../../http/pagingNumber';
import { requestLocale } from '../../http/requestLocale';
import { success } from '../../http/success';
import { hrText } from '../hrTexts';
import { leaveTypes, today } from '../leaveLedger';
import { employeeOf } from '../leaveRequests';
import { expiredEmployee, leaveHistory, leaveLeft, leaveNotif, type EmployeeKey } from './hrDashboardFigures';

type Query = Record<string, unknown>;

const readsAll = (user: AppUser) => user.roles.some((role) => (HR_DASHBOARD_ALL_ROLES as readonly string[]).includes(role));
const isAdmin = (user: AppUser) => user.roles.includes('ROLE_ADMIN');

/** The employees whose leave the user approves (any of their rows), or every active one for HR. */
async function othersOf(db: Db, user: AppUser): Promise<EmployeeKey[]> {
  let query = typedDb(db).selectFrom('employee as e').select(['e.id', 'e.name', 'e.start_working', 'e.position_id', 'e.work_unit_id']).where('e.status', '=', 'active');
  if (!readsAll(user)) {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('leave_request as r').innerJoin('leave_approval as a', 'a.leave_request_id', 'r.id').select('a.id').whereRef('r.employee_id', '=', 'e.id').where('a.user_id', '=', user.id),
      ),
    );
  }
  const rows = await query
    .where('e.id', '<>', user.employee_id ?? -1)
    .orderBy('e.name')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({ ...r, name: r.name ?? '' }));
}

export function registerHrDashboardRoutes(app: FastifyInstance, db: Db, _catalog: Catalog): void {
  app.get(`/${HR_DASHBOARD_PATHS.leaveNotif}`, async (request): Promise<LeaveNotifAnswer> => {
    const user = sessionUser(request);
    const query = (request.query ?? {}) as Query;
    const all = (query.is_all === 'true' || query.is_all === '1') && readsAll(user);
    return success({
      data: await leaveNotif(db, user.id, user.employee_id, all),
    });
  });

  app.get(`/${HR_DASHBOARD_PATHS.leaveHistory}`, async (request): Promise<LeaveHistoryAnswer> => {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    const query = (request.query ?? {}) as Query;
    const asked = query.employee_id === undefined || query.employee_id === '' ? user.employee_id : parseRecordId(String(query.employee_id));
    if (asked === null) return success({ data: [] as LeaveHistoryAnswer['data'], total: 0 });
    if (asked !== user.employee_id && !readsAll(user)) throw new ApiError(403, hrText(locale, 'forbidden'));
    const page = pagingNumber(locale, 'page', query.page, 1, MAX_PAGE);
    const perPage = pagingNumber(locale, 'per_page', query.per_page, 10, 100);
    const { rows, total } = await leaveHistory(db, asked, perPage, (page - 1) * perPage);
    return success({ data: rows, total });
  });

  app.get(`/${HR_DASHBOARD_PATHS.leaveEmployee}`, async (request): Promise<HrLeaveEmployeeAnswer> => {
    const user = sessionUser(request);
    const query = (request.query ?? {}) as Query;
    const locale = requestLocale(request);
    const day = today();
    const admin = isAdmin(user);
    // A read: nothing is written (the current periods' due rows are added in memory, ../leavePeriods.ts).
    // Its reads side by side: on PostgreSQL each on a pooled connection.
    const tx = db;
    const data = await (async () => {
      const [own, person, types, keys] = await Promise.all([
        user.employee_id === null ? undefined : employeeOf(tx, user.employee_id),
        user.employee_id === null
          ? undefined
          : typedDb(tx)
              .selectFrom('employee as e')
              .leftJoin('work_unit as w', 'w.id', 'e.work_unit_id')
              .leftJoin('position as p', 'p.id', 'e.position_id')
              .select(['e.name', 'e.ein', 'e.email', 'e.photo', 'e.start_working', 'w.name as work_unit', 'p.name as position'])
              .where('e.id', '=', user.employee_id)
              .executeTakeFirst(),
        leaveTypes(tx),
        othersOf(tx, user),
      ]);
      const page = pagingNumber(locale, 'page', query.page, 1, MAX_PAGE);
      const perPage = pagingNumber(locale, 'per_page', query.per_page, 10, 100);
      // spec 3 §9: the list of others appears only with 2 or more employees.
      const shown = keys.length < 2 ? [] : keys.slice((page - 1) * perPage, page * perPage);
      const [mine, left, people] = await Promise.all([
        own && !admin ? leaveLeft(tx, [own], day, types) : undefined,
        leaveLeft(tx, shown, day, types),
        shown.length
          ? typedDb(tx)
              .selectFrom('employee as e')
              .leftJoin('work_unit as w', 'w.id', 'e.work_unit_id')
              .leftJoin('position as p', 'p.id', 'e.position_id')
              .select(['e.id', 'e.name', 'e.ein', 'w.name as work_unit', 'p.name as position'])
              .where(
                'e.id',
                'in',
                shown.map((k) => k.id),
              )
              .execute()
          : [],
      ]);
      const listLeave: PersonalPanel['list_leave'] = own && mine ? (mine.get(own.id) ?? []) : null;
      const panel: PersonalPanel = {
        employee_id: own?.id ?? null,
        name: person?.name ?? user.name,
        photo: person?.photo?.src ?? null,
        position_name: person?.position ?? '',
        ein: admin ? null : (person?.ein ?? null),
        satker_name: admin ? null : (person?.work_unit ?? null),
        email: admin ? null : (person?.email ?? user.email ?? null),
        start_working: person?.start_working ?? null,
        year: Number(day.slice(0, 4)),
        list_leave: listLeave,
      };
      if (keys.length < 2) return { panel, others: [], others_total: keys.length };
      const byId = new Map(people.map((p) => [p.id, p]));
      const others: OtherEmployeeLeave[] = shown.map((k) => ({
        employee_id: k.id,
        employee_name: byId.get(k.id)?.name ?? '',
        ein: byId.get(k.id)?.ein ?? '',
        work_unit: byId.get(k.id)?.work_unit ?? '',
        position: byId.get(k.id)?.position ?? '',
        list_leave: left.get(k.id) ?? [],
      }));
      return { panel, others, others_total: keys.length };
    })();
    return success({ data });
  });

  app.get(`/${HR_DASHBOARD_PATHS.expiredEmployee}`, async (request): Promise<ExpiredEmployeeAnswer> => {
    const user = sessionUser(request);
    if (!readsAll(user)) throw new ApiError(403, hrText(requestLocale(request), 'forbidden'));
    return success({ data: await expiredEmployee(db, today()) });
  });
}
