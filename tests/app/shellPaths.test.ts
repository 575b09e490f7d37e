// Every path of spec 1 §2.2–§2.7 resolves: a schema resource, a login or password page, an
// area page, or a "not built yet" page; and no shell path hides a schema resource.

import { describe, expect, it } from 'vitest';
import { resources } from '../../src/generated/allEntries';
import { routeTitleKey } from '../../src/app/shellPaths';
import { LOGIN_PATHS, safeReturnPath } from '../../src/providers/loginPaths';
import { AREA_MENUS } from '../../src/app/menus/area';
import { PAGE_ROUTES, pageTitleKey, SHELL_SEGMENTS } from '../../src/pages/registry';
import en from '../../locales/en';
import id from '../../locales/id';

import { SPEC_PATHS } from './specPaths';

const specPaths = (): readonly string[] => SPEC_PATHS;

const shellPaths = new Set<string>([
  '/',
  ...Object.values(LOGIN_PATHS),
  ...PAGE_ROUTES.map(({ route }) => route.path),
].map((p) => p.replace(/:([a-z]+)/g, '{$1}').replace('{id}', '{type}')));
const resourceNames = new Set(resources.map((e) => e.resource));

describe('the route table', () => {
  it('resolves every path of spec 1 §2.2–§2.7', () => {
    const paths = specPaths();
    expect(paths.length).toBeGreaterThan(200);
    const missing = paths.filter((p) => !resourceNames.has(p.split('/')[1] ?? '') && !shellPaths.has(p));
    expect(missing).toEqual([]);
  });

  it('never puts a shell page over a schema resource', () => {
    const clashes = [...SHELL_SEGMENTS].filter((segment) => resourceNames.has(segment));
    expect(clashes).toEqual([]);
  });

  it('has a title for the dashboards and every area page, in the catalog', () => {
    const route = en.app.route as Record<string, string>;
    for (const path of ['/', '/home-academic', '/home-hrd', ...Object.values(AREA_MENUS).flat()]) {
      expect(pageTitleKey(path) ?? route[routeTitleKey(path).slice('app.route.'.length)], path).toBeTruthy();
    }
  });

  it('names every not-built page in both languages, never by the words of its path', () => {
    const notBuilt = PAGE_ROUTES.filter(({ page }) => page.name === 'notBuilt').map(({ route }) => route.path);
    expect(notBuilt.length).toBeGreaterThan(40);
    for (const catalog of [en, id]) {
      const route = catalog.app.route as Record<string, string>;
      const page = catalog.app.page as Record<string, string>;
      for (const path of notBuilt) {
        const named = route[routeTitleKey(path).slice('app.route.'.length)] ?? page[path.split('/')[1] ?? ''];
        expect(named, path).toBeTruthy();
      }
    }
  });

  it('accepts only paths of this app as `to`', () => {
    expect(safeReturnPath('/class?page=2')).toBe('/class?page=2');
    expect(safeReturnPath('//evil')).toBeNull();
    expect(safeReturnPath('http://evil')).toBeNull();
    expect(safeReturnPath('/login-parent')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
