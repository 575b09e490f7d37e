// Who may call the finance ledger's routes (src/shared/api/finance.ts FINANCE_ROLES): the
// session's roles only; anyone else gets 403 before a route reads or writes anything.

import type { FastifyRequest } from 'fastify';
import { FINANCE_ROLES } from '../../src/shared/api/finance';
import { sessionUser } from '../auth/requireSession';
import { apiError } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';

export type FinanceLevel = keyof typeof FINANCE_ROLES;

/** Throws 403 unless the caller holds one of the level's roles. */
export function requireFinance(request: FastifyRequest, level: FinanceLevel): void {
  const allowed: readonly string[] = FINANCE_ROLES[level];
  if (!sessionUser(request).roles.some((role) => allowed.includes(role))) throw apiError(requestLocale(request), 403, 'forbidden');
}
