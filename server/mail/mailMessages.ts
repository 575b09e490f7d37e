// Who gets which message (issue 13 "E-mail"; spec 3 §5: only students or candidates with a
// father's or mother's email; the matching template must be active): the parties with their
// open, published invoices, the template that matches each invoice's type of bill, and the
// outbox rows they make. Shared by /sendemail (./mailRoutes.ts) and the reminders
// (./reminderScheduler.ts), so both fill and address a message the same way.
//
// The matching template of an invoice: an active template of the email type for the invoice's
// income type, else an active one for every income type (income type empty); the lowest id
// when there are several. A party's invoices that match one template make one message.

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Locale } from '../../src/shared/entityModel';
import type { EmailType, RecipientInvoice, SkipReason } from '../../src/shared/api/mail';
import type { PartyKind } from '../../src/shared/api/finance';
import type { Db } from '../db/database';
import { fillTemplate } from './templateFill';
import { mailDb } from './mailDdl';
import { mailText } from './mailTexts';

export interface Party {
  kind: PartyKind;
  id: number;
  number: string;
  name: string;
  class_name: string | null;
  father_email: string | null;
  mother_email: string | null;
}

export interface OpenInvoice extends RecipientInvoice {
  party_id: number;
  income_type_id: number;
}

export interface Template {
  id: number;
  name: string;
  email_type: EmailType;
  income_type_id: number | null;
  subject: string;
  header: string | null;
  body: string;
  footer: string | null;
  cc: string | null;
  bcc: string | null;
}

export interface PartyFilter {
  ids?: readonly number[];
  class_id?: number;
  registration_batch_id?: number;
  q?: string;
}

const PARTY_LIMIT = 1000;

/** Active students or candidates, with the parents' emails; narrowed by ids, class or batch, and a search of number and name. */
export async function loadParties(db: Db, kind: PartyKind, filter: PartyFilter): Promise<Party[]> {
  const q = filter.q?.trim() ? `%${filter.q.trim().toLowerCase()}%` : null;
  const ids = filter.ids ? [...filter.ids] : null;
  const rows =
    kind === 'student'
      ? await sql<Party>`select 'student' as kind, s.id, s.nis as number, s.name, c.name as class_name, s.father_email, s.mother_email
          from student s left join class c on c.id = s.class_id
          where s.is_active and (${ids}::int[] is null or s.id = any(${ids}::int[]))
            and (${filter.class_id ?? null}::int is null or s.class_id = ${filter.class_id ?? null}::int)
            and (${q}::text is null or lower(s.name) like ${q} or s.nis like ${q})
          order by c.name nulls last, s.name, s.id limit ${PARTY_LIMIT}`.execute(db)
      : await sql<Party>`select 'candidate' as kind, s.id, s.registration_no as number, s.name, null as class_name, s.father_email, s.mother_email
          from candidate s
          where s.is_active and (${ids}::int[] is null or s.id = any(${ids}::int[]))
            and (${filter.registration_batch_id ?? null}::int is null or s.registration_batch_id = ${filter.registration_batch_id ?? null}::int)
            and (${q}::text is null or lower(s.name) like ${q} or lower(s.registration_no) like ${q})
          order by s.name, s.id limit ${PARTY_LIMIT}`.execute(db);
  return rows.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The parties' open, published invoices with something owing, due up to `dueBy`, oldest due first. */
export async function openInvoices(db: Db, kind: PartyKind, partyIds: readonly number[], dueBy: string): Promise<OpenInvoice[]> {
  if (partyIds.length === 0) return [];
  const column = sql.ref(kind === 'student' ? 'i.student_id' : 'i.candidate_id');
  const rows = await sql<OpenInvoice>`select i.id, i.transaction_no, it.name as income_type, i.income_type_id, i.due_date::text as due_date,
      i.outstanding::text as outstanding, ${column} as party_id
    from invoice i join income_type it on it.id = i.income_type_id
    where ${column} = any(${[...partyIds]}::int[]) and i.state = 'open' and i.outstanding > 0 and i.is_published and i.due_date <= ${dueBy}::date
    order by i.due_date, i.id`.execute(db);
  return rows.rows.map((row) => ({ ...row, id: Number(row.id), party_id: Number(row.party_id), income_type_id: Number(row.income_type_id), outstanding: Number(row.outstanding) }));
}

/** The active templates of a type, lowest id first. */
export async function activeTemplates(db: Db, type: EmailType): Promise<Template[]> {
  const rows = await mailDb(db)
    .selectFrom('email_template')
    .select(['id', 'name', 'email_type', 'income_type_id', 'subject', 'header', 'body', 'footer', 'cc', 'bcc'])
    .where('is_active', '=', true)
    .where('email_type', '=', type)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), name: String(row.name), email_type: type, subject: String(row.subject), body: String(row.body ?? '') }));
}

/** The template an invoice of this income type is sent with, or none. */
export function templateFor(templates: readonly Template[], incomeTypeId: number): Template | undefined {
  return templates.find((t) => t.income_type_id === incomeTypeId) ?? templates.find((t) => t.income_type_id === null);
}

/** The parents' addresses, each once (case ignored), father first. */
export function parentAddresses(party: Pick<Party, 'father_email' | 'mother_email'>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const address of [party.father_email, party.mother_email]) {
    const trimmed = address?.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    out.push(trimmed);
  }
  return out;
}

/** The template's CC list (`a@x.id;b@x.id`, spec 3 §5) as addresses. */
export function ccAddresses(cc: string | null): string[] {
  return (cc ?? '').split(';').map((a) => a.trim()).filter(Boolean);
}

export interface PlannedMessage {
  party: Party;
  template: Template;
  invoices: OpenInvoice[];
}

export interface PartyPlan {
  party: Party;
  invoices: OpenInvoice[];
  messages: PlannedMessage[];
  skip: SkipReason | null;
}

/** What each party would be sent: a message per matching template, or why nothing. */
export function planMessages(parties: readonly Party[], invoices: readonly OpenInvoice[], templates: readonly Template[]): PartyPlan[] {
  const byParty = new Map<number, OpenInvoice[]>();
  for (const invoice of invoices) byParty.set(invoice.party_id, [...(byParty.get(invoice.party_id) ?? []), invoice]);
  return parties.map((party) => {
    const own = byParty.get(party.id) ?? [];
    const byTemplate = new Map<number, PlannedMessage>();
    for (const invoice of own) {
      const template = templateFor(templates, invoice.income_type_id);
      if (!template) continue;
      const planned = byTemplate.get(template.id) ?? { party, template, invoices: [] };
      planned.invoices.push(invoice);
      byTemplate.set(template.id, planned);
    }
    const messages = [...byTemplate.values()];
    const skip: SkipReason | null =
      own.length === 0 ? 'no_open_invoice' : parentAddresses(party).length === 0 ? 'no_parent_email' : messages.length === 0 ? 'no_active_template' : null;
    return { party, invoices: own, messages: skip ? [] : messages, skip };
  });
}

export interface Enqueued {
  id: number;
  dedupe_key: string;
}

/** Domain of the Message-IDs: the sender's, else a local one. */
async function messageIdDomain(db: Db): Promise<string> {
  const setting = await mailDb(db).selectFrom('setting_email').select('sender_email').orderBy('id').limit(1).executeTakeFirst();
  const domain = setting?.sender_email?.split('@')[1];
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'sekolah.local';
}

/**
 * Puts the planned messages in the outbox, each under its key (`<prefix>|<template>|<kind>|<id>|<date>`);
 * a key already there inserts nothing. Answers the rows inserted now.
 */
export async function enqueueMessages(
  tx: Db,
  planned: readonly PlannedMessage[],
  options: { source: 'send' | 'reminder'; date: string; createdBy: string; scheduledFor?: Date; locale?: Locale },
): Promise<Enqueued[]> {
  if (planned.length === 0) return [];
  const domain = await messageIdDomain(tx);
  const rows = planned.map(({ party, template, invoices }) => {
    const filled = fillTemplate(template, party, invoices, options.locale ?? 'id');
    const cc = ccAddresses(template.cc);
    const bcc = ccAddresses(template.bcc);
    return {
      dedupe_key: `${options.source}|${template.id}|${party.kind}|${party.id}|${options.date}`,
      message_id: `<${randomUUID()}@${domain}>`,
      source: options.source,
      email_template_id: template.id,
      party_kind: party.kind,
      party_id: party.id,
      party_name: party.name,
      to_addresses: parentAddresses(party).join(', '),
      cc_addresses: cc.length ? cc.join(', ') : null,
      bcc_addresses: bcc.length ? bcc.join(', ') : null,
      subject: filled.subject,
      html: filled.html,
      text_body: filled.text,
      created_by: options.createdBy,
      scheduled_for: options.scheduledFor ?? new Date(),
    };
  });
  const inserted: Enqueued[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const made = await mailDb(tx)
      .insertInto('mail_outbox')
      .values(rows.slice(start, start + 500))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning(['id', 'dedupe_key'])
      .execute();
    inserted.push(...made.map((row) => ({ id: Number(row.id), dedupe_key: row.dedupe_key })));
  }
  return inserted;
}

/** The keys of these planned messages already in the outbox. */
export async function queuedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await mailDb(db).selectFrom('mail_outbox').select('dedupe_key').where('dedupe_key', 'in', [...keys]).execute();
  return new Set(rows.map((row) => row.dedupe_key));
}

export function sendKey(message: PlannedMessage, date: string): string {
  return `send|${message.template.id}|${message.party.kind}|${message.party.id}|${date}`;
}

export function skipText(locale: Locale, reason: SkipReason): string {
  return mailText(locale, reason);
}
