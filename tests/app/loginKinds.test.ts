// The four logins (spec 1 §3, §4, §6, §7.1): endpoint, stored session, assigned roles,
// logout and 401 to the kind's login page, the guard's ?to=, and check-user-login on start.

import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createAuthProvider } from '../../src/providers/authProvider';
import type { HttpRequest, HttpResponse } from '../../src/providers/httpClient';
import { fakeHttp, profileAnswerOf } from './fakeHttp';
import { memoryStorage } from './memoryStorage';


const answers = {
  student: { access_token: 't-s', user: { id: 31, username: 'siswa1', email: 's@x.id', name: 'Budi', department_id: 4 } },
  parent: { access_token: 't-p', user: { id: 41, username: 'wali1', name: 'Ibu Sari', email: 'p@x.id' } },
  booking: { access_token: 't-b', user: { id: 51, username: 'booker', name: 'Pak Joko' }, roles: ['ROLE_BOOKING'] },
} as const;

function setup(
  answer: (url: string, request: HttpRequest) => Partial<HttpResponse> | Promise<Partial<HttpResponse>>,
  initial: Record<string, string> = {},
  path = '/',
) {
  const { client, calls } = fakeHttp(answer);
  const { storage, map } = memoryStorage(initial);
  let currentPath = path;
  const auth = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage, currentPath: () => currentPath });
  return { auth, calls, map, goTo: (p: string) => void (currentPath = p) };
}

describe('student, parent and booking logins', () => {
  it.each([
    ['student', '/api/v1/auth/log-student/', 'ROLE_STUDENT,ROLE_CANDIDATE_STUDENT', '/student/home', '/login-student'],
    ['parent', '/api/v1/auth/log-parent/', 'ROLE_PARENT,ROLE_FAMILY', '/parent/home', '/login-parent'],
    ['booking', '/api/v1/auth/log-booking/', 'ROLE_BOOKING', '/booking/home', '/login-booking'],
  ] as const)('%s: posts to its endpoint, stores the session, logs out to its page', async (kind, url, roles, home, login) => {
    const { auth, calls, map } = setup((u) => profileAnswerOf(u) ?? { json: answers[kind] as never }, { locale: 'id' });
    const result = await auth.login({ username: 'u', password: 'p', kind });
    expect(calls[0]).toEqual({ url, request: { method: 'POST', body: { username: 'u', password: 'p' }, auth: false } });
    expect(result).toEqual({ redirectTo: home });
    expect(map.get('token')).toBe(answers[kind].access_token);
    expect(map.get('user_id')).toBe(String(answers[kind].user.id));
    expect(map.get('username')).toBe(answers[kind].user.username);
    expect(map.get('name')).toBe(answers[kind].user.name);
    expect(map.get('loginAs')).toBe(kind);
    expect(map.get('roles')).toBe(roles);
    expect(await auth.getPermissions?.({})).toEqual(roles.split(','));
    expect(auth.loginKind()).toBe(kind);
    if (kind === 'student') expect(map.get('department_id')).toBe('4');
    if (kind !== 'booking') expect(map.get('email')).toBe(answers[kind].user.email);

    // A 401 from any call: to this kind's login page.
    await expect(auth.checkError(new HttpError('gone', 401))).rejects.toMatchObject({ redirectTo: login });
    // Logout: everything of the session goes, the language and the kind of login stay.
    expect(await auth.logout({})).toBe(login);
    expect([...map.keys()].sort()).toEqual(['locale', 'loginType']);
    // The next visitor of a protected page goes to the same kind's login, with where they were.
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: login });
  });

  it('a refused login stores nothing, whatever the kind, and passes the server message on', async () => {
    for (const kind of ['staff', 'student', 'parent', 'booking'] as const) {
      const { auth, map } = setup(() => {
        throw new HttpError('Nama pengguna atau kata sandi salah', 401, { success: false, message: 'Nama pengguna atau kata sandi salah' });
      });
      await expect(auth.login({ username: 'x', password: 'y', kind })).rejects.toThrow('Nama pengguna atau kata sandi salah');
      expect(map.size).toBe(0);
    }
  });

  it('a 429 (too many tries) passes its message on and stores nothing', async () => {
    const { auth, map } = setup(() => {
      throw new HttpError('Terlalu banyak percobaan', 429, { message: 'Terlalu banyak percobaan' });
    });
    await expect(auth.login({ username: 'x', password: 'y', kind: 'parent' })).rejects.toMatchObject({ status: 429 });
    expect(map.size).toBe(0);
  });
});

describe('the access guard', () => {
  it('sends a visitor to the stored kind of login with the original path as `to`', async () => {
    const { auth } = setup(() => ({}), { loginType: 'parent' }, '/parent/finance/invoice?x=1');
    await expect(auth.checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login-parent?to=%2Fparent%2Ffinance%2Finvoice%3Fx%3D1',
    });
    // react-admin logs a visitor "out" of the page too: the same place.
    expect(await auth.logout({})).toBe('/login-parent?to=%2Fparent%2Ffinance%2Finvoice%3Fx%3D1');
  });

  it('sends a visitor with no stored kind to the staff login; / and login pages carry no `to`', async () => {
    const { auth, goTo } = setup(() => ({}), {}, '/class/3/show');
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login?to=%2Fclass%2F3%2Fshow' });
    goTo('/');
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    goTo('/login-student');
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it.each([
    ['/parent/finance/invoice', '/login-parent'],
    ['/student/schedule', '/login-student'],
    ['/booking/room', '/login-booking'],
    ['/rental/tenant', '/login-booking'],
  ])('sends a visitor with no stored kind who opens %s to its area’s login', async (path, login) => {
    const { auth } = setup(() => ({}), {}, path);
    const redirectTo = `${login}?to=${encodeURIComponent(path)}`;
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo });
    expect(await auth.logout({})).toBe(redirectTo);
  });

  it('a stored kind wins over the page’s area', async () => {
    const { auth } = setup(() => ({}), { loginType: 'staff' }, '/parent/home');
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login?to=%2Fparent%2Fhome' });
  });

  it('goes back to `to` after logging in, only when it is a path of this app', async () => {
    const { auth } = setup((url) => profileAnswerOf(url) ?? { json: answers.student as never });
    expect(await auth.login({ username: 'u', password: 'p', kind: 'student', to: '/student/schedule' })).toEqual({
      redirectTo: '/student/schedule',
    });
    for (const to of ['//evil.example', 'https://evil.example', '/login', '/login-parent?x=1']) {
      expect(await auth.login({ username: 'u', password: 'p', kind: 'student', to })).toEqual({ redirectTo: '/student/home' });
    }
  });

  it('a real logout (idle, the button, a 401) goes to the plain login page', async () => {
    const { auth } = setup(() => ({}), { token: 't', loginAs: 'booking', user: '{"id":1,"username":"b"}' }, '/booking/room');
    expect(await auth.logout({})).toBe('/login-booking');
  });
});

describe('check-user-login on start', () => {
  const session = { token: 't', loginAs: 'student', user: '{"id":31,"username":"siswa1"}', user_id: '31', roles: 'ROLE_STUDENT' };

  it('asks the server once per page load, and logs out when data is below 1', async () => {
    const { auth, calls, map } = setup(() => ({ json: { data: 0 } as never }), { ...session }, '/student/home');
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login-student' });
    expect(calls[0]?.url).toBe('/api/v1/check-user-login?user_id=31&login_as=student');
    expect(map.get('token')).toBeUndefined();
  });

  it('keeps the session when data is 1, and asks only once', async () => {
    const { auth, calls } = setup(() => ({ json: { data: 1 } as never }), { ...session });
    await auth.checkAuth({});
    await auth.checkAuth({});
    expect(calls.filter((c) => c.url.includes('check-user-login'))).toHaveLength(1);
  });

  it('a 401 ends the session; an unreachable server or a missing endpoint does not', async () => {
    const gone = setup(() => {
      throw new HttpError('gone', 401);
    }, { ...session });
    await expect(gone.auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login-student' });
    for (const status of [0, 404, 500]) {
      const other = setup(() => {
        throw new HttpError('x', status);
      }, { ...session });
      await expect(other.auth.checkAuth({})).resolves.toBeUndefined();
    }
  });

  it('does not ask again right after a login on this page', async () => {
    const { auth, calls } = setup((url) => profileAnswerOf(url) ?? { json: (url.includes('check-user-login') ? { data: 0 } : answers.parent) as never });
    await auth.login({ username: 'u', password: 'p', kind: 'parent' });
    await auth.checkAuth({});
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/auth/log-parent/', '/api/v1/parents/41']);
  });
});

describe('the profile after a login (spec 1 §4, §7.1, §8)', () => {
  it.each([
    ['staff', { access_token: 't-a', user: { id: 1, username: 'admin', name: 'Admin' }, roles: ['ROLE_ADMIN'] }, '/api/v1/users/1'],
    ['student', answers.student, '/api/v1/students/31'],
    ['parent', answers.parent, '/api/v1/parents/41'],
    ['booking', answers.booking, '/api/v1/users/51'],
  ] as const)('%s: reads the profile of its kind with the new token, and keeps its email', async (kind, answer, url) => {
    const { auth, calls, map } = setup((u) => profileAnswerOf(u, { email: 'baru@x.id' }) ?? { json: answer as never });
    await auth.login({ username: 'u', password: 'p', kind });
    expect(calls[1]).toEqual({ url, request: {} });
    expect(map.get('token')).toBe(answer.access_token);
    expect(map.get('email')).toBe('baru@x.id');
    await expect(auth.profile()).resolves.toMatchObject({ id: answer.user.id, email: 'baru@x.id' });
  });

  it('a failed profile read undoes the login: the server session ends, nothing stays stored, the login page gets a message', async () => {
    for (const failure of [new HttpError('Server error', 500), new HttpError('Tidak diizinkan', 403), new HttpError('offline', 0)]) {
      const { auth, calls, map } = setup((url) => {
        if (url.includes('/parents/')) throw failure;
        return { json: answers.parent as never };
      }, { locale: 'id' });
      await expect(auth.login({ username: 'u', password: 'p', kind: 'parent' })).rejects.toThrow('app.login.profile_failed');
      expect(calls.map((c) => c.url)).toEqual(['/api/v1/auth/log-parent/', '/api/v1/parents/41', '/api/v1/auth/logout/']);
      expect(map.get('token')).toBeUndefined();
      expect([...map.keys()].sort()).toEqual(['locale', 'loginType']);
      await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login-parent' });
    }
  });

  it('an answer that is not the user’s profile counts as a failure', async () => {
    const { auth, map } = setup((url) => (url.includes('/students/') ? { json: { success: true, data: { id: 99 } } as never } : { json: answers.student as never }));
    await expect(auth.login({ username: 'u', password: 'p', kind: 'student' })).rejects.toThrow('app.login.profile_failed');
    expect(map.get('token')).toBeUndefined();
  });
});

describe('change password', () => {
  it('posts the three fields with the session token', async () => {
    const { auth, calls } = setup(() => ({}), { ...{ token: 't' } });
    const body = { current_password: 'a', new_password: 'bbbbbbbb', new_password_confirmation: 'bbbbbbbb' };
    await auth.changePassword(body);
    expect(calls[0]).toEqual({ url: '/api/v1/auth/change-password/', request: { method: 'POST', body } });
  });
});
