// The academic home's texts in Indonesian (src/pages/academicHome/): the same keys as ./en.ts,
// words per GLOSSARY.md (jadwal, wali kelas, kehadiran, hadir, izin, sakit, alpa, terlambat, acara).

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const academicHome: SameKeys<typeof en> = {
  retry: 'Coba lagi',
  loading: 'Memuat…',
  today: {
    title: 'Hari ini',
    term: '%{year}, %{semester}',
    noTerm: 'Belum ada tahun ajaran yang aktif',
    holiday: 'Hari libur: %{name}',
    schoolDay: 'Hari sekolah',
    weekend: 'Akhir pekan: tidak ada pelajaran',
  },
  lessons: {
    title: 'Jadwal mengajar saya hari ini',
    none: 'Tidak ada jadwal mengajar Anda hari ini.',
    taken: 'Kehadiran sudah dicatat',
    notTaken: 'Kehadiran belum dicatat',
    upcoming: 'Akan datang',
    now: 'Sedang berlangsung',
    timetable: 'Jadwal',
  },
  homeroom: {
    title: 'Kelas saya sebagai wali kelas',
    none: 'Anda bukan wali kelas dari kelas yang aktif.',
    students: '%{smart_count} siswa |||| %{smart_count} siswa',
    present: 'Hadir',
    late: 'di antaranya terlambat',
    permission: 'Izin',
    sick: 'Sakit',
    absent: 'Alpa',
    unrecorded: 'Belum dicatat',
    report: 'Laporan kehadiran',
  },
  approvals: {
    title: 'Izin siswa menunggu persetujuan Anda',
    none: 'Tidak ada yang menunggu keputusan Anda.',
    more: '%{shown} dari %{count}',
    all: 'Semua izin siswa',
    period: '%{from} – %{to}',
  },
  agenda: {
    title: 'Dua minggu ke depan',
    none: 'Tidak ada acara sekolah atau hari libur dalam dua minggu ke depan.',
    holiday: 'Libur',
    event: 'Acara',
    calendar: 'Kalender',
  },
  school: {
    title: 'Sekolah hari ini',
    students: 'Siswa aktif',
    classes: 'Kelas tahun ini',
    teachers: 'Guru',
    withoutHomeroom: 'Kelas tanpa wali kelas',
    attendance: 'Kehadiran harian tercatat',
    recorded: '%{recorded} dari %{students}',
  },
};

export default academicHome;
