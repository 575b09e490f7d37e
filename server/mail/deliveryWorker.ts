// Delivering the outbox over SMTP (issue 13 "E-mail"), in the server process: claim due rows
// (./outbox.ts), send each with its fixed Message-ID through the /settingemail server, mark it
// sent or put it back with its error and a backoff. Several workers — two server processes on
// one PostgreSQL — may run at once: the claim decides who sends a row, never memory.
//
// The lease (default 5 min) is far longer than an SMTP exchange may take (timeouts of 30 s per
// step), so a row is found `sending` with its lease passed only when its claimer died; it then
// becomes `interrupted` and is not sent again by itself (see ./outbox.ts).

import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { beginSending, claimDue, markFailed, markSent, recoverInterrupted } from './outbox';
import { readSmtpSetting, transportFor } from './smtpSettings';
import { mailText } from './mailTexts';

export interface DeliveryOptions {
  /** Who claims (default: a random id per worker). */
  workerId?: string;
  batchSize?: number;
  leaseMs?: number;
  /** The wait after the first failed attempt; each next one doubles it. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxAttempts?: number;
  smtpTimeoutMs?: number;
  /** Tests only: runs after the SMTP server accepted a message and before it is marked sent (a crash there is the case at-most-once is about). */
  afterSmtp?: (id: number) => Promise<void> | void;
}

export const DELIVERY_DEFAULTS = {
  batchSize: 20,
  leaseMs: 5 * 60_000,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  maxAttempts: 8,
  smtpTimeoutMs: 30_000,
} as const;

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  interrupted: number;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const details = error as Error & { code?: string; command?: string; response?: string };
  return [details.code, details.command, details.response ?? error.message].filter(Boolean).join(' ');
}

/** One run: interrupted rows recovered, then due rows claimed and sent in batches until none is due. */
export async function deliverDue(db: Db, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const o = { ...DELIVERY_DEFAULTS, ...options };
  const workerId = options.workerId ?? `w-${randomBytes(6).toString('hex')}`;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, interrupted: (await recoverInterrupted(db)).length };
  for (;;) {
    const rows = await claimDue(db, workerId, o.batchSize, o.leaseMs);
    if (rows.length === 0) return report;
    const setting = await readSmtpSetting(db);
    const transport = setting ? transportFor(setting, o.smtpTimeoutMs) : null;
    try {
      for (const claimed of rows) {
        const attempts = await beginSending(db, claimed.id, workerId, o.leaseMs);
        if (attempts === null) continue;
        const row = { ...claimed, attempts };
        if (!setting || !transport) {
          const outcome = await markFailed(db, row, workerId, mailText('en', 'noSmtp'), o);
          report[outcome === 'failed' ? 'failed' : 'retrying'] += 1;
          continue;
        }
        const from = setting.senderName ? `"${setting.senderName.replace(/"/g, "'")}" <${setting.senderEmail}>` : setting.senderEmail;
        let response: string;
        try {
          const info = await transport.sendMail({
            from,
            to: row.to_addresses,
            cc: row.cc_addresses ?? undefined,
            // nodemailer gives these to the server as recipients and leaves them out of the headers
            bcc: row.bcc_addresses ?? undefined,
            subject: row.subject,
            html: row.html,
            text: row.text_body,
            messageId: row.message_id,
            headers: { 'X-Outbox-Id': String(row.id) },
          });
          response = String(info.response ?? '');
        } catch (error) {
          const outcome = await markFailed(db, row, workerId, errorText(error), o);
          report[outcome === 'failed' ? 'failed' : 'retrying'] += 1;
          continue;
        }
        await options.afterSmtp?.(row.id);
        if (await markSent(db, row.id, workerId, response, from)) report.sent += 1;
      }
    } finally {
      transport?.close();
    }
  }
}

export interface DeliveryWorker {
  /** Run now (after a send), without waiting for the timer. */
  nudge(): void;
  /** The current run, for tests and a clean stop. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** deliverDue now and every `intervalMs`; one run at a time; failures are logged and tried again next time. */
export function startDeliveryWorker(
  db: Db,
  log: { error(details: unknown, message: string): void },
  intervalMs: number,
  options: DeliveryOptions = {},
): DeliveryWorker {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(() => (stopped ? undefined : deliverDue(db, options))).catch((error: unknown) => log.error({ err: error }, 'Delivering the outbox failed'));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    nudge: tick,
    idle: async () => {
      await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
