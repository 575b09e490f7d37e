// The admin shell is for staff: a student, parent or booking user who opens one of its
// pages goes to the home of their own layout (spec 1 §2.2).

import { Navigate } from 'react-router-dom';
import { useAuthProvider } from 'react-admin';
import { HOME_PATHS } from '../../providers/loginPaths';
import type { AppAuthProvider } from '../../providers/authProvider';

export function KindRedirect() {
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  if (!authProvider?.currentUser()) return null;
  const kind = authProvider.loginKind();
  return kind === 'staff' ? null : <Navigate to={HOME_PATHS[kind]} replace />;
}
