// The root path (spec 1 §2.1, §2.3): a user without ROLE_FINANCE goes on to /home-academic;
// the finance dashboard itself is a later issue.

import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { NotBuiltPage } from './lazyPages';

export function Dashboard() {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  const roles = Array.isArray(permissions) ? permissions : [];
  if (!roles.includes('ROLE_FINANCE')) return <Navigate to="/home-academic" replace />;
  return <NotBuiltPage path="/" />;
}
