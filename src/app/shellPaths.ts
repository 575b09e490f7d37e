// The shell's own paths (spec 1 §2): the password pages of each kind of user, their areas,
// and the bespoke screens later issues build, which until then show an honest
// "not built yet" page. None of them is a schema resource (tests/app/shellPaths.test.ts
// checks it): opening one never needs the registry's entries of every module (src/main.tsx).
// The login pages and homes of each kind are the auth provider's (src/providers/loginPaths.ts).

import { LOGIN_PATHS } from '../providers/loginPaths';
import type { LoginKind } from '../providers/session';
import { NOTIFICATION_DETAIL_ROUTES } from '../shared/notificationTarget';

export const CHANGE_PASSWORD_PATHS: Record<LoginKind, string> = {
  staff: '/change-password',
  student: '/change-password-student',
  parent: '/change-password-parent',
  booking: '/change-password-booking',
};

/** The path prefixes of the simpler layouts (spec 1 §2.4–2.6); everything else is the staff shell. */
export const AREA_PREFIXES: Record<Exclude<LoginKind, 'staff'>, readonly string[]> = {
  parent: ['parent'],
  student: ['student'],
  booking: ['booking', 'rental', 'google-calendar'],
};

/** The area pages of each simpler layout (spec 1 §2.4–2.6); `home` is built, the rest not yet. */
export const AREA_PATHS: Record<Exclude<LoginKind, 'staff'>, readonly string[]> = {
  parent: [
    '/parent/home', '/parent/attendance', '/parent/attendance/subject-attendance', '/parent/attendance/daily-attendance',
    '/parent/finance', '/parent/finance/invoice', '/parent/finance/payment', '/parent/finance/waiver',
    '/parent/coursework', '/parent/permission', '/parent/academic', '/parent/calendar', '/parent/schedule',
    '/parent/notification',
  ],
  student: [
    '/student/home', '/student/attendance', '/student/attendance/subject-attendance',
    '/student/attendance/daily-attendance', '/student/permission', '/student/coursework', '/student/portofolio',
    '/student/academic', '/student/calendar', '/student/schedule', '/student/notification',
  ],
  booking: [
    '/booking/home', '/booking/accessgrant', '/rental/tenant', '/booking/room', '/booking/booking',
    '/booking/select-booking', '/rental/select-rental', '/booking/vehicle', '/google-calendar', '/rental/rental',
    '/booking/report',
  ],
};

/** Public pages outside the shell that are not built yet (spec 1 §2.2). */
export const PUBLIC_NOT_BUILT: readonly string[] = ['/reset-password', '/error', '/auth/:provider/callback'];

/**
 * The bespoke screens in the staff shell that later issues build (spec 1 §2.2, §2.3, §2.7,
 * §2.9): each shows a "not built yet" page with its title. `/` is the dashboard (src/app/Dashboard.tsx).
 */
export const STAFF_NOT_BUILT: readonly string[] = [
  // §2.2, full screen pages that need a login
  '/summary-report', '/assignment-special', '/forms', '/profile', '/ui', '/responsive',
  // §2.3 dashboards
  '/home-comboard', '/home-booking', '/home-academic', '/home-hrd', '/subject-selection',
  '/interest-selection',
  // §2.7 and §2.9: screens that are no master table of a schema
  '/active-docmag', '/araging', '/ardashboard', '/aroutstanding', '/arsummary', '/attendancelist',
  '/attendancelist-parent', '/attendancestreaming', '/attendancestreaming-parent', '/calendar', '/candidate',
  '/class-transfer', '/comboardlist', '/comboardrecipients', '/copysyllabus', '/coursework',
  '/coursework-achievement', '/coursework-teacher', '/extracuricularscore', '/financial-report',
  '/generate-userid', '/generatepenalty', '/generateva', '/graduation', '/holiday', '/holidays-department',
  '/hrreqleave', '/income', '/invoicetransaction', '/invoicetransaction-parent', '/journal', '/leave',
  '/leave-summary', '/ledgerhomeroomteacher', '/lessonassessmentparallel', '/lessonassessmentregular',
  '/non-academic-activity', '/outbox', '/payment',
  '/paymentdashboard', '/paymentreportimport', '/paymentsummaryclass', '/paymentsummarytype', '/paymenttransaction',
  '/paymenttransaction-parent', '/permission/:type', '/permissions', '/permissions-parent', '/placement',
  '/price-list', '/print', '/raportstudent', '/reportattendance', '/reportattendancedaily',
  '/reportattendancedaily-parent', '/reportattendancedailyemployee', '/reportattendancestreaming',
  '/reportcandidatepayment', '/reqleave', '/reversingdate', '/scanasset', '/scanassetlocation', '/sendemail', '/sent',
  '/settingspeed', '/studentparalelsubject', '/studentresignation', '/studentselectsubject',
  '/teacherjournal', '/uploadincome', '/uploadva',
];

/** The bespoke staff screens that are built (src/app/App.tsx mounts each): no schema resource either. */
export const STAFF_PAGES: readonly string[] = ['/employee-profile', '/home-module', NOTIFICATION_DETAIL_ROUTES.staff];

/**
 * Bespoke screens under a schema resource's path (its calendar view): "not built yet" too,
 * but their first segment is the resource's, so it is no shell segment.
 */
export const RESOURCE_SUBPAGES_NOT_BUILT: readonly string[] = ['/listschoolevents/calendar'];

function firstSegment(path: string): string {
  return path.split('/')[1] ?? '';
}

/**
 * The first path segments of the shell's own pages, which are no resource: opening one
 * never needs the registry's entries of every module (src/main.tsx).
 */
export const SHELL_SEGMENTS: ReadonlySet<string> = new Set([
  '',
  ...Object.values(LOGIN_PATHS).map(firstSegment),
  ...Object.values(CHANGE_PASSWORD_PATHS).map(firstSegment),
  ...Object.values(AREA_PREFIXES).flat(),
  ...PUBLIC_NOT_BUILT.map(firstSegment),
  ...STAFF_NOT_BUILT.map(firstSegment),
  ...STAFF_PAGES.map(firstSegment),
]);

/** The kind of user whose simpler layout a path belongs to; staff for the admin shell. */
export function areaOfPath(pathname: string): LoginKind {
  const segment = firstSegment(pathname);
  for (const [kind, prefixes] of Object.entries(AREA_PREFIXES) as Array<[LoginKind, readonly string[]]>) {
    if (prefixes.includes(segment)) return kind;
  }
  return 'staff';
}

/**
 * The translation key of a shell path's title: the path's segments joined by `_`, dashes as
 * `_`, parameters dropped: `/parent/finance/invoice` → `app.route.parent_finance_invoice`.
 */
export function routeTitleKey(path: string): string {
  const name = path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .join('_')
    .replace(/-/g, '_');
  return `app.route.${name || 'home'}`;
}

/** A readable fallback title from the path itself: `/home-academic` → `Home academic`. */
export function routeTitleFallback(path: string): string {
  const words = path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .join(' ')
    .replace(/[-_]/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}
