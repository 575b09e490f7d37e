// The menus of the parent, student and booking areas (spec 1 §2.4–2.6), in the spec's order:
// the area layout's navigation. Which of them are built is the page registry's business
// (src/pages/registry.tsx); the rest show "not built yet". The parent's and student's announcement
// boards (issue 11) follow their home: where their announcement notifications lead.

import type { LoginKind } from '../../providers/session';

export const AREA_MENUS: Record<Exclude<LoginKind, 'staff'>, readonly string[]> = {
  parent: [
    '/parent/home', '/parent/home-comboard', '/parent/attendance', '/parent/attendance/subject-attendance', '/parent/attendance/daily-attendance',
    '/parent/finance', '/parent/finance/invoice', '/parent/finance/payment', '/parent/finance/waiver',
    '/parent/coursework', '/parent/permission', '/parent/academic', '/parent/calendar', '/parent/schedule',
    '/parent/notification',
  ],
  student: [
    '/student/home', '/student/home-comboard', '/student/attendance', '/student/attendance/subject-attendance',
    '/student/attendance/daily-attendance', '/student/permission', '/student/coursework', '/student/portofolio',
    '/student/academic', '/student/calendar', '/student/schedule', '/student/subject-selection', '/student/interest-selection',
    '/student/notification',
  ],
  booking: [
    '/booking/home', '/booking/accessgrant', '/rental/tenant', '/booking/room', '/booking/booking',
    '/booking/select-booking', '/rental/select-rental', '/booking/vehicle', '/google-calendar', '/rental/rental',
    '/booking/report',
  ],
};
