// Pintasan papan ketik dan dialog bantuannya (issue 16; src/app/keyboard/).
import type en from './keyboard.en';

const keyboard: Record<keyof typeof en, string> = {
  title: 'Pintasan papan ketik',
  close: 'Tutup',
  search: 'Ke kotak cari daftar',
  save: 'Simpan formulir',
  leave: 'Keluar dari kolom isian (atau tutup dialog)',
  help: 'Tampilkan bantuan ini',
  ctrl_k: 'Ctrl + K',
  ctrl_s: 'Ctrl + S',
  escape: 'Esc',
  question: '?',
};
export default keyboard;
