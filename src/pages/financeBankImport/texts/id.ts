// Teks impor berkas virtual account bank (/uploadva, issue 12): namespace `finance.bankImport.*`. Kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const bankImport: SameKeys<typeof en> = {
  layout: 'Format bank',
  layout_help: 'Cara bank menulis berkasnya',
  manage_layouts: 'Kelola format bank',
  file: 'Berkas bank (CSV atau XLSX)',
  choose_file: 'Pilih berkas',
  no_file: 'Belum ada berkas',
  check: 'Periksa',
  checking: 'Memeriksa…',
  commit: 'Proses',
  required: 'Kolom ini wajib diisi',
  wrong_kind: 'Pilih berkas CSV atau XLSX',
  intro: 'Periksa membaca berkas dan menunjukkan hasil tiap baris; belum ada yang dibayar sampai Anda memproses.',
  status: {
    matched: 'Cocok',
    partial: 'Sebagian',
    mismatch: 'Jumlah tidak sesuai',
    unknown_va: 'VA tidak dikenal',
    duplicate: 'Ganda',
    already_uploaded: 'Sudah diunggah',
    invalid: 'Tidak valid',
  },
  column: {
    line: 'Baris',
    va: 'Nomor VA',
    party: 'Siswa',
    amount: 'Jumlah',
    outstanding: 'Sisa tagihan',
    paid_at: 'Dibayar pada',
    reference: 'Referensi',
    status: 'Status',
    payment_no: 'No. pembayaran',
    message: 'Catatan',
  },
  counts: 'Baris per status',
  lines_total: '%{count} baris, total %{amount}',
  payable: '%{count} baris akan dibayar',
  already_uploaded: 'Berkas ini sudah diunggah: barisnya sudah dibayar, tidak ada pembayaran baru.',
  committed: '%{count} pembayaran dibuat',
  confirm: {
    title: 'Bayar baris yang sudah diperiksa?',
    message: '%{count} baris dari %{file} akan dicatat sebagai pembayaran. Baris yang sudah dibayar tidak dibayar lagi.',
    confirm: 'Proses',
    cancel: 'Batal',
  },
  failed: 'Berkas tidak dapat diproses.',
  empty: 'Tidak ada data',
};

export default bankImport;
