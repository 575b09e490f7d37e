// The shell's calls (spec 1 §7.2): school identity for the sidebar, the theme, the modules a
// user may switch to, and the notification bell with its unread count.

import { describe, expect, it } from 'vitest';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });

describe('shell calls', () => {
  it('get-menu answers the school identity to any logged-in user', async () => {
    const answer = await server.call('GET', '/api/v1/get-menu', { as: 'teacher' });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ name: 'Sekolah Harapan Bangsa', file_name: null, website_url: 'https://www.harapanbangsa.sch.id' });
    expect((await server.call('GET', '/api/v1/get-menu')).status).toBe(401);
  });

  it('general-setting answers the theme, following the setting', async () => {
    expect((await server.call('GET', '/api/v1/general-setting', { as: 'finance' })).json.data).toEqual({ value: 'cc' });
    const stored = await server.call('GET', '/api/v1/setting-general', { as: 'admin' });
    const saved = await server.call('PUT', '/api/v1/setting-general', { as: 'admin', body: { version: stored.json.data.version, theme: 'kokoro' } });
    expect(saved.status).toBe(200);
    expect((await server.call('GET', '/api/v1/general-setting', { as: 'teacher' })).json.data).toEqual({ value: 'kokoro' });
    await server.call('PUT', '/api/v1/setting-general', { as: 'admin', body: { version: saved.json.data.version, theme: 'cc' } });
  });

  it('check-user-modules: flags and the modules each demo user may switch to', async () => {
    const modules = async (username: string) => {
      const id = (await server.call('GET', '/api/v1/auth/me', { as: username })).json.user.id;
      const answer = await server.call('GET', `/api/v1/check-user-modules?loginAS=staff${id ? `&user_id=${id}` : ''}`, { as: username });
      expect(answer.status).toBe(200);
      return answer.json;
    };
    const admin = await modules('admin');
    expect(Object.keys(admin.data)).toEqual(expect.arrayContaining(['academic', 'finance', 'humanCapital', 'comboard', 'modul', 'admission', 'registration', 'subjectSelection', 'interest']));
    expect(admin.data).toMatchObject({ academic: true, finance: true, humanCapital: true, admission: false, registration: false });
    expect(admin.modules[0]).toEqual({ code: 'ACA', name: 'Akademik', redirect: '/home-academic' });
    // The course variant is switched off in the demo's module records.
    expect(admin.modules.map((m: { code: string }) => m.code)).not.toContain('COURSE');
    const teacher = await modules('teacher');
    expect(teacher.data).toMatchObject({ academic: true, finance: false, humanCapital: false });
    const finance = await modules('finance');
    expect(finance.data).toMatchObject({ finance: true, humanCapital: false });
    expect(finance.modules.find((m: { code: string }) => m.code === 'FINA')).toEqual({ code: 'FINA', name: 'Keuangan', redirect: '/' });
  });

  it('check-user-modules refuses to answer about another user', async () => {
    const answer = await server.call('GET', '/api/v1/check-user-modules?user_id=999999&loginAS=staff', { as: 'teacher' });
    expect(answer.status).toBe(403);
  });

  it('notification lists the demo notifications, counts the unread ones, and marks one read', async () => {
    const first = await server.call('GET', '/api/v1/notification?username=teacher', { as: 'teacher' });
    expect(first.status).toBe(200);
    const docNames = first.json.data.map((n: { doc_name: string }) => n.doc_name);
    expect(docNames).toEqual(expect.arrayContaining(['tr_permission', 'tr_hr_leave_approval', 'tr_invoice']));
    expect(first.json.count).toBe(first.json.data.length);
    expect(first.json.data[0]).toEqual({
      id: expect.any(Number),
      doc_name: expect.any(String),
      doc_id: '1',
      info: expect.any(String),
      key: expect.any(String),
      params: expect.any(Object),
      created_at: expect.any(String),
      read: false,
    });
    const id = first.json.data[1].id;
    const marked = await server.call('PUT', `/api/v1/notification/${id}/read`, { as: 'teacher' });
    expect(marked.status).toBe(200);
    expect(marked.json.count).toBe(first.json.count - 1);
    expect(marked.json.data.find((n: { id: number }) => n.id === id).read).toBe(true);
    // Another user's notification is not theirs to mark, nor to list (tests/server/notifications.test.ts has more).
    expect((await server.call('PUT', `/api/v1/notification/${id}/read`, { as: 'finance' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/notification?username=teacher', { as: 'finance' })).status).toBe(403);
    expect((await server.call('PUT', '/api/v1/notification/abc/read', { as: 'teacher' })).status).toBe(404);
  });
});
