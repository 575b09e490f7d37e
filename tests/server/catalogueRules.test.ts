// The catalogue's rules (issue 3; spec 1 §2.8, §6; spec 3 §5, §6, §8), each on its own:
// who may write which tables, the menus each table appears in, the email template's CC
// format and the refused deletes in the spec's words. The date order and the synced-class
// rules have their tests in validation.test.ts and crud.test.ts.

import { describe, expect, it } from 'vitest';
import { entities } from '../../src/generated/all';
import { hasScreen } from '../../src/shared/entityModel';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });

const byRoute = new Map(entities.map((e) => [e.route, e]));

// spec 1 §2.8, the sidebar menus, with the routes that are master tables (the dashboards,
// reports and transaction screens in those menus are other issues' screens).
const MENUS: Record<string, string[]> = {
  HUCAP: ['/holidays', '/committe-role', '/career-path', '/hrresponsibilityrole', '/hrposition', '/mleave', '/employee', '/hrleavebalance', '/hrleaveaddition', '/programme', '/progexctime', '/progexctimecomm', '/employee-training', '/employee-training-file', '/setting-expired-employee'],
  FINA: ['/financialyear', '/coa', '/templateemail', '/typejournal', '/vacode', '/vastudent', '/transaction-type', '/transaction-group', '/typesofincome', '/incomegroup', '/settingodoo', '/settingemail', '/settingschool', '/setting-publish', '/general'],
  COM: ['/comboarduser', '/comboardcategory'],
  BOOKING: ['/building', '/room', '/vehicle', '/facility', '/facility-condition', '/fa-category', '/pricelist', '/tenant', '/activity', '/role', '/role-group', '/schoolidentity', '/branch', '/setting-rental', '/users'],
};

describe('menus (spec 1 §2.8)', () => {
  it.each(Object.entries(MENUS))('puts every master table of the %s menu in that module', (module, routes) => {
    for (const route of routes) {
      const entity = byRoute.get(route);
      expect(entity, `no schema serves ${route}`).toBeDefined();
      expect(entity!.modules, route).toContain(module);
    }
  });
});

describe('who may write (spec 1 §6)', () => {
  it('offers Add on master tables only to ROLE_ADMIN and ROLE_ADMIN_FINANCE', () => {
    // A table without a screen offers no Add: its module's calls decide who writes it. Attendance
    // is no master table: the teachers take it (issue 15), so they may add it too.
    const takenByTeachers = new Set(['daily_attendance', 'subject_attendance']);
    for (const entity of entities.filter(hasScreen)) {
      const allowed = takenByTeachers.has(entity.name) ? ['ROLE_ADMIN', 'ROLE_TEACHER'] : ['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE'];
      for (const role of entity.access.create) expect(allowed, `${entity.name}: ${role}`).toContain(role);
    }
  });

  it('lets the finance admins change finance tables and refuses finance staff with 403', async () => {
    const category = await server.call('POST', '/api/v1/income-group', {
      as: 'adminfinance',
      body: { code: 'UJI', name: 'Kelompok uji' },
    });
    expect(category.status, category.text).toBe(201);
    const refused = await server.call('POST', '/api/v1/income-group', { as: 'finance', body: { code: 'UJI2', name: 'Kelompok uji 2' } });
    expect(refused.status).toBe(403);
    expect((await server.call('GET', '/api/v1/income-group?page=1', { as: 'finance' })).status).toBe(200);
  });

  it('lets admins change HR tables and refuses the finance admins with 403', async () => {
    const body = { code: 'S-UJI', name: 'Shift uji', start_time: '07:00', end_time: '15:00' };
    const refused = await server.call('POST', '/api/v1/shift', { as: 'adminfinance', body });
    expect(refused.status).toBe(403);
    const made = await server.call('POST', '/api/v1/shift', { as: 'admin', body });
    expect(made.status, made.text).toBe(201);
    expect((await server.call('GET', '/api/v1/employee?page=1', { as: 'teacher' })).status).toBe(403);
  });
});

describe('the email template CC list (spec 3 §5)', () => {
  it('takes addresses separated by semicolons and refuses spaces or commas, in the spec\'s words', async () => {
    const stored = (await server.call('GET', '/api/v1/email-template/1', { as: 'adminfinance' })).json.data;
    const { id, version, created_at, updated_at, created_by, updated_by, ...fields } = stored;
    void [id, created_at, updated_at, created_by, updated_by];
    for (const cc of ['keuangan@harapanbangsa.sch.id; bendahara@harapanbangsa.sch.id', 'keuangan@harapanbangsa.sch.id,bendahara@harapanbangsa.sch.id']) {
      const refused = await server.call('PUT', '/api/v1/email-template/1', { as: 'adminfinance', body: { ...fields, cc, version } });
      expect(refused.status, cc).toBe(422);
      expect(refused.json.messages).toEqual({ cc: ['Pisahkan alamat dengan titik koma, tanpa spasi'] });
    }
    const ok = await server.call('PUT', '/api/v1/email-template/1', {
      as: 'adminfinance',
      body: { ...fields, cc: 'keuangan@harapanbangsa.sch.id;bendahara@harapanbangsa.sch.id', version },
    });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('refused deletes in the spec\'s words (spec 3 §8)', () => {
  it('refuses to delete an income type in use', async () => {
    const answer = await server.call('DELETE', '/api/v1/income-type/1', { as: 'adminfinance', headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(409);
    expect(answer.json.message).toMatch(/^This income type cannot be deleted because it is in use \(.+\)$/);
  });

  it('declares the financial year\'s and the COA\'s wording', () => {
    // Journals (what links a financial year) are transactions of a later issue: the refusal is
    // exercised with a journal schema added in financialYearLinks.test.ts, the COA's in formatExtensions.test.ts.
    expect(entities.find((e) => e.name === 'financial_year')!.deleteMessage?.en).toBe('This financial year cannot be deleted because it is linked to journals');
    expect(entities.find((e) => e.name === 'coa')!.deleteMessage?.id).toBe('Akun ini tidak dapat dihapus karena memiliki data terkait');
  });
});
