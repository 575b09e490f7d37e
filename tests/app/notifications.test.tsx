// @vitest-environment jsdom
// The bell, the notification detail page and the parent/student list page against a stubbed
// server, in both languages: texts come from the message key in the user's language (free
// texts as they are), dates read "20 November 2026 pukul 15.00" in Jakarta, reading marks read,
// someone else's or a missing notification says so, and the keyboard works the bell.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { AuthProvider } from 'react-admin';
import { NotificationBell } from '../../src/app/topbar/NotificationBell';
import { NotificationListPage } from '../../src/pages/notifications/NotificationListPage';
import { NotificationPage } from '../../src/pages/notifications/NotificationPage';
import { loadCatalog } from '../../src/providers/catalogs';
import type { Locale } from '../../src/shared/entityModel';
import { renderInAdmin } from './adminHarness';

// What a user in Jakarta sees (the dates are in the browser's time zone).
process.env.TZ = 'Asia/Jakarta';

beforeAll(() => loadCatalog('en'));

type Kind = 'staff' | 'student' | 'parent' | 'booking';

const asKind = (kind: Kind): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => [],
  loginKind: () => kind,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

interface Note {
  id: number;
  doc_name: string;
  doc_id: string | null;
  info: string;
  key: string | null;
  params: Record<string, string> | null;
  created_at: string;
  read: boolean;
}

let notes: Note[];
/** Ids the stub answers 403 for (someone else's). */
let othersIds: number[];
let failing: boolean;
const calls: string[] = [];

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function listAnswer(url: URL) {
  const page = Number(url.searchParams.get('page') ?? 0);
  const perPage = Number(url.searchParams.get('per_page') ?? 50);
  const data = page ? notes.slice((page - 1) * perPage, page * perPage) : notes.slice(0, 50);
  return answer({ success: true, data, count: notes.filter((n) => !n.read).length, total: notes.length });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify({ id: 1, username: 'parent', name: 'Rahmat Hidayat' }));
  localStorage.setItem('token', 'x'.repeat(43));
  calls.length = 0;
  othersIds = [77];
  failing = false;
  notes = [
    {
      id: 11,
      doc_name: 'tr_invoice',
      doc_id: '2',
      info: 'Tagihan baru INV/2025/0002 untuk Bima Rahmawan telah dibuat',
      key: 'invoice_issued_for',
      params: { number: 'INV/2025/0002', student: 'Bima Rahmawan' },
      created_at: '2026-11-20T08:00:00Z',
      read: false,
    },
    {
      id: 12,
      doc_name: 'memo_wali_kelas',
      doc_id: null,
      info: 'Bawa buku gambar besok',
      key: null,
      params: null,
      created_at: '2026-11-19T01:30:00Z',
      read: false,
    },
    {
      id: 13,
      doc_name: 'tr_permission',
      doc_id: '1',
      info: 'Pengajuan izin Siti Rahmawati disetujui',
      key: 'permission_approved',
      params: { student: 'Siti Rahmawati' },
      created_at: '2026-11-18T01:30:00Z',
      read: true,
    },
  ];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${input}`);
    const url = new URL(input, 'http://localhost');
    if (failing) return answer({ success: false, message: 'Kesalahan server' }, 500);
    if (method === 'PUT' && url.pathname === '/api/v1/notification/read') {
      notes = notes.map((n) => ({ ...n, read: true }));
      return listAnswer(url);
    }
    const read = /^\/api\/v1\/notification\/(\d+)\/read$/.exec(url.pathname);
    if (method === 'PUT' && read) {
      notes = notes.map((n) => (n.id === Number(read[1]) ? { ...n, read: true } : n));
      return listAnswer(url);
    }
    const one = /^\/api\/v1\/notification\/([^/]+)$/.exec(url.pathname);
    if (one) {
      if (othersIds.includes(Number(one[1]))) return answer({ success: false, message: 'Anda tidak memiliki izin untuk melakukan ini' }, 403);
      const note = notes.find((n) => String(n.id) === one[1]);
      return note ? answer({ success: true, data: note }) : answer({ success: false, message: 'Notifikasi tidak ditemukan' }, 404);
    }
    if (url.pathname === '/api/v1/notification') return listAnswer(url);
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderBell(kind: Kind, locale: Locale = 'id') {
  return renderInAdmin(
    <>
      <NotificationBell />
      <Where />
    </>,
    { authProvider: asKind(kind), locale },
  );
}

function renderPage(at: string, kind: Kind, locale: Locale = 'id') {
  return renderInAdmin(
    <>
      <Routes>
        <Route path="/notification/:id" element={<NotificationPage />} />
        <Route path="/parent/notification/:id" element={<NotificationPage kind="parent" />} />
        <Route path="/parent/notification" element={<NotificationListPage kind="parent" />} />
        <Route path="/student/notification" element={<NotificationListPage kind="student" />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { at, authProvider: asKind(kind), locale },
  );
}

describe('the bell', () => {
  it('shows each notification in Indonesian: keyed texts from the catalog, free texts as they are', async () => {
    const user = userEvent.setup();
    renderBell('staff');
    await user.click(await screen.findByRole('button', { name: 'Notifikasi (2 belum dibaca)' }));
    const menu = await screen.findByRole('menu', { name: 'Notifikasi' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items[0]).toHaveTextContent('Tagihan baru INV/2025/0002 untuk Bima Rahmawan telah dibuat');
    expect(items[0]).toHaveTextContent('Tagihan · 20 November 2026 pukul 15.00 · Belum dibaca');
    expect(items[1]).toHaveTextContent('Bawa buku gambar besok');
    expect(items[1]).toHaveTextContent('Memo wali kelas · 19 November 2026 pukul 08.30');
    expect(items[2]).toHaveTextContent('Pengajuan izin Siti Rahmawati disetujui');
    expect(items[2]).not.toHaveTextContent('Belum dibaca');
    expect(within(menu).getByRole('menuitem', { name: 'Tandai semua sudah dibaca' })).toBeInTheDocument();
  });

  it('shows the same notifications in English, the free text as it was written', async () => {
    const user = userEvent.setup();
    renderBell('staff', 'en');
    await user.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items[0]).toHaveTextContent('New invoice INV/2025/0002 for Bima Rahmawan has been issued');
    expect(items[0]).toHaveTextContent('Invoice · 20 November 2026 at 15:00 · Unread');
    expect(items[1]).toHaveTextContent('Bawa buku gambar besok');
    expect(items[2]).toHaveTextContent('The permission request of Siti Rahmawati has been approved');
  });

  it('falls back to the stored text for a key this version does not know', async () => {
    notes = [{ ...notes[0], key: 'from_a_later_version', info: 'Teks dari versi berikutnya' }];
    const user = userEvent.setup();
    renderBell('staff', 'en');
    await user.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    expect(await screen.findByRole('menuitem', { name: /Teks dari versi berikutnya/ })).toBeInTheDocument();
  });

  it('works from the keyboard: opens, moves, opens a notification (which is marked read) and closes', async () => {
    const user = userEvent.setup();
    renderBell('staff');
    const bell = await screen.findByRole('button', { name: 'Notifikasi (2 belum dibaca)' });
    expect(bell).toHaveAttribute('aria-haspopup', 'menu');
    await user.tab();
    expect(bell).toHaveFocus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(screen.getByRole('menu')).getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem')[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    // A free-text notification leads to its detail page (spec 1 §4, any other doc_name).
    expect(screen.getByTestId('where')).toHaveTextContent('/notification/12');
    await waitFor(() => expect(calls).toContain('PUT /api/v1/notification/12/read'));
    expect(await screen.findByRole('button', { name: 'Notifikasi (1 belum dibaca)' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
  });

  it('says so when there are none, and when they cannot be loaded (with a retry)', async () => {
    const all = notes;
    notes = [];
    const user = userEvent.setup();
    renderBell('staff');
    await user.click(await screen.findByRole('button', { name: 'Notifikasi (0 belum dibaca)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Tidak ada notifikasi');
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    cleanup();

    notes = all;
    failing = true;
    renderBell('staff', 'en');
    await user.click(await screen.findByRole('button', { name: 'Notifications (0 unread)' }));
    expect(await screen.findByText('The notifications could not be loaded.', {}, { timeout: 10_000 })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('menuitem', { name: 'Try again' }));
    expect(await screen.findByRole('menuitem', { name: /New invoice INV\/2025\/0002/ })).toBeInTheDocument();
  });

  it('asks again when the window regains focus', async () => {
    renderBell('staff');
    await screen.findByRole('button', { name: 'Notifikasi (2 belum dibaca)' });
    const asked = () => calls.filter((c) => c === 'GET /api/v1/notification?username=parent').length;
    const before = asked();
    notes = notes.map((n) => ({ ...n, read: true }));
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('button', { name: 'Notifikasi (0 belum dibaca)' })).toBeInTheDocument();
    expect(asked()).toBe(before + 1);
  });

  it('leads a parent to the notification inside the parent area, and to all of them', async () => {
    const user = userEvent.setup();
    renderBell('parent');
    await user.click(await screen.findByRole('button', { name: 'Notifikasi (2 belum dibaca)' }));
    // A permission notification leads staff to /permission/1; a parent reads it in the area.
    await user.click(await screen.findByRole('menuitem', { name: /Pengajuan izin Siti Rahmawati/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/parent/notification/13');
    await user.click(screen.getByRole('button', { name: /^Notifikasi/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Semua notifikasi' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/parent\/notification$/);
  });

  it('marks all read', async () => {
    const user = userEvent.setup();
    renderBell('booking');
    await user.click(await screen.findByRole('button', { name: 'Notifikasi (2 belum dibaca)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Tandai semua sudah dibaca' }));
    expect(await screen.findByRole('button', { name: 'Notifikasi (0 belum dibaca)' })).toBeInTheDocument();
    expect(calls).toContain('PUT /api/v1/notification/read');
    // A booking user has no list page: no link to one.
    await user.click(screen.getByRole('button', { name: /^Notifikasi/ }));
    expect(screen.queryByRole('menuitem', { name: 'Semua notifikasi' })).not.toBeInTheDocument();
  });
});

describe('the notification page', () => {
  it('shows the notification in Indonesian, with its type and date, and marks it read', async () => {
    renderPage('/notification/11', 'staff');
    expect(await screen.findByTestId('notification-text')).toHaveTextContent('Tagihan baru INV/2025/0002 untuk Bima Rahmawan telah dibuat');
    expect(screen.getByRole('heading', { level: 1, name: 'Notifikasi' })).toBeInTheDocument();
    const details = screen.getByTestId('notification-page');
    expect(within(details).getByText('Jenis').nextElementSibling).toHaveTextContent('Tagihan');
    expect(within(details).getByText('Diterima').nextElementSibling).toHaveTextContent('20 November 2026 pukul 15.00');
    await waitFor(() => expect(calls).toContain('PUT /api/v1/notification/11/read'));
    expect(await screen.findByText('Sudah dibaca')).toBeInTheDocument();
    expect(document.title).toBe('Notifikasi · Admin Sekolah');
  });

  it('shows it in English', async () => {
    renderPage('/notification/13', 'staff', 'en');
    expect(await screen.findByTestId('notification-text')).toHaveTextContent('The permission request of Siti Rahmawati has been approved');
    const details = screen.getByTestId('notification-page');
    expect(within(details).getByText('Type').nextElementSibling).toHaveTextContent('Permission request');
    expect(within(details).getByText('Received').nextElementSibling).toHaveTextContent('18 November 2026 at 08:30');
    expect(within(details).getByText('Read')).toBeInTheDocument();
    // Already read: not marked again.
    expect(calls.some((c) => c.startsWith('PUT'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it('does not show someone else’s notification', async () => {
    renderPage('/notification/77', 'staff');
    expect(await screen.findByTestId('notification-forbidden')).toHaveTextContent('Notifikasi ini tidak ditujukan kepada Anda.');
    expect(screen.queryByTestId('notification-text')).not.toBeInTheDocument();
    expect(calls.some((c) => c.startsWith('PUT'))).toBe(false);
  });

  it('says when there is no such notification, in both languages', async () => {
    renderPage('/notification/404', 'staff');
    expect(await screen.findByTestId('notification-missing')).toHaveTextContent('Notifikasi ini tidak ada.');
    cleanup();
    renderPage('/notification/404', 'staff', 'en');
    expect(await screen.findByTestId('notification-missing')).toHaveTextContent('There is no such notification.');
  });

  it('says when it cannot be loaded, and tries again on request', async () => {
    failing = true;
    const user = userEvent.setup();
    renderPage('/notification/11', 'staff');
    expect(await screen.findByText('Notifikasi tidak dapat dimuat.', {}, { timeout: 10_000 })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('notification-text')).toHaveTextContent('Tagihan baru INV/2025/0002');
  });

  it('leads a parent back to the list of their notifications', async () => {
    const user = userEvent.setup();
    renderPage('/parent/notification/12', 'parent');
    expect(await screen.findByTestId('notification-text')).toHaveTextContent('Bawa buku gambar besok');
    await user.click(screen.getByRole('link', { name: 'Kembali' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/parent\/notification$/);
  });
});

describe('the list page of parents and students', () => {
  it('lists them newest first with the unread ones marked; one or all can be marked read', async () => {
    const user = userEvent.setup();
    renderPage('/parent/notification', 'parent');
    const list = await screen.findByRole('list', { name: 'Notifikasi' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Tagihan baru INV/2025/0002 untuk Bima Rahmawan telah dibuat');
    expect(rows[0]).toHaveTextContent('Belum dibaca');
    expect(rows[2]).not.toHaveTextContent('Belum dibaca');
    expect(screen.getByRole('heading', { level: 1, name: /^Notifikasi/ })).toHaveTextContent(/^Notifikasi \(2 belum dibaca\)$/);
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/parent/notification/11');

    await user.click(screen.getByRole('button', { name: 'Tandai sudah dibaca: Bawa buku gambar besok' }));
    await waitFor(() => expect(calls).toContain('PUT /api/v1/notification/12/read'));
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')[1]).not.toHaveTextContent('Belum dibaca'));
    expect(screen.getByRole('heading', { level: 1, name: /^Notifikasi/ })).toHaveTextContent('(1 belum dibaca)');

    await user.click(screen.getByRole('button', { name: 'Tandai semua sudah dibaca' }));
    await waitFor(() => expect(screen.queryByText('Belum dibaca')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Tandai semua sudah dibaca' })).not.toBeInTheDocument();
  });

  it('in English too, and says when there are none', async () => {
    renderPage('/student/notification', 'student', 'en');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('New invoice INV/2025/0002 for Bima Rahmawan has been issued');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Unread');
    expect(screen.getByRole('heading', { level: 1, name: /^Notifications/ })).toHaveTextContent(/^Notifications \(2 unread\)$/);
    cleanup();
    notes = [];
    renderPage('/student/notification', 'student', 'en');
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('No notifications');
  });

  it('pages through more than twenty', async () => {
    const user = userEvent.setup();
    notes = Array.from({ length: 25 }, (_, i) => ({
      id: 100 + i,
      doc_name: 'tr_invoice',
      doc_id: String(i),
      info: `Tagihan ${i + 1}`,
      key: null,
      params: null,
      created_at: new Date(Date.UTC(2026, 10, 20) - i * 3_600_000).toISOString(),
      read: true,
    }));
    renderPage('/parent/notification', 'parent');
    const list = await screen.findByRole('list', { name: 'Notifikasi' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    // The pages are named in the user's language.
    const pages = screen.getByRole('navigation', { name: 'Halaman notifikasi' });
    expect(within(pages).getByRole('button', { name: 'Halaman 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pages).getByRole('button', { name: 'Ke halaman 2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Notifikasi' })).getAllByRole('listitem')).toHaveLength(5));
    expect(within(pages).getByRole('button', { name: 'Halaman berikutnya' })).toBeDisabled();
    expect(screen.getByRole('list', { name: 'Notifikasi' })).toHaveTextContent('Tagihan 25');
  });
});
