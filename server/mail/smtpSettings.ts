// The SMTP server the outbox delivers through: the /settingemail record (schemas/setting_email.yaml;
// the password is write-only there and read only here, on the server), read at every delivery
// run, so a saved change applies to the next message without a restart.

import type { Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { mailDb } from './mailDdl';

export interface SmtpSetting {
  host: string;
  port: number;
  encryption: 'starttls' | 'ssl' | 'none';
  user: string | null;
  password: string | null;
  senderName: string;
  senderEmail: string;
}

/** The saved setting, or null when no SMTP server is set. */
export async function readSmtpSetting(db: Db): Promise<SmtpSetting | null> {
  const row = await mailDb(db).selectFrom('setting_email').selectAll().orderBy('id').limit(1).executeTakeFirst();
  if (!row?.smtp_host || !row.smtp_port || !row.sender_email) return null;
  const encryption = row.encryption === 'ssl' || row.encryption === 'none' ? row.encryption : 'starttls';
  return {
    host: row.smtp_host,
    port: Number(row.smtp_port),
    encryption,
    user: row.smtp_user || null,
    password: row.smtp_password || null,
    senderName: row.sender_name ?? '',
    senderEmail: row.sender_email,
  };
}

/**
 * A nodemailer transport for the setting. STARTTLS is required when chosen (never a silent
 * fallback to plain text), SSL/TLS connects encrypted, None sends in the clear (a relay on
 * localhost). The timeouts stay well under the outbox lease (deliveryWorker.ts).
 */
export function transportFor(setting: SmtpSetting, timeoutMs: number): Transporter {
  return nodemailer.createTransport({
    // One connection for a run's messages, closed at its end (deliveryWorker.ts), not one per message.
    pool: true,
    maxConnections: 1,
    host: setting.host,
    port: setting.port,
    secure: setting.encryption === 'ssl',
    requireTLS: setting.encryption === 'starttls',
    ignoreTLS: setting.encryption === 'none',
    // A login only with both a user and a password: a relay that takes none (a local one) is
    // not asked to log in with an empty password, which it would refuse.
    auth: setting.user && setting.password ? { user: setting.user, pass: setting.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}
