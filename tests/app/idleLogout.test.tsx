// @vitest-environment jsdom
// The idle logout across the tabs of one browser (spec 1 §9): activity in another tab (its
// time in the shared storage) keeps this tab logged in; a logout in another tab (the token
// leaves the storage) sends this tab to the login page of the user's kind.

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, AdminUI, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import { shellRoutesInLayout, shellRoutesWithoutLayout } from '../../src/app/App';
import { IdleLogout } from '../../src/app/IdleLogout';
import { LAST_ACTIVITY_KEY } from '../../src/app/idleTimeout';
import { LoginPage } from '../../src/app/LoginPage';
import { createAuthProvider } from '../../src/providers/authProvider';
import { Dashboard } from '../../src/pages/shell/Dashboard';
import { NotFoundPage } from '../../src/pages/shell/NotFoundPage';
import { fakeHttp } from './fakeHttp';
import { i18nWithEntries } from './knownEntries';
import { memoryStorage } from './memoryStorage';

const STUDENT = { token: 't', loginAs: 'student', user: '{"id":31,"username":"siswa1","name":"Budi"}', roles: 'ROLE_STUDENT', loginType: 'student', locale: 'id' };

function renderShell(at: string, idleMs: number) {
  const { storage, map } = memoryStorage(STUDENT);
  const { client, calls } = fakeHttp((url) => (url.includes('check-user-login') ? { json: { data: 1 } as never } : { json: {} as never }));
  let location = at;
  const authProvider = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage, currentPath: () => location });
  render(
    <TestMemoryRouter
      initialEntries={[at]}
      locationCallback={(l) => {
        location = `${l.pathname}${l.search}`;
      }}
    >
      <AdminContext dataProvider={{} as DataProvider} authProvider={authProvider} i18nProvider={i18nWithEntries(storage)} store={memoryStore()}>
        <IdleLogout timeoutMs={idleMs} storage={storage} />
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

describe('idle logout across tabs', () => {
  it('counts from the latest activity of any tab', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { where, map } = renderShell('/student/home', 60_000);
    await screen.findByTestId('area-home');
    await act(async () => {
      vi.advanceTimersByTime(50_000);
    });
    // Another tab of the same browser: the user works there (this tab sees no event).
    map.set(LAST_ACTIVITY_KEY, String(Date.now()));
    await act(async () => {
      vi.advanceTimersByTime(50_000);
    });
    expect(map.get('token')).toBe('t');
    expect(where()).toBe('/student/home');
    // Then nothing anywhere: out, 60 s after that activity.
    await act(async () => {
      vi.advanceTimersByTime(11_000);
    });
    await waitFor(() => expect(where()).toBe('/login-student'));
    expect(map.get('token')).toBeUndefined();
  });

  it('shares this tab’s activity with the others', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { map } = renderShell('/student/home', 60_000);
    await screen.findByTestId('area-home');
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    const before = Number(map.get(LAST_ACTIVITY_KEY));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(Number(map.get(LAST_ACTIVITY_KEY))).toBeGreaterThanOrEqual(before + 5_000);
  });

  it('goes to the login page when another tab logs out', async () => {
    const { where, map, calls } = renderShell('/student/schedule', 0);
    expect(await screen.findByRole('heading', { name: 'Jadwal' })).toBeTruthy();
    // The other tab's logout cleared the shared session; this tab hears of it by the storage event.
    for (const key of ['token', 'user', 'loginAs', 'roles']) map.delete(key);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 't', newValue: null }));
    });
    await waitFor(() => expect(where().split('?')[0]).toBe('/login-student'));
    expect(await screen.findByRole('heading', { name: 'Masuk siswa' })).toBeTruthy();
    // No second logout call to the server: the session ended with the other tab's.
    expect(calls.filter((c) => c.url.includes('logout'))).toEqual([]);
  });

  it('ignores other changes of the shared storage', async () => {
    const { where } = renderShell('/student/schedule', 0);
    expect(await screen.findByRole('heading', { name: 'Jadwal' })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'locale', oldValue: 'id', newValue: 'en' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: null, newValue: 'u' }));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(where()).toBe('/student/schedule');
  });
});
