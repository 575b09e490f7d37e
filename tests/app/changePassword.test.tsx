// @vitest-environment jsdom
// The password page (spec 1 §2.2): the server's 422 messages under their fields, its
// success, a 401 logging out to the kind's login page.

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { renderShell } from './shellHarness';

function renderPage(answer: () => { json: never }) {
  return renderShell('/change-password-parent', {
    stored: { token: 't', loginAs: 'parent', user: '{"id":41,"username":"wali1","name":"Ibu Sari"}' },
    respond: (url) => (url.includes('check-user-login') ? undefined : answer()),
  });
}

async function submit(current: string, next: string, again = next) {
  fireEvent.change(await screen.findByLabelText(/^Kata sandi saat ini/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^Kata sandi baru/), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(/^Ulangi kata sandi baru/), { target: { value: again } });
  fireEvent.click(screen.getByRole('button', { name: 'Ubah kata sandi' }));
}

afterEach(cleanup);

describe('the change password page', () => {
  it('shows the server messages under their fields', async () => {
    const { calls } = renderPage(() => {
      throw new HttpError('Data tidak valid', 422, { errors: { current_password: 'Kata sandi saat ini salah' } });
    });
    await submit('salah', 'baru-12345');
    const input = await screen.findByLabelText(/^Kata sandi saat ini/);
    await waitFor(() => expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Kata sandi saat ini salah'));
    expect(calls.at(-1)).toMatchObject({
      url: '/api/v1/auth/change-password/',
      request: { body: { current_password: 'salah', new_password: 'baru-12345', new_password_confirmation: 'baru-12345' } },
    });
  });

  it('says when the password has been changed, and links back to the home of the kind', async () => {
    renderPage(() => ({ json: { success: true } as never }));
    await submit('demo', 'baru-12345');
    expect(await screen.findByText('Kata sandi sudah diubah.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kembali' }).getAttribute('href')).toBe('/parent/home');
  });

  it('a 401 logs out to the login page of the kind', async () => {
    const { where, map } = renderPage(() => {
      throw new HttpError('Sesi berakhir', 401);
    });
    await submit('demo', 'baru-12345');
    await waitFor(() => expect(where()).toBe('/login-parent'), { timeout: 4000 });
    expect(map.get('token')).toBeUndefined();
  });
});
