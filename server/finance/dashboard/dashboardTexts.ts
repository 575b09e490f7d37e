// The finance dashboard's server messages in both languages (spec 3 §5 "Please select payment
// first.", §8 the generate and close toasts; Indonesian per GLOSSARY.md). `{name}` in a text is
// replaced by the parameter of that name; `one |||| other` is chosen by the `count` parameter.

import type { Locale } from "../../../src/shared/entityModel";
import { fillText } from "../../../src/shared/messages";

export const DASHBOARD_TEXTS = {
  selectPayment: {
    en: "Please select payment first.",
    id: "Silakan pilih pembayaran terlebih dahulu.",
  },
  dateInvalid: {
    en: "Write the date as YYYY-MM-DD",
    id: "Tulis tanggal sebagai YYYY-MM-DD",
  },
  generated: {
    en: "{count} payment applied to open invoices ({amount}); {skipped} left alone |||| {count} payments applied to open invoices ({amount}); {skipped} left alone",
    id: "{count} pembayaran dialokasikan ke tagihan terbuka ({amount}); {skipped} dilewati",
  },
  generatedNothing: {
    en: "Nothing to apply: the selected payments have no remainder left or their students owe nothing now",
    id: "Tidak ada yang dialokasikan: pembayaran terpilih tidak bersisa atau siswanya tidak memiliki tagihan terbuka",
  },
  closed: {
    en: "{count} payment closed; {skipped} left alone |||| {count} payments closed; {skipped} left alone",
    id: "{count} pembayaran ditutup; {skipped} dilewati",
  },
  closedNothing: {
    en: "Nothing to close: the selected payments are closed already or have no remainder",
    id: "Tidak ada yang ditutup: pembayaran terpilih sudah ditutup atau tidak bersisa",
  },
  thresholdInvalid: {
    en: "Whole percents from 0 to 100, red below yellow below green",
    id: "Persen bulat dari 0 sampai 100, merah di bawah kuning di bawah hijau",
  },
  thresholdsSaved: { en: "Thresholds saved", id: "Batas warna disimpan" },
} as const satisfies Record<string, Record<Locale, string>>;

export type DashboardTextKey = keyof typeof DASHBOARD_TEXTS;

export function dashboardText(
  locale: Locale,
  key: DashboardTextKey,
  params: Record<string, string | number> = {},
): string {
  return fillText(DASHBOARD_TEXTS[key][locale], params);
}
