// The e-mail demo (issue 13 "E-mail"): the parents' addresses of the roster's students (most
// with both, some with one, one in twenty with none, so /sendemail shows who cannot be sent
// to), and a few messages in the boxes: the November SPP reminders sent on 7 November to
// five families as /sendemail would have made them (through the same planning and fill), four
// delivered and one that failed after its last attempt (shown in /outbox with its error). The
// SMTP setting (demo/setting_email.yaml) points at localhost:1025, so no demo mail leaves the
// machine. Addresses are under example.com (RFC 2606), never a real mailbox.
//
// One UPDATE for the addresses and a handful of rows: a few milliseconds of the first start.

import { sql } from 'kysely';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import { mailDb } from '../mail/mailDdl';
import { activeTemplates, enqueueMessages, loadParties, openInvoices, planMessages } from '../mail/mailMessages';

const REMINDER_DATE = '2026-11-10';
const SENT_AT = '2026-11-07T08:00:00+07:00';

export async function seedDemoMail(tx: Db, catalog: Catalog): Promise<{ parent_emails: number; outbox: number }> {
  if (!catalog.entityNamed('email_template') || !catalog.entityNamed('invoice')) return { parent_emails: 0, outbox: 0 };
  const slug = sql`trim(both '.' from lower(regexp_replace(name, '[^A-Za-z]+', '.', 'g')))`;
  const updated = await sql`update student set
      father_email = case when id % 20 in (0, 1, 2) then null else 'ayah.' || ${slug} || '@example.com' end,
      mother_email = case when id % 20 in (0, 3) then null else 'ibu.' || ${slug} || '@example.com' end
    where father_email is null and mother_email is null and id > 2`.execute(tx);

  const templates = await activeTemplates(tx, 'reminder');
  const parties = (await loadParties(tx, 'student', { class_id: 1 })).filter((p) => p.father_email && p.mother_email);
  const invoices = await openInvoices(tx, 'student', parties.map((p) => p.id), REMINDER_DATE);
  const planned = planMessages(parties, invoices, templates)
    .flatMap((plan) => plan.messages)
    .slice(0, 5);
  const rows = await enqueueMessages(tx, planned, { source: 'send', date: REMINDER_DATE, createdBy: 'adminfinance', scheduledFor: new Date(SENT_AT) });
  const ids = rows.map((row) => row.id);
  const [failed, ...sent] = ids;
  if (sent.length)
    await mailDb(tx)
      .updateTable('mail_outbox')
      .set({ state: 'sent', attempts: 1, sent_at: new Date(SENT_AT), smtp_response: '250 2.0.0 OK queued', from_address: '"Keuangan Sekolah Harapan Bangsa" <keuangan@harapanbangsa.sch.id>' })
      .where('id', 'in', sent)
      .execute();
  if (failed !== undefined)
    await mailDb(tx)
      .updateTable('mail_outbox')
      .set({ state: 'failed', attempts: 8, next_attempt_at: new Date(SENT_AT), last_error: '550 5.1.1 The email account that you tried to reach does not exist' })
      .where('id', '=', failed)
      .execute();
  return { parent_emails: Number(updated.numAffectedRows ?? 0), outbox: ids.length };
}
