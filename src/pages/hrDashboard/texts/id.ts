// The HR dashboard's texts in Indonesian (src/pages/hrDashboard/): the same keys as ./en.ts,
// words per GLOSSARY.md (cuti, sisa cuti, pegawai, unit kerja, jabatan, disetujui, ditolak).

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const hrDashboard: SameKeys<typeof en> = {
  empty: 'Belum ada data…',
  retry: 'Coba lagi',
  more: '%{shown} dari %{count}',
  lists: {
    needApprove: 'Perlu disetujui',
    accepted: 'Izin disetujui',
    rejected: 'Izin ditolak',
    expired: 'Kontrak pegawai berakhir',
    expiring: 'Kontrak pegawai akan berakhir',
    docExpired: 'Dokumen kedaluwarsa',
    docExpiring: 'Dokumen akan kedaluwarsa',
  },
  expiry: {
    days_left: '%{days} hari lagi',
    days_ago: '%{days} hari yang lalu',
    today: 'hari ini',
    passport: 'Paspor %{title}',
    certificate: 'Sertifikat: %{title}',
    threshold: 'dalam %{days} hari',
  },
  panel: {
    title: 'Profil saya',
    ein: 'NIP',
    work_unit: 'Unit kerja',
    position: 'Jabatan',
    email: 'Email',
    remaining: 'Sisa cuti %{year}',
    remaining_button: 'Sisa cuti',
  },
  others: {
    title: 'Sisa cuti pegawai',
    employee: 'Pegawai',
    work_unit: 'Unit kerja',
    detail: 'Detail',
  },
  history: {
    title: 'Riwayat cuti',
    date: 'Tanggal',
    remarks: 'Keterangan',
    status: 'Status',
    leave: 'Jenis cuti',
  },
};

export default hrDashboard;
