// The e-mails of a workflow's notifications (issue 14: "E-mails … go through the outbox"):
// each notification the engine adds (./workflowEngine.ts) is also put in the mail outbox
// (server/mail/), in the same transaction as the decision, for every recipient with an e-mail
// address, so a decision that is rolled back (the loser of two approvers acting at once) leaves
// no e-mail, and the delivery worker sends what was committed once.
//
// The key: `workflow|<entity>|<document>|<event>|<step>|<recipient kind>:<id>`, the step being
// the approver row's seq for "your turn" and `final` for the decision: the same event enqueued
// again (a retried request, a second server process) inserts nothing.
//
// The message is in both languages (Indonesian first, the school's language; then English),
// with the page the notification opens (as a path in the app).

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { typedDb } from '../db/typedDb';
import { escapeHtml } from '../mail/templateFill';
import { mailDb } from '../mail/mailDdl';
import type { Recipient } from '../shell/notificationStore';
import { notificationText, type NotificationKey, type NotificationParams } from '../../src/shared/notificationMessages';
import { notificationTarget } from '../../src/shared/notificationTarget';

export interface WorkflowMail {
  entityName: string;
  documentId: number;
  event: 'waiting' | 'approved' | 'rejected';
  /** The approver row's seq for "waiting"; the decision otherwise. */
  step: number | 'final';
  docName: string;
  key: NotificationKey;
  params: NotificationParams;
}

export function workflowMailKey(mail: Pick<WorkflowMail, 'entityName' | 'documentId' | 'event' | 'step'>, recipient: Recipient): string {
  return `workflow|${mail.entityName}|${String(mail.documentId)}|${mail.event}|${String(mail.step)}|${recipient.kind}:${String(recipient.id)}`;
}

const SUBJECT = { id: 'Pemberitahuan', en: 'Notification' } as const;
const OPEN = { id: 'Buka di aplikasi', en: 'Open in the app' } as const;

async function addressesOf(db: Db, recipients: readonly Recipient[]): Promise<Map<string, { name: string; email: string }>> {
  const found = new Map<string, { name: string; email: string }>();
  const ids = (kind: Recipient['kind']) => recipients.filter((r) => r.kind === kind).map((r) => r.id);
  const users = ids('users');
  if (users.length) {
    for (const u of await typedDb(db).selectFrom('users').select(['id', 'name', 'email']).where(sql<boolean>`id = any(${users}::int[])`).execute()) {
      if (u.email) found.set(`users:${String(u.id)}`, { name: u.name ?? '', email: u.email });
    }
  }
  const parents = ids('parent_user');
  if (parents.length) {
    for (const p of await typedDb(db).selectFrom('parent_user').select(['id', 'name', 'email']).where(sql<boolean>`id = any(${parents}::int[])`).execute()) {
      if (p.email) found.set(`parent_user:${String(p.id)}`, { name: p.name ?? '', email: p.email });
    }
  }
  return found;
}

async function messageIdDomain(db: Db): Promise<string> {
  const setting = await mailDb(db).selectFrom('setting_email').select('sender_email').orderBy('id').limit(1).executeTakeFirst();
  const domain = setting?.sender_email?.split('@')[1];
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'sekolah.local';
}

/** Puts the notification's e-mails in the outbox (inside the caller's transaction); answers the keys inserted now. */
export async function enqueueWorkflowMail(tx: Db, mail: WorkflowMail, recipients: readonly Recipient[], createdBy: string): Promise<string[]> {
  const addresses = await addressesOf(tx, recipients);
  if (!addresses.size) return [];
  const domain = await messageIdDomain(tx);
  const rows = recipients.flatMap((recipient) => {
    const to = addresses.get(`${recipient.kind}:${String(recipient.id)}`);
    if (!to) return [];
    const path = notificationTarget({ id: 0, doc_name: mail.docName, doc_id: String(mail.documentId) }, recipient.kind === 'parent_user' ? 'parent' : 'staff');
    const text = { id: notificationText('id', mail.key, mail.params), en: notificationText('en', mail.key, mail.params) };
    // The page as a path: the app's address is the school's (no absolute link is known here).
    const html = `<p>${escapeHtml(text.id)}</p><p>${OPEN.id}: <code>${escapeHtml(path)}</code></p><hr>` + `<p lang="en">${escapeHtml(text.en)}</p><p lang="en">${OPEN.en}: <code>${escapeHtml(path)}</code></p>`;
    return [
      {
        dedupe_key: workflowMailKey(mail, recipient),
        message_id: `<${randomUUID()}@${domain}>`,
        source: 'workflow',
        email_template_id: null,
        party_kind: null,
        party_id: null,
        party_name: to.name,
        to_addresses: to.email,
        cc_addresses: null,
        bcc_addresses: null,
        subject: `${SUBJECT.id} / ${SUBJECT.en}: ${text.id}`.slice(0, 250),
        html,
        text_body: `${text.id}\n${OPEN.id}: ${path}\n\n${text.en}\n${OPEN.en}: ${path}\n`,
        created_by: createdBy,
      },
    ];
  });
  if (!rows.length) return [];
  const made = await mailDb(tx).insertInto('mail_outbox').values(rows).onConflict((oc) => oc.column('dedupe_key').doNothing()).returning('dedupe_key').execute();
  return made.map((row) => row.dedupe_key);
}
