// The permission pages' texts in Indonesian: the same keys as ./en.ts, words per GLOSSARY.md
// (izin, wali kelas, alasan, setujui, tolak, menunggu persetujuan).

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const permissions: SameKeys<typeof en> = {
  title_parent: 'Pengajuan izin',
  new: 'Pengajuan izin baru',
  child: 'Anak',
  type: 'Jenis',
  start_date: 'Dari tanggal',
  end_date: 'Sampai tanggal',
  reason: 'Alasan',
  remarks: 'Catatan',
  file: 'Surat (PDF, PNG, atau JPEG)',
  send: 'Kirim ke wali kelas',
  sent: 'Dikirim ke wali kelas',
  number: 'Nomor',
  student: 'Siswa',
  class: 'Kelas',
  dates: 'Tanggal',
  state: 'Status',
  comment: 'Komentar',
  detail: 'Detail',
  your_turn: 'Giliran Anda',
  no_data: 'Tidak ada data',
  loading: 'Memuat…',
  retry: 'Coba lagi',
  close: 'Tutup',
  cancel: 'Batal',
  approvers: 'Pemberi persetujuan',
  approver: 'Pemberi persetujuan',
  position: 'Jabatan',
  action_date: 'Tanggal tindakan',
  approve: 'Setujui',
  reject: 'Tolak',
  confirm_title: 'Informasi',
  approve_warning: 'Anda akan menyetujui pengajuan izin ini.',
  reject_warning: 'Anda akan menolak pengajuan izin ini.',
  sure: 'Apakah Anda yakin?',
  yes: 'Ya',
  required: 'Kolom ini wajib diisi',
  detail_title: 'Pengajuan izin %{number}',
  states: {
    draft: 'Draf',
    waiting: 'Menunggu persetujuan',
    approved: 'Disetujui',
    rejected: 'Ditolak',
  },
};

export default permissions;
