// @vitest-environment jsdom
// The profile (spec 1 §1 "profile", §2.9 /employee-profile, §7.1, §8): the staff page shows
// the account and the linked employee (or says there is none), loads, fails with a retry, in
// both languages; the areas open it as a dialog (a parent's lists their children); a failed
// profile read after a login leaves the user on the login page with a clear message.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { createAuthProvider } from '../../src/providers/authProvider';
import { loadCatalog } from '../../src/providers/catalogs';
import type { HttpRequest, HttpResponse } from '../../src/providers/httpClient';
import type { AccountProfile } from '../../src/shared/accountProfile';
import { ProfilePage } from '../../src/pages/profile/ProfilePage';
import { renderInAdmin } from './adminHarness';
import { fakeHttp } from './fakeHttp';
import { memoryStorage } from './memoryStorage';
import { renderShell, type ShellRespond } from './shellHarness';

const staffSession = {
  token: 't-teacher',
  loginAs: 'staff',
  user: JSON.stringify({ id: 4, username: 'teacher', name: 'Teacher Demo' }),
  user_id: '4',
  roles: 'ROLE_TEACHER',
};

const teacherProfile: AccountProfile = {
  id: 4,
  username: 'teacher',
  name: 'Teacher Demo',
  email: null,
  employee_id: 2,
  fields: [],
  roles: [{ authority: 'ROLE_TEACHER', name: 'Guru' }],
  employee: {
    id: 2,
    name: 'Siti Rahmawati',
    fields: [
      { name: 'ein', label: 'NIP (nomor induk pegawai)', kind: 'string', value: 'HB-2008-002', text: 'HB-2008-002' },
      { name: 'position_id', label: 'Jabatan', kind: 'reference', value: 3, text: 'Wakil Kepala Sekolah' },
      { name: 'phone', label: 'Nomor telepon', kind: 'string', value: null, text: null },
      { name: 'start_working', label: 'Mulai bekerja', kind: 'date', value: '2008-07-14', text: '2008-07-14' },
    ],
  },
};

type Answer = (url: string, request: HttpRequest) => Partial<HttpResponse> | Promise<Partial<HttpResponse>>;

function renderPage(answer: Answer, locale: 'id' | 'en' = 'id', session: Record<string, string> = staffSession) {
  const { client, calls } = fakeHttp(answer);
  const { storage } = memoryStorage(session);
  const authProvider = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage });
  renderInAdmin(<ProfilePage />, { authProvider, locale, at: '/employee-profile' });
  return { calls };
}

beforeAll(() => loadCatalog('en'));
afterEach(() => cleanup());

describe('the staff profile page', () => {
  it('shows the account, the roles by name, the employee record, and links to change password', async () => {
    const { calls } = renderPage(() => ({ json: { success: true, data: teacherProfile } as never }));
    expect(screen.getByRole('heading', { name: 'Profil pegawai' })).toBeInTheDocument();
    const account = await screen.findByRole('region', { name: 'Akun' });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/users/4']);
    const dl = within(account).getByLabelText('Akun');
    expect(within(dl).getByText('Nama pengguna').nextSibling).toHaveTextContent('teacher');
    expect(within(dl).getByText('Nama').nextSibling).toHaveTextContent('Teacher Demo');
    expect(within(dl).getByText('Email').nextSibling).toHaveTextContent('Belum diisi');
    expect(within(dl).getByText('Peran').nextSibling).toHaveTextContent('Guru');
    expect(within(dl).getByText('Masuk sebagai').nextSibling).toHaveTextContent('Staf');
    expect(within(account).getByRole('link', { name: 'Ubah kata sandi' })).toHaveAttribute('href', '/change-password');

    const employee = screen.getByRole('region', { name: 'Data pegawai' });
    expect(within(employee).getByText('NIP (nomor induk pegawai)').nextSibling).toHaveTextContent('HB-2008-002');
    expect(within(employee).getByText('Jabatan').nextSibling).toHaveTextContent('Wakil Kepala Sekolah');
    expect(within(employee).getByText('Mulai bekerja').nextSibling).toHaveTextContent('14 Juli 2008');
    expect(within(employee).getByText('Nomor telepon').nextSibling).toHaveTextContent('Belum diisi');
    expect(screen.queryByText(/tidak terhubung/)).not.toBeInTheDocument();
  });

  it('says so when the login is not linked to an employee; in English too', async () => {
    renderPage(() => ({ json: { success: true, data: { ...teacherProfile, employee: null, employee_id: null } } as never }), 'en');
    expect(await screen.findByText(/This login is not linked to an employee record/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Employee profile' })).toBeInTheDocument();
    expect(screen.getByText('Logged in as').nextSibling).toHaveTextContent('Staff');
    expect(screen.getByText('Roles').nextSibling).toHaveTextContent('Teacher');
  });

  it('shows that it loads, then an error with a retry that loads it again', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = renderPage(async () => {
      await gate;
      if (fail) throw new HttpError('Terjadi kesalahan pada server (kode 1a2b3c).', 500);
      return { json: { success: true, data: teacherProfile } as never };
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Memuat profil…');
    release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Profil tidak dapat dimuat.');
    expect(alert).toHaveTextContent('kode 1a2b3c');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('region', { name: 'Data pegawai' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});

const parentSession = {
  locale: 'id',
  token: 't-parent',
  loginAs: 'parent',
  user: JSON.stringify({ id: 1, username: 'parent', name: 'Rahmat Hidayat' }),
  user_id: '1',
  roles: 'ROLE_PARENT,ROLE_FAMILY',
};

const parentProfile: AccountProfile = {
  id: 1,
  username: 'parent',
  name: 'Rahmat Hidayat',
  email: 'rahmat@example.com',
  fields: [],
  roles: [
    { authority: 'ROLE_PARENT', name: null },
    { authority: 'ROLE_FAMILY', name: null },
  ],
  children: [
    { id: 2, name: 'Bima Rahmawan', fields: [{ name: 'nis', label: 'NIS', kind: 'string', value: '2025002', text: '2025002' }] },
    { id: 1, name: 'Siti Rahmawati', fields: [{ name: 'class_id', label: 'Kelas', kind: 'reference', value: 1, text: 'X IPA 1' }] },
  ],
};

function renderArea(at: string, session: Record<string, string>, respond: ShellRespond) {
  return renderShell(at, { stored: session, respond });
}

describe('the areas’ profile dialog', () => {
  it('a parent opens their profile from the top bar and sees their children', async () => {
    const { calls } = renderArea('/parent/home', parentSession, (url) => {
      if (url.includes('check-user-login')) return { json: { data: 1 } as never };
      if (url.endsWith('/parents/1')) return { json: { success: true, data: parentProfile } as never };
      return { json: {} as never };
    });
    await screen.findByTestId('area-home');
    fireEvent.click(screen.getByRole('button', { name: 'Profil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profil' });
    const children = await within(dialog).findByRole('region', { name: 'Anak' });
    expect(within(children).getByRole('heading', { name: 'Bima Rahmawan' })).toBeInTheDocument();
    expect(within(children).getByRole('heading', { name: 'Siti Rahmawati' })).toBeInTheDocument();
    expect(within(children).getByText('Kelas').nextSibling).toHaveTextContent('X IPA 1');
    expect(within(dialog).getByText('Peran').nextSibling).toHaveTextContent('Orang tuaKeluarga');
    expect(within(dialog).getByText('Masuk sebagai').nextSibling).toHaveTextContent('Orang tua');
    expect(within(dialog).getByRole('link', { name: 'Ubah kata sandi' })).toHaveAttribute('href', '/change-password-parent');
    // A parent has no employee record to speak of.
    expect(within(dialog).queryByText(/Data pegawai/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/parents/1'))).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('a failed profile read after logging in', () => {
  it('leaves the user on the login page with a clear message and no session', async () => {
    const { storage, where } = renderArea('/login-parent', { locale: 'id' }, (url) => {
      if (url.includes('log-parent')) return { json: { access_token: 't-p', user: { id: 1, username: 'parent', name: 'Rahmat' } } as never };
      if (url.endsWith('/parents/1')) throw new HttpError('Terjadi kesalahan pada server', 500);
      return { json: {} as never };
    });
    fireEvent.change(await screen.findByLabelText(/Nama pengguna/), { target: { value: 'parent' } });
    fireEvent.change(screen.getByLabelText(/Kata sandi/), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('profil Anda tidak dapat dibaca, sehingga proses masuk dibatalkan');
    expect(where()).toBe('/login-parent');
    expect(storage.getItem('token')).toBeNull();
    // What the user typed is still there to try again.
    expect(screen.getByLabelText(/Nama pengguna/)).toHaveValue('parent');
  });
});
