// @vitest-environment jsdom
// The sidebar's links (src/app/frame/MenuLinks.tsx): names, addresses, the open page marked, a click
// opening the page in the app, and the keyboard.
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { MenuLinks } from '../../src/app/frame/MenuLinks';

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

const LINKS = [
  { route: '/class', label: 'Kelas', current: true },
  { route: '/student', label: 'Siswa', current: false },
  { route: '/holidays-detail', label: 'Hari libur', current: false },
];

function renderMenu() {
  return render(
    <MemoryRouter initialEntries={['/class']}>
      <AdminContext store={memoryStore()}>
        <MenuLinks label="Menu utama" links={LINKS} icon={["M5 13.18v4L12 21l7-3.82v-4L12 17z"]} />
        <Where />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the sidebar menu links', () => {
  afterEach(cleanup);

  it('names each entry, links it, and marks the open page', () => {
    renderMenu();
    const menu = screen.getByRole('menu', { name: 'Menu utama' });
    expect(within(menu).getAllByRole('menuitem').map((a) => a.textContent)).toEqual(['Kelas', 'Siswa', 'Hari libur']);
    expect(within(menu).getByRole('menuitem', { name: 'Hari libur' })).toHaveAttribute('href', '/holidays-detail');
    expect(within(menu).getByRole('menuitem', { name: 'Kelas' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('menuitem', { name: 'Kelas' })).toHaveClass('RaMenuItemLink-active');
    expect(within(menu).getByRole('menuitem', { name: 'Siswa' })).not.toHaveAttribute('aria-current');
  });

  it('opens a page in the app on a click, and leaves a modified click to the browser', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Siswa' }));
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/student');
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('menuitem', { name: 'Hari libur' }));
    await user.keyboard('{/Control}');
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/student');
  });

  it('is reached by Tab, entry by entry, and the arrow keys move between entries', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.tab();
    expect(screen.getByRole('menuitem', { name: 'Kelas' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('menuitem', { name: 'Siswa' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Hari libur' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Kelas' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Hari libur' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/holidays-detail');
  });
});
