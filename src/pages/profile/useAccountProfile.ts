// The logged-in user's profile (spec 1 §7.1), read through the auth provider, which knows
// where each kind's profile is. A 401 logs out as every call's does; any other failure is
// the caller's to show, with a retry.

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuthProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { AppAuthProvider } from '../../providers/authProvider';

export function useAccountProfile() {
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const user = authProvider?.currentUser();
  const kind = authProvider?.loginKind();
  const query = useQuery({
    queryKey: ['profile', kind, user?.id],
    queryFn: () => authProvider!.profile(),
    enabled: Boolean(authProvider && user),
    retry: false,
  });
  const { error } = query;
  useEffect(() => {
    if (error) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);
  return { ...query, kind: kind ?? 'staff' };
}
