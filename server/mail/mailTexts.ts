// What the e-mail calls say, in both languages (spec 3 §5 and §8; Indonesian per GLOSSARY.md).

import type { Locale } from '../../src/shared/entityModel';
import { fillText } from '../../src/shared/messages';
import { ApiError } from '../http/apiError';

export const MAIL_TEXTS = {
  // spec 3 §5 "Select students or candidates, and select a date, before sending"
  selectParties: { en: 'Select students or candidates before sending', id: 'Pilih siswa atau calon siswa sebelum mengirim' },
  selectDate: { en: 'Select a date before sending', id: 'Pilih tanggal sebelum mengirim' },
  badKind: { en: 'Choose students or candidates', id: 'Pilih siswa atau calon siswa' },
  badType: { en: 'Choose the kind of email', id: 'Pilih jenis email' },
  // spec 3 §5, §8 "Recipient father or mother email missing"
  no_parent_email: { en: "The father's or mother's email is missing", id: 'Email ayah atau ibu belum diisi' },
  // spec 3 §5 "The matching email template must be active"
  no_active_template: { en: 'No active email template matches these invoices', id: 'Tidak ada template email aktif yang sesuai dengan tagihan ini' },
  no_open_invoice: { en: 'No open invoice is due by this date', id: 'Tidak ada tagihan terbuka yang jatuh tempo sampai tanggal ini' },
  already_queued: { en: 'Already sent for this date', id: 'Sudah dikirim untuk tanggal ini' },
  queued: { en: '%{count} email put in the outbox |||| %{count} emails put in the outbox', id: '%{count} email dimasukkan ke kotak keluar' },
  // spec 3 §8 "Send email failed"
  nothingSent: { en: 'Send email failed: nobody selected can be sent an email', id: 'Kirim email gagal: tidak ada yang dipilih yang dapat dikirimi email' },
  notFound: { en: 'Message not found', id: 'Pesan tidak ditemukan' },
  notRetryable: { en: 'Only a message that is waiting, failed or interrupted can be tried again', id: 'Hanya pesan yang menunggu, gagal, atau terputus yang dapat dicoba lagi' },
  retried: { en: 'The message will be sent again', id: 'Pesan akan dikirim lagi' },
  // spec 3 §8 "Resend failed"
  notResendable: { en: 'Resend failed: only a sent message can be resent', id: 'Kirim ulang gagal: hanya pesan terkirim yang dapat dikirim ulang' },
  resent: { en: 'A copy is in the outbox', id: 'Salinannya ada di kotak keluar' },
  interrupted: {
    en: 'Delivery was interrupted after the message went to the mail server; it may or may not have arrived, so it is not sent again by itself (Message-ID %{id}). Retry sends it again.',
    id: 'Pengiriman terputus setelah pesan diserahkan ke server email; pesan mungkin sudah atau belum sampai, sehingga tidak dikirim ulang otomatis (Message-ID %{id}). Coba lagi untuk mengirim ulang.',
  },
  noSmtp: { en: 'The SMTP server is not set (/settingemail)', id: 'Server SMTP belum diatur (/settingemail)' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MailTextKey = keyof typeof MAIL_TEXTS;

export function mailText(locale: Locale, key: MailTextKey, params: Record<string, string | number> = {}): string {
  return fillText(MAIL_TEXTS[key][locale], params);
}

/** 422 with the message under `field`. */
export function mailRefusedField(locale: Locale, field: string, key: MailTextKey): ApiError {
  const text = mailText(locale, key);
  return new ApiError(422, text, { [field]: [text] });
}

export function mailRefused(locale: Locale, status: number, key: MailTextKey): ApiError {
  return new ApiError(status, mailText(locale, key));
}
