// Indonesian texts of a record's History tab, its restore, and the delete confirmation
// (namespace `recordHistory.*`; the same keys as ./en.ts).

import type en from './en';

const recordHistory: typeof en = {
  tab_details: 'Rincian',
  tab_history: 'Riwayat',
  empty: 'Belum ada perubahan yang tercatat',
  loading: 'Memuat riwayat…',
  action_create: 'Dibuat',
  action_update: 'Diubah',
  action_delete: 'Dihapus',
  by: 'oleh %{user}',
  field: 'Kolom',
  before: 'Sebelum',
  after: 'Sesudah',
  secret: 'diubah (tidak ditampilkan)',
  blank: '(kosong)',
  restore: 'Pulihkan',
  restore_title: 'Pulihkan "%{field}"?',
  restore_body: '"%{field}" kembali menjadi %{value}. Pemulihan ini disimpan sebagai perubahan baru.',
  impact_title: 'Hapus %{entity} ini?',
  impact_loading: 'Memeriksa data yang memakai data ini…',
  impact_none: 'Tidak ada data lain yang memakai data ini. Penghapusan tidak dapat dibatalkan.',
  impact_used: 'Data ini tidak dapat dihapus selama data berikut masih memakainya:',
  impact_more: 'dan %{count} lainnya',
  impact_count: '%{count} %{entity}',
  delete: 'Hapus',
  cancel: 'Batal',
  yes: 'Ya',
  no: 'Tidak',
};

export default recordHistory;
