// How a route reaches the write door. buildApp (server/app.ts) makes one door, with the hooks
// of server/hooks/, and hangs it on the Fastify instance as `app.records` before it registers
// any route, so every plugin registered inside it (a bespoke module's routes included) writes
// through the same door as the generic routes:
//
//   app.post('/leave-request', (request) =>
//     db.transaction().execute((tx) => app.records.create(tx, callerOf(request), 'leave_request', body)));

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionUser } from '../auth/requireSession';
import { requestLocale } from '../http/requestLocale';
import type { Caller, RecordWrites } from './recordWrites';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one door for writes (server/records/recordWrites.ts), with every entity's hooks. */
    records: RecordWrites;
  }
}

/** Hangs the door on the app; plugins registered after this see it as `app.records`. */
export function provideWriteDoor(app: FastifyInstance, records: RecordWrites): void {
  app.decorate('records', records);
}

/** Who writes, for the door: the session's user, in the request's language. Only behind requireSession. */
export function callerOf(request: FastifyRequest): Caller {
  const user = sessionUser(request);
  return { username: user.username, roles: user.roles, locale: requestLocale(request) };
}
