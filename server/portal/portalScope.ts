// Whose records a portal call may read (issue 15: "every portal call is narrowed by the server
// to the caller's own children"), from the session only: a parent's children are the parent
// account's student_ids as stored now, a student is themself. A student_id the caller sends only
// narrows within that set: anybody else's id gives the empty set, so the call answers nothing
// of theirs (and a detail 404). Staff and booking logins get 403 from every portal call.

import type { FastifyRequest } from 'fastify';
import { sessionUser } from '../auth/requireSession';
import { apiError } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';

export interface PortalScope {
  kind: 'parent' | 'student';
  /** Every student the caller may see. */
  own: readonly number[];
  /** The students this call reads: `own`, or the one of them the query names (none if not theirs). */
  ids: readonly number[];
}

/** The caller's students, narrowed by the query's `student_id`; 403 for staff and booking logins. */
export function portalScope(request: FastifyRequest): PortalScope {
  const user = sessionUser(request);
  if (user.kind !== 'parent' && user.kind !== 'student') throw apiError(requestLocale(request), 403, 'forbidden');
  const own = user.kind === 'student' ? [user.id] : [...new Set(user.student_ids)];
  const asked = (request.query as Record<string, unknown> | undefined)?.student_id;
  if (asked === undefined || asked === '' || asked === 'ALL') return { kind: user.kind, own, ids: own };
  const id = typeof asked === 'string' && /^\d{1,9}$/.test(asked) ? Number(asked) : NaN;
  return { kind: user.kind, own, ids: own.includes(id) ? [id] : [] };
}
