// @vitest-environment jsdom
// The announcement board's pages (spec 2 §2.1–§2.4, §4, §5) against a stubbed server, as a
// staff user sees them: the cards (dates with Indonesian month names, the recalled state),
// Show more / Less one card at a time, paging by 5 to "Semua data sudah ditampilkan", the
// filters sent to the server, the form's rules and the server's field errors under their
// fields, the "file already exists" choices, the recipients narrowing, and the comment thread
// (depth, indent, one reply box per level, the delete confirmation), in both languages.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { ComboardListPage } from '../../src/pages/comboard/ComboardListPage';
import { ComboardFeed } from '../../src/pages/comboard/ComboardFeed';
import { useComboardFeed } from '../../src/pages/comboard/useComboardFeed';
import { loadCatalog } from '../../src/providers/catalogs';
import type { Locale } from '../../src/shared/entityModel';
import { REPLY_INDENT_PX } from '../../src/shared/api/comboard';
import { renderInAdmin } from './adminHarness';
import { attachment, boardData, boardFetch, card, comment, type BoardData, type Recorded } from './comboardServer';

process.env.TZ = 'Asia/Jakarta';

beforeAll(() => loadCatalog('en'));

const staff: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_ADMIN'],
};

let data: BoardData;
let calls: Recorded[];

beforeEach(() => {
  localStorage.setItem('token', 'x'.repeat(43));
  calls = [];
  data = boardData({
    cards: [
      card(1, { title: 'Ujian tengah semester', is_event: true, datetime_1: '2026-08-10', datetime_2: '2026-08-14' }),
      card(2, { title: 'Libur sekolah', is_recalled: true, reason: 'Tanggal berubah', can_comment: false, can_manage: false }),
    ],
  });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => boardFetch(data, calls)(input, init));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/**
 * jsdom lays nothing out: here an element is as tall as its text says (a 24 px line per 40
 * characters) and a box shows at most 3 lines (the card's collapsed text is 4.5em high).
 */
function layOutText() {
  const full = (el: Element) => Math.ceil((el.textContent?.length ?? 0) / 40) * 24;
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return full(this);
  });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return Math.min(72, full(this));
  });
}
const LONG = `<p>${'Siswa hadir pukul 06.45 dengan seragam lengkap. '.repeat(6)}</p>`;

const renderList = (locale: Locale = 'id') => renderInAdmin(<ComboardListPage />, { authProvider: staff, locale });
const cardNamed = async (title: string) => (await screen.findByRole('article', { name: title })) as HTMLElement;
const feedCalls = () => calls.filter((c) => c.path === 'comboard-admin');

describe('the cards', () => {
  it('show title, creator, the event dates in Indonesian and the category', async () => {
    renderList();
    const exam = await cardNamed('Ujian tengah semester');
    expect(exam).toHaveTextContent('Oleh Admin Sekolah · 10 Agt 2026 – 14 Agt 2026');
    expect(within(exam).getByText('Akademik')).toBeInTheDocument();
    expect(within(exam).getByRole('group', { name: 'Tindakan untuk Ujian tengah semester' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Comboard' })).toBeInTheDocument();
  });

  it('show the recalled state: warning icon, red title, the tag with its reason, no new comments and no actions for a non-manager', async () => {
    renderList();
    const recalled = await cardNamed('Libur sekolah');
    expect(within(recalled).getByTestId('recalled-icon')).toBeInTheDocument();
    expect(within(recalled).getByTestId('recalled-tag')).toHaveTextContent('Ditarik: Tanggal berubah');
    expect(within(recalled).getByRole('heading', { name: 'Libur sekolah' })).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    expect(within(recalled).getByTestId('comments-closed')).toHaveTextContent('Alasan: Tanggal berubah');
    expect(within(recalled).queryByRole('textbox', { name: 'Tulis komentar' })).toBeNull();
    expect(within(recalled).queryByRole('group')).toBeNull();
  });

  it('open their text one card at a time', async () => {
    layOutText();
    data.cards = data.cards.map((c) => ({ ...c, info: LONG }));
    const user = userEvent.setup();
    renderList();
    const first = await cardNamed('Ujian tengah semester');
    const second = await cardNamed('Libur sekolah');
    await user.click(within(first).getByRole('button', { name: 'Selengkapnya' }));
    expect(within(first).getByRole('button', { name: 'Ringkas' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(second).getByRole('button', { name: 'Selengkapnya' }));
    expect(within(second).getByRole('button', { name: 'Ringkas' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(first).getByRole('button', { name: 'Selengkapnya' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('offer Show more only for a text taller than the collapsed card', async () => {
    layOutText();
    data.cards = [card(1, { title: 'Panjang', info: LONG }), card(2, { title: 'Pendek', info: '<p>Libur satu hari.</p>' })];
    const user = userEvent.setup();
    renderList('en');
    const long = await cardNamed('Panjang');
    const short = await cardNamed('Pendek');
    expect(within(short).queryByRole('button', { name: 'Show more' })).toBeNull();
    await user.click(within(long).getByRole('button', { name: 'Show more' }));
    expect(within(long).getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(long).getByRole('button', { name: 'Less' }));
    expect(within(long).getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(short).queryByRole('button', { name: /Show more|Less/ })).toBeNull();
  });

  it('page by 5 with skip = 5 × page, merged by id, until the server says all is shown', async () => {
    data.cards = Array.from({ length: 12 }, (_, i) => card(i + 1));
    const user = userEvent.setup();
    renderList();
    await cardNamed('Pengumuman 5');
    expect(screen.getAllByTestId('comboard-card')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Tampilkan lagi' }));
    await cardNamed('Pengumuman 10');
    await user.click(screen.getByRole('button', { name: 'Tampilkan lagi' }));
    await cardNamed('Pengumuman 12');
    expect(feedCalls().map((c) => c.query.skip)).toEqual(['0', '5', '10']);
    expect(screen.getAllByTestId('comboard-card')).toHaveLength(12);
    expect(screen.getByTestId('comboard-all-shown')).toHaveTextContent('Semua data sudah ditampilkan');
    expect(screen.queryByRole('button', { name: 'Tampilkan lagi' })).toBeNull();
  });

  it('show 4 skeleton cards while loading, and "No Data" when empty', async () => {
    data.cards = [];
    renderList();
    expect(screen.getAllByTestId('comboard-skeleton')).toHaveLength(4);
    expect(await screen.findByText('Tidak ada data')).toBeInTheDocument();
  });

  it('say when the list cannot be loaded, and load it again on Try again', async () => {
    data.refuse.set('GET comboard-admin', { status: 500, body: { success: false, message: 'Kesalahan server' } });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Coba lagi' }));
    expect(screen.getByText('Pengumuman tidak dapat dimuat.')).toBeInTheDocument();
    data.refuse.clear();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await cardNamed('Libur sekolah')).toBeInTheDocument();
  });
});

describe('the filters', () => {
  it('narrow the loaded cards at once and send search, month, year and date to the server', async () => {
    const user = userEvent.setup();
    renderList();
    await cardNamed('Libur sekolah');
    await user.type(screen.getByRole('searchbox', { name: 'Cari' }), '  LIBUR ');
    expect(screen.queryByRole('article', { name: 'Ujian tengah semester' })).toBeNull();
    await waitFor(() => expect(feedCalls().at(-1)?.query.search).toBe('LIBUR'));
    await user.click(screen.getByRole('combobox', { name: 'Bulan' }));
    await user.click(await screen.findByRole('option', { name: 'Agustus' }));
    await waitFor(() => expect(feedCalls().at(-1)?.query.month).toBe('8'));
    await user.click(screen.getByRole('combobox', { name: 'Tahun' }));
    await user.click(await screen.findByRole('option', { name: String(new Date().getFullYear()) }));
    await waitFor(() => expect(feedCalls().at(-1)?.query.year).toBe(String(new Date().getFullYear())));
    fireEvent.change(screen.getByLabelText('Tanggal'), { target: { value: '2026-08-03' } });
    await waitFor(() => expect(feedCalls().at(-1)?.query).toMatchObject({ date: '2026-08-03', month: '8', search: 'LIBUR', skip: '0' }));
  });

  it('are labelled Month and Year in English (v1 swapped them)', async () => {
    renderList('en');
    await cardNamed('Libur sekolah');
    expect(screen.getByRole('combobox', { name: 'Month' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Year' })).toBeInTheDocument();
    expect(screen.getByText('All data has been shown')).toBeInTheDocument();
  });
});

describe('the form', () => {
  it('checks §5 before sending, then shows the server’s field messages under their fields', async () => {
    const user = userEvent.setup();
    renderList();
    await cardNamed('Libur sekolah');
    await user.click(screen.getByRole('button', { name: 'Tambah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah pengumuman' });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    const title = within(dialog).getByRole('textbox', { name: /Judul/ });
    await waitFor(() => expect(title).toHaveAccessibleDescription('Kolom ini wajib diisi'));
    expect(calls.some((c) => c.path === 'comboard-header')).toBe(false);

    await user.type(title, 'Rapat orang tua');
    await user.click(within(dialog).getByRole('combobox', { name: /Kategori/ }));
    await user.click(await screen.findByRole('option', { name: 'Keuangan' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Acara' }));
    // The second Yes / No is the recalled choice (the first is the priority).
    await user.click(within(dialog).getAllByRole('radio', { name: 'Ya' })[1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Mulai acara/)).toHaveAccessibleDescription('Kolom ini wajib diisi'));
    expect(within(dialog).getByRole('textbox', { name: /Alasan/ })).toHaveAccessibleDescription('Kolom ini wajib diisi');
    expect(calls.some((c) => c.path === 'comboard-header')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Mulai acara/), { target: { value: '2026-08-10' } });
    fireEvent.change(within(dialog).getByLabelText(/Selesai acara/), { target: { value: '2026-08-11' } });
    await user.type(within(dialog).getByRole('textbox', { name: /Alasan/ }), 'Salah tanggal');
    data.refuse.set('POST comboard-header', { status: 422, body: { success: false, message: 'Data tidak valid', messages: { title: ['Judul sudah dipakai'] } } });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Judul/ })).toHaveAccessibleDescription('Judul sudah dipakai'));
    const sent = calls.find((c) => c.method === 'POST' && c.path === 'comboard-header')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: 'Rapat orang tua', comboard_category_id: 2, is_event: true, datetime_1: '2026-08-10', datetime_2: '2026-08-11', is_recalled: true, reason: 'Salah tanggal' });
    expect(typeof sent.recall_time).toBe('string');

    data.refuse.clear();
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tambah pengumuman' })).toBeNull());
    await waitFor(() => expect(feedCalls().length).toBeGreaterThan(1));
  });

  it('an edit waits for the categories before showing its category, and keeps it when they cannot be read', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://localhost').pathname.endsWith('/comboard-category')) await held;
      return boardFetch(data, calls)(input, init);
    });
    const warnings = vi.spyOn(console, 'warn');
    const user = userEvent.setup();
    renderList('en');
    await user.click(within(await cardNamed('Ujian tengah semester')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit announcement' });
    expect(within(dialog).queryByRole('combobox', { name: /Category/ })).toBeNull();
    release();
    expect(await within(dialog).findByRole('combobox', { name: /Category/ })).toHaveTextContent('Akademik');
    expect(warnings.mock.calls.flat().join(' ')).not.toMatch(/out-of-range/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit announcement' })).toBeNull());

    // The list of categories refused: the announcement's own category still shows.
    data.refuse.set('GET comboard-category', { status: 500, body: { success: false, message: 'Server error' } });
    await user.click(within(await cardNamed('Ujian tengah semester')).getByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit announcement' });
    expect(await within(again).findByRole('combobox', { name: /Category/ })).toHaveTextContent('Akademik');
    expect(warnings.mock.calls.flat().join(' ')).not.toMatch(/out-of-range/);
  });

  it('an edit sends the version it read; when someone saved in between (409) the form says so and keeps what was typed', async () => {
    data.cards[0] = { ...data.cards[0]!, version: 7 };
    const user = userEvent.setup();
    renderList();
    const exam = await cardNamed('Ujian tengah semester');
    await user.click(within(exam).getByRole('button', { name: 'Ubah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah pengumuman' });
    const title = within(dialog).getByRole('textbox', { name: /Judul/ });
    await user.clear(title);
    await user.type(title, 'Ujian akhir semester');
    const conflict = 'Orang lain mengubah data ini setelah Anda membukanya.';
    data.refuse.set('PUT comboard-header/1', { status: 409, body: { success: false, message: conflict } });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(within(dialog).getByTestId('comboard-form-conflict')).toHaveTextContent(conflict));
    expect(calls.find((c) => c.method === 'PUT' && c.path === 'comboard-header/1')!.body).toMatchObject({ version: 7, title: 'Ujian akhir semester' });
    expect(title).toHaveValue('Ujian akhir semester');
  });

  it('asks before a form with changes is closed', async () => {
    const user = userEvent.setup();
    renderList();
    await cardNamed('Libur sekolah');
    await user.click(screen.getByRole('button', { name: 'Tambah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah pengumuman' });
    await user.type(within(dialog).getByRole('textbox', { name: /Judul/ }), 'Draf');
    await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    const ask = await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' });
    await user.click(within(ask).getByRole('button', { name: 'Lanjut mengisi' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Perubahan belum disimpan' })).toBeNull());
    expect(within(dialog).getByRole('textbox', { name: /Judul/ })).toHaveValue('Draf');
    await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Perubahan belum disimpan' })).getByRole('button', { name: 'Tutup dan buang' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tambah pengumuman' })).toBeNull());
  });
});

describe('deleting an announcement', () => {
  it('asks with "Hapus Data", a warning and Confirm / Cancel, then starts again at the first page', async () => {
    const user = userEvent.setup();
    renderList();
    const exam = await cardNamed('Ujian tengah semester');
    await user.click(within(exam).getByRole('button', { name: 'Hapus' }));
    const ask = await screen.findByRole('dialog', { name: 'Hapus Data' });
    expect(ask).toHaveTextContent('Peringatan');
    await user.click(within(ask).getByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ujian tengah semester' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === 'comboard-header/1')).toBe(true);
    expect(feedCalls().at(-1)?.query.skip).toBe('0');
  });
});

describe('the attachments', () => {
  it('check type and size with the server’s limit, and offer Create, Replace (asking first) and View when the name exists', async () => {
    data.attachments = [attachment(31, 1)];
    const user = userEvent.setup({ applyAccept: false });
    renderList();
    await user.click(within(await cardNamed('Ujian tengah semester')).getByRole('button', { name: 'Detail' }));
    const detail = await screen.findByRole('dialog', { name: 'Ujian tengah semester' });
    expect(within(detail).getByRole('tab', { name: 'Detail Comboard' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(detail).getByRole('tab', { name: 'Detail Lampiran' }));
    expect(await within(detail).findAllByTestId('attachment-row')).toHaveLength(1);
    await user.click(within(detail).getByRole('button', { name: 'Tambah' }));
    const form = await screen.findByRole('dialog', { name: 'Tambah lampiran' });
    const input = within(form).getByLabelText('Berkas');
    await user.upload(input, new File(['x'], 'virus.exe', { type: 'application/x-msdownload' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Berkas virus.exe bukan jenis yang valid.');
    await user.upload(input, new File([new Uint8Array(3 * 1024 * 1024)], 'besar.pdf', { type: 'application/pdf' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Berkas terlalu besar ( Maks 2 MB)');
    await user.type(within(form).getByRole('textbox', { name: /Judul/ }), 'Jadwal baru');
    await user.upload(input, new File(['%PDF-1.4'], 'jadwal.pdf', { type: 'application/pdf' }));
    data.refuse.set('POST comboard-attachment', { status: 409, body: { success: false, message: 'Berkas sudah ada', data: { code: 'file_exists', existing: attachment(31, 1) } } });
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    const exists = await screen.findByRole('dialog', { name: 'Berkas sudah ada' });
    expect(within(exists).getByRole('button', { name: 'Buat' })).toBeInTheDocument();
    expect(within(exists).getByRole('button', { name: 'Lihat' })).toBeInTheDocument();
    await user.click(within(exists).getByRole('button', { name: 'Ganti' }));
    const sure = await screen.findByRole('dialog', { name: 'Ganti' });
    expect(sure).toHaveTextContent('Anda tidak akan dapat mengakses berkas lama. Apakah Anda yakin?');
    await user.click(within(sure).getByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'replace-file-comboard')).toBe(true));
    const replaced = calls.find((c) => c.path === 'replace-file-comboard')!.body as Record<string, unknown>;
    expect(replaced).toMatchObject({ id_file: 31, status: 'replace', name: 'jadwal.pdf', title: 'Jadwal baru' });
    expect(String(replaced.base64)).toMatch(/^data:application\/pdf;base64,/);
  });

  it('Create asks for a new version', async () => {
    data.attachments = [attachment(31, 1)];
    const user = userEvent.setup();
    renderList();
    await user.click(within(await cardNamed('Ujian tengah semester')).getByRole('button', { name: 'Detail' }));
    const detail = await screen.findByRole('dialog', { name: 'Ujian tengah semester' });
    await user.click(within(detail).getByRole('tab', { name: 'Detail Lampiran' }));
    await user.click(await within(detail).findByRole('button', { name: 'Tambah' }));
    const form = await screen.findByRole('dialog', { name: 'Tambah lampiran' });
    await user.type(within(form).getByRole('textbox', { name: /Judul/ }), 'Jadwal');
    await user.upload(within(form).getByLabelText('Berkas'), new File(['%PDF-1.4'], 'jadwal.pdf', { type: 'application/pdf' }));
    data.refuse.set('POST comboard-attachment', { status: 409, body: { success: false, message: 'Berkas sudah ada', data: { code: 'file_exists', existing: attachment(31, 1) } } });
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Berkas sudah ada' })).getByRole('button', { name: 'Buat' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'replace-file-comboard')?.body).toMatchObject({ id_file: 31, status: 'create' }));
  });
});

describe('the recipients', () => {
  it('narrow department → level → class → students, and send the narrowest choice', async () => {
    data.cards = [card(1, { title: 'Study tour', to_student: true })];
    const user = userEvent.setup();
    renderList();
    await user.click(within(await cardNamed('Study tour')).getByRole('button', { name: 'Penerima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Penerima "Study tour"' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'SMA' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'levelall' && c.query.department_id === '2')).toBe(true));
    await user.click(within(dialog).getByRole('combobox', { name: 'Tingkat' }));
    expect(screen.queryByRole('option', { name: 'Kelas 1 SD' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Kelas 10 SMA' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Kelas' }));
    await user.click(await screen.findByRole('option', { name: 'X IPA 1' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'students' && c.query.class_id === '211')).toBe(true));
    await user.click(within(dialog).getByRole('combobox', { name: 'Siswa' }));
    await user.click(await screen.findByRole('option', { name: 'Bima Rahmawan' }));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === 'comboard-recipients')?.body).toEqual({ comboard_id: 1, student_id: [7] }));
  });

  it('show no Students choice when the announcement does not go to students', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(within(await cardNamed('Ujian tengah semester')).getByRole('button', { name: 'Penerima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Penerima "Ujian tengah semester"' });
    expect(within(dialog).getByRole('combobox', { name: 'Kelas' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Siswa' })).toBeNull();
  });
});

function Feed() {
  const feed = useComboardFeed('comboard-parent', {});
  return <ComboardFeed feed={feed} />;
}

describe('the comment thread', () => {
  beforeEach(() => {
    data.cards = [card(1, { title: 'Pentas seni' })];
    data.comments = [
      comment(1, 1, { comment: 'Jam berapa mulainya?', name: 'Bu Sari' }),
      comment(2, 1, { comment: 'Jam 8 pagi', name: 'Pak Budi', detail_id: 1, head_id: 1, reply: 1, reply_name: 'Bu Sari' }),
      comment(3, 1, { comment: '<b>Terima kasih</b>', name: 'Bu Sari', detail_id: 2, head_id: 1, reply: 2, reply_name: 'Pak Budi', can_delete: false }),
      comment(4, 1, { comment: 'Saya ikut', name: 'Pak Andi' }),
    ];
  });

  it('indents 30 px per level, shows text escaped, and keeps one reply box open per level', async () => {
    const user = userEvent.setup();
    renderInAdmin(<Feed />, { authProvider: staff });
    const thread = await cardNamed('Pentas seni');
    const items = await within(thread).findAllByTestId('comment');
    expect(items.map((li) => li.style.marginLeft || getComputedStyle(li).marginLeft)).toEqual(['0px', `${REPLY_INDENT_PX}px`, `${2 * REPLY_INDENT_PX}px`, '0px']);
    expect(within(thread).getByText('<b>Terima kasih</b>')).toBeInTheDocument();
    expect(thread.querySelector('b')).toBeNull();
    expect(calls.filter((c) => c.path === 'comboard-parent')).toHaveLength(1);

    // Bu Sari wrote the first (level 0) and the third (level 2) comment.
    await user.click(within(thread).getAllByRole('button', { name: 'Balas Bu Sari' })[0]!);
    expect(within(thread).getAllByRole('textbox', { name: 'Balas Bu Sari' })).toHaveLength(1);
    // Another comment of the same level: its box replaces the first one.
    await user.click(within(thread).getByRole('button', { name: 'Balas Pak Andi' }));
    expect(within(thread).queryByRole('textbox', { name: 'Balas Bu Sari' })).toBeNull();
    expect(within(thread).getByRole('textbox', { name: 'Balas Pak Andi' })).toBeInTheDocument();
    // A deeper level keeps its own box open beside it.
    await user.click(within(thread).getByRole('button', { name: 'Balas Pak Budi' }));
    expect(within(thread).getByRole('textbox', { name: 'Balas Pak Budi' })).toBeInTheDocument();
    expect(within(thread).getByRole('textbox', { name: 'Balas Pak Andi' })).toBeInTheDocument();
    // Reply again closes it.
    await user.click(within(thread).getByRole('button', { name: 'Balas Pak Andi' }));
    expect(within(thread).queryByRole('textbox', { name: 'Balas Pak Andi' })).toBeNull();

    await user.type(within(thread).getByRole('textbox', { name: 'Balas Pak Budi' }), 'Sampai jumpa');
    await user.click(within(thread).getAllByRole('button', { name: 'Kirim' })[0]!);
    await waitFor(() => expect(within(thread).getByText('Sampai jumpa')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ comboard_id: 1, comment: 'Sampai jumpa', detail_id: 2 });
    const reply = within(thread).getByText('Sampai jumpa').closest('li')!;
    expect(reply).toHaveAttribute('data-depth', '2');
  });

  it('asks "Are you sure you want to remove this comment?" under "Warning" before deleting, then reads the thread again', async () => {
    const user = userEvent.setup();
    renderInAdmin(<Feed />, { authProvider: staff, locale: 'en' });
    const thread = await cardNamed('Pentas seni');
    // Only what the caller may delete has the button.
    expect(within(thread).getAllByRole('button', { name: 'Delete comment' })).toHaveLength(3);
    await user.click(within(thread).getAllByRole('button', { name: 'Delete comment' })[2]!);
    const ask = await screen.findByRole('dialog', { name: 'Warning' });
    expect(ask).toHaveTextContent('Are you sure you want to remove this comment?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Warning' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(thread).getAllByRole('button', { name: 'Delete comment' })[2]!);
    await user.click(within(await screen.findByRole('dialog', { name: 'Warning' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(thread).queryByText('Saya ikut')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === 'comboard-detail/4')).toBe(true);
    expect(calls.some((c) => c.path === 'comment-parent' && c.query.comboard_id === '1')).toBe(true);
  });

  it('reads the thread again when the window regains focus and every 85 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderInAdmin(<Feed />, { authProvider: staff });
      await cardNamed('Pentas seni');
      const asked = () => calls.filter((c) => c.path === 'comment-parent').length;
      expect(asked()).toBe(0);
      fireEvent.focus(window);
      await waitFor(() => expect(asked()).toBe(1));
      await vi.advanceTimersByTimeAsync(85_000);
      await waitFor(() => expect(asked()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the real server's refusals, shown where they happen", () => {
  it('413 (a file over the limit the server holds now) under the file; 409 (recalled while open) under the comment box', async () => {
    const user = userEvent.setup();
    renderList();
    const exam = await cardNamed('Ujian tengah semester');
    const recalled = 'Pengumuman ini sudah ditarik: tidak ada komentar baru.';
    data.refuse.set('POST comboard-detail', { status: 409, body: { success: false, message: recalled } });
    await user.type(within(exam).getByRole('textbox', { name: 'Tulis komentar' }), 'Siap');
    await user.click(within(exam).getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(within(exam).getByRole('textbox', { name: 'Tulis komentar' })).toHaveAccessibleDescription(recalled));
    expect(within(exam).getByRole('textbox', { name: 'Tulis komentar' })).toHaveValue('Siap');

    await user.click(within(exam).getByRole('button', { name: 'Detail' }));
    const detail = await screen.findByRole('dialog', { name: 'Ujian tengah semester' });
    await user.click(within(detail).getByRole('tab', { name: 'Detail Lampiran' }));
    await user.click(await within(detail).findByRole('button', { name: 'Tambah' }));
    const form = await screen.findByRole('dialog', { name: 'Tambah lampiran' });
    await user.type(within(form).getByRole('textbox', { name: /Judul/ }), 'Jadwal');
    await user.upload(within(form).getByLabelText('Berkas'), new File(['%PDF-1.4'], 'jadwal.pdf', { type: 'application/pdf' }));
    const tooBig = 'Berkas terlalu besar ( Maks 1 MB)';
    data.refuse.set('POST comboard-attachment', { status: 413, body: { success: false, message: tooBig, messages: { file_1: [tooBig] } } });
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(tooBig));
  });
});
