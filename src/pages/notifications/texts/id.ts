// Teks halaman notifikasi dan lonceng di bilah atas dalam bahasa Indonesia: namespace
// `notifications.*`, digabung ke locales/id.ts. Kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const notifications: SameKeys<typeof en> = {
  label: 'Notifikasi (%{smart_count} belum dibaca)',
  none: 'Tidak ada notifikasi',
  title: 'Notifikasi',
  list_title: 'Notifikasi',
  loading: 'Memuat notifikasi…',
  load_failed: 'Notifikasi tidak dapat dimuat.',
  retry: 'Coba lagi',
  not_found: 'Notifikasi ini tidak ada.',
  forbidden: 'Notifikasi ini tidak ditujukan kepada Anda.',
  back: 'Kembali',
  see_all: 'Semua notifikasi',
  unread: 'Belum dibaca',
  unread_count: '%{smart_count} belum dibaca',
  read: 'Sudah dibaca',
  mark_read: 'Tandai sudah dibaca',
  mark_all_read: 'Tandai semua sudah dibaca',
  mark_failed: 'Notifikasi tidak dapat ditandai sudah dibaca.',
  type: 'Jenis',
  received: 'Diterima',
  pages: 'Halaman notifikasi',
  page: 'Halaman %{page}',
  go_to_page: 'Ke halaman %{page}',
  previous_page: 'Halaman sebelumnya',
  next_page: 'Halaman berikutnya',
  // Tentang apa notifikasi itu, menurut doc_name (spesifikasi 1 §3, §4).
  doc: {
    t_comboard_detail: 'Pengumuman',
    tr_permission: 'Pengajuan izin',
    tr_hr_leave_approval: 'Pengajuan cuti',
    tr_invoice: 'Tagihan',
    tr_booking: 'Pemesanan',
  },
};

export default notifications;
