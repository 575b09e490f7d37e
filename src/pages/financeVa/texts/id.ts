// Teks pembuatan nomor virtual account (/generateva, issue 12): namespace `finance.va.*`. Kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const va: SameKeys<typeof en> = {
  intro: 'Memberi nomor VA dari kode VA kepada setiap siswa atau calon siswa yang belum punya; yang sudah punya tetap memakainya.',
  va_code: 'Kode VA',
  unit: 'Unit',
  class: 'Kelas',
  all: 'Semua',
  required: 'Kolom ini wajib diisi',
  preview: 'Pratinjau',
  generate: 'Buat Nomor VA',
  working: 'Memproses…',
  would_create: '%{count} nomor VA akan diberikan',
  created: '%{count} nomor VA diberikan',
  existing: '%{count} sudah punya',
  errors: 'Tidak dapat diberikan',
  column: { number: 'NIS', name: 'Nama', va: 'Nomor VA', message: 'Alasan' },
  empty: 'Tidak ada data',
  confirm: {
    title: 'Buat nomor VA?',
    message: '%{count} siswa atau calon siswa tanpa nomor VA mendapat nomor dari %{code}.',
    message_all: 'Setiap siswa atau calon siswa tanpa nomor VA (pada unit dan kelas terpilih) mendapat nomor dari %{code}.',
    confirm: 'Buat Nomor VA',
    cancel: 'Batal',
  },
  failed: 'Nomor VA tidak dapat dibuat.',
};

export default va;
