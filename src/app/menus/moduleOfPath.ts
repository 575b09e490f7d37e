// The sidebar follows the page (spec 1 §2.8, §4, §6): a page opened by its address (a deep
// link, a bookmark, a notification's target such as /hrreqleave) that is not in the active
// module's menu, but is in the menu of another module the user may use, makes that module
// the active one, stored as the switcher stores it (a reload keeps it). Nothing navigates.
//
//   - a page in several menus keeps the active module when it is one of them, else takes the
//     first of them in the switcher's order;
//   - a page in no menu the user has (/users for a teacher, the not-found page) leaves the
//     module alone;
//   - a resource's edit, show and create pages, and a detail table's pages, count as the
//     menu entry of the resource (of the detail's parent: `menuResource`);
//   - the root path counts as the finance dashboard only for ROLE_FINANCE: anybody else is
//     sent on from it to /home-academic (§2.1), which then decides.
//
// Membership is the menu as drawn (menuItems): a schema entry the roles may not list is not in
// it. So a module's registry entries are loaded before it is asked, and only for the modules
// whose menu names the page at all.

import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { ResourceEntry } from '../../shared/entityModel';
import { entryOfResource, loadModules, useRegistryEntries } from '../../views/registryLookup';
import { useUserModules } from '../topbar/shellApi';
import { setActiveModule } from './activeModule';
import { menuItems, menuResource, menuRoutes, menuSources, pageKey } from './menuChoice';

/**
 * The menu keys (`pageKey` of a menu route) a page may stand under: its first segment and,
 * for a detail table, its parent resource's. None for the root path of a user without
 * ROLE_FINANCE (the dashboard redirects them).
 */
export function menuKeysOfPath(pathname: string, registry: readonly ResourceEntry[], roles: readonly string[]): string[] {
  const key = pageKey(pathname);
  if (key === 'home' && !roles.includes('ROLE_FINANCE')) return [];
  const parent = menuResource(registry, key);
  return parent === key ? [key] : [key, parent];
}

/** Whether a module's menu, as the roles see it, holds one of the keys (entries unknown yet count as bespoke pages). */
export function menuHolds(
  module: string,
  keys: readonly string[],
  roles: readonly string[],
  entryOf: (resource: string) => ResourceEntry | undefined,
): boolean {
  return menuItems(module, roles, entryOf).some((item) => keys.includes(pageKey(item.route)));
}

/**
 * The module whose menu the page belongs in: the current one when its menu holds the page,
 * else the first of `choices` (the switcher's order) whose menu does; null when none does.
 */
export function moduleOfPath(
  keys: readonly string[],
  current: string,
  choices: readonly string[],
  roles: readonly string[],
  entryOf: (resource: string) => ResourceEntry | undefined,
): string | null {
  if (keys.length === 0) return null;
  if (choices.includes(current) && menuHolds(current, keys, roles, entryOf)) return current;
  return choices.find((module) => menuHolds(module, keys, roles, entryOf)) ?? null;
}

/**
 * The page choosing a module opens: its start page, unless the sidebar cannot stand on it.
 * The root is the finance module's start page, but it sends a user without ROLE_FINANCE (an
 * admin) on to /home-academic, whose menu is the academic one, so the sidebar followed it
 * back to Akademik: such a user gets the first other entry of the module's menu instead.
 */
export function startPageOf(
  module: string,
  redirect: string,
  roles: readonly string[],
  registry: readonly ResourceEntry[],
  entryOf: (resource: string) => ResourceEntry | undefined,
): string {
  const start = redirect || '/';
  if (menuKeysOfPath(start, registry, roles).length > 0) return start;
  const first = menuItems(module, roles, entryOf).find((item) => menuKeysOfPath(item.route, registry, roles).length > 0);
  return first?.route ?? start;
}

/** The modules whose menu names one of the keys at all, before the roles' abilities (no entries needed). */
function candidatesOf(keys: readonly string[], modules: readonly string[], roles: readonly string[]): string[] {
  return modules.filter((module) => menuRoutes(module, roles).some((route) => keys.includes(pageKey(route))));
}

/**
 * Makes the active module follow the page: `current` is the module the sidebar shows,
 * `roles` undefined while they are not known yet.
 */
export function useModuleFollowsPath(current: string, roles: readonly string[] | undefined): void {
  const { pathname } = useLocation();
  const { data } = useUserModules();
  const registry = useRegistryEntries();
  const choiceList = (data?.modules ?? []).map((m) => m.code).join(',');
  const roleList = roles?.join(',');
  useEffect(() => {
    if (roleList === undefined || choiceList === '') return;
    const roleCodes = roleList ? roleList.split(',') : [];
    const choices = choiceList.split(',');
    const keys = menuKeysOfPath(pathname, registry, roleCodes);
    const candidates = candidatesOf(keys, choices, roleCodes);
    if (candidates.length === 0) return; // a page in none of the user's menus
    let live = true;
    const sources = [...new Set(candidates.flatMap(menuSources))];
    loadModules(sources).then(
      () => {
        if (!live) return;
        const target = moduleOfPath(keys, current, choices, roleCodes, entryOfResource);
        if (target && target !== current) setActiveModule(target);
      },
      // A module that failed to load is not guessed at: the menu offers to load it again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pathname, current, roleList, choiceList, registry]);
}
