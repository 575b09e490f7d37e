// Pemilih kolom dan tampilan tersimpan setiap daftar (issue 16; src/views/list/ListViewsMenu.tsx).
import type en from './listViews.en';

const listViews: Record<keyof typeof en, string> = {
  columns: 'Kolom',
  columns_title: 'Kolom yang ditampilkan',
  columns_reset: 'Bawaan skema',
  columns_one: 'Setidaknya satu kolom tetap tampil',
  views: 'Tampilan',
  views_title: 'Tampilan tersimpan',
  views_none: 'Belum ada tampilan tersimpan',
  save_current: 'Simpan tampilan ini…',
  save_title: 'Simpan tampilan saat ini',
  save_hint: 'Menyimpan saringan, urutan, dan kolom yang tampil, untuk Anda, di semua perangkat.',
  name: 'Nama tampilan',
  save: 'Simpan',
  cancel: 'Batal',
  delete: 'Hapus tampilan %{name}',
  saved: 'Tampilan "%{name}" disimpan',
  deleted: 'Tampilan "%{name}" dihapus',
  applied: 'Tampilan "%{name}" diterapkan',
  failed: 'Pengaturan daftar Anda tidak dapat disimpan: %{error}',
};
export default listViews;
