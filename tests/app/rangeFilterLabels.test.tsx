// @vitest-environment jsdom
// A range filter's two ends are named after the field without doubling a word the label
// already ends with: "Paspor berlaku sampai" filters from "…, paling awal" to "…, paling akhir",
// never "Paspor berlaku sampai sampai".
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as employeeModule from '../../src/generated/entities/employee';
import { loadCatalog } from '../../src/providers/catalogs';
import type { EntityModule } from '../../src/shared/entityModel';
import { memoryProvider, renderInAdmin, views } from './adminHarness';

afterEach(cleanup);
beforeAll(() => loadCatalog('en'));

const employees$ = employeeModule as EntityModule;

describe('range filter labels', () => {
  it.each([
    ['id', 'Tambah saringan', ['Paspor berlaku sampai, paling awal', 'Paspor berlaku sampai, paling akhir'], /\b(sampai|dari) (sampai|dari)\b/],
    ['en', 'Add filter', ['Passport expires, earliest', 'Passport expires, latest'], /\b(from|to|until) (from|to)\b/],
  ] as const)('name both ends without a doubled word (%s)', async (locale, addFilter, ends, doubled) => {
    const user = userEvent.setup();
    renderInAdmin(views([employees$, 'list']), {
      at: '/employee',
      locale,
      modules: [employees$],
      dataProvider: memoryProvider({ employee: [{ id: 1, version: 1, ein: 'E1', employee_name: 'Ani' }] }),
    });
    await screen.findByRole('table', {}, { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: addFilter }, { timeout: 10_000 }));
    const items = (await screen.findAllByRole('menuitemcheckbox', {}, { timeout: 10_000 })).map((item) => item.textContent ?? '');
    expect(items).toEqual(expect.arrayContaining([...ends]));
    expect(items.filter((text) => doubled.test(text))).toEqual([]);
  });
});
