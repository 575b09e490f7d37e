// The screens of the product that later issues build (spec 1 §2.2, §2.3, §2.7, §2.9): each
// route resolves to a "not built yet" page under its title. Building one means taking its
// path out of here and giving the new page its entry in src/pages/registry.tsx (a test
// fails when a path is declared twice). The area pages not built yet are the area menus'
// paths that no page claims (src/app/menus/area.ts).

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
  '/home-booking',
  // §2.7 and §2.9: screens that are no master table of a schema
  '/active-docmag',
  '/attendancelist-parent', '/attendancestreaming', '/attendancestreaming-parent',
  '/class-transfer', '/copysyllabus', '/coursework',
  '/coursework-achievement', '/coursework-teacher', '/extracuricularscore',
  '/generate-userid', '/graduation', '/holiday', '/holidays-department',
  '/invoicetransaction-parent',
  '/ledgerhomeroomteacher', '/lessonassessmentparallel', '/lessonassessmentregular',
  '/non-academic-activity', '/paymenttransaction-parent', '/placement',
  '/price-list', '/print', '/raportstudent',
  '/reportattendancedaily-parent', '/reportattendancedailyemployee', '/reportattendancestreaming',
  '/scanasset', '/scanassetlocation',
  '/settingspeed', '/studentparalelsubject', '/studentresignation', '/studentselectsubject',
  '/teacherjournal',
];

/**
 * Bespoke screens under a schema resource's path (its calendar view): "not built yet" too,
 * but their first segment is the resource's, so it is no shell segment.
 */
export const RESOURCE_SUBPAGES_NOT_BUILT: readonly string[] = ['/listschoolevents/calendar'];
