// @vitest-environment jsdom
// The schema format's newer features in the app: settings pages (singletons), a parent's
// detail sections, trees shown as paths, and write-only secrets.
import '@testing-library/jest-dom/vitest';
import { isValidElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { HttpError, ResourceContextProvider, type AuthProvider, type DataProvider, type RaRecord } from 'react-admin';
import * as coaCategoryModule from '../../src/generated/entities/coa_category';
import * as holidayModule from '../../src/generated/entities/holiday';
import * as holidayDetailModule from '../../src/generated/entities/holiday_detail';
import * as hrPositionModule from '../../src/generated/entities/hr_position';
import * as positionModule from '../../src/generated/entities/position';
import * as settingEmailModule from '../../src/generated/entities/setting_email';
import * as settingSchoolModule from '../../src/generated/entities/setting_school';
import * as usersModule from '../../src/generated/entities/users';
import { resources } from '../../src/generated/allEntries';
import { createEntityLoader } from '../../src/app/entityLoader';
import { Menu } from '../../src/app/Menu';
import { createResourceFactory } from '../../src/app/resourceFromEntry';
import { loadCatalog } from '../../src/providers/catalogs';
import { createDataProvider } from '../../src/providers/dataProvider';
import type { HttpRequest } from '../../src/providers/httpClient';
import type { EntityModule, Locale } from '../../src/shared/entityModel';
import { ADMIN, entryOf, memoryProvider, renderInAdmin, views } from './adminHarness';
import { fakeHttp } from './fakeHttp';
import { lookupIn } from './knownEntries';

afterEach(cleanup);
beforeAll(() => loadCatalog('en'));

const coaCategory$ = coaCategoryModule as EntityModule;
const holiday$ = holidayModule as EntityModule;
const holidayDetail$ = holidayDetailModule as EntityModule;
const position$ = positionModule as EntityModule;
const hrPosition$ = hrPositionModule as EntityModule;
const settingSchool$ = settingSchoolModule as EntityModule;
const settingEmail$ = settingEmailModule as EntityModule;
const users$ = usersModule as EntityModule;

/** A singleton's page as the app mounts it: the registry entry's one view at its route, loaded on demand. */
function settingsPage(resource: string, roles: readonly string[] = ADMIN) {
  const entry = entryOf(resource);
  const { list } = createResourceFactory(createEntityLoader({ addEntity: () => undefined }))(entry, roles);
  if (!isValidElement(list)) throw new Error(`no page for ${resource}`);
  return (
    <Routes>
      <Route path={`/${entry.resource}`} element={<ResourceContextProvider value={entry.resource}>{list}</ResourceContextProvider>} />
    </Routes>
  );
}

/** The v1 API of one singleton over a fake HTTP client, with the app's real data provider. */
/** A settings record's calls, and apart from them the history reads the page makes under the form. */
function singletonApi(endpoint: string, record: RaRecord) {
  let stored = { ...record };
  const calls: { url: string; request: HttpRequest }[] = [];
  const historyReads: string[] = [];
  const http = fakeHttp((url, request: HttpRequest) => {
    if (url === `/api/v1/${endpoint}/singleton/history`) {
      historyReads.push(url);
      return { json: { success: true, data: [] } };
    }
    calls.push({ url, request });
    if (url !== `/api/v1/${endpoint}`) throw new HttpError('Not found', 404, {});
    if (request.method === 'PUT') {
      const body = request.body as Record<string, unknown>;
      if (body.version !== stored.version) throw new HttpError('Orang lain telah mengubah data ini', 409, {});
      stored = { ...stored, ...body, version: stored.version + 1 };
      return { json: { success: true, message: 'Tersimpan', data: stored } };
    }
    return { json: { success: true, data: stored } };
  });
  return { ...http, calls, historyReads, dataProvider: createDataProvider('/api/v1', http.client, lookupIn(resources)) };
}

const school = {
  id: 1,
  version: 1,
  school_name: 'Yayasan Pendidikan Harapan Bangsa',
  tax_no: '01.234.567.8-016.000',
  address: 'Jl. Fatmawati Raya No. 25, Jakarta Selatan',
  logo: null,
};

describe('a settings page (singleton)', () => {
  it.each([
    ['id', 'Nama sekolah *', 'Simpan', 'Data berhasil diperbarui', 'Pengaturan tagihan'],
    ['en', 'School name *', 'Save', 'Element updated', 'Invoice settings'],
  ] as const)('shows its one record’s form at its route and saves it in place (%s)', async (locale, label, save, saved, title) => {
    const user = userEvent.setup();
    const { calls, historyReads, dataProvider } = singletonApi('setting-school', school);
    renderInAdmin(settingsPage('settingschool'), { at: '/settingschool', locale, dataProvider, modules: [settingSchool$] });
    const name = await screen.findByLabelText(label);
    expect(name).toHaveValue('Yayasan Pendidikan Harapan Bangsa');
    expect(calls[0].url).toBe('/api/v1/setting-school');
    // Its history is read under the form, at the one record's path.
    await waitFor(() => expect(historyReads).toContain('/api/v1/setting-school/singleton/history'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: locale === 'id' ? 'Hapus' : 'Delete' })).not.toBeInTheDocument();
    expect(document.getElementById('react-admin-title')).toHaveTextContent(title);

    await user.clear(name);
    await user.type(name, 'Yayasan Harapan Bangsa');
    await user.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(saved)).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      url: '/api/v1/setting-school',
      request: { method: 'PUT', body: { school_name: 'Yayasan Harapan Bangsa', address: school.address, version: 1 } },
    });
    // Still the same page, now at the saved version: a second save is not refused as stale.
    expect(screen.getByLabelText(label)).toHaveValue('Yayasan Harapan Bangsa');
    await user.type(screen.getByLabelText(label), ' Jakarta');
    await user.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(calls[2]?.request.body).toMatchObject({ school_name: 'Yayasan Harapan Bangsa Jakarta', version: 2 }));
  });

  it('checks the form before saving, and shows the server’s message under its field', async () => {
    const user = userEvent.setup();
    const update = async () => {
      throw new HttpError('Beberapa kolom tidak valid', 422, { errors: { address: 'Alamat ini ditolak server' } });
    };
    const dataProvider = memoryProvider({ settingschool: [{ ...school, id: 'singleton' }] }, { update });
    renderInAdmin(settingsPage('settingschool'), { at: '/settingschool', dataProvider, modules: [settingSchool$] });
    const tax = await screen.findByLabelText('NPWP');
    await user.clear(tax);
    await user.type(tax, '12-34');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByLabelText('NPWP')).toHaveAccessibleDescription('Tulis 99.999.999.9-999.999, atau 15 atau 16 angka');
    await user.clear(tax);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByLabelText('Alamat *')).toHaveAccessibleDescription('Alamat ini ditolak server');
  });

  it('is not offered to a role that may not read it', () => {
    const { list } = createResourceFactory(createEntityLoader({ addEntity: () => undefined }))(entryOf('settingschool'), ['ROLE_TEACHER']);
    expect(list).toBeUndefined();
  });
});

describe('a write-only field (a password)', () => {
  const email = { id: 1, version: 4, smtp_host: 'smtp.gmail.com', smtp_port: 587, encryption: 'starttls', smtp_user: 'keuangan', sender_name: 'Keuangan', sender_email: 'keuangan@sekolah.sch.id' };

  it.each([
    ['id', 'Kata sandi SMTP', 'Kosongkan untuk tetap memakai nilai yang tersimpan', 'Simpan'],
    ['en', 'SMTP password', 'Leave empty to keep the stored value', 'Save'],
  ] as const)('is an empty password input on edit, left out of the saved body while empty (%s)', async (locale, label, help, save) => {
    const user = userEvent.setup();
    const { calls, dataProvider } = singletonApi('setting-email', email);
    renderInAdmin(settingsPage('settingemail'), { at: '/settingemail', locale, dataProvider, modules: [settingEmail$] });
    const password = await screen.findByLabelText(label);
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription(help);
    expect(password).not.toBeRequired();

    const user$ = screen.getByLabelText(locale === 'id' ? 'Pengguna SMTP' : 'SMTP user');
    await user.clear(user$);
    await user.type(user$, 'keuangan@sekolah.sch.id');
    await user.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(calls[1]?.request.method).toBe('PUT'));
    expect(calls[1].request.body).not.toHaveProperty('smtp_password');
    expect(calls[1].request.body).toMatchObject({ smtp_user: 'keuangan@sekolah.sch.id', version: 4 });

    await user.type(screen.getByLabelText(label), 'rahasia-baru');
    await user.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(calls[2]?.request.body).toMatchObject({ smtp_password: 'rahasia-baru', version: 5 }));
  });

  it('is never shown, even if an answer carried it', async () => {
    const leaked = { ...email, smtp_password: 'bocor' };
    const provider = memoryProvider({ settingemail: [leaked] });
    renderInAdmin(views([settingEmail$, 'list']), { at: '/settingemail', dataProvider: provider, modules: [settingEmail$] });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('smtp.gmail.com')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Kata sandi SMTP' })).not.toBeInTheDocument();
    expect(screen.queryByText('bocor')).not.toBeInTheDocument();
    cleanup();
    renderInAdmin(views([settingEmail$, 'edit']), { at: '/settingemail/1', dataProvider: provider, modules: [settingEmail$] });
    expect(await screen.findByLabelText('Kata sandi SMTP')).toHaveValue('');
  });
});

describe('a password field (a user’s login)', () => {
  const admin = { id: 1, version: 2, username: 'admin', name: 'Admin Demo', email: null, employee_id: null, is_active: true };

  it.each([
    ['id', 'Kata sandi', 'Kosongkan untuk tetap memakai kata sandi saat ini', 'Simpan', 'Minimal 8 karakter'],
    ['en', 'Password', 'Leave blank to keep the current password', 'Save', 'Must be at least 8 characters'],
  ] as const)('is a new-password input, kept on edit while blank, at least minLength when typed (%s)', async (locale, label, help, save, tooShort) => {
    const user = userEvent.setup();
    const updates: Array<Record<string, unknown>> = [];
    const provider = memoryProvider({ users: [admin], 'role-user': [] }, {
      update: (async (_resource: string, { data }: { data: Record<string, unknown> }) => {
        updates.push(data);
        return { data: { ...admin, ...data, version: admin.version + updates.length } };
      }) as DataProvider['update'],
    });
    renderInAdmin(views([users$, 'edit']), { at: '/users/1', locale, dataProvider: provider, modules: [users$] });
    const password = await screen.findByLabelText(label);
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(help);
    expect(password).not.toBeRequired();

    // Too short: refused in the form, before any request.
    await user.type(password, 'pendek');
    await user.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByLabelText(label)).toHaveAccessibleDescription(tooShort);
    expect(updates).toEqual([]);

    // Blank: saved without a password (the data provider leaves the empty secret out).
    await user.clear(password);
    await user.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].password ?? '').toBe('');
  });

  it('is required on create, and never a list column', async () => {
    renderInAdmin(views([users$, 'create']), { at: '/users/create', dataProvider: memoryProvider({}), modules: [users$] });
    const password = await screen.findByLabelText('Kata sandi *');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription('Minimal 8 karakter');
    cleanup();
    renderInAdmin(views([users$, 'list']), { at: '/users', dataProvider: memoryProvider({ users: [{ ...admin, password: 'bocor' }] }), modules: [users$] });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Admin Demo')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Kata sandi' })).not.toBeInTheDocument();
    expect(screen.queryByText('bocor')).not.toBeInTheDocument();
  });
});

describe('a parent with details (holiday list → holidays)', () => {
  const lists: Record<string, RaRecord[]> = {
    holidays: [
      { id: 1, version: 1, description: 'Libur Nasional 2026', is_active: true },
      { id: 2, version: 1, description: 'Libur Sekolah 2026', is_active: true },
    ],
    'holidays-detail': [
      { id: 11, version: 1, holiday_id: 1, description: 'Tahun Baru Masehi', start_date: '2026-01-01', end_date: '2026-01-01', year: 2026 },
      { id: 12, version: 1, holiday_id: 1, description: 'Hari Raya Idul Fitri', start_date: '2026-03-20', end_date: '2026-03-21', year: 2026 },
      { id: 13, version: 1, holiday_id: 2, description: 'Libur Semester Genap', start_date: '2026-06-22', end_date: '2026-07-10', year: 2026 },
    ],
  };
  const pages = () => views([holiday$, 'show'], [holiday$, 'edit'], [holidayDetail$, 'create'], [holidayDetail$, 'edit']);

  it.each([
    ['id', 'Hari libur', ['Deskripsi', 'Tanggal mulai', 'Tanggal selesai', 'Tahun']],
    ['en', 'Holidays', ['Description', 'Start date', 'End date', 'Year']],
  ] as const)('lists its details under its show page, without the parent column (%s)', async (locale, section, headers) => {
    renderInAdmin(pages(), { at: '/holidays/1/show', locale, dataProvider: memoryProvider(lists), modules: [holiday$] });
    const region = await screen.findByRole('region', { name: section });
    expect(await within(region).findByText('Tahun Baru Masehi')).toBeInTheDocument();
    expect(within(region).getByText('Hari Raya Idul Fitri')).toBeInTheDocument();
    expect(within(region).queryByText('Libur Semester Genap')).not.toBeInTheDocument();
    // A year reads as a year, without a thousands separator.
    expect(within(region).getAllByText('2026')).toHaveLength(2);
    const shown = within(region)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim())
      .filter(Boolean);
    expect(shown).toEqual(headers);
  });

  it('adds a detail with the parent set and locked, and comes back to the parent', async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    const dataProvider = memoryProvider(lists, {
      create: (async (_resource: string, { data }: { data: RaRecord }) => {
        created.push(data);
        return { data: { ...data, id: 14 } };
      }) as DataProvider['create'],
    });
    renderInAdmin(pages(), { at: '/holidays/1/show', dataProvider, modules: [holiday$, holidayDetail$] });
    const region = await screen.findByRole('region', { name: 'Hari libur' });
    await user.click(within(region).getByRole('link', { name: 'Tambah' }));

    const parent = await screen.findByLabelText('Daftar hari libur *');
    await waitFor(() => expect(parent).toHaveValue('Libur Nasional 2026'));
    expect(parent).toBeDisabled();
    await user.type(screen.getByLabelText('Deskripsi *'), 'Hari Raya Nyepi');
    fireEvent.change(screen.getByLabelText('Tanggal mulai *'), { target: { value: '2026-03-19' } });
    fireEvent.change(screen.getByLabelText('Tanggal selesai *'), { target: { value: '2026-03-19' } });
    await user.type(screen.getByLabelText('Tahun *'), '2026');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ holiday_id: 1, description: 'Hari Raya Nyepi', start_date: '2026-03-19', year: 2026 });
    // Back on the holiday list's page.
    expect(await screen.findByRole('region', { name: 'Hari libur' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Deskripsi *')).not.toBeInTheDocument();
  });

  it('edits and deletes a detail from its row (delete after a confirmation), on the parent’s edit page too', async () => {
    const user = userEvent.setup();
    const deleted: unknown[] = [];
    const memory = memoryProvider(lists);
    const dataProvider: DataProvider = {
      ...memory,
      delete: (resource, params) => {
        deleted.push(params.id);
        return memory.delete(resource, params);
      },
    };
    renderInAdmin(pages(), { at: '/holidays/1', dataProvider, modules: [holiday$, holidayDetail$] });
    expect(await screen.findByLabelText('Deskripsi *')).toHaveValue('Libur Nasional 2026');
    const region = await screen.findByRole('region', { name: 'Hari libur' });
    const row = (await within(region).findByText('Hari Raya Idul Fitri')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Hapus' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() => expect(deleted).toEqual([12]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(region).queryByText('Hari Raya Idul Fitri')).not.toBeInTheDocument();

    const first = within(region).getByText('Tahun Baru Masehi').closest('tr')!;
    await user.click(within(first).getByRole('link', { name: 'Ubah' }));
    const description = await screen.findByDisplayValue('Tahun Baru Masehi');
    expect(screen.getByLabelText('Daftar hari libur *')).toBeDisabled();
    await user.clear(description);
    await user.type(description, 'Tahun Baru 2026');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    // Saved, and back on the page it was opened from.
    expect(await screen.findByRole('region', { name: 'Hari libur' })).toBeInTheDocument();
    expect(screen.getByLabelText('Deskripsi *')).toHaveValue('Libur Nasional 2026');
  });
});

describe('a tree (positions)', () => {
  const positions: RaRecord[] = [
    { id: 1, version: 1, name: 'Yayasan', parent_id: null, tree_path: ['Yayasan'] },
    { id: 3, version: 1, name: 'Kepala Sekolah', parent_id: 1, tree_path: ['Yayasan', 'Kepala Sekolah'] },
    { id: 4, version: 1, name: 'Guru', parent_id: 3, tree_path: ['Yayasan', 'Kepala Sekolah', 'Guru'] },
  ];

  it.each(['id', 'en'] as Locale[])('shows each record as its path from the root, and its parent by name with its path on hover (%s)', async (locale) => {
    renderInAdmin(views([position$, 'list']), { at: '/position', locale, dataProvider: memoryProvider({ position: positions }), modules: [position$] });
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('Guru')).closest('tr')!;
    // (the check box), name, reports to, description: a reference in a cell is the record's own
    // name (a path in every row wrapped the employees' cells to three lines), its path the tooltip.
    await waitFor(() =>
      expect(within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent)).toEqual([
        'Yayasan › Kepala Sekolah › Guru',
        'Kepala Sekolah',
        '',
      ]),
    );
    expect(within(row).getByText('Kepala Sekolah', { selector: 'a' })).toHaveAttribute('title', 'Yayasan › Kepala Sekolah');
  });

  it('keeps a templated tree’s own columns, its paths in the parent column (account categories)', async () => {
    const categories: RaRecord[] = [
      { id: 1, version: 1, code: '1', name: 'Aset', parent_id: null, normal_balance: 'debit', tree_path: ['1 - Aset'] },
      { id: 2, version: 1, code: '1-1', name: 'Aset Lancar', parent_id: 1, normal_balance: 'debit', tree_path: ['1 - Aset', '1-1 - Aset Lancar'] },
      { id: 3, version: 1, code: '1-1-1', name: 'Kas', parent_id: 2, normal_balance: 'debit', tree_path: ['1 - Aset', '1-1 - Aset Lancar', '1-1-1 - Kas'] },
    ];
    renderInAdmin(views([coaCategory$, 'list']), { at: '/coacategory', dataProvider: memoryProvider({ coacategory: categories }), modules: [coaCategory$] });
    const row = (await screen.findByText('Kas')).closest('tr')!;
    // (the check box), code, name, parent, normal balance, description
    await waitFor(() =>
      expect(within(row).getAllByRole('cell').slice(1, 4).map((cell) => cell.textContent)).toEqual(['1-1-1', 'Kas', '1-1 - Aset Lancar']),
    );
    expect(within(row).getByText('1-1 - Aset Lancar')).toHaveAttribute('title', '1 - Aset › 1-1 - Aset Lancar');
  });

  it('titles a record’s page with its path', async () => {
    renderInAdmin(views([position$, 'show']), { at: '/position/4/show', dataProvider: memoryProvider({ position: positions }), modules: [position$] });
    await waitFor(() => expect(document.getElementById('react-admin-title')).toHaveTextContent('Jabatan Yayasan › Kepala Sekolah › Guru'));
  });

  it('offers the records of a tree as paths in a reference input', async () => {
    const user = userEvent.setup();
    renderInAdmin(views([hrPosition$, 'create']), { at: '/hrposition/create', dataProvider: memoryProvider({ position: positions }), modules: [hrPosition$] });
    await user.click(await screen.findByLabelText('Jabatan *'));
    expect(await screen.findByRole('option', { name: 'Yayasan › Kepala Sekolah › Guru' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Yayasan › Kepala Sekolah' }));
    expect(screen.getByLabelText('Jabatan *')).toHaveValue('Yayasan › Kepala Sekolah');
  });
});

describe('the menu with the whole catalogue', () => {
  const admin: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ADMIN,
  };

  it('shows the active module’s menu: its settings pages, and its detail tables too (every table an admin changes is in a menu)', async () => {
    localStorage.setItem('activeModule', 'ACA');
    renderInAdmin(<Menu />, { at: '/settingschool', authProvider: admin });
    const menu = await screen.findByRole('menu', { name: 'Menu utama' });
    expect(await within(menu).findByRole('menuitem', { name: 'Kelas' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Daftar hari libur' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Modul' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Hari libur' })).toHaveAttribute('href', '/holidays-detail');
    // Another module's page is not in this menu.
    expect(within(menu).queryByRole('menuitem', { name: 'Pengaturan tagihan' })).not.toBeInTheDocument();
    localStorage.removeItem('activeModule');
  });
});
