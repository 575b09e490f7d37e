// Which menu the sidebar shows (spec 1 §6): by the active module's code, then by the roles.
// A menu is a list of routes (the files next to this one); an entry that is a schema
// resource is shown when the roles may list it, under the registry's name; any other is a
// bespoke page, shown when the roles may open it (the page registry's `roles`), named by the
// locales (`app.page.<segment>`).

import type { ResourceEntry } from '../../shared/entityModel';
import { mayOpenPath } from '../../pages/registry';
import { abilitiesOf } from '../../views/access';
import { ACADEMIC_MENU, COURSE_ADDITIONS, TEACHER_MENU } from './academic';
import { ADDON_MENU } from './addon';
import { BOOKING_MENU } from './booking';
import { COMBOARD_MENU } from './comboard';
import { ADMIN_FINANCE_MENU, LIMITED_FINANCE_MENU } from './finance';
import { HR_MENU } from './hr';

export const ADDON_MODULES: readonly string[] = ['ADMISS', 'AD', 'REGIST', 'SUBJECT', 'CLUB'];

/** A teacher who is nothing more gets the teacher's menu; anyone else with the academic module the full one. */
function isOnlyTeacher(roles: readonly string[]): boolean {
  return roles.includes('ROLE_TEACHER') && !roles.includes('ROLE_ADMIN');
}

function financeMenu(roles: readonly string[]): readonly string[] {
  if (['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE', 'ROLE_FOUNDATION'].some((r) => roles.includes(r))) return ADMIN_FINANCE_MENU;
  return LIMITED_FINANCE_MENU;
}

/** The routes of the menu of a module for these roles, before leaving out what the roles may not list. */
export function menuRoutes(module: string, roles: readonly string[]): readonly string[] {
  const academic = isOnlyTeacher(roles) ? TEACHER_MENU : ACADEMIC_MENU;
  switch (module) {
    case 'ACA':
      return academic;
    case 'COURSE':
      return [...academic, ...COURSE_ADDITIONS];
    case 'FINA':
      return financeMenu(roles);
    case 'HUCAP':
      return HR_MENU;
    case 'COM':
      return COMBOARD_MENU;
    case 'BOOKING':
      return BOOKING_MENU;
    default:
      return ADDON_MODULES.includes(module) ? ADDON_MENU : [];
  }
}

/** The registry modules whose entries name a menu's schema routes (loaded before it shows). */
export function menuSources(module: string): string[] {
  if (module === 'COURSE') return ['ACA', 'COURSE'];
  if (ADDON_MODULES.includes(module)) return [];
  return [module];
}

/** The menu entry a page belongs to: its resource, or for a detail its parent's. */
export function menuResource(registry: readonly ResourceEntry[], resource: string): string {
  let entry = registry.find((e) => e.resource === resource);
  for (let depth = 0; entry?.parent && depth < 5; depth++) {
    const parent: string = entry.parent.entity;
    entry = registry.find((e) => e.name === parent);
  }
  return entry?.resource ?? resource;
}

/** The key of a bespoke page's name: its first path segment, `home` for the root. */
export function pageKey(route: string): string {
  return route.split(/[/?]/)[1] || 'home';
}

export interface MenuItemModel {
  route: string;
  /** The schema resource's entry; none for a bespoke page. */
  entry?: ResourceEntry;
}

/**
 * The menu's items: schema resources the roles may list (or show, for a settings page) and
 * the bespoke pages the roles may open (a page's `roles` in src/pages/registry.tsx).
 */
export function menuItems(
  module: string,
  roles: readonly string[],
  entryOfResource: (resource: string) => ResourceEntry | undefined,
  mayOpen: (route: string, roles: readonly string[]) => boolean = mayOpenPath,
): MenuItemModel[] {
  return menuRoutes(module, roles).flatMap((route) => {
    const entry = entryOfResource(pageKey(route));
    if (!entry) return mayOpen(route, roles) ? [{ route }] : [];
    return abilitiesOf(entry, roles).list ? [{ route, entry }] : [];
  });
}
