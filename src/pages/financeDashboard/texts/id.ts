// The finance dashboard's texts (spec 3 §2.1, §5, §8; Indonesian per GLOSSARY.md), under finance.dashboard.*.

import type { SameKeys } from "../../../shared/sameKeys";
import type en from "./en";

const id: SameKeys<typeof en> = {
  title: "Dasbor keuangan",
  filters: {
    cutoff: "Tanggal batas",
    student: "Siswa",
    candidate: "Calon siswa",
    range: "Tagihan dan pembayaran dari %{from} sampai %{to}",
  },
  summary: {
    outstanding: "Sisa tagihan",
    overdue: "Lewat jatuh tempo",
  },
  reconciliation: {
    title: "Rekonsiliasi Pembayaran",
    uploadva: "Unggahan VA",
    payment: "Pembayaran",
    agree: "Sesuai",
    differ: "Selisih %{amount}",
    lines: "%{lines} baris",
    payments: "%{payments} pembayaran",
  },
  arrears: {
    title: "Tagihan Lewat Jatuh Tempo > 3 bulan",
    invoices: "%{count} tagihan, %{min}–%{max} hari lewat jatuh tempo",
    open: "Buka tagihan %{name} di tab baru",
  },
  waivers: {
    title: "Keringanan Lewat Jatuh Tempo",
    group:
      "%{type}: %{count} tagihan, sisa %{outstanding}, keringanan %{waived}",
    age: "hingga %{days} hari lewat jatuh tempo",
  },
  pie: {
    title: "Komposisi Sisa Tagihan",
    hint: "Klik potongan untuk membuka laporannya di tab baru",
  },
  open: {
    title: "Pembayaran Terbuka",
    name: "Nama",
    class: "Kelas",
    payment_no: "Nomor pembayaran",
    date: "Tanggal",
    reminder: "Nilai sisa",
    generate: "Alokasikan Pembayaran",
    close: "Tutup Pembayaran",
    select_all: "Pilih semua pembayaran di halaman ini",
    select: "Pilih pembayaran %{no}",
    selected: "%{count} dipilih",
    select_first: "Silakan pilih pembayaran terlebih dahulu.",
    no_data: "Tidak ada data",
    help: "Sisa uang pembayaran setelah melunasi tagihannya. Alokasikan untuk tagihan siswa saat ini, atau Tutup untuk menyimpannya sebagai deposit.",
  },
  rate: {
    title: "Tingkat Kolektibilitas",
    current_month: "Bulan Ini",
    cumulative: "Kumulatif",
    no_due: "Belum ada yang jatuh tempo",
    hover:
      "%{collected} tertagih dari %{due} jatuh tempo dari %{from} sampai %{to}",
    from_start: "awal",
    red: "Merah sampai (%)",
    yellow: "Kuning sampai (%)",
    green: "Hijau sampai (%)",
    save: "Simpan batas warna",
    edit: "Batas warna",
  },
  list: {
    showing: "%{shown} dengan tunggakan terbesar dari %{total}",
  },
  empty: "Belum ada data…",
  retry: "Coba lagi",
  loading: "Memuat…",
};

export default id;
