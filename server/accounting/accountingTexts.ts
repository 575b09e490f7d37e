// What the accounting sync says, in both languages (spec 3 §8 "check accounting-system failed";
// Indonesian per GLOSSARY.md). The accounting system's own refusals are shown as it wrote them.

import type { Locale } from '../../src/shared/entityModel';
import { fillText } from '../../src/shared/messages';
import { AccountingError } from './accountingAdapter';

export const ACCOUNTING_TEXTS = {
  unreachable: { en: 'The accounting system at %{url} did not answer (%{cause})', id: 'Sistem akuntansi di %{url} tidak menjawab (%{cause})' },
  httpStatus: { en: 'The accounting system at %{url} answered HTTP %{status}', id: 'Sistem akuntansi di %{url} menjawab HTTP %{status}' },
  notOdoo: { en: 'The address %{url} does not answer as an Odoo server', id: 'Alamat %{url} tidak menjawab sebagai server Odoo' },
  loginRefused: { en: 'The accounting system refused the database name, user or password', id: 'Sistem akuntansi menolak nama basis data, pengguna, atau kata sandi' },
  noCompany: { en: 'The accounting system has no company named %{company}', id: 'Sistem akuntansi tidak memiliki perusahaan bernama %{company}' },
  unknownAccount: { en: 'The accounting system has no account with code %{codes} in %{company}', id: 'Sistem akuntansi tidak memiliki akun dengan kode %{codes} di %{company}' },
  noGeneralJournal: { en: 'The accounting system has no miscellaneous journal in %{company}', id: 'Sistem akuntansi tidak memiliki jurnal umum di %{company}' },
  noSetting: { en: 'Save the accounting system settings first', id: 'Simpan pengaturan sistem akuntansi terlebih dahulu' },
  disabled: { en: 'Sync is turned off in the accounting system settings', id: 'Sinkronisasi dimatikan di pengaturan sistem akuntansi' },
  connected: { en: 'Connected to %{company} (Odoo %{version}, user id %{uid})', id: 'Terhubung ke %{company} (Odoo %{version}, id pengguna %{uid})' },
  synced: { en: 'Synced %{synced}, not validated %{notValidated}, waiting to retry %{retrying}', id: 'Tersinkron %{synced}, belum divalidasi %{notValidated}, menunggu dicoba lagi %{retrying}' },
  left: {
    en: '%{count} more is queued and goes with the next run |||| %{count} more are queued and go with the next runs, a minute apart',
    id: '%{count} lainnya sudah diantrekan dan dikirim pada putaran berikutnya, tiap menit',
  },
} as const;

export type AccountingTextKey = keyof typeof ACCOUNTING_TEXTS;

export function accountingText(locale: Locale, key: AccountingTextKey, params: Record<string, string | number> = {}): string {
  return fillText(ACCOUNTING_TEXTS[key][locale], params);
}

/** An adapter's failure in the user's language: ours translated, the accounting system's own message as it wrote it. */
export function failureText(locale: Locale, error: unknown): string {
  if (error instanceof AccountingError) {
    if (error.textKey && error.textKey in ACCOUNTING_TEXTS) return accountingText(locale, error.textKey as AccountingTextKey, error.params ?? {});
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * How a failure is kept on the queue row: our words as their key and values (shown later in the
 * reader's language), the accounting system's own message as it wrote it.
 */
export function storedFailure(error: unknown): string {
  if (error instanceof AccountingError && error.textKey && error.textKey in ACCOUNTING_TEXTS) return JSON.stringify({ key: error.textKey, params: error.params ?? {} });
  return JSON.stringify({ message: error instanceof Error ? error.message : String(error) });
}

/** A stored failure in the reader's language. */
export function shownFailure(locale: Locale, stored: string | null): string | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as { key?: string; params?: Record<string, string>; message?: string };
    if (parsed.key && parsed.key in ACCOUNTING_TEXTS) return accountingText(locale, parsed.key as AccountingTextKey, parsed.params ?? {});
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not one of ours: shown as kept.
  }
  return stored;
}
