// Teks halaman laporan (issue 13): namespace `financeReports.*`. Kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const financeReports: SameKeys<typeof en> = {
  export_xlsx: 'Excel',
  export_pdf: 'PDF',
  export_xlsx_help: 'Unduh semua baris sebagai buku kerja Excel',
  export_pdf_help: 'Unduh semua baris sebagai PDF',
  exporting: 'Menyiapkan file…',
  exported: '%{file} telah diunduh',
  export_failed: 'File tidak dapat dibuat: %{message}',
  filters: 'Saring',
  all: 'Semua',
  clear: 'Hapus saringan',
  search_help: 'Nama, nomor, atau tagihan',
  totals: 'Total',
  rows: '%{count} baris',
  loading: 'Memuat laporan…',
  empty: 'Belum ada data…',
  load_failed: 'Laporan tidak dapat dimuat:',
  retry: 'Coba lagi',
  as_of: 'Per akhir %{date}',
  period: '%{from} – %{to}',
  kind: { student: 'Siswa', candidate: 'Calon siswa' },
  method: { va: 'Virtual account', cash: 'Tunai', transfer: 'Transfer bank' },
  status: { matched: 'Sesuai', partial: 'Sebagian', mismatch: 'Lebih dari tagihan', unknown_va: 'VA tidak dikenal', duplicate: 'Duplikat', already_uploaded: 'Sudah diunggah', invalid: 'Tidak valid' },
  chart: { title: 'Per bulan', paid: 'Dibayar', outstanding: 'Sisa tagihan', amount: 'Diterima' },
  summary: {
    outstanding: 'Sisa tagihan',
    overdue: 'Lewat jatuh tempo',
    billed: 'Tagihan',
    paid_percent: 'Terkumpul',
    amount: 'Diterima',
    payments: 'Pembayaran',
    deposit: 'Ke deposit',
  },
};

export default financeReports;
