// @vitest-environment jsdom
// The access guard and the idle logout in the app's own routes (spec 1 §2.1, §4, §9): a
// visitor goes to the stored kind's login page with ?to=, logs in there and comes back; an
// idle user is logged out to their kind's login page.

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell } from './shellHarness';

const parentAnswer = { access_token: 't-p', user: { id: 41, username: 'wali1', name: 'Ibu Sari', email: 'p@x.id' } };
const parentLogin = (url: string) => (url.includes('log-parent') ? { json: parentAnswer as never } : undefined);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the access guard', () => {
  it('sends a visitor to the stored kind of login with ?to=, and back there after logging in', async () => {
    const { where, map, calls } = renderShell('/parent/schedule', { stored: { loginType: 'parent' }, respond: parentLogin });
    await waitFor(() => expect(where()).toBe('/login-parent?to=%2Fparent%2Fschedule'), { timeout: 10_000 });
    await screen.findByRole('heading', { name: 'Masuk orang tua' });
    fireEvent.change(screen.getByLabelText(/Nama pengguna/), { target: { value: 'wali1' } });
    fireEvent.change(screen.getByLabelText(/Kata sandi/), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(where()).toBe('/parent/schedule'));
    expect(calls[0]?.url).toBe('/api/v1/auth/log-parent/');
    expect(map.get('roles')).toBe('ROLE_PARENT,ROLE_FAMILY');
    // The parent layout and the page's title (the schedule is the portal's page now).
    expect(await screen.findByRole('heading', { name: 'Jadwal' })).toBeTruthy();
    expect(screen.getByTestId('area-user').textContent).toBe('Ibu Sari');
  });

  it('sends a logged-in user without ROLE_FINANCE from / to /home-academic', async () => {
    const { where } = renderShell('/', {
      stored: { token: 't', loginAs: 'staff', user: '{"id":4,"username":"teacher","name":"Guru"}', roles: 'ROLE_TEACHER' },
    });
    await waitFor(() => expect(where()).toBe('/home-academic'));
  });
});

describe('idle logout', () => {
  it('logs an idle user out to the login page of their kind; activity restarts the clock', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { where, map } = renderShell('/student/home', {
      stored: { token: 't', loginAs: 'student', user: '{"id":31,"username":"siswa1","name":"Budi"}', roles: 'ROLE_STUDENT' },
      idleMs: 60_000,
    });
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
