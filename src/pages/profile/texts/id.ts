// Teks profil dalam bahasa Indonesia (halaman /employee-profile, dialog profil area, dan menu
// profil di bilah atas): namespace `profile.*`, digabung ke locales/id.ts. Kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const profile: SameKeys<typeof en> = {
  menu: 'Profil',
  profile: 'Profil',
  change_password: 'Ubah kata sandi',
  dark: 'Mode gelap',
  light: 'Mode terang',
  full_screen: 'Layar penuh',
  // Halaman profil (/employee-profile) dan dialog profil di area
  account: 'Akun',
  username: 'Nama pengguna',
  name: 'Nama',
  email: 'Email',
  roles: 'Peran',
  logged_in_as: 'Masuk sebagai',
  not_set: 'Belum diisi',
  employee: 'Data pegawai',
  no_employee: 'Akun ini tidak terhubung dengan data pegawai. Administrator dapat menghubungkannya di halaman pengguna (Pengguna).',
  children: 'Anak',
  no_children: 'Belum ada anak yang terhubung dengan akun ini.',
  loading: 'Memuat profil…',
  load_failed: 'Profil tidak dapat dimuat.',
  retry: 'Coba lagi',
  close: 'Tutup',
  kind: {
    staff: 'Staf',
    student: 'Siswa',
    parent: 'Orang tua',
    booking: 'Pemesanan',
  },
  role: {
    ROLE_ADMIN: 'Administrator',
    ROLE_ADMIN_FINANCE: 'Admin keuangan',
    ROLE_FINANCE: 'Staf keuangan',
    ROLE_FOUNDATION: 'Yayasan',
    ROLE_TEACHER: 'Guru',
    ROLE_BOOKING: 'Petugas pemesanan',
    ROLE_STUDENT: 'Siswa',
    ROLE_CANDIDATE_STUDENT: 'Calon siswa',
    ROLE_PARENT: 'Orang tua',
    ROLE_FAMILY: 'Keluarga',
  },
};

export default profile;
