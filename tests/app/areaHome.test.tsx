// @vitest-environment jsdom
// The home of a student, parent or booking user says who is logged in: the user name is
// named as such, so a login like "student" does not read as a raw code of the login kind.

import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/providers/catalogs';
import { renderShell } from './shellHarness';

afterEach(cleanup);
beforeAll(() => loadCatalog('en'));

describe('the area home', () => {
  it.each([
    ['id', 'Masuk sebagai Siti Rahmawati (nama pengguna: student), Siswa.'],
    ['en', 'Logged in as Siti Rahmawati (user name: student), Student.'],
  ] as const)('names the user name as a user name (%s)', async (locale, text) => {
    renderShell('/student/home', {
      stored: { locale, token: 't', loginAs: 'student', user: '{"id":1,"username":"student","name":"Siti Rahmawati"}', roles: 'ROLE_STUDENT' },
    });
    expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
