// @vitest-environment jsdom
// The shell's calls go through the app's one HTTP client: a 401 on the bell's call logs the
// user out as a 401 on any data call does (the auth provider's checkError decides), while
// the bell's other failures stay the bell's (its error state, nobody logged out).

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { NotificationBell } from '../../src/app/topbar/NotificationBell';
import { loadCatalog } from '../../src/providers/catalogs';
import { renderInAdmin } from './adminHarness';

beforeAll(() => loadCatalog('en'));

let status: number;
const logout = vi.fn(async () => undefined);
const checkError = vi.fn(async (error: { status?: number }) => {
  if (error?.status === 401) throw { redirectTo: '/login' };
});
const authProvider: AuthProvider = {
  login: async () => undefined,
  logout,
  checkAuth: async () => undefined,
  checkError,
  getPermissions: async () => [],
};

beforeEach(() => {
  localStorage.setItem('user', JSON.stringify({ id: 1, username: 'admin', name: 'Admin' }));
  localStorage.setItem('token', 'x'.repeat(43));
  logout.mockClear();
  checkError.mockClear();
  vi.stubGlobal('fetch', async () =>
    new Response(JSON.stringify({ success: false, message: 'no' }), { status, headers: { 'content-type': 'application/json' } }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a shell call refused', () => {
  it('with 401 logs out, as every other call does', async () => {
    status = 401;
    renderInAdmin(<NotificationBell />, { authProvider, locale: 'en' });
    await waitFor(() => expect(logout).toHaveBeenCalled());
    expect(checkError).toHaveBeenCalledWith(expect.objectContaining({ status: 401 }));
  });

  it('with 500 shows the bell’s error state and logs nobody out', async () => {
    status = 500;
    const user = userEvent.setup();
    renderInAdmin(<NotificationBell />, { authProvider, locale: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Notifications (0 unread)' }));
    expect(await screen.findByText('The notifications could not be loaded.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(checkError).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }));
    expect(logout).not.toHaveBeenCalled();
  });
});
