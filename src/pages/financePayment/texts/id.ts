// Teks pencatatan pembayaran (/payment, issue 12): namespace `finance.payment.*`. Kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const payment: SameKeys<typeof en> = {
  kind: { label: 'Pembayaran untuk', student: 'Siswa', candidate: 'Calon siswa' },
  party: {
    label: 'Siswa atau calon siswa',
    placeholder: 'Ketik nama, nomor induk atau nomor virtual account',
    none: 'Siswa atau calon siswa tidak ditemukan',
    searching: 'Mencari…',
    summary: '%{number} · %{name}',
    unit_class: 'Unit %{unit} · kelas %{class}',
    va: 'VA %{va}',
  },
  invoices: {
    title: 'Tagihan terbuka',
    loading: 'Memuat tagihan terbuka…',
    empty: 'Tidak ada data',
    none_open: 'Tidak ada tagihan terbuka: pembayaran masuk ke deposit.',
    pay: 'Bayar',
    order: 'Urutan',
    number: 'No. tagihan',
    income_type: 'Jenis pendapatan',
    due_date: 'Jatuh tempo',
    outstanding: 'Sisa tagihan',
    applied: 'Pembayaran ini',
    remaining: 'Sisa setelahnya',
    total: 'Total',
    deposit_balance: 'Saldo deposit',
    tick: 'Bayar %{number}',
    up: 'Naikkan %{number}',
    down: 'Turunkan %{number}',
    school_order: {
      due_date: 'Sekolah melunasi jatuh tempo terlama lebih dahulu.',
      priority: 'Sekolah melunasi menurut prioritas jenis pendapatan (angka kecil dahulu), lalu jatuh tempo terlama.',
    },
    by_hand: 'Urutan dipilih sendiri: hanya tagihan yang dicentang, dari atas ke bawah.',
    reset: 'Kembali ke urutan sekolah',
  },
  form: {
    amount: 'Jumlah (Rp)',
    amount_help: 'Rupiah bulat; titik sebagai pemisah ribuan boleh',
    date: 'Tanggal pembayaran',
    method: 'Metode',
    journal: 'Jurnal pembayaran',
    journal_none: '(tidak ada)',
    remarks: 'Keterangan',
    pay: 'Bayar',
    required: 'Kolom ini wajib diisi',
    amount_invalid: 'Isi rupiah bulat lebih dari 0',
  },
  method: { va: 'Virtual account', cash: 'Tunai', transfer: 'Transfer bank' },
  preview: {
    title: 'Rincian pelunasan pembayaran ini',
    settles: '%{count} tagihan dibayar sebesar %{amount}',
    deposit: '%{amount} masuk ke deposit',
    no_deposit: 'Tidak ada yang masuk ke deposit',
  },
  confirm: {
    title: 'Catat pembayaran ini?',
    message: '%{amount} dari %{name} pada %{date}, melalui %{method}.',
    confirm: 'Bayar',
    cancel: 'Batal',
  },
  done: 'Pembayaran %{number} tercatat',
  load_failed: 'Tagihan terbuka tidak dapat dimuat.',
  retry: 'Coba lagi',
};

export default payment;
