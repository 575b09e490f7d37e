// Teks daftar jurnal (/journal, issue 12): namespace `finance.journals.*`. Kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const journals: SameKeys<typeof en> = {
  filter: {
    search: 'Cari',
    search_help: 'No. jurnal, keterangan, no. tagihan atau pembayaran',
    source: 'Sumber',
    sync_state: 'Sinkron',
    journal_type: 'Jenis jurnal',
    from: 'Tanggal sejak',
    to: 'Tanggal sampai',
    all: 'Semua',
    clear: 'Hapus saringan',
  },
  source: { invoice: 'Tagihan', payment: 'Pembayaran', waiver: 'Keringanan', penalty: 'Denda', merge: 'Gabung tagihan', reversal: 'Pembalikan' },
  sync: { not_sync: 'Belum sinkron', synced: 'Sudah sinkron', not_validated: 'Belum divalidasi' },
  column: {
    number: 'No. jurnal',
    date: 'Tanggal',
    type: 'Jenis jurnal',
    source: 'Sumber',
    description: 'Keterangan',
    document: 'No. tagihan / pembayaran',
    debit: 'Debit',
    credit: 'Kredit',
    sync: 'Sinkron',
    sync_date: 'Tanggal sinkron',
  },
  lines: {
    show: 'Tampilkan baris %{number}',
    hide: 'Sembunyikan baris %{number}',
    title: 'Baris %{number}',
    account: 'Akun',
    account_name: 'Nama akun',
    debit: 'Debit',
    credit: 'Kredit',
    description: 'Keterangan',
    officer: 'Petugas: %{officer}',
    synced_on: 'Disinkronkan %{date}',
    reverses: 'Membalik %{number}',
  },
  sync_now: 'Sinkronkan sekarang',
  attempts: '%{smart_count} percobaan',
  empty: 'Tidak ada data',
  loading: 'Memuat jurnal…',
  load_failed: 'Jurnal tidak dapat dimuat.',
  retry: 'Coba lagi',
  total: '%{count} jurnal',
};

export default journals;
