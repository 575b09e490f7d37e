// The e-mail calls (issue 13 "E-mail"; spec 3 §2.10 /sendemail, /outbox, /sent, §3.2 "Outbox
// and sent box", §5 and §8): the server answers them (server/mail/), the pages
// (src/pages/financeMail/) ask them. No React, no DOM. Each answer is the v1 envelope.
//
// Templates (/templateemail) and the SMTP setting (/settingemail) are schema screens
// (schemas/email_template.yaml, schemas/setting_email.yaml); these calls are the rest.
// Who may call: MAIL_ROLES (the finance roles: reading the boxes; sending, retrying and
// resending for those who operate the ledger).

import type { Success } from './envelope';
import { FINANCE_ROLES, type Money, type PartyKind } from './finance';

export const MAIL_ROLES = {
  read: FINANCE_ROLES.read,
  send: FINANCE_ROLES.operate,
} as const;

/** The kinds of template sending looks for (schemas/email_template.yaml `email_type`). */
export type EmailType = 'invoice' | 'reminder' | 'overdue' | 'receipt';
/** What /sendemail may send by hand. */
export const SENDABLE_TYPES: readonly EmailType[] = ['reminder', 'overdue', 'invoice'];

export type OutboxState = 'queued' | 'sending' | 'sent' | 'failed' | 'interrupted';

export const MAIL_PATHS = {
  /** GET RecipientsQuery → RecipientsAnswer: who would get what (a dry run of /sendemail). */
  recipients: 'mail/recipients',
  /** POST SendRequest → SendAnswer: queue the messages in the outbox. */
  send: 'mail/send',
  /** GET BoxQuery → BoxAnswer: the outbox (everything not sent yet). */
  outbox: 'mail/outbox',
  /** GET BoxQuery → BoxAnswer: the sent box. */
  sent: 'mail/sent',
  /** GET mail/message/{id} → MessageAnswer: one message with its text. */
  message: 'mail/message',
  /** POST mail/outbox/{id}/retry → MessageAnswer: try again now. */
  retry: 'mail/outbox',
  /** POST mail/sent/{id}/resend → MessageAnswer: a new outbox message with the same content. */
  resend: 'mail/sent',
} as const;

export interface RecipientsQuery {
  kind: PartyKind;
  /** `YYYY-MM-DD`: the open invoices due up to this day are in the message. */
  date: string;
  email_type: EmailType;
  /** Narrow the list (students: class; candidates: registration batch). */
  class_id?: number;
  registration_batch_id?: number;
  q?: string;
}

export interface RecipientInvoice {
  id: number;
  transaction_no: string | null;
  income_type: string;
  due_date: string;
  outstanding: Money;
}

/** Why a party is left out (spec 3 §5, §8). */
export type SkipReason = 'no_parent_email' | 'no_active_template' | 'no_open_invoice' | 'already_queued';

export interface Recipient {
  kind: PartyKind;
  id: number;
  number: string;
  name: string;
  class_name: string | null;
  father_email: string | null;
  mother_email: string | null;
  invoices: RecipientInvoice[];
  total: Money;
  /** null: a message would be sent. */
  skip: SkipReason | null;
  /** The translated reason. */
  skip_text: string | null;
  template_name: string | null;
}

export type RecipientsAnswer = Success<{ data: Recipient[]; total: number }>;

export interface SendRequest {
  kind: PartyKind;
  ids: number[];
  date: string;
  email_type: EmailType;
}

export interface SkippedParty {
  id: number;
  name: string;
  reason: SkipReason;
  text: string;
}

export type SendAnswer = Success<{ message: string; data: { queued: number; outbox_ids: number[]; skipped: SkippedParty[] } }>;

export interface BoxQuery {
  page?: number;
  per_page?: number;
  state?: OutboxState;
  q?: string;
}

export interface BoxRow {
  id: number;
  /** The party's name (spec 3 §3.2 "name"). */
  name: string;
  channel: 'email';
  receiver: string;
  cc: string | null;
  /** Hidden copies (the template's BCC): shown to staff in the boxes, never to the parents. */
  bcc: string | null;
  sender: string;
  subject: string;
  state: OutboxState;
  /** When it was meant to go out (§3.2 "schedule"). */
  scheduled_for: string;
  sent_at: string | null;
  /** Attempts so far (§3.2 "retry"). */
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  source: 'send' | 'reminder' | 'resend' | 'workflow';
  message_id: string;
}

export type BoxAnswer = Success<{ data: BoxRow[]; total: number }>;

export type MessageAnswer = Success<{ message?: string; data: BoxRow & { html: string; text: string } }>;
