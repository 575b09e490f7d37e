// Where an entity shows in the sidebar is declared once: a schema's `modules:` is the source,
// and the menu files (src/app/menus/*.ts), which keep the spec's order, are checked against it
// both ways. A mismatch names the schema file and the menu file.
//
// The add-on modules (ADMISS, AD, REGIST, SUBJECT, CLUB) share one menu of bespoke pages (spec 1
// §2.8, src/app/menus/addon.ts): a table in one of them (the extracurriculars in CLUB) is in it
// because it opens that add-on to the users who may list it (server/shell/moduleAccess.ts), and
// is shown in the menu of its other module. So for them the check is that the table has one.

import { describe, expect, it } from 'vitest';
import { ACADEMIC_MENU, COURSE_ADDITIONS, TEACHER_MENU } from '../../src/app/menus/academic';
import { BOOKING_MENU } from '../../src/app/menus/booking';
import { COMBOARD_MENU } from '../../src/app/menus/comboard';
import { ADMIN_FINANCE_MENU, LIMITED_FINANCE_MENU } from '../../src/app/menus/finance';
import { HR_MENU } from '../../src/app/menus/hr';
import { ADDON_MODULES, menuRoutes, pageKey } from '../../src/app/menus/menuChoice';
import { MODULE_ORDER } from '../../src/app/modules';
import { resources } from '../../src/generated/allEntries';

/** Each menu file's list of a module's entries (the fullest: the others are subsets of it). */
const MENU_FILES: ReadonlyArray<{ module: string; file: string; routes: readonly string[] }> = [
  { module: 'ACA', file: 'src/app/menus/academic.ts (ACADEMIC_MENU)', routes: ACADEMIC_MENU },
  { module: 'COURSE', file: 'src/app/menus/academic.ts (COURSE_ADDITIONS)', routes: COURSE_ADDITIONS },
  { module: 'FINA', file: 'src/app/menus/finance.ts', routes: ADMIN_FINANCE_MENU },
  { module: 'HUCAP', file: 'src/app/menus/hr.ts', routes: HR_MENU },
  { module: 'COM', file: 'src/app/menus/comboard.ts', routes: COMBOARD_MENU },
  { module: 'BOOKING', file: 'src/app/menus/booking.ts', routes: BOOKING_MENU },
];

const fileOf = (module: string) => MENU_FILES.find((menu) => menu.module === module)?.file ?? 'src/app/menus/';
const schemaOf = (name: string) => `schemas/${name}.yaml`;
const entryAt = (route: string) => resources.find((entry) => entry.resource === pageKey(route));
const inMenus = resources.filter((entry) => entry.modules.length > 0);

describe('menu membership: schemas’ modules and the menu files agree', () => {
  it('every table a menu file lists has that module in its schema', () => {
    const wrong = MENU_FILES.flatMap(({ module, file, routes }) =>
      routes.flatMap((route) => {
        const entry = entryAt(route);
        return entry && !entry.modules.includes(module)
          ? [`${file} lists ${route}, but ${schemaOf(entry.name)} has modules: [${entry.modules.join(', ')}], without ${module}`]
          : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('every module of a schema lists the table in its menu', () => {
    const wrong = inMenus.flatMap((entry) =>
      entry.modules
        .filter((module) => !ADDON_MODULES.includes(module))
        .filter((module) => !menuRoutes(module, ['ROLE_ADMIN']).includes(`/${entry.resource}`))
        .map((module) => `${schemaOf(entry.name)} has ${module} in modules, but ${fileOf(module)} does not list /${entry.resource}`),
    );
    expect(wrong).toEqual([]);
  });

  it('a table of an add-on module is in the menu of another of its modules', () => {
    const wrong = inMenus
      .filter((entry) => entry.modules.some((module) => ADDON_MODULES.includes(module)))
      .filter((entry) => !entry.modules.some((module) => !ADDON_MODULES.includes(module) && menuRoutes(module, ['ROLE_ADMIN']).includes(`/${entry.resource}`)))
      .map((entry) => `${schemaOf(entry.name)}: /${entry.resource} is in no menu of its modules [${entry.modules.join(', ')}]`);
    expect(wrong).toEqual([]);
  });

  it('schemas name only the sidebar’s modules', () => {
    const unknown = inMenus.flatMap((entry) =>
      entry.modules.filter((module) => !MODULE_ORDER.includes(module)).map((module) => `${schemaOf(entry.name)}: unknown module ${module}`),
    );
    expect(unknown).toEqual([]);
  });

  it('the teacher’s and the limited finance menus take their entries from the full ones', () => {
    expect(TEACHER_MENU.filter((route) => !ACADEMIC_MENU.includes(route))).toEqual([]);
    expect(LIMITED_FINANCE_MENU.filter((route) => !ADMIN_FINANCE_MENU.includes(route))).toEqual([]);
  });
});
