// @vitest-environment jsdom
// A list offers the filters its schema declares, each as the shared table of field kinds says
// (src/shared/fieldKinds.ts), the same parameters the server accepts: a many-reference as a
// multiple choice, a time of day from / to like a date.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import * as roomModule from '../../src/generated/entities/room';
import * as scheduleModule from '../../src/generated/entities/extracurricular_schedule';
import { loadCatalog } from '../../src/providers/catalogs';
import type { EntityModule } from '../../src/shared/entityModel';
import { FIELD_KINDS, KINDS } from '../../src/shared/fieldKinds';
import { filterInputs } from '../../src/views/filterInputs';
import { memoryProvider, renderInAdmin, views } from './adminHarness';

afterEach(cleanup);
beforeAll(() => loadCatalog('en'));

const rooms$ = roomModule as EntityModule;
const schedules$ = scheduleModule as EntityModule;

describe('filter inputs by kind', () => {
  it.each(KINDS)('%s: an input exactly when a list can be filtered by it', (kind) => {
    expect(filterInputs[kind] !== null).toBe(FIELD_KINDS[kind].filter !== 'none');
  });
});

describe('filters of a list', () => {
  it('offers a many-reference filter and asks for the records whose list holds a chosen one', async () => {
    const user = userEvent.setup();
    const filters: unknown[] = [];
    const base = memoryProvider({
      room: [{ id: 1, version: 1, code: 'R1', name: 'Lab', facility_ids: [7] }],
      facility: [{ id: 7, version: 1, code: 'PRJ', name: 'Proyektor' }],
    });
    const dataProvider: DataProvider = {
      ...base,
      getList: (resource, params) => {
        if (resource === 'room') filters.push(params.filter);
        return base.getList(resource, params);
      },
    };
    renderInAdmin(views([rooms$, 'list']), { at: '/room', locale: 'en', modules: [rooms$], dataProvider });
    await screen.findByRole('table', {}, { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Facilities' }));
    const box = await screen.findByRole('combobox', { name: 'Facilities' }, { timeout: 10_000 });
    // A click that lands while the input is still being set up opens nothing: open it again until
    // the choices show (on a loaded machine the first click was lost once).
    const option = await waitFor(
      async () => {
        if (!screen.queryByRole('listbox')) await user.click(box);
        return screen.getByRole('option', { name: /Proyektor/ });
      },
      { timeout: 10_000 },
    );
    await user.click(option);
    await waitFor(() => expect(filters.at(-1)).toEqual({ facility_ids: [7] }));
  });

  it('filters a time of day from / to, its ends named as a time', async () => {
    const user = userEvent.setup();
    const entity = { ...schedules$.entity, list: { ...schedules$.entity.list, filters: ['start_time'] } };
    const module = { ...schedules$, entity };
    renderInAdmin(views([module, 'list']), {
      at: '/eskulschedule',
      locale: 'en',
      modules: [module],
      dataProvider: memoryProvider({ eskulschedule: [{ id: 1, version: 1, start_time: '07:00', end_time: '08:00' }] }),
    });
    await screen.findByRole('table', {}, { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Add filter' }));
    const items = (await screen.findAllByRole('menuitemcheckbox')).map((item) => item.textContent);
    expect(items).toEqual(expect.arrayContaining(['Start time, earliest', 'Start time, latest']));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Start time, earliest' }));
    expect(await screen.findByLabelText('Start time, earliest', {}, { timeout: 10_000 })).toHaveAttribute('type', 'time');
  });
});
