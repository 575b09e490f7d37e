// /settingodoo's own texts in Indonesian (./en.ts has the same keys; words per GLOSSARY.md).

const accounting = {
  title: 'Koneksi dan sinkronisasi',
  help: 'Uji koneksi dan Sinkronkan sekarang memakai pengaturan yang tersimpan: simpan perubahan terlebih dahulu.',
  test: 'Uji koneksi',
  sync_now: 'Sinkronkan sekarang',
  counts: 'Jurnal',
  state: { not_sync: 'Belum sinkron', synced: 'Sudah sinkron', not_validated: 'Belum divalidasi' },
  off: 'Sinkronisasi mati: jurnal tetap belum sinkron sampai diaktifkan.',
  last_run: 'Jadwal terakhir berjalan: %{date}',
  never: 'Belum ada jadwal yang berjalan',
  open_journals: 'Buka jurnal',
};

export default accounting;
