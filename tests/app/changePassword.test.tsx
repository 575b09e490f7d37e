// @vitest-environment jsdom
// The password page (spec 1 §2.2): the server's 422 messages under their fields, its
// success, a 401 logging out to the kind's login page.

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminContext, AdminUI, HttpError, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import { shellRoutesWithoutLayout } from '../../src/app/App';
import { LoginPage } from '../../src/app/LoginPage';
import { createAuthProvider } from '../../src/providers/authProvider';
import type { SessionStorage } from '../../src/providers/session';
import { fakeHttp } from './fakeHttp';
import { i18nWithEntries } from './knownEntries';

function renderPage(answer: () => { json: never }) {
  const map = new Map(
    Object.entries({ locale: 'id', token: 't', loginAs: 'parent', user: '{"id":41,"username":"wali1","name":"Ibu Sari"}' }),
  );
  const storage: SessionStorage = {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
  const { client, calls } = fakeHttp((url) => (url.includes('check-user-login') ? { json: { data: 1 } as never } : answer()));
  let location = '/change-password-parent';
  const authProvider = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage, currentPath: () => location });
  render(
    <TestMemoryRouter initialEntries={[location]} locationCallback={(l) => void (location = `${l.pathname}${l.search}`)}>
      <AdminContext dataProvider={{} as DataProvider} authProvider={authProvider} i18nProvider={i18nWithEntries(storage)} store={memoryStore()}>
        <AdminUI loginPage={LoginPage} requireAuth disableTelemetry>
          {shellRoutesWithoutLayout()}
        </AdminUI>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { calls, map, where: () => location };
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
