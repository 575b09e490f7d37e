// The root path (spec 1 §2.1, §2.3): a user without ROLE_FINANCE goes on to /home-academic;
// the others see the finance home, which is a later issue (the registry hands it in).

import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';

export function Dashboard({ financeHome }: { financeHome: ReactElement }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  const roles = Array.isArray(permissions) ? permissions : [];
  if (!roles.includes('ROLE_FINANCE')) return <Navigate to="/home-academic" replace />;
  return financeHome;
}
