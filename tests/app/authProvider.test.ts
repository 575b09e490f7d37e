import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createAuthProvider } from '../../src/providers/authProvider';
import { fakeHttp, profileAnswerOf } from './fakeHttp';
import { memoryStorage } from './memoryStorage';


const loginAnswer = {
  status: true,
  access_token: 'tok-abc',
  user: { id: 1, username: 'admin', name: 'Administrator', employee_id: 12 },
  roles: ['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE'],
  get_menu: { school_name: 'SMA Contoh' },
  expired: false,
  date_expiring: '2027-01-01',
  modules_code: [{ code: 'ACA' }, { code: 'FINA' }],
};

describe('authProvider', () => {
  it('logs in with user name and password and stores the session', async () => {
    const { client, calls } = fakeHttp((url) => profileAnswerOf(url) ?? { json: loginAnswer as never });
    const { storage, map } = memoryStorage({ locale: 'en' });
    const auth = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage });
    await auth.login({ username: 'admin', password: 'demo' });

    expect(calls[0]).toEqual({
      url: '/api/v1/auth/login/',
      request: { method: 'POST', body: { username: 'admin', password: 'demo' }, auth: false },
    });
    expect(map.get('token')).toBe('tok-abc');
    expect(JSON.parse(map.get('user')!)).toEqual({ id: 1, username: 'admin', name: 'Administrator', employee_id: 12 });
    expect(map.get('roles')).toBe('ROLE_ADMIN,ROLE_ADMIN_FINANCE');
    expect(map.get('loginAs')).toBe('staff');
    expect(map.get('loginType')).toBe('staff');
    expect(map.get('user_id')).toBe('1');
    expect(map.get('username')).toBe('admin');
    expect(map.get('name')).toBe('Administrator');
    expect(map.get('employee_id')).toBe('12');
    expect(map.get('locale')).toBe('en');
    // Nothing else: no password, no menu blob.
    expect([...map.keys()].sort()).toEqual([
      'employee_id', 'locale', 'loginAs', 'loginType', 'modules', 'name', 'roles', 'token', 'user', 'user_id', 'username',
    ]);
    expect(await auth.getPermissions?.({})).toEqual(['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE']);
    expect(await auth.getIdentity?.()).toEqual({ id: 1, fullName: 'Administrator' });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('passes the server message of a refused login on, and stores nothing', async () => {
    const { client } = fakeHttp(() => {
      throw new HttpError('Nama pengguna atau kata sandi salah', 401, { message: 'Nama pengguna atau kata sandi salah' });
    });
    const { storage, map } = memoryStorage();
    const auth = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage });
    await expect(auth.login({ username: 'admin', password: 'salah' })).rejects.toThrow('Nama pengguna atau kata sandi salah');
    expect(map.size).toBe(0);
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('rejects checkError on 401 (react-admin then logs out) and keeps the user on 403', async () => {
    const { client } = fakeHttp(() => ({ json: {} }));
    const { storage } = memoryStorage({ token: 't' });
    const auth = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage });
    await expect(auth.checkError(new HttpError('Sesi Anda telah berakhir', 401))).rejects.toMatchObject({
      redirectTo: '/login',
      message: 'Sesi Anda telah berakhir',
    });
    await expect(auth.checkError(new HttpError('Anda tidak memiliki izin', 403))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('Konflik', 409))).resolves.toBeUndefined();
  });

  it('logs out on the server and clears the session, keeping the language', async () => {
    const { client, calls } = fakeHttp((url) => profileAnswerOf(url) ?? { json: loginAnswer as never });
    const { storage, map } = memoryStorage({ locale: 'id' });
    const auth = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage });
    await auth.login({ username: 'admin', password: 'demo' });
    const redirect = await auth.logout({});
    expect(calls.at(-1)).toMatchObject({ url: '/api/v1/auth/logout/', request: { method: 'POST' } });
    expect(redirect).toBe('/login');
    expect([...map.keys()]).toEqual(['locale', 'loginType']);
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('still logs out when the server cannot be reached', async () => {
    const { client } = fakeHttp(() => {
      throw new HttpError('offline', 0);
    });
    const { storage, map } = memoryStorage({ token: 't', roles: 'ROLE_ADMIN', locale: 'id' });
    const auth = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage });
    await auth.logout({});
    expect([...map.keys()]).toEqual(['locale']);
  });
});
