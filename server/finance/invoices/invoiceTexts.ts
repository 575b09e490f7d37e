// The invoice screens' server messages in both languages (spec 3 §5 validation rules, §8 error
// catalogue; spec 1 §5 the missing-VA warning; Indonesian per GLOSSARY.md). `{name}` in a text is
// replaced by the parameter of that name; `one |||| other` is chosen by the `count` parameter
// ("1 invoice published", "3 invoices published").

import type { Locale } from '../../../src/shared/entityModel';
import { fillText } from '../../../src/shared/messages';

export const INVOICE_TEXTS = {
  invoiceBeforeYear: { en: 'Invoice date must not be before the financial year start', id: 'Tanggal tagihan tidak boleh sebelum awal tahun buku' },
  invoiceAfterYear: { en: 'Invoice date must not exceed the financial year end', id: 'Tanggal tagihan tidak boleh melewati akhir tahun buku' },
  dueBeforeInvoice: { en: 'Due date must not be before the invoice date', id: 'Tanggal jatuh tempo tidak boleh sebelum tanggal tagihan' },
  incomeBeforeInvoice: { en: 'Income journal date must not be before the invoice date', id: 'Tanggal jurnal pendapatan tidak boleh sebelum tanggal tagihan' },
  candidateOutsideYear: {
    en: 'Candidate invoice and due dates must lie within the financial year period',
    id: 'Tanggal tagihan dan jatuh tempo calon siswa harus berada dalam periode tahun buku',
  },
  discountAboveValue: { en: 'Discount must not exceed the value', id: 'Potongan tidak boleh melebihi nilai' },
  valueRequired: { en: 'Make sure the value is filled in', id: 'Pastikan nilai sudah diisi' },
  moneyInvalid: { en: 'Write a whole rupiah amount, digits only', id: 'Tulis jumlah rupiah bulat, hanya angka' },
  dateInvalid: { en: 'Write the date as YYYY-MM-DD', id: 'Tulis tanggal sebagai YYYY-MM-DD' },
  required: { en: 'This field is required', id: 'Kolom ini wajib diisi' },
  tenorInvalid: { en: 'Tenor must be a whole number of at least 1', id: 'Tenor harus bilangan bulat minimal 1' },
  tenorNotAllowed: { en: 'This income type cannot be paid in installments', id: 'Jenis pendapatan ini tidak dapat dicicil' },
  tenorTooLong: { en: 'Tenor must not exceed {max} installment |||| Tenor must not exceed {max} installments', id: 'Tenor tidak boleh melebihi {max} cicilan' },
  valueBelowTenor: { en: 'The value is too small to split into this many installments', id: 'Nilai terlalu kecil untuk dibagi menjadi cicilan sebanyak ini' },
  withoutVa: {
    en: 'Some students or candidates have no VA number; complete the data first',
    id: 'Beberapa siswa atau calon siswa belum memiliki nomor VA; lengkapi datanya terlebih dahulu',
  },
  invoicesGenerated: { en: '{count} invoice generated |||| {count} invoices generated', id: '{count} tagihan berhasil dibuat' },
  invoicesWouldGenerate: { en: '{count} invoice would be generated |||| {count} invoices would be generated', id: '{count} tagihan akan dibuat' },
  noInvoicesGenerated: { en: 'No invoices generated', id: 'Tidak ada tagihan yang dihasilkan' },
  noParties: { en: 'No students or candidates match the selection', id: 'Tidak ada siswa atau calon siswa yang sesuai pilihan' },
  notFoundFinancialYear: { en: 'Financial year not found', id: 'Tahun buku tidak ditemukan' },
  notFoundIncomeType: { en: 'Income type not found', id: 'Jenis pendapatan tidak ditemukan' },
  notFoundInvoice: { en: 'Invoice not found', id: 'Tagihan tidak ditemukan' },
  notFoundVaCode: { en: 'VA code not found', id: 'Kode VA tidak ditemukan' },
  incomeTypeInactive: { en: 'This income type is not active', id: 'Jenis pendapatan ini tidak aktif' },
  mergeSameVa: { en: 'Merging invoices requires the same VA number', id: 'Penggabungan tagihan memerlukan nomor VA yang sama' },
  mergeAtLeastTwo: { en: 'Select at least two invoices to merge', id: 'Pilih minimal dua tagihan untuk digabung' },
  selectInvoices: { en: 'Select at least one invoice', id: 'Pilih minimal satu tagihan' },
  merged: { en: 'Invoices merged', id: 'Tagihan berhasil digabung' },
  published: { en: '{count} invoice published |||| {count} invoices published', id: '{count} tagihan berhasil diterbitkan' },
  unpublished: { en: '{count} invoice unpublished |||| {count} invoices unpublished', id: '{count} tagihan batal diterbitkan' },
  reversed: { en: '{count} invoice reversed |||| {count} invoices reversed', id: '{count} tagihan berhasil dibalik' },
  updated: { en: 'Invoice updated', id: 'Tagihan berhasil diperbarui' },
  waiverSaved: { en: 'Waiver saved', id: 'Keringanan berhasil disimpan' },
  reasonRequired: { en: 'Write the reason for the waiver', id: 'Tulis alasan keringanan' },
  waiverAboveOutstanding: { en: 'The waiver must not exceed the outstanding amount ({outstanding})', id: 'Keringanan tidak boleh melebihi sisa tagihan ({outstanding})' },
  amountPositive: { en: 'The amount must be more than 0', id: 'Jumlah harus lebih dari 0' },
  penaltiesGenerated: { en: 'Penalties generated', id: 'Generate denda berhasil' },
  noPenalties: { en: 'No penalties were generated', id: 'Tidak ada denda yang dihasilkan' },
  penaltiesWouldGenerate: { en: '{count} penalty would be generated |||| {count} penalties would be generated', id: '{count} denda akan dibuat' },
  vaGenerated: { en: '{count} VA number generated |||| {count} VA numbers generated', id: '{count} nomor VA berhasil dibuat' },
  vaWouldGenerate: { en: '{count} VA number would be generated |||| {count} VA numbers would be generated', id: '{count} nomor VA akan dibuat' },
  noVaGenerated: { en: 'No VA numbers were generated', id: 'Tidak ada nomor VA yang dihasilkan' },
  vaTooLong: {
    en: 'The number {number} does not fit a VA number of {length} digits',
    id: 'Nomor {number} tidak muat dalam nomor VA {length} digit',
  },
  vaNotDigits: { en: 'The number {number} has no digits to build a VA number from', id: 'Nomor {number} tidak memiliki angka untuk nomor VA' },
  vaTaken: { en: 'VA number {va} is already used by {name}', id: 'Nomor VA {va} sudah dipakai oleh {name}' },
  uploadUnreadable: { en: 'The file cannot be read as CSV or XLSX', id: 'Berkas tidak dapat dibaca sebagai CSV atau XLSX' },
  uploadEmpty: { en: 'The file has no rows', id: 'Berkas tidak berisi baris' },
  uploadMissingColumns: { en: 'The file lacks the columns: {columns}', id: 'Berkas tidak memiliki kolom: {columns}' },
  uploadUnknownParty: { en: 'No student or candidate has the number {number}', id: 'Tidak ada siswa atau calon siswa dengan nomor {number}' },
  uploadUnknownIncomeType: { en: 'No income type has the code {code}', id: 'Tidak ada jenis pendapatan dengan kode {code}' },
  uploadUnknownYear: { en: 'No financial year is described as {name}', id: 'Tidak ada tahun buku dengan deskripsi {name}' },
  uploadDuplicateRow: { en: 'The same invoice appears earlier in the file (line {line})', id: 'Tagihan yang sama sudah ada di baris sebelumnya (baris {line})' },
  uploadExists: { en: 'Invoice already exists', id: 'Tagihan sudah ada' },
  uploadChecked: { en: 'Rows ready to upload: {ok} · already there: {exists} · with errors: {errors}', id: '{ok} baris dapat diunggah, {exists} sudah ada, {errors} bermasalah' },
  uploaded: { en: '{count} invoice uploaded |||| {count} invoices uploaded', id: '{count} tagihan berhasil diunggah' },
  uploadNothing: { en: 'Nothing to upload: every row already exists or has errors', id: 'Tidak ada yang diunggah: setiap baris sudah ada atau bermasalah' },
} as const satisfies Record<string, Record<Locale, string>>;

export type InvoiceTextKey = keyof typeof INVOICE_TEXTS;

export function invoiceText(locale: Locale, key: InvoiceTextKey, params: Record<string, string | number> = {}): string {
  return fillText(INVOICE_TEXTS[key][locale], params);
}
