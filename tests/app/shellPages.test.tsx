// @vitest-environment jsdom
// The shell's message pages (one ShellMessagePage: not found, not built, a public page not
// built) and the pages fetched when first drawn (lazyPage): what each says and where it
// leads, in both languages, and what a page whose code cannot be fetched says (spec 1 §8).

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../../src/app/LoginPage';
import { lazyPage } from '../../src/app/ViewLoadBoundary';
import { NotFoundPage } from '../../src/app/frame/NotFoundPage';
import { HomeModulePage } from '../../src/pages/homeModule/HomeModulePage';
import { NotBuiltPage } from '../../src/pages/notBuilt/NotBuiltPage';
import { PublicNotBuiltPage } from '../../src/pages/notBuilt/PublicNotBuiltPage';
import { loadCatalog } from '../../src/providers/catalogs';
import { renderInAdmin } from './adminHarness';

afterEach(cleanup);
beforeAll(() => loadCatalog('en'));

describe('the login pages', () => {
  it.each([
    ['en', 'parent', 'Other logins', ['Staff login', 'Student login', 'Booking login']],
    ['id', 'staff', 'Halaman masuk lainnya', ['Masuk siswa', 'Masuk orang tua', 'Masuk pemesanan']],
  ] as const)('%s: the %s login links to the other three, keeping where the user was going', async (locale, kind, label, names) => {
    renderInAdmin(<LoginPage kind={kind} />, { at: '/login-x?to=%2Fparent%2Fhome', locale });
    const others = await screen.findByRole('navigation', { name: label });
    const links = within(others).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(names);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/login(-student|-parent|-booking)?\?to=%2Fparent%2Fhome$/);
  });
});

describe('the shell message pages', () => {
  it('not found: says so under its title, names the tab, and leads home', async () => {
    renderInAdmin(<NotFoundPage />, { at: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeInTheDocument();
    expect(screen.getByText('Aplikasi tidak memiliki halaman di alamat ini.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ke beranda' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Halaman tidak ditemukan · Admin Sekolah'));
  });

  it('not built: the route title and an honest sentence, in English too', async () => {
    renderInAdmin(<NotBuiltPage path="/home-academic" />, { at: '/home-academic', locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Academic home' })).toBeInTheDocument();
    expect(screen.getByText('This screen is not built yet. A later version of the app brings it.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Academic home · School Admin'));
  });

  it('a public page not built: a page of its own, with the way to the login page', async () => {
    renderInAdmin(<PublicNotBuiltPage path="/reset-password" />, { at: '/reset-password' });
    expect(await screen.findByRole('heading', { name: 'Atur ulang kata sandi' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByTestId('not-built'));
    expect(screen.getByRole('link', { name: 'Masuk' })).toHaveAttribute('href', '/login');
  });
});

describe('the add-on modules’ home (/home-module)', () => {
  function schoolIdentity(identity: Record<string, unknown>) {
    vi.stubGlobal('fetch', async (url: string) =>
      url.includes('get-menu')
        ? new Response(JSON.stringify({ data: identity }), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 404 }),
    );
  }
  afterEach(() => vi.unstubAllGlobals());

  it('shows only the school’s logo, named by the school', async () => {
    schoolIdentity({ name: 'Sekolah Harapan Bangsa', file_name: { src: '/api/v1/files/logo.png' } });
    renderInAdmin(<HomeModulePage />, { at: '/home-module' });
    const logo = await screen.findByRole('img', { name: 'Sekolah Harapan Bangsa' });
    expect(logo).toHaveAttribute('src', '/api/v1/files/logo.png');
    expect(screen.getByTestId('home-module')).toHaveTextContent('');
    await waitFor(() => expect(document.title).toBe('Modul tambahan · Admin Sekolah'));
  });

  it('shows the theme’s mark when the school has no logo', async () => {
    schoolIdentity({ name: 'Sekolah Harapan Bangsa', file_name: null });
    renderInAdmin(<HomeModulePage />, { at: '/home-module', locale: 'en' });
    const mark = await screen.findByRole('img', { name: 'Sekolah Harapan Bangsa' });
    expect(mark.querySelector('svg')).not.toBeNull();
  });
});

describe('a page fetched when first drawn', () => {
  // What React.lazy sees when the browser cannot fetch a chunk (offline, a new deployment).
  const Unreachable = lazyPage<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

  it('says it could not be loaded and offers a reload, instead of a stack trace', async () => {
    renderInAdmin(
      <Routes>
        <Route path="/change-password" element={<Unreachable />} />
      </Routes>,
      { at: '/change-password' },
    );
    expect(await screen.findByText('Halaman ini tidak dapat dimuat. Periksa koneksi lalu muat ulang halaman.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeInTheDocument();
  });

  it('says so in English too', async () => {
    renderInAdmin(<Unreachable />, { at: '/x', locale: 'en' });
    expect(await screen.findByText('This page could not be loaded. Check the connection and reload the page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
