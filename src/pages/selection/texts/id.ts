// Subject and interest selection's texts in Indonesian: the same keys as ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const selection: SameKeys<typeof en> = {
  student: 'Siswa',
  pickStudent: 'Pilih siswa',
  pickStudentHelp: 'Cari menurut NIS atau nama',
  noStudent: 'Pilih siswa untuk melihat dan mengubah pilihannya.',
  onBehalf: 'Memilih untuk %{name} (NIS %{nis})',
  classOf: 'Kelas %{name}',
  window: {
    open: 'Pemilihan dibuka sampai %{end}',
    left: 'Sisa waktu',
    before: 'Pemilihan dibuka pada %{start}',
    after: 'Pemilihan sudah ditutup pada %{end}',
    timeout: 'Waktu memilih sudah habis',
    final: 'Pilihan sudah difinalkan pada %{date}',
    none: 'Tidak ada jadwal pemilihan untuk siswa ini',
  },
  needsSubjects: 'Pilih paling sedikit %{majorMin} mata pelajaran jurusan (terpilih: %{major}) dan %{crossMin} mata pelajaran lintas minat (terpilih: %{cross}).',
  needsExtra: 'Pilih paling sedikit %{min} dan paling banyak %{max} ekstrakurikuler (terpilih: %{count}).',
  finish: 'Finalkan pilihan',
  choose: 'Pilih',
  chosen: 'Terpilih',
  release: 'Lepas',
  full: 'Penuh',
  seats: '%{already} dari %{capacity} kuota terisi',
  ownMajor: 'Jurusan sendiri',
  crossMajor: 'Lintas minat',
  empty: 'Belum ada data…',
  noTimes: 'Belum ada jadwal',
  refreshed: 'Kuota diperbarui setiap beberapa detik',
  days: {
    monday: 'Senin',
    tuesday: 'Selasa',
    wednesday: 'Rabu',
    thursday: 'Kamis',
    friday: 'Jumat',
    saturday: 'Sabtu',
    sunday: 'Minggu',
  },
};

export default selection;
