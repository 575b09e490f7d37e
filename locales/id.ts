// Pesan milik aplikasi dalam bahasa Indonesia (namespace `app.*`). Pesan react-admin ada di
// locales/react-admin.id.ts; label entitas dan kolom berasal dari skema (src/generated).
// Kuncinya sama persis dengan locales/en.ts (diperiksa oleh tests/app/locales.test.ts).

import type en from './en';

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

const id: Messages<typeof en> = {
  app: {
    name: 'Admin Sekolah',
    loading: 'Memuat…',
    login: {
      title: 'Masuk staf',
      subtitle: 'Masuk dengan akun staf Anda',
      username: 'Nama pengguna',
      password: 'Kata sandi',
      submit: 'Masuk',
      submitting: 'Sedang masuk…',
      failed: 'Nama pengguna atau kata sandi salah',
    },
    menu: {
      label: 'Menu utama',
      no_entries: 'Tidak ada menu untuk akun Anda',
    },
    module: {
      ACA: 'Akademik',
      FINA: 'Keuangan',
      HUCAP: 'SDM',
      COM: 'Comboard',
      BOOKING: 'Pemesanan',
      COURSE: 'Kursus',
      ADMISS: 'Penerimaan',
      AD: 'Tambahan',
      REGIST: 'Pendaftaran',
      SUBJECT: 'Pemilihan mata pelajaran',
      CLUB: 'Pemilihan ekstrakurikuler',
    },
    list: {
      range_estimated: '%{offsetBegin}-%{offsetEnd} dari sekitar %{total}',
      empty: 'Belum ada data…',
      empty_invite: 'Tambahkan data pertama dengan tombol di bawah.',
      from: '%{field} dari',
      to: '%{field} sampai',
    },
    form: {
      write_only_keep: 'Kosongkan untuk tetap memakai nilai yang tersimpan',
      password_keep: 'Kosongkan untuk tetap memakai kata sandi saat ini',
      rule_denied_edit: 'Data ini tidak dapat diubah',
      back_to_record: 'Kembali ke data',
    },
    error: {
      load_failed: 'Halaman ini tidak dapat dimuat. Periksa koneksi lalu muat ulang halaman.',
      reload: 'Muat ulang',
      delete_many_failed: '%{failed} dari %{total} data tidak terhapus: %{reasons}',
    },
  },
};

export default id;
