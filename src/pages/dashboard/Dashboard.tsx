// The root (spec 1 §2.1, §2.3; spec 3 §2.1): finance users (FINANCE_ROLES.read: ROLE_FINANCE,
// ROLE_ADMIN_FINANCE, ROLE_FOUNDATION) see the finance dashboard the registry hands in; everyone
// else goes on to /home-academic.

import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { FINANCE_ROLES } from '../../shared/api/finance';

export function Dashboard({ financeHome }: { financeHome: ReactElement }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  const roles = Array.isArray(permissions) ? permissions : [];
  if (!FINANCE_ROLES.read.some((role) => roles.includes(role))) return <Navigate to="/home-academic" replace />;
  return financeHome;
}
