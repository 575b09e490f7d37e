// Conditional fields and checks (requiredWhen, allowedWhen, when), pinned lookups (where) and
// represent through a reference, on the server with the demo data: each rule refuses with 422
// and its message under the field, and lets a fitting record through.

import { describe, expect, it } from 'vitest';
import { entities } from '../../src/generated/all';
import { writableFields } from '../../src/shared/entityModel';
import { fileServer } from './harness';

const server = fileServer({ demoData: true });

/** A stored record's writable fields, changed: a create body of another record like it. */
async function copyOf(entityName: string, id: number, changes: Record<string, unknown>, as = 'admin'): Promise<Record<string, unknown>> {
  const entity = entities.find((e) => e.name === entityName)!;
  const stored = (await server.call('GET', `/api/v1/${entity.endpoint}/${id}`, { as })).json.data;
  const body: Record<string, unknown> = {};
  for (const field of writableFields(entity)) if (stored[field.name] !== undefined) body[field.name] = stored[field.name];
  return { ...body, ...changes };
}

describe('requiredWhen and allowedWhen (income type: the fine is rupiah or a percentage)', () => {
  it('requires the percentage when the fine is a percentage, and refuses an amount then', async () => {
    const body = await copyOf('income_type', 1, { code: 'SPP-P', name: 'SPP persen', is_fine_percent: true, fine_percent: null }, 'adminfinance');
    const refused = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.messages.fine_percent).toEqual(['Kolom ini wajib diisi']);
    expect(refused.json.messages.fine_amount).toEqual(['Kolom ini tidak berlaku karena isian "Denda berupa persentase"; kosongkan']);

    const english = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body, headers: { 'accept-language': 'en' } });
    expect(english.json.messages.fine_amount).toEqual(['This field does not apply because of "Fine is a percentage"; leave it empty']);

    const created = await server.call('POST', '/api/v1/income-type', {
      as: 'adminfinance',
      body: { ...body, fine_percent: 2.5, fine_amount: null, max_fine: null },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({ is_fine_percent: true, fine_percent: 2.5, fine_amount: null });
  });

  it('requires the amount when the fine is rupiah, also when the flag is left to its default', async () => {
    const { is_fine_percent: _, ...body } = await copyOf('income_type', 1, { code: 'SPP-R', name: 'SPP rupiah', fine_amount: null, max_fine: null }, 'adminfinance');
    const refused = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.messages).toEqual({ fine_amount: ['Kolom ini wajib diisi'] });
    const created = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body: { ...body, fine_amount: 0 } });
    expect(created.status, created.text).toBe(201);
  });

  it('checks an update over the stored record: turning the percentage on needs the percentage and leaves no amount', async () => {
    const stored = (await server.call('GET', '/api/v1/income-type/1', { as: 'adminfinance' })).json.data;
    expect(stored.fine_amount).toBe(25000);
    // A body that leaves both fine fields out: the stored amount (and no percentage) count.
    const { fine_amount: _a, fine_percent: _p, ...rest } = await copyOf('income_type', 1, { is_fine_percent: true }, 'adminfinance');
    const partial = await server.call('PUT', '/api/v1/income-type/1', { as: 'adminfinance', body: { ...rest, version: stored.version } });
    expect(partial.status, partial.text).toBe(422);
    expect(Object.keys(partial.json.messages).sort()).toEqual(['fine_amount', 'fine_percent']);

    const saved = await server.call('PUT', '/api/v1/income-type/1', {
      as: 'adminfinance',
      body: { ...rest, fine_percent: 1.5, fine_amount: null, max_fine: null, version: stored.version },
    });
    expect(saved.status, saved.text).toBe(200);
    // A later edit that leaves the amount out keeps the fine as saved.
    const { fine_amount: _b, ...untouched } = await copyOf('income_type', 1, { name: 'SPP Bulanan' }, 'adminfinance');
    const renamed = await server.call('PUT', '/api/v1/income-type/1', { as: 'adminfinance', body: { ...untouched, version: saved.json.data.version } });
    expect(renamed.status, renamed.text).toBe(200);
  });
});

describe('income type: the recurrence only when recurring, the tenor only with installments (issue 16)', () => {
  it('refuses a period, interval and count on a one-off type and requires the period of a recurring one', async () => {
    // UPK: one-off, in installments (max tenor 6).
    const oneOff = await copyOf('income_type', 2, { code: 'UPK-2', name: 'Uang pangkal 2', period: 'month', interval: 1, times: 12 }, 'adminfinance');
    const refused = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body: oneOff, headers: { 'accept-language': 'en' } });
    expect(refused.status, refused.text).toBe(422);
    const notApplicable = ['This field does not apply because of "Recurring"; leave it empty'];
    expect(refused.json.messages).toEqual({ period: notApplicable, interval: notApplicable, times: notApplicable });

    const recurring = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body: { ...oneOff, is_recurring: true, period: null } });
    expect(recurring.status, recurring.text).toBe(422);
    expect(recurring.json.messages).toEqual({ period: ['Kolom ini wajib diisi'] });
    const created = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body: { ...oneOff, is_recurring: true } });
    expect(created.status, created.text).toBe(201);
  });

  it('requires the maximum tenor while installments are allowed and refuses it otherwise', async () => {
    const body = await copyOf('income_type', 2, { code: 'UPK-3', name: 'Uang pangkal 3', max_installment_tenor: null }, 'adminfinance');
    const missing = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body });
    expect(missing.status, missing.text).toBe(422);
    expect(missing.json.messages).toEqual({ max_installment_tenor: ['Kolom ini wajib diisi'] });
    const single = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body: { ...body, is_installment: false, max_installment_tenor: 3 } });
    expect(single.status, single.text).toBe(422);
    expect(single.json.messages).toEqual({ max_installment_tenor: ['Kolom ini tidak berlaku karena isian "Dapat dicicil"; kosongkan'] });
    const created = await server.call('POST', '/api/v1/income-type', { as: 'adminfinance', body: { ...body, is_installment: false } });
    expect(created.status, created.text).toBe(201);
  });
});

describe('exactly the reference item_type names (price list)', () => {
  it('requires the vehicle of a vehicle price and refuses a room with it', async () => {
    const body = await copyOf('price_list', 1, { code: 'BUS-JAM', name: 'Bus per jam', item_type: 'vehicle' });
    const refused = await server.call('POST', '/api/v1/price-list', { as: 'admin', body, headers: { 'accept-language': 'en' } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.messages).toEqual({
      vehicle_id: ['This field is required'],
      room_id: ['This field does not apply because of "Priced item"; leave it empty'],
    });
    const created = await server.call('POST', '/api/v1/price-list', { as: 'admin', body: { ...body, room_id: null, vehicle_id: 1 } });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({ item_type: 'vehicle', vehicle_id: 1, room_id: null });
  });
});

describe('a check that applies only when a condition holds (shift: unless it crosses midnight)', () => {
  it('refuses a day shift that ends before it starts, and accepts it as a night shift', async () => {
    const night = { code: 'MALAM-2', name: 'Satpam Malam 2', start_time: '21:00', end_time: '05:00', late_tolerance_minutes: 5, is_active: true };
    const refused = await server.call('POST', '/api/v1/shift', { as: 'admin', body: { ...night, crosses_midnight: false } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.messages).toEqual({ end_time: ['Shift tidak boleh selesai sebelum dimulai; aktifkan "Berakhir keesokan hari" untuk shift malam'] });
    // Left out, crosses_midnight is its default (false): the check applies.
    expect((await server.call('POST', '/api/v1/shift', { as: 'admin', body: night })).status).toBe(422);
    const created = await server.call('POST', '/api/v1/shift', { as: 'admin', body: { ...night, crosses_midnight: true } });
    expect(created.status, created.text).toBe(201);
    // Turning the flag off later brings the check back.
    const off = await server.call('PUT', `/api/v1/shift/${created.json.data.id}`, {
      as: 'admin',
      body: { ...(await copyOf('shift', created.json.data.id, { crosses_midnight: false })), version: 1 },
    });
    expect(off.status, off.text).toBe(422);
    expect(Object.keys(off.json.messages)).toEqual(['end_time']);
  });
});

describe('a lookup pinned to a value (where)', () => {
  it('answers the payment journal types only, and takes no category filter', async () => {
    for (const name of ['journaltypepayment', 'journaltype-parent']) {
      const answer = await server.call('GET', `/api/v1/${name}`, { as: 'finance' });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data.map((r: { code: string }) => r.code)).toEqual(['KAS', 'VA-BCA', 'VA-MDR']);
      expect(answer.json.data.every((r: { category: string }) => r.category === 'payment')).toBe(true);
    }
    expect((await server.call('GET', '/api/v1/journaltypepayment?category=invoice', { as: 'finance' })).status).toBe(400);
    const all = await server.call('GET', '/api/v1/journaltype', { as: 'finance' });
    expect(all.json.data.length).toBeGreaterThan(3);
  });

  it('answers the course price groups only', async () => {
    const answer = await server.call('GET', '/api/v1/course-work-price-group', { as: 'admin' });
    expect(answer.json.data.map((r: { code: string }) => r.code).sort()).toEqual(['KRS-PRV', 'KRS-REG']);
  });
});

describe('represent through a reference (teacher: {code} - {employee_id.name})', () => {
  it('carries the employee name with every teacher of a list answer, also to a teacher who cannot read employees', async () => {
    // What react-admin asks when a schedule list shows its teachers: one call for the page's teachers.
    const many = await server.call('GET', '/api/v1/teacher?ids=2,3', { as: 'teacher' });
    expect(many.status, many.text).toBe(200);
    expect(many.json.data.map((t: Record<string, unknown>) => [t.code, t['employee_id.name']])).toEqual([
      ['BSN', 'Budi Santoso'],
      ['DLS', 'Dewi Lestari'],
    ]);
    // Only the named field of the employee comes along.
    expect(Object.keys(many.json.data[0]).filter((k) => k.includes('.'))).toEqual(['employee_id.name']);
    const one = await server.call('GET', '/api/v1/teacher/2', { as: 'teacher' });
    expect(one.json.data['employee_id.name']).toBe('Budi Santoso');
  });

  it('labels the teacher lookup with the employee name and finds a teacher by it', async () => {
    const lookup = await server.call('GET', '/api/v1/teacher', { as: 'teacher' });
    expect(lookup.json.data.find((t: { code: string }) => t.code === 'BSN').employee_name).toBe('Budi Santoso');
    // The picker's search: q looks in the code and, through the reference, the employee's name.
    const found = await server.call('GET', '/api/v1/teacher?page=1&q=budi', { as: 'teacher' });
    expect(found.status, found.text).toBe(200);
    expect(found.json.data.map((t: { code: string }) => t.code)).toEqual(['BSN']);
    const byCode = await server.call('GET', '/api/v1/teacher?page=1&q=DLS', { as: 'teacher' });
    expect(byCode.json.data.map((t: { code: string }) => t.code)).toEqual(['DLS']);
  });
});
