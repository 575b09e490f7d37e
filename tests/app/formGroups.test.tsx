// @vitest-environment jsdom
// Form sections and tabs declared in the schema (issue 16): the income type's form in titled
// sections, the employee's in tabs that keep every input mounted, and a show page in groups.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as employeeModule from '../../src/generated/entities/employee';
import * as incomeTypeModule from '../../src/generated/entities/income_type';
import { loadCatalog } from '../../src/providers/catalogs';
import type { EntityModule } from '../../src/shared/entityModel';
import { memoryProvider, renderInAdmin, views } from './adminHarness';

afterEach(cleanup);
// The two long forms (25 and 39 inputs) render slowly in jsdom on a busy machine.
const LONG = { timeout: 90_000 };
beforeAll(() => loadCatalog('en'));

const incomeType$ = incomeTypeModule as EntityModule;
const employee$ = employeeModule as EntityModule;

describe('a form in sections', () => {
  it('puts each field under its section title, the recurrence fields appearing with Recurring', LONG, async () => {
    const user = userEvent.setup();
    renderInAdmin(views([incomeType$, 'create']), { at: '/typesofincome/create', modules: [incomeType$] });
    const recurrence = await screen.findByRole('region', { name: 'Perulangan' });
    expect(within(recurrence).queryByLabelText(/^Periode/)).not.toBeInTheDocument();
    await user.click(within(recurrence).getByLabelText('Berulang'));
    expect(await within(recurrence).findByLabelText('Periode *')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Akun' })).getByLabelText('Akun kas *')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Umum' })).toHaveTextContent('Kode');
  });
});

describe('a form in tabs', () => {
  it('shows one tab at a time and marks the tab of a refused field', LONG, async () => {
    const user = userEvent.setup();
    renderInAdmin(views([employee$, 'create']), { at: '/employee/create', modules: [employee$] });
    const work = await screen.findByRole('tab', { name: 'Pekerjaan' });
    expect(screen.getByRole('tab', { name: 'Identitas' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Jabatan/)).not.toBeVisible();
    await user.click(work);
    expect(screen.getByLabelText(/^Jabatan/)).toBeVisible();
    // Saving from the Work tab with the identity's required fields empty marks the Identity tab.
    await user.click(screen.getByLabelText('Pensiun'));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByRole('tab', { name: 'Identitas ⚠' })).toBeInTheDocument();
  });
});

describe('a show page in groups', () => {
  it('shows the fields under the group titles', async () => {
    const dataProvider = memoryProvider({
      typesofincome: [{ id: 1, version: 1, code: 'SPP', name: 'SPP SMA', priority: 1, is_recurring: true, period: 'month', interval: 1, times: 12, is_installment: false, is_fine_percent: false, fine_amount: 25000, is_active: true, is_automatic: true }],
    });
    renderInAdmin(views([incomeType$, 'show']), { at: '/typesofincome/1/show', modules: [incomeType$], dataProvider });
    expect(await screen.findByRole('heading', { name: 'Perulangan' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Denda' })).toBeInTheDocument();
    expect(await screen.findByText('SPP SMA')).toBeInTheDocument();
  });
});
