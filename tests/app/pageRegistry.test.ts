// The page registry is the one list of bespoke pages: each route declared once, and a page's
// menus agree with the menu files that order them (src/app/menus/).

import { describe, expect, it } from 'vitest';
import { ACADEMIC_MENU, COURSE_ADDITIONS } from '../../src/app/menus/academic';
import { ADDON_MENU } from '../../src/app/menus/addon';
import { BOOKING_MENU } from '../../src/app/menus/booking';
import { COMBOARD_MENU } from '../../src/app/menus/comboard';
import { ADMIN_FINANCE_MENU } from '../../src/app/menus/finance';
import { HR_MENU } from '../../src/app/menus/hr';
import { PAGE_ROUTES, PAGES } from '../../src/pages/registry';

const MENUS: Record<string, readonly string[]> = {
  academic: [...ACADEMIC_MENU, ...COURSE_ADDITIONS],
  finance: ADMIN_FINANCE_MENU,
  hr: HR_MENU,
  comboard: COMBOARD_MENU,
  booking: BOOKING_MENU,
  addon: ADDON_MENU,
};

describe('the page registry', () => {
  it('declares every route once', () => {
    const paths = PAGE_ROUTES.map(({ route }) => route.path);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
  });

  it('gives each page a name of its own', () => {
    const names = PAGES.map((page) => page.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists a built page in exactly the menus it declares', () => {
    for (const page of PAGES.filter((p) => p.name !== 'notBuilt')) {
      for (const route of page.routes.filter((r) => r.layout === 'shell' && r.path !== '/')) {
        const listedIn = Object.keys(MENUS).filter((menu) => MENUS[menu]!.includes(route.path));
        expect(listedIn, `${page.name} ${route.path}`).toEqual([...(page.menus ?? [])]);
      }
    }
  });
});
