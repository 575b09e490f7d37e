// Whether the user may send, retry and resend (src/shared/api/mail.ts MAIL_ROLES.send): the
// routes let readers in (ROLE_FOUNDATION reads the boxes); the actions show only to senders.

import { usePermissions } from 'react-admin';
import { MAIL_ROLES } from '../../shared/api/mail';

export function useMaySend(): boolean {
  const { permissions } = usePermissions<string[]>();
  const roles: readonly string[] = Array.isArray(permissions) ? permissions : [];
  return MAIL_ROLES.send.some((role) => roles.includes(role));
}
