// @vitest-environment jsdom
// The access guard and the idle logout in the app's own routes (spec 1 §2.1, §4, §9): a
// visitor goes to the stored kind's login page with ?to=, logs in there and comes back; an
// idle user is logged out to their kind's login page.

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, AdminUI, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import { shellRoutesInLayout, shellRoutesWithoutLayout } from '../../src/app/App';
import { IdleLogout } from '../../src/app/IdleLogout';
import { LoginPage } from '../../src/app/LoginPage';
import { createAuthProvider } from '../../src/providers/authProvider';
import type { SessionStorage } from '../../src/providers/session';
import { Dashboard } from '../../src/pages/shell/Dashboard';
import { NotFoundPage } from '../../src/pages/shell/NotFoundPage';
import { fakeHttp, profileAnswerOf } from './fakeHttp';
import { i18nWithEntries } from './knownEntries';

function memoryStorage(initial: Record<string, string>) {
  const map = new Map(Object.entries({ locale: 'id', ...initial }));
  const storage: SessionStorage = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
  return { storage, map };
}

const parentAnswer = { access_token: 't-p', user: { id: 41, username: 'wali1', name: 'Ibu Sari', email: 'p@x.id' } };
const dataProvider = {} as DataProvider;

function renderShell(at: string, initial: Record<string, string>, idleMs?: number) {
  const { storage, map } = memoryStorage(initial);
  const { client, calls } = fakeHttp((url) => {
    if (url.includes('log-parent')) return { json: parentAnswer as never };
    const profile = profileAnswerOf(url);
    if (profile) return profile;
    if (url.includes('check-user-login')) return { json: { data: 1 } as never };
    return { json: {} as never };
  });
  let location = at;
  const authProvider = createAuthProvider({
    apiUrl: '/api/v1',
    httpClient: client,
    storage,
    currentPath: () => location,
  });
  render(
    <TestMemoryRouter
      initialEntries={[at]}
      locationCallback={(l) => {
        location = `${l.pathname}${l.search}`;
      }}
    >
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nWithEntries(storage)} store={memoryStore()}>
        {idleMs !== undefined && <IdleLogout timeoutMs={idleMs} />}
        <AdminUI loginPage={LoginPage} dashboard={Dashboard} catchAll={NotFoundPage} requireAuth disableTelemetry>
          {shellRoutesWithoutLayout()}
          {shellRoutesInLayout()}
        </AdminUI>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { map, calls, where: () => location };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the access guard', () => {
  it('sends a visitor to the stored kind of login with ?to=, and back there after logging in', async () => {
    const { where, map, calls } = renderShell('/parent/schedule', { loginType: 'parent' });
    await waitFor(() => expect(where()).toBe('/login-parent?to=%2Fparent%2Fschedule'), { timeout: 5000 });
    await screen.findByRole('heading', { name: 'Masuk orang tua' });
    fireEvent.change(screen.getByLabelText(/Nama pengguna/), { target: { value: 'wali1' } });
    fireEvent.change(screen.getByLabelText(/Kata sandi/), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(where()).toBe('/parent/schedule'));
    expect(calls[0]?.url).toBe('/api/v1/auth/log-parent/');
    expect(map.get('roles')).toBe('ROLE_PARENT,ROLE_FAMILY');
    // The parent layout, the page's title, and no made-up content.
    expect(await screen.findByRole('heading', { name: 'Jadwal' })).toBeTruthy();
    expect(screen.getByText(/belum dibuat/)).toBeTruthy();
    expect(screen.getByTestId('area-user').textContent).toBe('Ibu Sari');
  });

  it('sends a logged-in user without ROLE_FINANCE from / to /home-academic', async () => {
    const { where } = renderShell('/', {
      token: 't',
      loginAs: 'staff',
      user: '{"id":4,"username":"teacher","name":"Guru"}',
      roles: 'ROLE_TEACHER',
    });
    await waitFor(() => expect(where()).toBe('/home-academic'));
  });
});

describe('idle logout', () => {
  it('logs an idle user out to the login page of their kind; activity restarts the clock', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { where, map } = renderShell(
      '/student/home',
      { token: 't', loginAs: 'student', user: '{"id":31,"username":"siswa1","name":"Budi"}', roles: 'ROLE_STUDENT' },
      60_000,
    );
    await screen.findByTestId('area-home');
    await act(async () => {
      vi.advanceTimersByTime(50_000);
    });
    fireEvent.keyDown(window, { key: 'a' });
    await act(async () => {
      vi.advanceTimersByTime(50_000);
    });
    expect(map.get('token')).toBe('t');
    await act(async () => {
      vi.advanceTimersByTime(11_000);
    });
    await waitFor(() => expect(where()).toBe('/login-student'));
    expect(map.get('token')).toBeUndefined();
  });
});
