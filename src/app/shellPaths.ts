// The shell's own paths (spec 1 §2): the password pages of each kind of user, their areas,
// and the bespoke screens later issues build, which until then show an honest
// "not built yet" page. None of them is a schema resource (tests/app/shellPaths.test.ts
// checks it): opening one never needs the registry's entries of every module (src/main.tsx).
// The login pages and homes of each kind are the auth provider's (src/providers/loginPaths.ts).

import type { LoginKind } from '../providers/session';

export const CHANGE_PASSWORD_PATHS: Record<LoginKind, string> = {
  staff: '/change-password',
  student: '/change-password-student',
  parent: '/change-password-parent',
  booking: '/change-password-booking',
};

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
