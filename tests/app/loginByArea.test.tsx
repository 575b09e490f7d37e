// @vitest-environment jsdom
// A deep link into an area in a new browser (nothing stored): the guard sends the visitor to
// the login of the page's area, not the staff one, and that login links to the others. In a
// file of its own: a second visitor sent to a login in the same file finds a blank page.

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderShell } from './shellHarness';

afterEach(cleanup);

describe('the login of the page’s area', () => {
  it('sends a visitor of a new browser (nothing stored) to the login of the page’s area; each login links to the others', async () => {
    const { where } = renderShell('/student/schedule', { stored: {} });
    await waitFor(() => expect(where()).toBe('/login-student?to=%2Fstudent%2Fschedule'), { timeout: 10_000 });
    await screen.findByRole('heading', { name: 'Masuk siswa' });
    const others = screen.getByRole('navigation', { name: 'Halaman masuk lainnya' });
    const links = within(others).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Masuk staf', 'Masuk orang tua', 'Masuk pemesanan']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['/login', '/login-parent', '/login-booking'].map((path) => `${path}?to=%2Fstudent%2Fschedule`),
    );
  });

});
