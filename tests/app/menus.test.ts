// The menus by module and role (spec 1 §2.8, §6): exactly the entries §2.8 lists, in its
// order, less what the roles may not list; bespoke pages named by the locales; the theme
// choice and the notification targets (§4).

import { describe, expect, it } from 'vitest';
import { ACADEMIC_MENU, COURSE_ADDITIONS, TEACHER_MENU } from '../../src/app/menus/academic';
import { ADDON_MENU } from '../../src/app/menus/addon';
import { BOOKING_MENU } from '../../src/app/menus/booking';
import { ADMIN_FINANCE_MENU, LIMITED_FINANCE_MENU } from '../../src/app/menus/finance';
import { HR_MENU } from '../../src/app/menus/hr';
import { menuItems, menuRoutes, menuSources, pageKey } from '../../src/app/menus/menuChoice';
import { pickTheme, THEME_COLOURS, themesOf } from '../../src/app/theme';
import { notificationTarget } from '../../src/shared/notificationTarget';
import { resources } from '../../src/generated/allEntries';
import { mayOpenPath, pageAt, pageTitleKey } from '../../src/pages/registry';
import en from '../../locales/en';
import id from '../../locales/id';

/** The text at a dotted translation key (`homeModulePage.title`, `app.page.home-comboard`). */
function textAt(catalog: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalog);
}

const entryOf = (resource: string) => resources.find((e) => e.resource === resource);
const routes = (module: string, roles: string[]) => menuItems(module, roles, entryOf).map((i) => i.route);

const SPEC_FINANCE = '/, /financialyear, /coa, /templateemail, /typejournal, /vacode, /vastudent, /transaction-type, /transaction-group, /typesofincome, /incomegroup, /income, /uploadincome, /uploadva, /generatepenalty, /generateva, /invoicetransaction, /paymenttransaction, /sendemail, /journal, /reversingdate, /sent, /outbox, /settingodoo, /settingemail, /settingschool, /setting-publish, /general, /aroutstanding, /araging, /arsummary, /financial-report, /paymentsummaryclass, /paymentsummarytype, /paymentreportimport, /reportcandidatepayment'.split(', ');
const SPEC_HR = '/home-hrd, /holidays, /committe-role, /career-path, /hrresponsibilityrole, /hrposition, /mleave, /employee, /hrleavebalance, /hrreqleave, /hrleaveaddition, /programme, /progexctime, /progexctimecomm, /employee-training, /employee-training-file, /leave-summary, /setting-expired-employee'.split(', ');

describe('menu data', () => {
  it('the finance and HR menus hold spec 1 §2.8’s lists in order, with tables of their module beside them', () => {
    expect(ADMIN_FINANCE_MENU.filter((route) => SPEC_FINANCE.includes(route))).toEqual(SPEC_FINANCE);
    expect(ADMIN_FINANCE_MENU.filter((route) => !SPEC_FINANCE.includes(route))).toEqual(['/banklayout']);
    expect(entryOf('banklayout')?.modules).toContain('FINA');
    expect(HR_MENU.filter((route) => SPEC_HR.includes(route))).toEqual(SPEC_HR);
    expect(HR_MENU.filter((route) => !SPEC_HR.includes(route)).every((route) => entryOf(pageKey(route))?.modules.includes('HUCAP'))).toBe(true);
    expect(BOOKING_MENU[0]).toBe('/home-booking');
    expect(ADDON_MENU).toEqual(['/home-module', '/subject-selection', '/interest-selection']);
  });

  it('the academic menu starts with /home-comboard; the teacher’s is a subset in the same order', () => {
    expect(ACADEMIC_MENU[0]).toBe('/home-comboard');
    expect(TEACHER_MENU.every((r) => ACADEMIC_MENU.includes(r))).toBe(true);
    const order = TEACHER_MENU.map((r) => ACADEMIC_MENU.indexOf(r));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(menuRoutes('COURSE', ['ROLE_ADMIN'])).toEqual([...ACADEMIC_MENU, ...COURSE_ADDITIONS]);
  });

  it('every schema route of a menu is in the registry modules the menu loads', () => {
    for (const module of ['ACA', 'COURSE', 'FINA', 'HUCAP', 'COM', 'BOOKING']) {
      for (const route of menuRoutes(module, ['ROLE_ADMIN'])) {
        const entry = entryOf(pageKey(route));
        if (entry) expect(menuSources(module).some((m) => entry.modules.includes(m)), `${module} ${route}`).toBe(true);
      }
    }
  });

  it('every table an admin may change is in a menu of a module it belongs to', () => {
    const admins = ['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE'];
    const modules = ['ACA', 'COURSE', 'FINA', 'HUCAP', 'COM', 'BOOKING'];
    const writable = resources.filter((entry) =>
      (['create', 'edit', 'delete'] as const).some((action) => (entry.access[action] ?? []).some((role) => admins.includes(role))),
    );
    expect(writable.length).toBeGreaterThan(50);
    const unreachable = writable
      .filter((entry) => !modules.some((module) => entry.modules.includes(module) && admins.some((role) => menuItems(module, [role], entryOf).some((item) => item.entry === entry))))
      .map((entry) => `/${entry.resource}`);
    expect(unreachable).toEqual([]);
  });

  it('every bespoke page of a menu is named in both languages', () => {
    for (const module of ['ACA', 'COURSE', 'FINA', 'HUCAP', 'COM', 'BOOKING', 'AD']) {
      for (const route of menuRoutes(module, ['ROLE_ADMIN'])) {
        if (entryOf(pageKey(route))) continue;
        const key = pageTitleKey(route) ?? `app.page.${pageKey(route)}`;
        for (const catalog of [en, id]) expect(textAt(catalog, key), route).toBeTruthy();
      }
    }
  });
});

describe('menu by role and module', () => {
  it('teacher: the teacher’s academic menu, only what a teacher may list', () => {
    const teacher = routes('ACA', ['ROLE_TEACHER']);
    expect(teacher).toEqual(TEACHER_MENU.filter((r) => !entryOf(pageKey(r)) || entryOf(pageKey(r))!.access.list.includes('ROLE_TEACHER')));
    expect(teacher.slice(0, 6)).toEqual(['/home-comboard', '/home-academic', '/academicyear', '/semester', '/class', '/subject']);
    expect(teacher).not.toContain('/users');
    expect(teacher).not.toContain('/settingmodule');
  });

  it('finance: the limited finance menu, without settings and bulk jobs', () => {
    const finance = routes('FINA', ['ROLE_FINANCE']);
    expect(finance).toEqual(LIMITED_FINANCE_MENU);
    expect(finance).not.toContain('/general');
    expect(finance).not.toContain('/generateva');
    expect(finance.slice(0, 4)).toEqual(['/', '/financialyear', '/coa', '/templateemail']);
  });

  it('admin finance and foundation: the admin finance menu, all of §2.8’s entries', () => {
    expect(routes('FINA', ['ROLE_ADMIN_FINANCE'])).toEqual(ADMIN_FINANCE_MENU);
    // The foundation may not read the finance settings' tables, nor open the ledger's bulk jobs
    // (FINANCE_ROLES.administer, the pages' `roles`): those entries are left out.
    const foundation = routes('FINA', ['ROLE_FOUNDATION']);
    expect(foundation).toEqual(
      ADMIN_FINANCE_MENU.filter((r) => !['/settingodoo', '/settingemail', '/settingschool', '/setting-publish', '/general'].includes(r) && mayOpenPath(r, ['ROLE_FOUNDATION'])),
    );
    expect(foundation).toContain('/invoicetransaction');
    expect(foundation).not.toContain('/uploadincome');
    expect(foundation).toEqual(expect.arrayContaining(['/paymenttransaction', '/journal']));
    expect(foundation).not.toContain('/generateva');
  });

  it('admin: the full academic menu, in order, and the HR menu', () => {
    expect(routes('ACA', ['ROLE_ADMIN'])).toEqual(ACADEMIC_MENU);
    expect(routes('HUCAP', ['ROLE_ADMIN'])).toEqual(HR_MENU);
    // The finance ledger's pages are the finance roles' (FINANCE_ROLES), not the school admin's.
    expect(routes('FINA', ['ROLE_ADMIN'])).toEqual(SPEC_FINANCE.filter((r) => mayOpenPath(r, ['ROLE_ADMIN'])));
    expect(routes('FINA', ['ROLE_ADMIN'])).toContain('/financialyear');
    expect(routes('FINA', ['ROLE_ADMIN'])).not.toContain('/journal');
    expect(routes('SUBJECT', ['ROLE_ADMIN'])).toEqual(ADDON_MENU);
  });

  it('a role that may list nothing in a module sees only its bespoke pages', () => {
    // The leave summary is HR's (ROLE_ADMIN, ROLE_FOUNDATION): a teacher's menu leaves it out.
    expect(routes('HUCAP', ['ROLE_TEACHER'])).toEqual(['/home-hrd', '/holidays', '/holidays-detail', '/hrreqleave']);
  });
});

describe('notification targets (spec 1 §4)', () => {
  it('by doc_name', () => {
    expect(notificationTarget({ id: 5, doc_name: 't_comboard_detail', doc_id: '9' })).toBe('/home-comboard');
    expect(notificationTarget({ id: 5, doc_name: 'tr_permission', doc_id: '9' })).toBe('/permission/9');
    expect(notificationTarget({ id: 5, doc_name: 'tr_hr_leave_approval', doc_id: '9' })).toBe('/hrreqleave?leave=9');
    expect(notificationTarget({ id: 5, doc_name: 'tr_invoice', doc_id: '9' })).toBe('/invoicetransaction?invoice=9');
    expect(notificationTarget({ id: 5, doc_name: 'tr_payment', doc_id: '9' })).toBe('/paymenttransaction?payment=9');
    expect(notificationTarget({ id: 5, doc_name: 'tr_something_else', doc_id: '9' })).toBe('/notification/5');
  });

  it("a parent's or student's announcement opens their area's board; anything else of theirs its detail in their area", () => {
    const announcement = { id: 5, doc_name: 't_comboard_detail', doc_id: '9' };
    expect(notificationTarget(announcement, 'parent')).toBe('/parent/home-comboard');
    expect(notificationTarget(announcement, 'student')).toBe('/student/home-comboard');
    expect(notificationTarget(announcement, 'booking')).toBe('/booking/notification/5');
    expect(notificationTarget({ id: 5, doc_name: 'tr_permission', doc_id: '9' }, 'parent')).toBe('/parent/notification/5');
    // Finance records open on the staff pages only; a parent's payment notification stays in their area.
    expect(notificationTarget({ id: 5, doc_name: 'tr_payment', doc_id: '9' }, 'parent')).toBe('/parent/notification/5');
    // Each board is a page of that kind's own area, so the area lets them in.
    for (const kind of ['parent', 'student'] as const) {
      const path = notificationTarget(announcement, kind);
      expect(pageAt(path)?.route).toEqual({ path, layout: 'area', kind });
    }
  });
});

describe('themes', () => {
  it('cc unless the setting says kokoro; each a light and a dark palette of its own', () => {
    expect(pickTheme('kokoro')).toBe('kokoro');
    expect(pickTheme('cc')).toBe('cc');
    expect(pickTheme(undefined)).toBe('cc');
    expect(pickTheme('other')).toBe('cc');
    const cc = themesOf('cc');
    const kokoro = themesOf('kokoro');
    expect(cc.light.palette?.mode).toBe('light');
    expect(cc.dark.palette?.mode).toBe('dark');
    expect(kokoro.light.palette?.primary).toEqual({ main: THEME_COLOURS.kokoro.primary });
    expect(kokoro.light.palette?.primary).not.toEqual(cc.light.palette?.primary);
    expect(kokoro.dark.palette?.background).not.toEqual(cc.dark.palette?.background);
  });
});
