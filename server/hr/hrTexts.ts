// The leave calls' server messages in both languages (spec 3 §5, §8; Indonesian per
// GLOSSARY.md: cuti, sisa cuti, jenis cuti, izin). `{name}` is replaced by the parameter.

import type { Locale } from '../../src/shared/entityModel';
import { fillText } from '../../src/shared/messages';

const TEXTS = {
  required: { en: 'This field is required', id: 'Kolom ini wajib diisi' },
  dateInvalid: { en: 'Write the date as YYYY-MM-DD', id: 'Tulis tanggal sebagai YYYY-MM-DD' },
  timeInvalid: { en: 'Write the time as HH:MM', id: 'Tulis jam sebagai HH:MM' },
  endBeforeStart: { en: 'End date must not be before start date', id: 'Tanggal selesai tidak boleh sebelum tanggal mulai' },
  endTimeBeforeStart: { en: 'End time must be after start time', id: 'Jam selesai harus setelah jam mulai' },
  tooLong: { en: 'At most {max} characters', id: 'Paling banyak {max} karakter' },
  unknownType: { en: 'Choose a leave type', id: 'Pilih jenis cuti' },
  typeNotForYou: { en: 'This leave type is not for your position or work unit', id: 'Jenis cuti ini tidak berlaku untuk jabatan atau unit kerja Anda' },
  noEmployee: { en: 'Your login is not linked to an employee: ask HR to link it', id: 'Akun Anda belum terhubung dengan data pegawai: minta bagian SDM menghubungkannya' },
  noWorkingDay: { en: 'These dates hold no working day (weekends and holidays are not counted)', id: 'Tanggal ini tidak memuat hari kerja (akhir pekan dan hari libur tidak dihitung)' },
  notEligible: {
    en: 'This leave can be taken from {date}, after the minimum working period of {months} month |||| This leave can be taken from {date}, after the minimum working period of {months} months',
    id: 'Cuti ini dapat diambil mulai {date}, setelah masa kerja minimal {months} bulan',
  },
  perOccurrence: {
    en: 'At most {max} {unit} per request of {type}; this request counts {quantity}',
    id: 'Paling banyak {max} {unit} per pengajuan {type}; pengajuan ini berjumlah {quantity}',
  },
  beyondBalance: {
    en: 'Remaining leave of {type} for {period}: {remaining} {unit}{waiting}; this request needs {quantity}',
    id: 'Sisa cuti {type} untuk {period}: {remaining} {unit}{waiting}; pengajuan ini memerlukan {quantity}',
  },
  waitingPart: { en: ' after {waiting} waiting for approval', id: ' setelah {waiting} yang menunggu persetujuan' },
  day: { en: 'day |||| days', id: 'hari' },
  hour: { en: 'hour |||| hours', id: 'jam' },
  notDraft: { en: 'Only a draft can be changed or deleted', id: 'Hanya draf yang dapat diubah atau dihapus' },
  notYours: { en: 'This request is not yours', id: 'Pengajuan ini bukan milik Anda' },
  notFound: { en: 'Data Not Found', id: 'Data tidak ditemukan' },
  forbidden: { en: 'You may not see this', id: 'Anda tidak berhak melihat ini' },
  stateInvalid: { en: 'Choose approved or rejected', id: 'Pilih disetujui atau ditolak' },
  saved: { en: 'Saved as a draft', id: 'Disimpan sebagai draf' },
  deleted: { en: 'Deleted', id: 'Dihapus' },
  allocation: { en: 'Allocation', id: 'Jatah' },
  carryOver: { en: 'Carried over', id: 'Sisa periode lalu' },
  addition: { en: 'Addition', id: 'Penambahan' },
  reversal: { en: 'Correction', id: 'Koreksi' },
} as const satisfies Record<string, Record<Locale, string>>;

export type HrTextKey = keyof typeof TEXTS;

/** `one |||| other` is chosen by the `count` parameter ("1 day", "3 days"); `{name}` is replaced by that parameter. */
export function hrText(locale: Locale, key: HrTextKey, params: Record<string, string | number> = {}): string {
  return fillText(TEXTS[key][locale], params);
}
