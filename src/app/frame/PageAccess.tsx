// Who may open a page (src/pages/registry.tsx, a page's `roles`): a user whose roles hold
// none of them gets the forbidden page (./ForbiddenPage.tsx), the same one the shell shows for a
// 403 (App.tsx's `accessDenied`), in the page's own layout. Nothing shows while the roles
// are being read.

import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { AccessDenied } from './lazyFramePages';

/** Whether roles may open a page declaring `allowed` (no declaration: anybody its route lets in). */
export function rolesMayOpen(allowed: readonly string[] | undefined, roles: readonly string[]): boolean {
  return allowed === undefined || allowed.some((role) => roles.includes(role));
}

export function PageAccess({ roles, children }: { roles: readonly string[] | undefined; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (roles === undefined) return <>{children}</>;
  if (isPending) return null;
  return rolesMayOpen(roles, Array.isArray(permissions) ? permissions : []) ? <>{children}</> : <AccessDenied />;
}
