// Teks rekap cuti dalam bahasa Indonesia (src/pages/hrLeaveSummary/): namespace
// `hrLeaveSummary.*`; kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const hrLeaveSummary: SameKeys<typeof en> = {
  filters: 'Saringan',
  year: 'Tahun',
  work_unit: 'Unit kerja',
  leave_type: 'Jenis cuti',
  search: 'Cari pegawai',
  search_help: 'Nama atau NIP',
  all: 'Semua',
  employee: 'Pegawai',
  ein: 'NIP',
  position: 'Jabatan',
  granted: 'Jatah',
  taken: 'Diambil',
  lapsed: 'Hangus',
  left: 'Sisa',
  unit: { day: 'hari', hour: 'jam' },
  total: 'Total (%{unit})',
  on: 'Sisa cuti per %{day}; jatah, yang diambil dan yang hangus (tidak terpakai sampai batasnya) selama setahun.',
  export_xlsx: 'Excel',
  export_help: 'Semua baris hasil saringan, sebagai berkas Excel',
  exported: '%{file} diunduh',
  export_failed: 'Ekspor gagal: %{message}',
  empty: 'Belum ada data…',
  retry: 'Coba lagi',
  per_page: 'Baris per halaman',
  of: '%{from}–%{to} dari %{count}',
};

export default hrLeaveSummary;
