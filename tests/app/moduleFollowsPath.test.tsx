// @vitest-environment jsdom
// The sidebar follows the page (spec 1 §2.8, §4, §6): the real Menu and module switcher in a
// memory router, against a stubbed check-user-modules. A page of another module's menu
// makes that module the active one (stored, nothing navigates); a page in several menus
// keeps the active module when it is one of them; a detail counts as its parent's entry; a
// page in no menu of the user's leaves the module alone.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { AuthProvider } from 'react-admin';
import { Menu } from '../../src/app/Menu';
import { menuKeysOfPath, moduleOfPath } from '../../src/app/menus/moduleOfPath';
import { Dashboard } from '../../src/pages/dashboard/Dashboard';
import { resources } from '../../src/generated/allEntries';
import { renderInAdmin } from './adminHarness';
import { lookupIn } from './knownEntries';

const asRoles = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => roles,
});

const MODULE_NAMES: Record<string, string> = { ACA: 'Akademik', FINA: 'Keuangan', HUCAP: 'Sumber Daya Manusia', COM: 'Comboard', BOOKING: 'Pemesanan' };
let modules: string[];

let go: (path: string) => void | Promise<void> = () => undefined;
function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  go = navigate;
  return <output data-testid="where">{location.pathname}</output>;
}

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify({ id: 1, username: 'admin', name: 'Admin Demo' }));
  localStorage.setItem('token', 'x'.repeat(43));
  modules = ['ACA', 'FINA', 'HUCAP', 'COM'];
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.includes('check-user-modules')) {
      return answer({ data: {}, modules: modules.map((code) => ({ code, name: MODULE_NAMES[code], redirect: '/' })) });
    }
    if (url.includes('get-menu')) return answer({ data: { name: 'Sekolah Harapan Bangsa', file_name: null } });
    if (url.includes('general-setting')) return answer({ data: { value: 'cc' } });
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderMenu(at: string, roles: string[]) {
  renderInAdmin(
    <>
      <Menu />
      <Where />
    </>,
    { at, authProvider: asRoles(roles) },
  );
  return screen.findByRole('menu', { name: 'Menu utama' });
}

const switcher = () => screen.getByRole('combobox', { name: 'Ganti modul' });

describe('the sidebar follows the page', () => {
  it('a deep link into the HR menu shows the HR menu with the page marked, stores it, and stays on the page', async () => {
    localStorage.setItem('activeModule', 'ACA');
    const menu = await renderMenu('/mleave', ['ROLE_ADMIN']);
    const leave = await within(menu).findByRole('menuitem', { name: 'Jenis cuti' }, { timeout: 15_000 });
    expect(leave).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('menuitem', { name: 'Beranda SDM' })).not.toHaveAttribute('aria-current');
    expect(within(menu).queryByRole('menuitem', { name: 'Kelas' })).not.toBeInTheDocument();
    expect(localStorage.getItem('activeModule')).toBe('HUCAP');
    expect(switcher()).toHaveTextContent('SDM');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/mleave$/);

    // An edit page of another module's resource: the academic menu, its entry marked.
    await act(async () => void (await go('/class/1')));
    expect(await within(menu).findByRole('menuitem', { name: 'Kelas' })).toBeInTheDocument();
    expect(localStorage.getItem('activeModule')).toBe('ACA');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/class\/1$/);
    expect(within(menu).queryByRole('menuitem', { name: 'Jenis cuti' })).not.toBeInTheDocument();
  });

  it('a page in several menus keeps the active one if it is among them, else takes the first in the switcher’s order', async () => {
    // /home-comboard is in the academic and the comboard menus.
    localStorage.setItem('activeModule', 'COM');
    const menu = await renderMenu('/home-comboard', ['ROLE_ADMIN']);
    expect(await within(menu).findByRole('menuitem', { name: 'Kategori comboard' })).toBeInTheDocument();
    await act(async () => void (await go('/holidays')));
    // Not in the comboard menu; in the academic and the HR menus: academic comes first.
    await waitFor(() => expect(localStorage.getItem('activeModule')).toBe('ACA'));
    expect(await within(menu).findByRole('menuitem', { name: 'Kelas' })).toBeInTheDocument();
    await act(async () => void (await go('/mleave')));
    await waitFor(() => expect(localStorage.getItem('activeModule')).toBe('HUCAP'));
    // In the HR menu too: HR stays.
    await act(async () => void (await go('/holidays')));
    expect(await within(menu).findByRole('menuitem', { name: 'Jenis cuti' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(localStorage.getItem('activeModule')).toBe('HUCAP');
  });

  it('a detail’s page counts as its parent’s menu entry', async () => {
    localStorage.setItem('activeModule', 'FINA');
    // holidays-detail is a detail of holidays (academic and HR menus); academic comes first.
    const menu = await renderMenu('/holidays-detail/3', ['ROLE_ADMIN']);
    expect(await within(menu).findByRole('menuitem', { name: 'Kelas' })).toBeInTheDocument();
    expect(localStorage.getItem('activeModule')).toBe('ACA');
  });

  it('choosing Keuangan as an admin (no ROLE_FINANCE) keeps the finance menu: the root would send the admin to the academic home', async () => {
    localStorage.setItem('activeModule', 'ACA');
    renderInAdmin(
      <>
        <Menu />
        <Where />
        <Routes>
          <Route path="/" element={<Dashboard financeHome={<p>finance home</p>} />} />
          <Route path="*" element={null} />
        </Routes>
      </>,
      { at: '/class', authProvider: asRoles(['ROLE_ADMIN']) },
    );
    const menu = await screen.findByRole('menu', { name: 'Menu utama' });
    expect(await within(menu).findByRole('menuitem', { name: 'Kelas' })).toBeInTheDocument();
    await userEvent.click(switcher());
    await userEvent.click(await screen.findByRole('option', { name: 'Keuangan' }));
    expect(await within(menu).findByRole('menuitem', { name: 'Bagan akun (COA)' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/financialyear$/));
    await new Promise((r) => setTimeout(r, 100));
    expect(localStorage.getItem('activeModule')).toBe('FINA');
    expect(switcher()).toHaveTextContent('Keuangan');
    expect(within(menu).queryByRole('menuitem', { name: 'Kelas' })).not.toBeInTheDocument();
  });

  it('a page in none of the user’s menus leaves the module alone', async () => {
    // A teacher: /users is in the booking menu, but a teacher may not list users.
    modules = ['ACA', 'BOOKING'];
    localStorage.setItem('activeModule', 'ACA');
    const menu = await renderMenu('/users', ['ROLE_TEACHER']);
    expect(await within(menu).findByRole('menuitem', { name: 'Jurnal guru' })).toBeInTheDocument();
    // A page of a module the user may not use (finance) changes nothing either.
    await act(async () => void (await go('/coa')));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(menu).getByRole('menuitem', { name: 'Jurnal guru' })).toBeInTheDocument();
    expect(localStorage.getItem('activeModule')).toBe('ACA');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/coa$/);
  });
});

describe('moduleOfPath', () => {
  const entryOf = lookupIn(resources);
  const keys = (path: string, roles: string[]) => menuKeysOfPath(path, resources, roles);

  it('reads a path as its menu keys: the first segment, a detail’s parent; the root only for finance staff', () => {
    expect(keys('/mleave/5/show', ['ROLE_ADMIN'])).toEqual(['mleave']);
    expect(keys('/holidays-detail/create', ['ROLE_ADMIN'])).toEqual(['holidays-detail', 'holidays']);
    expect(keys('/', ['ROLE_FINANCE'])).toEqual(['home']);
    expect(keys('/', ['ROLE_ADMIN'])).toEqual([]);
  });

  it('picks the current module, else the first that holds the page, else none', () => {
    const all = ['ACA', 'FINA', 'HUCAP', 'COM', 'BOOKING'];
    expect(moduleOfPath(keys('/hrreqleave', ['ROLE_ADMIN']), 'ACA', all, ['ROLE_ADMIN'], entryOf)).toBe('HUCAP');
    expect(moduleOfPath(keys('/users', ['ROLE_ADMIN']), 'BOOKING', all, ['ROLE_ADMIN'], entryOf)).toBe('BOOKING');
    expect(moduleOfPath(keys('/users', ['ROLE_ADMIN']), 'FINA', all, ['ROLE_ADMIN'], entryOf)).toBe('ACA');
    expect(moduleOfPath(keys('/users', ['ROLE_TEACHER']), 'ACA', ['ACA', 'BOOKING'], ['ROLE_TEACHER'], entryOf)).toBeNull();
    expect(moduleOfPath(keys('/', ['ROLE_FINANCE']), 'ACA', ['ACA', 'FINA'], ['ROLE_FINANCE'], entryOf)).toBe('FINA');
    expect(moduleOfPath(keys('/nowhere', ['ROLE_ADMIN']), 'ACA', all, ['ROLE_ADMIN'], entryOf)).toBeNull();
  });
});
