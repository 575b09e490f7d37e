// @vitest-environment jsdom
// Who may open a page (src/pages/registry.tsx, a page's `roles`): the route of a page the
// user's roles may not open shows the forbidden page the shell shows for a 403, and the
// menus built from the registry leave the page out.

import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthProvider } from 'react-admin';
import { menuItems } from '../../src/app/menus/menuChoice';
import { rolesMayOpen } from '../../src/app/frame/PageAccess';
import { mayOpenPath, mountedElement, PAGES, type PageDeclaration } from '../../src/pages/registry';
import { resources } from '../../src/generated/allEntries';
import { renderInAdmin } from './adminHarness';

afterEach(cleanup);

const asRoles = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => roles,
});

/** A page only finance administrators may open. */
const financeOnly: PageDeclaration = {
  name: 'fixtureFinancePage',
  routes: [{ path: '/fixture-finance', layout: 'shell', kind: 'staff' }],
  roles: ['ROLE_ADMIN_FINANCE', 'ROLE_FOUNDATION'],
  element: () => <p>Finance figures</p>,
};
const mounted = { page: financeOnly, route: financeOnly.routes[0]! };

describe('rolesMayOpen', () => {
  it.each([
    ['no roles declared: anybody', undefined, [], true],
    ['one of the roles', ['ROLE_ADMIN_FINANCE', 'ROLE_FOUNDATION'], ['ROLE_TEACHER', 'ROLE_FOUNDATION'], true],
    ['none of the roles', ['ROLE_ADMIN_FINANCE'], ['ROLE_ADMIN', 'ROLE_FINANCE'], false],
    ['no roles at all', ['ROLE_ADMIN'], [], false],
  ] as const)('%s', (_, allowed, roles, want) => {
    expect(rolesMayOpen(allowed, roles)).toBe(want);
  });
});

describe('a page’s route', () => {
  it('draws the page for a user holding one of its roles', async () => {
    renderInAdmin(mountedElement(mounted), { at: '/fixture-finance', authProvider: asRoles(['ROLE_FOUNDATION']) });
    expect(await screen.findByText('Finance figures')).toBeTruthy();
  });

  it('shows the access-denied page, and not the page, to anybody else', async () => {
    renderInAdmin(mountedElement(mounted), { at: '/fixture-finance', authProvider: asRoles(['ROLE_ADMIN']) });
    expect(await screen.findByText('Anda tidak boleh membuka halaman ini')).toBeTruthy();
    expect(screen.queryByText('Finance figures')).toBeNull();
  });

  it('draws a page that declares no roles for everybody its route lets in', async () => {
    const open = { ...financeOnly, roles: undefined };
    renderInAdmin(mountedElement({ page: open, route: open.routes[0]! }), { authProvider: asRoles([]) });
    expect(await screen.findByText('Finance figures')).toBeTruthy();
  });
});

describe('the menus', () => {
  const entryOf = (resource: string) => resources.find((e) => e.resource === resource);
  // The add-on menu as if its home were the fixture page.
  const mayOpen = (route: string, roles: readonly string[]) => (route === '/home-module' ? rolesMayOpen(financeOnly.roles, roles) : true);
  const routes = (roles: string[]) => menuItems('AD', roles, entryOf, mayOpen).map((item) => item.route);

  it('leave out a page the roles may not open, and keep it for those that may', () => {
    expect(routes(['ROLE_ADMIN'])).toEqual(['/subject-selection', '/interest-selection']);
    expect(routes(['ROLE_ADMIN_FINANCE'])).toEqual(['/home-module', '/subject-selection', '/interest-selection']);
  });

  it('ask the registry by default: a page without roles is in the menu for anybody', () => {
    expect(mayOpenPath('/home-module', [])).toBe(true);
    expect(menuItems('AD', [], entryOf).map((item) => item.route)).toContain('/home-module');
  });
});

describe('the registry', () => {
  it('declares roles only on pages that need a session (a public route has no roles to read)', () => {
    const publicWithRoles = PAGES.filter((page) => page.roles && page.routes.some((route) => route.layout === 'public'));
    expect(publicWithRoles.map((page) => page.name)).toEqual([]);
  });
});
