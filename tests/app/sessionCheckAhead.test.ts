// A logged-in start begins its session check before the first render (src/main.tsx):
// react-admin's checkAuth then waits for that same call and acts on its answer as before.

import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/providers/authProvider';
import { fakeHttp } from './fakeHttp';
import { memoryStorage } from './memoryStorage';

const SESSION = { token: 'tok', user: JSON.stringify({ id: 7, username: 'admin' }), loginAs: 'staff', roles: 'ROLE_ADMIN' };

describe('startSessionCheck', () => {
  it('asks check-user-login once: checkAuth reuses the call started ahead', async () => {
    const { client, calls } = fakeHttp(() => ({ json: { data: 1 } as never }));
    const auth = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage: memoryStorage(SESSION).storage });
    auth.startSessionCheck();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/check-user-login?user_id=7&login_as=staff']);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('leaves an ended session to checkAuth: logged out to the login page, with the message', async () => {
    const { client } = fakeHttp(() => ({ json: { data: 0 } as never }));
    const { storage, map } = memoryStorage(SESSION);
    const auth = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage });
    auth.startSessionCheck();
    await new Promise((r) => setTimeout(r, 0));
    expect(map.get('token')).toBe('tok');
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login', message: 'ra.notification.logged_out' });
    expect(map.has('token')).toBe(false);
  });

  it('asks nothing when no session is stored', () => {
    const { client, calls } = fakeHttp(() => ({}));
    const auth = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage: memoryStorage().storage });
    auth.startSessionCheck();
    expect(calls).toHaveLength(0);
  });
});
