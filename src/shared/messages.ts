// Messages the browser and the server both produce (validation, API errors), in both
// languages. The server answers in the language of the request's Accept-Language header;
// the browser in the user's. No React, no DOM: the server imports this too.

import type { Locale } from './entityModel';

const en = {
  required: 'This field is required',
  email: 'This field must be a valid email',
  url: 'This field must be a web address starting with http:// or https://',
  date: 'This field must be a date (YYYY-MM-DD)',
  datetime: 'This field must be a date and time',
  time: 'This field must be a time (HH:MM)',
  color: 'This field must be a colour such as #1a2b3c',
  minLength: 'Must be at least %{limit} characters',
  maxLength: 'Must be %{limit} characters or fewer',
  minimum: 'Must be at least %{limit}',
  maximum: 'Must be %{limit} or less',
  pattern: 'The format is not valid',
  integer: 'Must be a whole number',
  number: 'Must be a number',
  boolean: 'Must be yes or no',
  string: 'Must be text',
  enum: 'Choose one of the offered options',
  reference: 'Choose a record from the list',
  references: 'Choose records from the list',
  file: 'The file is not valid',
  fileTooLarge: 'The file must be %{limit} or smaller',
  fileType: 'This type of file is not accepted here',
  uniqueItems: 'The same record is chosen twice',
  invalid: 'This value is not valid',
  unknownField: 'This field does not exist and cannot be saved',
  readOnlyField: 'This field is read-only',
  forbiddenKey: 'This field name is not allowed',
  notAnObject: 'The data sent is not a record',
  unique: 'This value is already used by another record',
  invisibleCharacter: 'This value contains an invisible character (such as a zero-width space); remove it',
  referenceMissing: 'The chosen record no longer exists',
  // API answers
  invalidInput: 'Some fields are not valid',
  created: '%{entity} created',
  updated: '%{entity} updated',
  deleted: '%{entity} deleted',
  notFound: '%{entity} not found',
  routeNotFound: 'Not found',
  versionConflict:
    'Someone else changed this record after you opened it. Your changes were not saved; reload the record to see theirs, then apply yours again.',
  versionMissing: 'The record version is missing; reload the record and try again',
  referencedDelete: 'This %{entity} cannot be deleted: it is used by %{uses}',
  ruleDenied: 'This record cannot be changed',
  unauthorized: 'Your session has ended; please log in again',
  forbidden: 'You do not have permission to do this',
  loginFailed: 'The user name or password is wrong',
  loginThrottled: 'Too many failed attempts. Try again in %{minutes} minute(s)',
  currentPasswordWrong: 'The current password is wrong',
  passwordMismatch: 'The confirmation does not match the new password',
  passwordChanged: 'Your password has been changed; your other sessions have ended',
  ownAccountDelete: 'You cannot delete the account you are logged in with: another administrator must do it, so the school is never left without one',
  ownAccountInactive: 'You cannot deactivate the account you are logged in with: another administrator must do it, so the school is never left without one',
  badSort: 'Cannot sort by "%{field}": allowed are %{allowed}',
  badFilter: 'Cannot filter by "%{field}": allowed are %{allowed}',
  badFilterValue: 'The filter value for "%{field}" is not valid',
  badPaging: '%{param} must be a whole number from %{min} to %{max}',
  badJson: 'The data sent is not valid JSON',
  badUnicode: 'The data sent contains broken characters (bytes that are not UTF-8, or half of a character pair); nothing was saved. Type the text again or paste it from another source',
  badOrder: 'order must be ASC or DESC',
  badRequest: 'The request is not valid',
  tooLarge: 'The data sent is too large (limit %{limit})',
  internal: 'Something went wrong on the server. Please try again; if it keeps happening, give the administrator this code: %{requestId}',
  network: 'The server cannot be reached. Check the connection and try again; nothing you typed was lost.',
  treeCycle: 'A record cannot be placed under itself or under one of the records below it',
  all: 'All',
  dateOrder: 'End date must not be before start date',
  numberOrder: 'This value must not be less than the one before it',
  notApplicable: 'This field does not apply because of "%{field}"; leave it empty',
  uniqueKey: '%{field} is already used for this %{others}',
  sumAtMost: 'The %{field} of this %{group} would add up to %{total}; at most %{max} (%{left} left)',
  sumAtMostAll: 'The %{field} of all %{entities} would add up to %{total}; at most %{max} (%{left} left)',
  noOverlap: 'This range overlaps %{other} (%{from} to %{to})',
};

export type MessageKey = keyof typeof en;

const id: Record<MessageKey, string> = {
  required: 'Kolom ini wajib diisi',
  email: 'Kolom ini harus berisi email yang valid',
  url: 'Kolom ini harus berisi alamat web yang diawali http:// atau https://',
  date: 'Kolom ini harus berisi tanggal (TTTT-BB-HH)',
  datetime: 'Kolom ini harus berisi tanggal dan jam',
  time: 'Kolom ini harus berisi jam (JJ:MM)',
  color: 'Kolom ini harus berisi warna seperti #1a2b3c',
  minLength: 'Minimal %{limit} karakter',
  maxLength: 'Maksimal %{limit} karakter',
  minimum: 'Minimal %{limit}',
  maximum: 'Maksimal %{limit}',
  pattern: 'Formatnya tidak valid',
  integer: 'Harus bilangan bulat',
  number: 'Harus berupa angka',
  boolean: 'Harus ya atau tidak',
  string: 'Harus berupa teks',
  enum: 'Pilih salah satu pilihan yang tersedia',
  reference: 'Pilih data dari daftar',
  references: 'Pilih data dari daftar',
  file: 'Berkas tidak valid',
  fileTooLarge: 'Ukuran berkas maksimal %{limit}',
  fileType: 'Jenis berkas ini tidak diterima di sini',
  uniqueItems: 'Data yang sama dipilih dua kali',
  invalid: 'Nilai ini tidak valid',
  unknownField: 'Kolom ini tidak dikenal dan tidak dapat disimpan',
  readOnlyField: 'Kolom ini hanya dapat dibaca',
  forbiddenKey: 'Nama kolom ini tidak diizinkan',
  notAnObject: 'Data yang dikirim bukan sebuah rekaman',
  unique: 'Nilai ini sudah dipakai oleh data lain',
  invisibleCharacter: 'Nilai ini berisi karakter tak terlihat (seperti spasi lebar nol); hapus karakter itu',
  referenceMissing: 'Data yang dipilih sudah tidak ada',
  invalidInput: 'Beberapa kolom tidak valid',
  created: '%{entity} berhasil dibuat',
  updated: '%{entity} berhasil diubah',
  deleted: '%{entity} berhasil dihapus',
  notFound: '%{entity} tidak ditemukan',
  routeNotFound: 'Tidak ditemukan',
  versionConflict:
    'Orang lain telah mengubah data ini setelah Anda membukanya. Perubahan Anda belum disimpan; muat ulang data untuk melihat perubahan mereka, lalu terapkan lagi perubahan Anda.',
  versionMissing: 'Versi data tidak ada; muat ulang data lalu coba lagi',
  referencedDelete: '%{entity} ini tidak dapat dihapus: masih dipakai oleh %{uses}',
  ruleDenied: 'Data ini tidak dapat diubah',
  unauthorized: 'Sesi Anda telah berakhir; silakan masuk lagi',
  forbidden: 'Anda tidak memiliki izin untuk melakukan ini',
  loginFailed: 'Nama pengguna atau kata sandi salah',
  loginThrottled: 'Terlalu banyak percobaan yang gagal. Coba lagi dalam %{minutes} menit',
  currentPasswordWrong: 'Kata sandi saat ini salah',
  passwordMismatch: 'Konfirmasi tidak sama dengan kata sandi baru',
  passwordChanged: 'Kata sandi Anda telah diubah; sesi Anda yang lain telah diakhiri',
  ownAccountDelete: 'Akun yang sedang Anda pakai untuk masuk tidak dapat dihapus: administrator lain yang harus melakukannya, agar sekolah tidak pernah kehilangan administrator',
  ownAccountInactive: 'Akun yang sedang Anda pakai untuk masuk tidak dapat dinonaktifkan: administrator lain yang harus melakukannya, agar sekolah tidak pernah kehilangan administrator',
  badSort: 'Tidak dapat mengurutkan menurut "%{field}": yang diizinkan %{allowed}',
  badFilter: 'Tidak dapat menyaring menurut "%{field}": yang diizinkan %{allowed}',
  badFilterValue: 'Nilai saringan untuk "%{field}" tidak valid',
  badPaging: '%{param} harus bilangan bulat dari %{min} sampai %{max}',
  badJson: 'Data yang dikirim bukan JSON yang valid',
  badUnicode: 'Data yang dikirim berisi karakter rusak (byte yang bukan UTF-8, atau separuh pasangan karakter); tidak ada yang disimpan. Ketik ulang teksnya atau tempel dari sumber lain',
  badOrder: 'order harus ASC atau DESC',
  badRequest: 'Permintaan tidak valid',
  tooLarge: 'Data yang dikirim terlalu besar (batas %{limit})',
  internal: 'Terjadi kesalahan di server. Silakan coba lagi; jika terus terjadi, berikan kode ini kepada administrator: %{requestId}',
  network: 'Server tidak dapat dihubungi. Periksa koneksi lalu coba lagi; isian Anda tidak hilang.',
  treeCycle: 'Data tidak dapat ditempatkan di bawah dirinya sendiri atau di bawah data turunannya',
  all: 'Semua',
  dateOrder: 'Tanggal selesai tidak boleh sebelum tanggal mulai',
  numberOrder: 'Nilai ini tidak boleh lebih kecil dari nilai sebelumnya',
  notApplicable: 'Kolom ini tidak berlaku karena isian "%{field}"; kosongkan',
  uniqueKey: '%{field} sudah dipakai untuk %{others} ini',
  sumAtMost: '%{field} untuk %{group} ini akan berjumlah %{total}; paling banyak %{max} (sisa %{left})',
  sumAtMostAll: '%{field} semua %{entities} akan berjumlah %{total}; paling banyak %{max} (sisa %{left})',
  noOverlap: 'Rentang ini bertumpang tindih dengan %{other} (%{from} sampai %{to})',
};

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en, id };

/** The message `key` in `locale`, with `%{name}` placeholders filled from `params`. */
export function message(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return MESSAGES[locale][key].replace(/%\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The locale a request or a browser asks for: Indonesian unless English is asked for. */
export function pickLocale(value: string | null | undefined): Locale {
  return value && value.trim().toLowerCase().startsWith('en') ? 'en' : 'id';
}

/** A byte count a person reads: 5 MB, 300 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
