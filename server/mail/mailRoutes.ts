// The e-mail calls (src/shared/api/mail.ts), behind the session: who would get what, send
// (into the outbox), the outbox and sent box with retry and resend. Who: MAIL_ROLES (the
// session's roles only). Sending and retrying nudge the delivery worker (./mailJobs.ts), so a
// message leaves at once rather than at the worker's next tick.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  MAIL_PATHS,
  MAIL_ROLES,
  SENDABLE_TYPES,
  type BoxAnswer,
  type BoxRow,
  type EmailType,
  type MessageAnswer,
  type OutboxState,
  type Recipient,
  type RecipientsAnswer,
  type SendAnswer,
  type SkippedParty,
} from '../../src/shared/api/mail';
import type { PartyKind } from '../../src/shared/api/finance';
import type { Locale } from '../../src/shared/entityModel';
import { sessionUser } from '../auth/requireSession';
import { parseRecordId } from '../crud/recordId';
import type { Db } from '../db/database';
import { ApiError, apiError } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { mailDb, type OutboxRow } from './mailDdl';
import { activeTemplates, enqueueMessages, loadParties, openInvoices, planMessages, queuedKeys, sendKey, skipText } from './mailMessages';
import type { MailJobs } from './mailJobs';
import { mailRefused, mailRefusedField, mailText } from './mailTexts';
import { retryMessage, resendMessage } from './outbox';
import { readSmtpSetting } from './smtpSettings';
import { isCalendarDay } from '../../src/shared/schoolCalendar';

type Query = Record<string, unknown>;

function requireMail(request: FastifyRequest, level: keyof typeof MAIL_ROLES): void {
  const allowed: readonly string[] = MAIL_ROLES[level];
  if (!sessionUser(request).roles.some((role) => allowed.includes(role))) throw apiError(requestLocale(request), 403, 'forbidden');
}

const objectOf = (value: unknown): Query => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Query) : {});
const kindOf = (value: unknown): PartyKind | undefined => (value === 'student' || value === 'candidate' ? value : undefined);
const typeOf = (value: unknown): EmailType | undefined => (SENDABLE_TYPES.includes(value as EmailType) ? (value as EmailType) : undefined);
const positive = (value: unknown): number | undefined => parseRecordId(String(value ?? '')) ?? undefined;
const STATES: readonly OutboxState[] = ['queued', 'sending', 'sent', 'failed', 'interrupted'];

function checkedRequest(locale: Locale, source: Query): { kind: PartyKind; date: string; email_type: EmailType } {
  const kind = kindOf(source.kind);
  if (!kind) throw mailRefusedField(locale, 'kind', 'badKind');
  if (!isCalendarDay(source.date)) throw mailRefusedField(locale, 'date', 'selectDate');
  const type = source.email_type === undefined || source.email_type === '' ? 'reminder' : typeOf(source.email_type);
  if (!type) throw mailRefusedField(locale, 'email_type', 'badType');
  return { kind, date: source.date, email_type: type };
}

function boxRow(row: OutboxRow, locale: Locale, sender: string): BoxRow {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: Number(row.id),
    name: row.party_name,
    channel: 'email',
    receiver: row.to_addresses,
    cc: row.cc_addresses,
    bcc: row.bcc_addresses,
    sender: row.from_address ?? sender,
    subject: row.subject,
    state: row.state,
    scheduled_for: iso(row.scheduled_for)!,
    sent_at: iso(row.sent_at),
    attempts: row.attempts,
    next_attempt_at: row.state === 'queued' ? iso(row.next_attempt_at) : null,
    last_error: row.state === 'interrupted' && !row.last_error ? mailText(locale, 'interrupted', { id: row.message_id }) : row.last_error,
    source: row.source as BoxRow['source'],
    message_id: row.message_id,
  };
}

async function senderText(db: Db): Promise<string> {
  const setting = await readSmtpSetting(db);
  return setting ? (setting.senderName ? `"${setting.senderName}" <${setting.senderEmail}>` : setting.senderEmail) : '';
}

async function box(db: Db, locale: Locale, query: Query, sent: boolean): Promise<{ data: BoxRow[]; total: number }> {
  const int = (value: unknown, fallback: number) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : fallback);
  const page = Math.max(1, int(query.page, 1));
  const perPage = Math.min(100, Math.max(1, int(query.per_page, 25)));
  const state = STATES.includes(query.state as OutboxState) ? (query.state as OutboxState) : undefined;
  const q = typeof query.q === 'string' && query.q.trim() ? `%${query.q.trim().toLowerCase()}%` : undefined;
  let base = mailDb(db).selectFrom('mail_outbox');
  base = sent ? base.where('state', '=', 'sent') : base.where('state', '!=', 'sent');
  if (state) base = base.where('state', '=', state);
  if (q) base = base.where((eb) => eb.or([eb(sql`lower(party_name)`, 'like', q), eb(sql`lower(to_addresses)`, 'like', q), eb(sql`lower(subject)`, 'like', q)]));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sent ? 'sent_at' : 'id', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const sender = await senderText(db);
  return { data: rows.map((row) => boxRow(row, locale, sender)), total: Number(count.n) };
}

async function messageAnswer(db: Db, locale: Locale, id: number): Promise<MessageAnswer['data']> {
  const row = await mailDb(db).selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw mailRefused(locale, 404, 'notFound');
  return { ...boxRow(row, locale, await senderText(db)), html: row.html, text: row.text_body };
}

export function registerMailRoutes(app: FastifyInstance, db: Db, jobs: Pick<MailJobs, 'nudge'>): void {
  app.get(`/${MAIL_PATHS.recipients}`, async (request): Promise<RecipientsAnswer> => {
    requireMail(request, 'read');
    const locale = requestLocale(request);
    const query = objectOf(request.query);
    const { kind, date, email_type } = checkedRequest(locale, query);
    const parties = await loadParties(db, kind, {
      class_id: positive(query.class_id),
      registration_batch_id: positive(query.registration_batch_id),
      q: typeof query.q === 'string' ? query.q.slice(0, 100) : undefined,
    });
    const invoices = await openInvoices(db, kind, parties.map((p) => p.id), date);
    const plans = planMessages(parties, invoices, await activeTemplates(db, email_type)).filter((plan) => plan.invoices.length > 0);
    const queued = await queuedKeys(db, plans.flatMap((plan) => plan.messages.map((m) => sendKey(m, date))));
    const data: Recipient[] = plans.map((plan) => {
      const allQueued = plan.messages.length > 0 && plan.messages.every((m) => queued.has(sendKey(m, date)));
      const skip = plan.skip ?? (allQueued ? 'already_queued' : null);
      return {
        kind,
        id: plan.party.id,
        number: plan.party.number,
        name: plan.party.name,
        class_name: plan.party.class_name,
        father_email: plan.party.father_email,
        mother_email: plan.party.mother_email,
        invoices: plan.invoices.map(({ id, transaction_no, income_type, due_date, outstanding }) => ({ id, transaction_no, income_type, due_date, outstanding })),
        total: plan.invoices.reduce((sum, i) => sum + i.outstanding, 0),
        skip,
        skip_text: skip ? skipText(locale, skip) : null,
        template_name: plan.messages.map((m) => m.template.name).join(', ') || null,
      };
    });
    return success({ data, total: data.length });
  });

  app.post(`/${MAIL_PATHS.send}`, async (request): Promise<SendAnswer> => {
    requireMail(request, 'send');
    const locale = requestLocale(request);
    const body = objectOf(request.body);
    const rawIds = Array.isArray(body.ids) ? body.ids : [];
    const ids = [...new Set(rawIds.map((id) => positive(id)).filter((id): id is number => id !== undefined))];
    if (ids.length === 0) throw mailRefusedField(locale, 'ids', 'selectParties');
    if (ids.length > 1000) throw new ApiError(422, mailText(locale, 'selectParties'));
    const { kind, date, email_type } = checkedRequest(locale, body);
    const parties = await loadParties(db, kind, { ids });
    const invoices = await openInvoices(db, kind, ids, date);
    const plans = planMessages(parties, invoices, await activeTemplates(db, email_type));
    const skipped: SkippedParty[] = plans.filter((p) => p.skip).map((p) => ({ id: p.party.id, name: p.party.name, reason: p.skip!, text: skipText(locale, p.skip!) }));
    const planned = plans.flatMap((p) => p.messages);
    const { username } = sessionUser(request);
    const inserted = await db.transaction().execute((tx) => enqueueMessages(tx, planned, { source: 'send', date, createdBy: username }));
    const insertedKeys = new Set(inserted.map((row) => row.dedupe_key));
    for (const plan of plans) {
      if (plan.skip || plan.messages.length === 0) continue;
      if (plan.messages.every((m) => !insertedKeys.has(sendKey(m, date))))
        skipped.push({ id: plan.party.id, name: plan.party.name, reason: 'already_queued', text: skipText(locale, 'already_queued') });
    }
    if (inserted.length === 0) throw new ApiError(422, mailText(locale, 'nothingSent'), undefined, { data: { queued: 0, outbox_ids: [], skipped } });
    jobs.nudge();
    return success({ message: mailText(locale, 'queued', { count: inserted.length }), data: { queued: inserted.length, outbox_ids: inserted.map((row) => row.id), skipped } });
  });

  app.get(`/${MAIL_PATHS.outbox}`, async (request): Promise<BoxAnswer> => {
    requireMail(request, 'read');
    return success(await box(db, requestLocale(request), objectOf(request.query), false));
  });

  app.get(`/${MAIL_PATHS.sent}`, async (request): Promise<BoxAnswer> => {
    requireMail(request, 'read');
    return success(await box(db, requestLocale(request), objectOf(request.query), true));
  });

  app.get(`/${MAIL_PATHS.message}/:id`, async (request): Promise<MessageAnswer> => {
    requireMail(request, 'read');
    const locale = requestLocale(request);
    const id = positive(objectOf(request.params).id);
    if (!id) throw mailRefused(locale, 404, 'notFound');
    return success({ data: await messageAnswer(db, locale, id) });
  });

  app.post(`/${MAIL_PATHS.retry}/:id/retry`, async (request): Promise<MessageAnswer> => {
    requireMail(request, 'send');
    const locale = requestLocale(request);
    const id = positive(objectOf(request.params).id);
    if (!id) throw mailRefused(locale, 404, 'notFound');
    if (!(await retryMessage(db, id))) {
      await messageAnswer(db, locale, id); // 404 when there is no such message
      throw mailRefused(locale, 409, 'notRetryable');
    }
    jobs.nudge();
    return success({ message: mailText(locale, 'retried'), data: await messageAnswer(db, locale, id) });
  });

  app.post(`/${MAIL_PATHS.resend}/:id/resend`, async (request): Promise<MessageAnswer> => {
    requireMail(request, 'send');
    const locale = requestLocale(request);
    const id = positive(objectOf(request.params).id);
    if (!id) throw mailRefused(locale, 404, 'notFound');
    const made = await resendMessage(db, id, sessionUser(request).username);
    if (made === null) {
      await messageAnswer(db, locale, id);
      throw mailRefused(locale, 409, 'notResendable');
    }
    jobs.nudge();
    return success({ message: mailText(locale, 'resent'), data: await messageAnswer(db, locale, made) });
  });
}
