// Teks halaman email (/sendemail, /outbox, /sent; issue 13): namespace `finance.mail.*`. Kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const mail: SameKeys<typeof en> = {
  send: {
    intro: 'Pilih siswa atau calon siswa dan tanggal: orang tuanya menerima satu email berisi tagihan terbuka yang jatuh tempo sampai tanggal itu, dari template aktif jenis yang dipilih. Hanya yang memiliki email ayah atau ibu yang dikirimi.',
    kind: 'Kirim ke',
    students: 'Siswa',
    candidates: 'Calon siswa',
    class: 'Kelas',
    batch: 'Gelombang pendaftaran',
    all: 'Semua',
    date: 'Tagihan jatuh tempo sampai',
    type: { reminder: 'Pengingat sebelum jatuh tempo', overdue: 'Pemberitahuan lewat jatuh tempo', invoice: 'Tagihan baru' },
    email_type: 'Jenis email',
    search: 'Cari nama atau nomor',
    show: 'Tampilkan penerima',
    send: 'Kirim email',
    working: 'Memproses…',
    select_all: 'Pilih semua yang dapat dikirimi',
    selected: '%{count} dipilih',
    empty: 'Tidak ada data',
    can_send: '%{count} dapat dikirimi email',
    cannot_send: '%{count} tidak dapat: lihat alasannya di kolom terakhir',
    column: { number: 'Nomor', name: 'Nama', class: 'Kelas', parents: 'Email ayah / ibu', invoices: 'Tagihan terbuka', total: 'Total', template: 'Template', why: 'Alasan' },
    confirm: { title: 'Kirim email?', message: 'Email dikirim ke orang tua %{count} siswa atau calon siswa melalui kotak keluar.', confirm: 'Kirim email', cancel: 'Batal' },
    result: 'Di kotak keluar: %{count} email.',
    skipped: 'Tidak dikirim:',
    to_outbox: 'Buka kotak keluar',
    failed: 'Kirim email gagal.',
    required: 'Kolom ini wajib diisi',
  },
  box: {
    search: 'Cari nama, alamat, atau subjek',
    state_filter: 'Status',
    all: 'Semua',
    refresh: 'Muat ulang',
    empty: 'Belum ada data…',
    load_failed: 'Pesan tidak dapat dimuat.',
    column: { name: 'Nama', channel: 'Saluran', receiver: 'Penerima', cc: 'CC', sender: 'Pengirim', subject: 'Subjek', schedule: 'Jadwal', send_date: 'Tanggal kirim', state: 'Status', retry: 'Percobaan', next: 'Percobaan berikutnya', error: 'Kesalahan terakhir', actions: 'Aksi' },
    state: { queued: 'Menunggu', sending: 'Sedang dikirim', sent: 'Terkirim', failed: 'Gagal', interrupted: 'Terputus' },
    retry: 'Coba lagi',
    resend: 'Kirim ulang',
    view: 'Lihat',
    close: 'Tutup',
    confirm_resend: { title: 'Kirim ulang email ini?', message: 'Salinan “%{subject}” dikirim lagi ke %{receiver}.', confirm: 'Kirim ulang', cancel: 'Batal' },
    message_title: 'Pesan',
    message_id: 'Message-ID',
  },
};

export default mail;
