// @vitest-environment jsdom
// A create or edit form with changes not saved asks before the user leaves it (a menu link,
// closing the tab), in the user's language; saving on purpose leaves without asking.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import type { RaRecord } from 'react-admin';
import * as classModule from '../../src/generated/entities/class';
import { loadCatalog } from '../../src/providers/catalogs';
import type { EntityModule } from '../../src/shared/entityModel';
import { memoryProvider, renderInAdmin, views } from './adminHarness';

const classes$ = classModule as EntityModule;
const records: Record<string, RaRecord[]> = {
  class: [{ id: 1, version: 1, code: '2526-X-IPA-1', name: 'X IPA 1', academic_year_id: 1, level_id: 10, department_id: 40, is_active: true }],
  academicyear: [{ id: 1, name: '2025/2026' }],
  level: [{ id: 10, name: 'X' }],
  department: [{ id: 40, name: 'SMA' }],
};

const QUESTION = {
  id: 'Sebagian perubahan Anda belum disimpan. Apakah Anda yakin ingin mengabaikannya?',
  en: "Some of your changes weren't saved. Are you sure you want to ignore them?",
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
beforeAll(() => loadCatalog('en'));

/** The form under a page with a menu link to the list, as in the app's layout. */
function renderForm(at: string, locale: 'id' | 'en' = 'id') {
  renderInAdmin(
    <>
      <Link to="/class">Menu: Kelas</Link>
      {views([classes$, 'create'], [classes$, 'edit'], [classes$, 'show'], [classes$, 'list'])}
    </>,
    { at, locale, modules: [classes$], dataProvider: memoryProvider(records) },
  );
}

/** Whether the page asks before the tab is closed (the browser then shows its own question). */
function asksBeforeClosingTab(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('leaving a form with unsaved changes', () => {
  it.each([
    ['id', 'Nama *'],
    ['en', 'Name *'],
  ] as const)('asks first (%s), and staying keeps what was typed', async (locale, nameLabel) => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderForm('/class/create', locale);
    await user.type(await screen.findByLabelText(nameLabel), 'X IPA 9');
    expect(asksBeforeClosingTab()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Menu: Kelas' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(QUESTION[locale]));
    expect(screen.getByLabelText(nameLabel)).toHaveValue('X IPA 9');
  });

  it('leaves when the user agrees to lose the changes', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderForm('/class/1');
    const name = await screen.findByLabelText('Nama *');
    await waitFor(() => expect(name).toHaveValue('X IPA 1'));
    await user.type(name, ' baru');
    await user.click(screen.getByRole('link', { name: 'Menu: Kelas' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nama *')).not.toBeInTheDocument();
  });

  it('does not ask when nothing changed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderForm('/class/create');
    await screen.findByLabelText('Nama *');
    expect(asksBeforeClosingTab()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Menu: Kelas' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('does not ask when the changes are saved', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderForm('/class/1');
    const name = await screen.findByLabelText('Nama *');
    await waitFor(() => expect(name).toHaveValue('X IPA 1'));
    await user.clear(name);
    await user.type(name, 'X IPA 1 baru');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    // Saved, the edit page goes to the record's page.
    expect(await screen.findByText('Data berhasil diperbarui', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByText('X IPA 1 baru')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(asksBeforeClosingTab()).toBe(false);
  });
});
