// What the ledger says when it refuses, in both languages (spec 3 §5 and §8; Indonesian per
// GLOSSARY.md). The ledger's own texts live here rather than in src/shared/messages.ts: only the
// ledger says them, and it says them inside its callers' transactions.

import type { Locale } from '../../../src/shared/entityModel';
import { fillText } from '../../../src/shared/messages';
import { ApiError } from '../../http/apiError';

const TEXTS = {
  invalidInput: { en: 'Please check the data you entered', id: 'Periksa kembali data yang diisi' },
  amountNotMoney: { en: 'Write a whole rupiah amount of at least 1', id: 'Tulis jumlah rupiah bulat, paling sedikit 1' },
  invoiceNotFound: { en: 'Invoice not found', id: 'Tagihan tidak ditemukan' },
  invoiceNotOpen: { en: 'Invoice %{no} is not open (it is paid, merged or reversed)', id: 'Tagihan %{no} tidak terbuka (sudah lunas, digabung, atau dibalik)' },
  waiverTooLarge: {
    en: 'The waiver is more than what the invoice still owes (%{outstanding})',
    id: 'Keringanan melebihi sisa tagihan (%{outstanding})',
  },
  reasonRequired: { en: 'This field is required', id: 'Kolom ini wajib diisi' },
  // spec 3 §5
  mergeNeedsSameVa: { en: 'Merging invoices requires the same VA number', id: 'Penggabungan tagihan memerlukan nomor VA yang sama' },
  mergeNeedsTwo: { en: 'Choose at least two open invoices to merge', id: 'Pilih paling sedikit dua tagihan terbuka untuk digabung' },
  mergeNeedsOneParty: { en: 'Only invoices of one student or candidate can be merged', id: 'Hanya tagihan milik satu siswa atau calon siswa yang dapat digabung' },
  mergeFailed: { en: 'Merged invoice failed: %{reason}', id: 'Penggabungan tagihan gagal: %{reason}' },
  // spec 3 §5
  editWithDerivatives: {
    en: 'An invoice with derivatives (payments, waivers, penalties or a merge) cannot be edited',
    id: 'Tagihan yang sudah memiliki turunan (pembayaran, keringanan, denda, atau penggabungan) tidak dapat diubah',
  },
  // spec 3 §5
  reversingBeforeInvoice: {
    en: 'Reversing journal date must not be earlier than the invoice date (%{no}: %{date})',
    id: 'Tanggal jurnal balik tidak boleh lebih awal dari tanggal tagihan (%{no}: %{date})',
  },
  reverseWithDerivatives: {
    en: 'Invoice %{no} has payments or waivers and cannot be reversed',
    id: 'Tagihan %{no} sudah memiliki pembayaran atau keringanan sehingga tidak dapat dibalik',
  },
  reverseMerged: {
    en: 'Invoice %{no} is merged or already reversed',
    id: 'Tagihan %{no} sudah digabung atau sudah dibalik',
  },
  reverseMergeResult: {
    en: 'Invoice %{no} is the result of a merge and cannot be reversed',
    id: 'Tagihan %{no} adalah hasil penggabungan sehingga tidak dapat dibalik',
  },
  dueBeforeInvoice: { en: 'Due date must not be before the invoice date', id: 'Tanggal jatuh tempo tidak boleh sebelum tanggal tagihan' },
  discountAboveValue: { en: 'The discount must not be more than the value', id: 'Potongan tidak boleh melebihi nilai' },
  orderNotOpen: {
    en: 'Invoice %{id} is not an invoice of this student or candidate',
    id: 'Tagihan %{id} bukan tagihan milik siswa atau calon siswa ini',
  },
  noCashAccount: {
    en: 'Choose a payment journal with a cash or bank account: neither an income type nor a payment journal gives one',
    id: 'Pilih jurnal pembayaran yang memiliki akun kas atau bank: tidak ada jenis pendapatan maupun jurnal pembayaran yang memberikannya',
  },
  noDepositAccount: {
    en: 'The payment is more than what is owed, and no deposit account is set (income type or general settings)',
    id: 'Pembayaran melebihi tagihan dan belum ada akun titipan (di jenis pendapatan atau pengaturan umum)',
  },
  journalTypeNotPayment: { en: 'Choose a payment journal', id: 'Pilih jurnal pembayaran' },
  partyNotFound: { en: 'Student or candidate not found', id: 'Siswa atau calon siswa tidak ditemukan' },
} as const satisfies Record<string, Record<Locale, string>>;

export type LedgerTextKey = keyof typeof TEXTS;

export function ledgerText(locale: Locale, key: LedgerTextKey, params: Record<string, string | number> = {}): string {
  return fillText(TEXTS[key][locale], params);
}

/** 422 with the message under `field`. */
export function refusedField(locale: Locale, field: string, key: LedgerTextKey, params: Record<string, string | number> = {}): ApiError {
  const text = ledgerText(locale, key, params);
  return new ApiError(422, text, { [field]: [text] });
}

/** A refusal that is not one field's: `status` with the message. */
export function refused(locale: Locale, status: number, key: LedgerTextKey, params: Record<string, string | number> = {}): ApiError {
  return new ApiError(status, ledgerText(locale, key, params));
}
