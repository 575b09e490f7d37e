// @vitest-environment jsdom
// Conditional fields in the forms (a field shown and required only while another field has a
// value, saved empty while hidden) and a record represented through a reference
// ({code} - {employee_id.name}) where it appears inside another.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RaRecord } from 'react-admin';
import * as incomeTypeModule from '../../src/generated/entities/income_type';
import * as priceListModule from '../../src/generated/entities/price_list';
import * as scheduleModule from '../../src/generated/entities/schedule';
import * as shiftModule from '../../src/generated/entities/shift';
import { loadCatalog } from '../../src/providers/catalogs';
import { writeBody } from '../../src/providers/writeBody';
import type { EntityModule } from '../../src/shared/entityModel';
import { formValidator } from '../../src/views/formValidation';
import { memoryProvider, renderInAdmin, views } from './adminHarness';

afterEach(cleanup);
beforeAll(() => loadCatalog('en'));

const incomeType$ = incomeTypeModule as EntityModule;
const priceList$ = priceListModule as EntityModule;
const schedule$ = scheduleModule as EntityModule;
const shift$ = shiftModule as EntityModule;

describe('a field that applies only while another has a value (income type fine)', () => {
  it('shows the percentage instead of the amount when the fine is a percentage, and requires it in Indonesian', async () => {
    const user = userEvent.setup();
    renderInAdmin(views([incomeType$, 'create']), { at: '/typesofincome/create', modules: [incomeType$] });
    expect(await screen.findByLabelText('Jumlah denda *')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Persentase denda/)).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Denda berupa persentase'));
    const percent = await screen.findByLabelText('Persentase denda *');
    expect(screen.queryByLabelText(/Jumlah denda/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByLabelText('Persentase denda *')).toHaveAccessibleDescription('Kolom ini wajib diisi');
    await user.type(percent, '2');
    expect(screen.getByLabelText('Persentase denda *')).not.toHaveAccessibleDescription('Kolom ini wajib diisi');
  });

  it('saves a hidden field empty, so that what was typed before it was hidden is neither checked nor sent', async () => {
    const validate = formValidator(incomeType$, 'id');
    const values = { is_fine_percent: true, fine_percent: 2, fine_amount: 25000 };
    expect(validate(values).fine_amount).toBeUndefined();
    expect(validate({ ...values, fine_percent: null }).fine_percent).toBe('Kolom ini wajib diisi');
    expect(validate({ is_fine_percent: false }).fine_amount).toBe('Kolom ini wajib diisi');
    const body = await writeBody(incomeType$.entity, { code: 'UKG', ...values });
    expect(body).toMatchObject({ is_fine_percent: true, fine_percent: 2, fine_amount: null });
  });

  it('offers the one reference the priced item names (price list)', async () => {
    const user = userEvent.setup();
    renderInAdmin(views([priceList$, 'create']), { at: '/pricelist/create', modules: [priceList$] });
    expect(await screen.findByLabelText('Ruangan *')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Kendaraan/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Barang yang dihargai *'));
    await user.click(within(await screen.findByRole('listbox')).getByText('Kendaraan'));
    expect(await screen.findByLabelText('Kendaraan *')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Ruangan/)).not.toBeInTheDocument();
  });
});

describe('a show page', () => {
  it('leaves out the fields that do not apply to the record (a vehicle price has no room)', async () => {
    const dataProvider = memoryProvider({
      pricelist: [{ id: 5, version: 1, code: 'BUS-HARI-UMUM', name: 'Sewa Bus', price_group_id: 1, item_type: 'vehicle', vehicle_id: 1, room_id: null, unit: 'day', price: 1800000, valid_from: '2025-07-01', is_active: true }],
      vehicle: [{ id: 1, code: 'BUS-01', name: 'Bus Sekolah' }],
    });
    renderInAdmin(views([priceList$, 'show']), { at: '/pricelist/5/show', modules: [priceList$], dataProvider });
    expect(await screen.findByText('Barang yang dihargai')).toBeInTheDocument();
    // The item type's value and the vehicle's label; no room, facility or equipment.
    expect(screen.getAllByText('Kendaraan')).toHaveLength(2);
    expect(screen.queryByText('Ruangan')).not.toBeInTheDocument();
    expect(screen.queryByText('Fasilitas')).not.toBeInTheDocument();
  });
});

describe('a check that applies only while a condition holds (shift)', () => {
  it('says a day shift must not end before it starts, and lets a night shift do so', () => {
    const validate = formValidator(shift$, 'id');
    const shift = { code: 'MALAM', name: 'Malam', start_time: '22:00', end_time: '06:00', late_tolerance_minutes: 0, is_active: true };
    expect(validate({ ...shift, crosses_midnight: false }).end_time).toBe(
      'Shift tidak boleh selesai sebelum dimulai; aktifkan "Berakhir keesokan hari" untuk shift malam',
    );
    expect(validate({ ...shift, crosses_midnight: true })).toEqual({});
  });
});

describe('a record represented through a reference (teacher: {code} - {employee_id.name})', () => {
  it('shows a schedule’s teacher by code and employee name, from what the teacher answer carries', async () => {
    const dataProvider = memoryProvider({
      schedule: [{ id: 1, version: 1, class_id: 1, day: 'monday', start_time: '07:00', end_time: '08:30', subject_id: 4, teacher_id: 2, room_id: null }],
      teacher: [{ id: 2, version: 1, code: 'BSN', employee_id: 3, 'employee_id.name': 'Budi Santoso' } as RaRecord],
      class: [{ id: 1, name: 'X IPA 1' }],
      subject: [{ id: 4, code: 'FIS', name: 'Fisika' }],
    });
    renderInAdmin(views([schedule$, 'list']), { at: '/schedule', modules: [schedule$], dataProvider });
    expect(await screen.findByText('BSN - Budi Santoso')).toBeInTheDocument();
  });
});
