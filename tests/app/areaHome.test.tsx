// @vitest-environment jsdom
// The home of a booking user says who is logged in: the user name is named as such, so a login
// like "booking" does not read as a raw code of the login kind. (The parent's and the student's
// homes are the portals', tests/e2e/portals.e2e.ts.)

import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/providers/catalogs';
import { renderShell } from './shellHarness';

afterEach(cleanup);
beforeAll(() => loadCatalog('en'));

describe('the area home', () => {
  it.each([
    ['id', 'Masuk sebagai Bagus Prasetyo (nama pengguna: booking), Pemesanan.'],
    ['en', 'Logged in as Bagus Prasetyo (user name: booking), Booking.'],
  ] as const)('names the user name as a user name (%s)', async (locale, text) => {
    renderShell('/booking/home', {
      stored: { locale, token: 't', loginAs: 'booking', user: '{"id":5,"username":"booking","name":"Bagus Prasetyo"}', roles: 'ROLE_BOOKING' },
    });
    expect(await screen.findByText(text, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
