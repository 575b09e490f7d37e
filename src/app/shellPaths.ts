// The shell's own paths (spec 1 §2): the login and password pages of each kind of user,
// their homes, and the bespoke screens later issues build, which until then show an honest
// "not built yet" page. None of them is a schema resource (tests/app/shellPaths.test.ts
// checks it): opening one never needs the registry's entries of every module (src/main.tsx).

import type { LoginKind } from '../providers/session';

export const LOGIN_PATHS: Record<LoginKind, string> = {
  staff: '/login',
  student: '/login-student',
  parent: '/login-parent',
  booking: '/login-booking',
};

export const CHANGE_PASSWORD_PATHS: Record<LoginKind, string> = {
  staff: '/change-password',
  student: '/change-password-student',
  parent: '/change-password-parent',
  booking: '/change-password-booking',
};

/** Where each kind lands after logging in without a `to`. Staff: the dashboard, which sends non-finance users on. */
export const HOME_PATHS: Record<LoginKind, string> = {
  staff: '/',
  student: '/student/home',
  parent: '/parent/home',
  booking: '/booking/home',
};

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
