// @vitest-environment jsdom
// The shell's components against a stubbed server: the module switcher stores the module
// and opens its start page, the bell counts unread notifications and opens their targets,
// light/dark is kept for the next page load.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import type { AuthProvider } from 'react-admin';
import { Menu } from '../../src/app/Menu';
import { readDarkMode } from '../../src/app/topbar/darkMode';
import { NotificationBell } from '../../src/app/topbar/NotificationBell';
import { ProfileMenu } from '../../src/app/topbar/ProfileMenu';
import { renderInAdmin } from './adminHarness';

const asRoles = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => roles,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

interface Note {
  id: number;
  doc_name: string;
  doc_id: string;
  info: string;
  created_at: string;
  read: boolean;
}

let notes: Note[];
const calls: string[] = [];

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify({ id: 7, username: 'teacher', name: 'Guru Demo' }));
  localStorage.setItem('token', 'x'.repeat(43));
  calls.length = 0;
  notes = [
    { id: 1, doc_name: 'tr_permission', doc_id: '4', info: 'Izin menunggu', created_at: '2026-11-20T08:00:00Z', read: false },
    { id: 2, doc_name: 't_comboard_detail', doc_id: '1', info: 'Pengumuman baru', created_at: '2026-11-20T07:00:00Z', read: false },
  ];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.includes('check-user-modules')) {
      return answer({
        data: { academic: true, finance: true },
        modules: [
          { code: 'ACA', name: 'Akademik', redirect: '/home-academic' },
          { code: 'FINA', name: 'Keuangan', redirect: '/' },
        ],
      });
    }
    if (url.includes('get-menu')) return answer({ data: { name: 'Sekolah Harapan Bangsa', file_name: null } });
    if (url.includes('general-setting')) return answer({ data: { value: 'kokoro' } });
    const read = /notification\/(\d+)\/read/.exec(url);
    if (read) notes = notes.map((n) => (n.id === Number(read[1]) ? { ...n, read: true } : n));
    if (url.includes('notification')) return answer({ data: notes, count: notes.filter((n) => !n.read).length });
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('module switcher', () => {
  it('lists the user’s modules, stores the chosen one and opens its start page; the menu follows', async () => {
    const user = userEvent.setup();
    localStorage.setItem('activeModule', 'ACA');
    renderInAdmin(
      <>
        <Menu />
        <Where />
      </>,
      { at: '/class', authProvider: asRoles(['ROLE_ADMIN']) },
    );
    expect(await screen.findByText('Sekolah Harapan Bangsa')).toBeInTheDocument();
    // No logo of its own: the mark of the theme the general setting names (kokoro here).
    await waitFor(() => expect(document.querySelector('[data-testid="school-header"] svg')).toHaveAttribute('data-theme-mark', 'kokoro'));
    const menu = await screen.findByRole('menu', { name: 'Menu utama' });
    expect(await within(menu).findByRole('menuitem', { name: 'Kelas' })).toBeInTheDocument();
    expect(calls.some((c) => c.includes('check-user-modules?user_id=7&loginAS=staff'))).toBe(true);
    await user.click(await screen.findByRole('combobox', { name: 'Ganti modul' }));
    await user.click(await screen.findByRole('option', { name: 'Keuangan' }));
    expect(localStorage.getItem('activeModule')).toBe('FINA');
    // The finance module's start page is the root, which sends an admin (no ROLE_FINANCE) to
    // the academic home: the admin gets the finance menu's first table instead.
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/financialyear$/);
    expect(await within(menu).findByRole('menuitem', { name: 'Pengaturan tagihan' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Dasbor keuangan' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Kelas' })).not.toBeInTheDocument();
  });

  it('falls back to the first module the user may use when the stored one is not theirs', async () => {
    localStorage.setItem('activeModule', 'HUCAP');
    renderInAdmin(<Menu />, { at: '/', authProvider: asRoles(['ROLE_ADMIN']) });
    const menu = await screen.findByRole('menu', { name: 'Menu utama' });
    expect(await within(menu).findByRole('menuitem', { name: 'Kelas' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Beranda SDM' })).not.toBeInTheDocument();
  });
});

describe('notification bell', () => {
  it('shows the unread count; a notification opens its target and the count drops', async () => {
    const user = userEvent.setup();
    renderInAdmin(
      <>
        <NotificationBell />
        <Where />
      </>,
      { authProvider: asRoles(['ROLE_TEACHER']) },
    );
    const bell = await screen.findByRole('button', { name: 'Notifikasi (2 belum dibaca)' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2');
    expect(calls).toContain('GET /api/v1/notification?username=teacher');
    await user.click(bell);
    await user.click(await screen.findByRole('menuitem', { name: /Izin menunggu/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/permission/4');
    await waitFor(() => expect(calls).toContain('PUT /api/v1/notification/1/read'));
    expect(await screen.findByRole('button', { name: 'Notifikasi (1 belum dibaca)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notifikasi (1 belum dibaca)' }));
    await user.click(await screen.findByRole('menuitem', { name: /Pengumuman baru/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/home-comboard');
  });
});

describe('profile menu', () => {
  it('keeps dark mode for the next page load, and links to change password', async () => {
    const user = userEvent.setup();
    renderInAdmin(
      <>
        <ProfileMenu />
        <Where />
      </>,
      { authProvider: asRoles(['ROLE_TEACHER']) },
    );
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    expect(await screen.findByText('Guru Demo')).toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Mode gelap' }));
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(readDarkMode()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Profil' }));
    expect(await screen.findByRole('menuitem', { name: 'Mode terang' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Ubah kata sandi' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/change-password');
  });
});
