// What the user may do on the invoice pages (src/shared/api/finance.ts FINANCE_ROLES): the
// route lets readers in; the actions show only to those who may operate or administer.

import { usePermissions } from 'react-admin';
import { FINANCE_ROLES } from '../../shared/api/finance';

export interface FinanceAbilities {
  operate: boolean;
  administer: boolean;
}

export function useFinanceRoles(): FinanceAbilities {
  const { permissions } = usePermissions<string[]>();
  const roles: readonly string[] = Array.isArray(permissions) ? permissions : [];
  return {
    operate: FINANCE_ROLES.operate.some((role) => roles.includes(role)),
    administer: FINANCE_ROLES.administer.some((role) => roles.includes(role)),
  };
}
