// @vitest-environment jsdom
// The idle logout across the tabs of one browser (spec 1 §9): activity in another tab (its
// time in the shared storage) keeps this tab logged in; a logout in another tab (the token
// leaves the storage) sends this tab to the login page of the user's kind.

import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAST_ACTIVITY_KEY } from '../../src/app/idleTimeout';
import { renderShell } from './shellHarness';

const STUDENT = { token: 't', loginAs: 'student', user: '{"id":31,"username":"siswa1","name":"Budi"}', roles: 'ROLE_STUDENT', loginType: 'student', locale: 'id' };

function renderStudentShell(at: string, idleMs: number) {
  return renderShell(at, { stored: STUDENT, idleMs });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('idle logout across tabs', () => {
  it('counts from the latest activity of any tab', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { where, map } = renderStudentShell('/student/home', 60_000);
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
    const { map } = renderStudentShell('/student/home', 60_000);
    await screen.findByTestId('area-home');
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    const before = Number(map.get(LAST_ACTIVITY_KEY));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(Number(map.get(LAST_ACTIVITY_KEY))).toBeGreaterThanOrEqual(before + 5_000);
  });

  it('goes to the login page when another tab logs out', async () => {
    const { where, map, calls } = renderStudentShell('/student/schedule', 0);
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
    const { where } = renderStudentShell('/student/schedule', 0);
    expect(await screen.findByRole('heading', { name: 'Jadwal' })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'locale', oldValue: 'id', newValue: 'en' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: null, newValue: 'u' }));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(where()).toBe('/student/schedule');
  });
});
