// The login page and the home of each kind of user (spec 1 §2), and which `to` a login may
// return to. The auth provider sends users to them; the shell (src/app/shellPaths.ts) mounts them.

import type { LoginKind } from './session';

export const LOGIN_PATHS: Record<LoginKind, string> = {
  staff: '/login',
  student: '/login-student',
  parent: '/login-parent',
  booking: '/login-booking',
};

/** Where each kind lands after logging in without a `to`. Staff: the dashboard, which sends non-finance users on. */
export const HOME_PATHS: Record<LoginKind, string> = {
  staff: '/',
  student: '/student/home',
  parent: '/parent/home',
  booking: '/booking/home',
};

/** Whether a path is a login page (never a place to come back to after login). */
export function isLoginPage(pathname: string): boolean {
  return Object.values(LOGIN_PATHS).includes(pathname);
}

/**
 * A `to` to come back to after login: a path of this app only (`/x`, not `//host` or
 * `https://…`), never a login page.
 */
export function safeReturnPath(to: string | null | undefined): string | null {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return null;
  const pathname = to.split(/[?#]/)[0] ?? '';
  return isLoginPage(pathname) ? null : to;
}

/** The path prefixes of the simpler layouts (spec 1 §2.4–2.6); everything else is the staff shell. */
export const AREA_PREFIXES: Record<Exclude<LoginKind, 'staff'>, readonly string[]> = {
  parent: ['parent'],
  student: ['student'],
  booking: ['booking', 'rental', 'google-calendar'],
};

function firstSegment(path: string): string {
  return path.split('/')[1] ?? '';
}

/** The kind of user whose simpler layout a path belongs to; staff for the admin shell. */
export function areaOfPath(pathname: string): LoginKind {
  const segment = firstSegment(pathname);
  for (const [kind, prefixes] of Object.entries(AREA_PREFIXES) as Array<[LoginKind, readonly string[]]>) {
    if (prefixes.includes(segment)) return kind;
  }
  return 'staff';
}
