// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type DataProvider, type RaRecord } from 'react-admin';
import * as classModule from '../../src/generated/entities/class';
import * as incomeTypeModule from '../../src/generated/entities/income_type';
import * as academicYearModule from '../../src/generated/entities/academic_year';
import { loadCatalog } from '../../src/providers/catalogs';
import type { EntityModule } from '../../src/shared/entityModel';
import { renderInAdmin as render$, views, type RenderOptions } from './adminHarness';

afterEach(cleanup);
// The app fetches the English catalog before its first render when English is stored (src/main.tsx).
beforeAll(() => loadCatalog('en'));

/** Records of the referenced tables, by resource. */
const related: Record<string, RaRecord[]> = {
  academicyear: [{ id: 1, name: '2025/2026' }],
  level: [{ id: 10, name: 'X' }],
  major: [{ id: 20, name: 'IPA' }],
  employee: [{ id: 30, ein: 'P-001', name: 'Bu Sari' }],
  department: [{ id: 40, name: 'SMA' }],
};

const classes: RaRecord[] = [
  { id: 1, version: 1, code: '2526-X-IPA-1', name: 'X IPA 1', academic_year_id: 1, level_id: 10, major_id: 20, homeroom_teacher_1_id: 30, is_active: true },
  { id: 2, version: 1, code: '2526-X-IPA-2', name: 'X IPA 2', academic_year_id: 1, level_id: 10, major_id: null, homeroom_teacher_1_id: null, is_active: false },
];

function testProvider(overrides: Partial<DataProvider> = {}, lists: Record<string, RaRecord[]> = { class: classes }): DataProvider {
  const all = (resource: string) => lists[resource] ?? related[resource] ?? [];
  // Plain functions over plain records; react-admin's generic method types add nothing here.
  const base = {
    getList: async (resource: string) => ({ data: all(resource), total: all(resource).length }),
    getOne: async (resource: string, { id }: { id: unknown }) => ({ data: all(resource).find((r) => String(r.id) === String(id)) as RaRecord }),
    getMany: async (resource: string, { ids }: { ids: unknown[] }) => ({ data: all(resource).filter((r) => ids.includes(r.id)) }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create: async (_resource: string, { data }: { data: object }) => ({ data: { id: 99, ...data } }),
    update: async (_resource: string, { data }: { data: object }) => ({ data }),
    updateMany: async () => ({ data: [] }),
    delete: async (_resource: string, { previousData }: { previousData?: RaRecord }) => ({ data: previousData }),
    deleteMany: async () => ({ data: [] }),
  };
  return { ...base, ...overrides } as unknown as DataProvider;
}

/** The harness's render, with the records above unless told otherwise. */
function renderInAdmin(ui: ReactNode, options: RenderOptions = {}) {
  return render$(ui, { dataProvider: testProvider(), ...options });
}

const classes$ = classModule as EntityModule;

describe('EntityList (class)', () => {
  it('shows the configured columns in Indonesian and the rows, references as their represented text', async () => {
    renderInAdmin(views([classes$, 'list']), { at: '/class', modules: [classes$] });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('X IPA 1')).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual(['Kode', 'Nama', 'Tahun ajaran', 'Tingkat', 'Jurusan', 'Wali kelas 1', 'Kuota', 'Aktif']);
    const row = within(table).getByText('2526-X-IPA-1').closest('tr')!;
    expect(await within(row).findByText('P-001 - Bu Sari')).toBeInTheDocument();
    expect(await within(row).findByText('2025/2026')).toBeInTheDocument();
    expect(within(table).getByText('X IPA 2')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Cari')).toBeInTheDocument();
  });

  it('offers a teacher neither bulk delete nor the columns of tables a teacher may not read', async () => {
    renderInAdmin(views([classes$, 'list', ['ROLE_TEACHER']]), { at: '/class', modules: [classes$] });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('X IPA 1')).toBeInTheDocument();
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent?.trim());
    expect(headers).toEqual(['Kode', 'Nama', 'Tahun ajaran', 'Tingkat', 'Jurusan', 'Kuota', 'Aktif']);
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says there is nothing yet, and offers to add one', async () => {
    renderInAdmin(views([classes$, 'list']), { at: '/class', modules: [classes$], dataProvider: testProvider({}, { class: [] }) });
    expect(await screen.findByText('Belum ada data…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tambah' })).toBeInTheDocument();
  });
});

describe('EntityList (class): filters, paging, sorting, bulk delete', () => {
  it('offers the schema filters in its menu and shows the one chosen (its input fetched then)', async () => {
    const user = userEvent.setup();
    renderInAdmin(views([classes$, 'list']), { at: '/class', modules: [classes$] });
    await screen.findByText('X IPA 1');
    await user.click(screen.getByRole('button', { name: 'Tambah saringan' }));
    const items = screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent);
    expect(items).toContain('Tahun ajaran');
    expect(items).toContain('Aktif');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Aktif' }));
    // NullableBooleanInput: a select labelled with the field's name.
    expect(await screen.findByRole('combobox', { name: 'Aktif' })).toBeInTheDocument();
  });

  it('says which rows it shows, and sorts by a column when its header is clicked', async () => {
    const user = userEvent.setup();
    const sorts: unknown[] = [];
    const getList = async (_resource: string, params: { sort: unknown }) => {
      sorts.push(params.sort);
      return { data: classes, total: classes.length };
    };
    renderInAdmin(views([classes$, 'list']), { at: '/class', modules: [classes$], dataProvider: testProvider({ getList } as Partial<DataProvider>) });
    expect(await screen.findByText('1-2 dari 2')).toBeInTheDocument();
    expect(sorts[0]).toEqual({ field: 'code', order: 'ASC' });
    await user.click(within(screen.getByRole('columnheader', { name: 'Nama' })).getByRole('button'));
    await waitFor(() => expect(sorts.at(-1)).toEqual({ field: 'name', order: 'ASC' }));
  });

  it('deletes the selected rows after a confirmation', async () => {
    const user = userEvent.setup();
    const deleted: unknown[] = [];
    const deleteMany = async (_resource: string, { ids }: { ids: unknown[] }) => {
      deleted.push(...ids);
      return { data: ids };
    };
    renderInAdmin(views([classes$, 'list']), { at: '/class', modules: [classes$], dataProvider: testProvider({ deleteMany } as Partial<DataProvider>) });
    const table = await screen.findByRole('table');
    await within(table).findByText('X IPA 1');
    expect(screen.queryByText('1 item dipilih')).not.toBeInTheDocument();
    await user.click(within(table).getAllByRole('checkbox', { name: 'Pilih baris ini' })[0]);
    expect(screen.getByText('1 item dipilih')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Hapus' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() => expect(deleted).toEqual([1]));
  });
});

describe('EntityCreate (class)', () => {
  it('marks required fields and shows "Kolom ini wajib diisi" under an empty one', async () => {
    const user = userEvent.setup();
    renderInAdmin(views([classes$, 'create']), { at: '/class/create', modules: [classes$] });
    const name = await screen.findByLabelText('Nama *');
    await user.type(name, 'X IPA 3');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByLabelText('Kode *')).toHaveAccessibleDescription('Kolom ini wajib diisi');
    expect(screen.getByLabelText('Nama *')).not.toHaveAccessibleDescription('Kolom ini wajib diisi');
  });

  it('says "This field is required" in English', async () => {
    const user = userEvent.setup();
    renderInAdmin(views([classes$, 'create']), { at: '/class/create', locale: 'en', modules: [classes$] });
    await user.type(await screen.findByLabelText('Name *'), 'X IPA 3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Code *')).toHaveAccessibleDescription('This field is required');
  });

  it('shows the help text of a field, and checks a pattern in the user language', async () => {
    const user = userEvent.setup();
    renderInAdmin(views([classes$, 'create']), { at: '/class/create', modules: [classes$] });
    const code = await screen.findByLabelText('Kode *');
    expect(code).toHaveAccessibleDescription(/Unik dalam satu tahun ajaran/);
    await user.type(code, 'x ipa');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByLabelText('Kode *')).toHaveAccessibleDescription(
      'Gunakan huruf kapital, angka, dan tanda hubung saja',
    );
  });

  it('shows the message of a 422 from the server under its field, keeping what was typed', async () => {
    const user = userEvent.setup();
    const create = async () => {
      throw new HttpError('Beberapa kolom tidak valid', 422, {
        errors: { code: 'Nilai ini sudah dipakai oleh data lain' },
      });
    };
    const dataProvider = testProvider({ create });
    renderInAdmin(views([classes$, 'create']), { at: '/class/create', modules: [classes$], dataProvider });
    await user.type(await screen.findByLabelText('Kode *'), '2526-X-IPA-1');
    await user.type(screen.getByLabelText('Nama *'), 'X IPA 1');
    // The three required references, chosen from their autocomplete lists.
    for (const [label, option] of [
      ['Tahun ajaran *', '2025/2026'],
      ['Unit *', 'SMA'],
      ['Tingkat *', 'X'],
    ]) {
      await user.click(screen.getByLabelText(label));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Nilai ini sudah dipakai oleh data lain')).toBeInTheDocument();
    expect(screen.getByLabelText('Kode *')).toHaveAccessibleDescription('Nilai ini sudah dipakai oleh data lain');
    expect(screen.getByLabelText('Kode *')).toHaveValue('2526-X-IPA-1');
    expect(screen.getByLabelText('Nama *')).toHaveValue('X IPA 1');
  });
});

describe('EntityEdit and EntityShow (class)', () => {
  const synced = { ...classes[0], id: 5, is_sync_google_classroom: true };
  const provider = () => testProvider({}, { class: [...classes, synced] });

  it('shows the rule message instead of a form for a record that may not be edited', async () => {
    renderInAdmin(views([classes$, 'edit']), { at: '/class/5', modules: [classes$], dataProvider: provider() });
    expect(
      await screen.findByText('Kelas ini tersinkron dengan Google Classroom sehingga tidak dapat diubah atau dihapus'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
  });

  it('offers edit and delete on a show page only when rules allow them', async () => {
    renderInAdmin(views([classes$, 'show']), { at: '/class/1/show', modules: [classes$], dataProvider: provider() });
    expect(await screen.findByText('X IPA 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ubah' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hapus' })).toBeInTheDocument();
    cleanup();
    renderInAdmin(views([classes$, 'show']), { at: '/class/5/show', modules: [classes$], dataProvider: provider() });
    expect(await screen.findByText(/tersinkron dengan Google Classroom/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ubah' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hapus' })).not.toBeInTheDocument();
  });
});

describe('money and dates', () => {
  it('shows money as Rp with dot thousands', async () => {
    const income = { id: 7, version: 1, code: 'SPP', name: 'SPP bulanan', priority: 1, fine_amount: 1250000, is_active: true };
    renderInAdmin(views([incomeTypeModule as EntityModule, 'show']), {
      at: '/typesofincome/7/show',
      modules: [incomeTypeModule as EntityModule],
      dataProvider: testProvider({}, { typesofincome: [income] }),
    });
    expect(await screen.findByText('Rp 1.250.000')).toBeInTheDocument();
  });

  it.each([
    ['id', '5 Januari 2026'],
    ['en', '5 January 2026'],
  ] as const)('shows a date as day, month name and year (%s)', async (locale, shown) => {
    const year = { id: 1, version: 1, name: '2025/2026', start_date: '2026-01-05', end_date: '2026-06-30', is_active: true };
    renderInAdmin(views([academicYearModule as EntityModule, 'list']), {
      at: '/academicyear',
      locale,
      modules: [academicYearModule as EntityModule],
      dataProvider: testProvider({}, { academicyear: [year] }),
    });
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });
});
