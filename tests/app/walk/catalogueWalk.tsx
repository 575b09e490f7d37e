// Walks every schema through the app's real views and data provider against the real server
// (shared by the walk files over HTTP, walkServer.ts): each entity's list route shows its demo
// rows under the Indonesian column labels, its create form saves a valid record built from the
// schema (files chosen in the file picker), the record shows, edits (one field changed, version
// 2) and deletes (404 afterwards). A settings page (singleton) shows its stored values and
// saving it raises the version. A new schema is walked the moment it is added. Each walk file
// (shard*.test.tsx) takes every SHARDS-th schema, so that the files run side by side.
// Opt-in: `npm run test:walk`.
import '@testing-library/jest-dom/vitest';
import { isValidElement, type ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ResourceContextProvider } from 'react-admin';
import { entities, validators } from '../../../src/generated/all';
import { resources } from '../../../src/generated/allEntries';
import { createEntityLoader } from '../../../src/app/entityLoader';
import { createResourceFactory, viewModules } from '../../../src/app/resourceFromEntry';
import { createDataProvider } from '../../../src/providers/dataProvider';
import { createHttpClient } from '../../../src/providers/httpClient';
import { hasScreen, type EntityModel, type EntityModule, type FieldModel } from '../../../src/shared/entityModel';
import { checkBody } from '../../../src/shared/validation';
import { ruleDenying } from '../../../src/views/access';
import { targetEntry } from '../../../src/views/registryLookup';
import { recordText, representField } from '../../../src/views/represent';
import { entryOf, renderInAdmin } from '../adminHarness';
import { adminFor, recordBuilder, userFor } from '../../catalogue/validRecords';
import { lookupIn } from '../knownEntries';
import { walkServer } from './walkClient';

/** Who the demo data's records are created by (server/seed/seedDemoData.ts). */
const SEED_USER = 'seed';

/** How many walk files share the schemas (tests/app/walk/shard*.test.tsx). */
export const SHARDS = 2;

// No DOM dumps in failures (111 pages of MUI markup): the messages name the entity and what the page said.
configure({ asyncUtilTimeout: 5000, getElementError: (message) => new Error(message ?? 'element not found') });
afterEach(cleanup);

const server = walkServer();
const records = recordBuilder(server);

/** The app's data provider over the real server, as the given demo user, in Indonesian. */
async function providerAs(user: string) {
  const token = await server.token(user);
  const httpClient = createHttpClient({ getToken: () => token, getLocale: () => 'id', fetch: server.fetch });
  return createDataProvider('/api/v1', httpClient, lookupIn(resources));
}

const isUpload = (field: FieldModel) => field.kind === 'file' || field.kind === 'image';

/** A `{ title, data: 'data:<mime>;base64,…' }` value of validRecords as the file a user picks. */
function fileOf(value: unknown): File {
  const { title, data } = value as { title: string; data: string };
  const [, mime, base64] = /^data:([^;]+);base64,(.*)$/.exec(data) ?? [];
  if (!mime) throw new Error(`not a data URL: ${data.slice(0, 40)}`);
  return new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], title, { type: mime });
}

/**
 * Every resource's routes as the app mounts them (resourceFromEntry, views loaded on demand) for
 * these roles; made once per set of roles (each walk renders three pages with them).
 */
const factory = createResourceFactory(createEntityLoader({ addEntity: () => undefined }));
const routesByRoles = new Map<string, ReactElement>();
function appRoutes(roles: readonly string[]): ReactElement {
  const key = roles.join(',');
  const made = routesByRoles.get(key) ?? makeRoutes(roles);
  routesByRoles.set(key, made);
  return made;
}
function makeRoutes(roles: readonly string[]): ReactElement {
  const routes: ReactElement[] = [];
  for (const entry of resources) {
    const views = factory(entry, roles);
    const add = (path: string, element: unknown) => {
      if (!isValidElement(element)) return;
      routes.push(
        <Route key={path} path={path} element={<ResourceContextProvider value={entry.resource}>{element}</ResourceContextProvider>} />,
      );
    };
    add(`/${entry.resource}`, views.list);
    add(`/${entry.resource}/create`, views.create);
    add(`/${entry.resource}/:id/show`, views.show);
    add(`/${entry.resource}/:id`, views.edit);
  }
  return <Routes>{routes}</Routes>;
}

/** What the page says went wrong (notifications, field errors), for a failure's message. */
function pageErrors(): string {
  const alerts = screen.queryAllByRole('alert').map((a) => a.textContent?.trim());
  const invalid = Array.from(document.querySelectorAll('[aria-invalid="true"]')).map(
    (input) => `${input.getAttribute('name') ?? input.id}: ${document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? ''}`,
  );
  return JSON.stringify({ alerts, invalid });
}

/**
 * waitFor whose failure also says what the page said. The page is read once, when the wait
 * fails: reading it on every poll (role queries compute styles) cost more than the page itself.
 */
function waitForPage<T>(check: () => T | Promise<T>, options: { timeout?: number } = {}): Promise<T> {
  // Generous by default: on a busy machine (CI, two walk files side by side) an autocomplete's
  // choices can take seconds to arrive; a wait ends as soon as its check holds.
  return waitFor(check, { timeout: 8000, ...options, onTimeout: (error) => new Error(`${error.message}; page says ${pageErrors()}`) });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelOf = (text: string) => new RegExp(`^${escape(text)}( \\*)?$`);

/** A string field's value the show page should display. */
function shownString(entity: EntityModel, record: Record<string, unknown>): string | undefined {
  const field = entity.fields.find(
    (f) => f.in.show && !f.writeOnly && (f.kind === 'string' || f.kind === 'email') && typeof record[f.name] === 'string' && record[f.name] !== '',
  );
  return field ? (record[field.name] as string) : undefined;
}

type Values = Record<string, unknown>;
interface Change {
  field: FieldModel;
  /** The value the server should store afterwards. */
  value: unknown;
  /** Makes the change in the field's input. */
  make: (input: HTMLElement) => Promise<void>;
}

/** Candidate texts an editor might add to a text: the first the schema accepts is used. */
const SUFFIXES = [' Diubah', '-2', '2', ' 2', '.2', '_2', 'B', 'b'];
const FRESH_TEXTS = ['Diubah', 'diubah', 'DIUBAH', 'X2', 'x2', '22'];

/** Another time of day ('HH:MM[:SS]') or date ('YYYY-MM-DD') an hour or a day away. */
function shifted(kind: 'date' | 'time', value: string, by: number): string | null {
  if (kind === 'time') {
    const match = /^(\d{2}):(\d{2})/.exec(value);
    if (!match) return null;
    const hour = Number(match[1]) + by;
    return hour < 0 || hour > 23 ? null : `${String(hour).padStart(2, '0')}:${match[2]}`;
  }
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

/**
 * Whether another stored record already has these values in one of the entity's composite
 * unique keys (asked of the server through the list filters, when the key's fields are filters).
 */
async function keyTaken(entity: EntityModel, values: Values): Promise<boolean> {
  for (const key of entity.uniqueKeys ?? []) {
    if (!key.fields.every((name) => entity.list.filters.includes(name) && values[name] != null)) continue;
    const query = key.fields.map((name) => `${name}=${encodeURIComponent(String(values[name]))}`).join('&');
    const answer = await server.call('GET', `/api/v1/${entity.endpoint}?${query}`, { as: userFor(entity.access.list) });
    if ((answer.json?.data ?? []).some((r: { id: unknown }) => r.id !== values.id)) return true;
  }
  return false;
}

/**
 * A change an editor would make, in the first field where the schema (checkBody, the form's
 * own validation) accepts one: text added to a text, another number, the other yes/no, a date
 * or time a day or an hour away, another of the first choices of a reference (not the parent,
 * which the page a detail is edited from locks). Fields that must stay unique come last.
 * React-admin keeps Simpan disabled on an unchanged form, so an edit always changes something.
 */
async function aChange(entity: EntityModel, values: Values): Promise<Change | null> {
  const user = userEvent.setup();
  const fits = (name: string, value: unknown) => !checkBody(entity, validators[entity.name], { ...values, [name]: value }, 'en')?.[name];
  const editable = entity.fields.filter((f) => !f.readOnly && !f.writeOnly && f.in.form && !entity.rules.some((r) => r.if === f.name));
  const changeable = [...editable.filter((f) => !f.unique), ...editable.filter((f) => f.unique)];
  const retype = (value: string) => async (input: HTMLElement) => {
    await user.clear(input);
    await user.type(input, value);
  };
  for (const field of changeable) {
    if (field.kind !== 'string' && field.kind !== 'text') continue;
    const old = typeof values[field.name] === 'string' ? (values[field.name] as string) : '';
    const added = (old === '' ? FRESH_TEXTS : SUFFIXES).find((text) => fits(field.name, old + text));
    if (added !== undefined) return { field, value: old + added, make: (input) => user.type(input, added) };
  }
  for (const field of changeable) {
    if ((field.kind !== 'integer' && field.kind !== 'number' && field.kind !== 'money') || typeof values[field.name] !== 'number') continue;
    const old = values[field.name] as number;
    const value = [old + 1, old - 1].find((v) => fits(field.name, v));
    if (value !== undefined) return { field, value, make: retype(String(value)) };
  }
  for (const field of changeable) {
    if (field.kind !== 'boolean' || !fits(field.name, !values[field.name])) continue;
    return { field, value: !values[field.name], make: (input) => user.click(input) };
  }
  for (const field of changeable) {
    if ((field.kind !== 'date' && field.kind !== 'time') || typeof values[field.name] !== 'string') continue;
    const value = [1, -1]
      .map((by) => shifted(field.kind as 'date' | 'time', values[field.name] as string, by))
      .find((v) => v !== null && fits(field.name, v));
    if (value) return { field, value, make: retype(value) };
  }
  for (const field of changeable) {
    if (field.kind !== 'reference' || field.name === entity.parent?.field) continue;
    const target = targetEntry(field.to);
    if (!target || target.singleton) continue;
    // The choices the input offers first (choiceInputs.tsx: sorted by the represented field).
    const answer = await server.call('GET', `/api/v1/${target.endpoint}?per_page=25&sort=${representField(target.represent)}&order=ASC`, {
      as: userFor(entities.find((e) => e.name === field.to)!.access.list),
    });
    // Only the demo data's records: one another walk file made may be deleted by it meanwhile.
    const candidates = (answer.json?.data ?? []).filter(
      (r: { id: unknown; created_by?: unknown }) =>
        r.created_by === SEED_USER && r.id !== values[field.name] && r.id !== values.id && fits(field.name, r.id) && recordText(target, r) !== '',
    );
    let other: Values | undefined;
    for (const candidate of candidates) {
      if (!(await keyTaken(entity, { ...values, [field.name]: candidate.id }))) {
        other = candidate;
        break;
      }
    }
    if (!other) continue;
    const text = recordText(target, other);
    return {
      field,
      value: other.id,
      make: async (input) => {
        await user.click(input);
        const option = await waitForPage(() => {
          const found = screen.getAllByRole('option').find((o) => o.textContent?.trim() === text);
          if (!found) throw new Error(`${entity.name}: no choice ${text} for ${field.name}`);
          return found;
        });
        await user.click(option);
      },
    };
  }
  return null;
}

/** Clicks the form's Simpan once it is enabled. */
async function clickSave(name: string) {
  const user = userEvent.setup();
  const save = await waitForPage(() => {
    const found = Array.from(document.querySelectorAll<HTMLButtonElement>('button[type="submit"]')).find((b) => b.textContent?.trim() === 'Simpan');
    if (!found) throw new Error(`${name}: no Simpan button`);
    if (found.disabled) throw new Error(`${name}: Simpan stays disabled`);
    return found;
  });
  await user.click(save);
}

/** Walks the schemas of one walk file: every SHARDS-th, from the shard-th on. */
export function walkCatalogue(shard: number) {
  // The views' code is transformed on first import, some seconds of a busy machine: done here,
  // under the hook's time-out, so that it is not charged to the first schema's walk.
  beforeAll(async () => {
    await Promise.all([server.ready(), ...Object.values(viewModules).map((load) => load())]);
  }, 120_000);
  const mine = (_: unknown, index: number) => index % SHARDS === shard;
  // The screens: an entity without one has no views to walk.
  const plain = entities.filter((e) => hasScreen(e) && !e.singleton).filter(mine);
  const singletons = entities.filter((e) => hasScreen(e) && e.singleton).filter(mine);

  describe.each(plain.map((e) => [e.name, e] as const))('%s', (name, entity) => {
    it('lists, creates, shows, edits and deletes through the app’s views', async () => {
      const user = userEvent.setup();
      const entry = entryOf(entity.resource);
      const module = (await entry.load()) as EntityModule;
      const admin = adminFor(entity);
      const roles = [admin.role];
      const dataProvider = await providerAs(admin.user);
      const api = (path = '') => `/api/v1/${entity.endpoint}${path}`;
      const render = (at: string) => renderInAdmin(appRoutes(roles), { at, dataProvider, modules: [module] });

      // 1. The list.
      const stored = await server.call('GET', api('?per_page=1&sort=id&order=DESC'), { as: admin.user });
      expect(stored.status, stored.text).toBe(200);
      render(`/${entity.resource}`);
      if (stored.json.total > 0) {
        const table = await waitForPage(() => {
          const found = document.querySelector('table');
          if (!found || found.querySelectorAll('tbody tr').length === 0) throw new Error(`${name}: no rows listed`);
          return found;
        });
        const headers = Array.from(table.querySelectorAll('thead th'), (th) => th.textContent?.trim()).filter(Boolean);
        const expected = entity.list.columns
          .map((column) => entity.fields.find((f) => f.name === column))
          .filter((f) => f && !f.writeOnly)
          .map((f) => f!.label.id);
        for (const label of expected) expect(headers, `${name}: column ${label}`).toContain(label);
      } else {
        expect(await screen.findByText('Belum ada data…')).toBeInTheDocument();
      }
      cleanup();

      // 2. The create form, prefilled with a valid record (its files chosen in their pickers), saved with Simpan.
      const lastId: number = stored.json.data[0]?.id ?? 0;
      const values = await records.uniqueValues(entity);
      const uploads = entity.fields.filter((f) => isUpload(f) && values[f.name] != null);
      const prefilled = Object.fromEntries(Object.entries(values).filter(([key]) => !uploads.some((f) => f.name === key)));
      render(`/${entity.resource}/create?source=${encodeURIComponent(JSON.stringify(prefilled))}`);
      for (const field of uploads) {
        const picker = await waitForPage(() => {
          const found = document.querySelector<HTMLInputElement>(`.ra-input-${field.name} input[type="file"]`);
          if (!found) throw new Error(`${name}: no file picker for ${field.name}`);
          return found;
        });
        const file = fileOf(values[field.name]);
        await user.upload(picker, file);
        await waitForPage(() => expect(document.querySelector(`.ra-input-${field.name}`)?.textContent, `${name}: ${field.name} chosen`).toContain(file.name));
      }
      await clickSave(name);
      let id = 0;
      await waitForPage(
        async () => {
          const latest = await server.call('GET', api('?per_page=1&sort=id&order=DESC'), { as: admin.user });
          id = latest.json.data[0]?.id ?? 0;
          if (!(id > lastId)) throw new Error(`${name}: not created`);
        },
        { timeout: 8000 },
      );
      const created = await server.call('GET', api(`/${id}`), { as: admin.user });
      expect(created.status, created.text).toBe(200);
      const record = created.json.data as Record<string, unknown>;
      expect(record.version).toBe(1);
      for (const field of uploads) expect(record[field.name], `${name}: ${field.name} stored`).toMatchObject({ src: expect.stringMatching(/^\/api\/v1\/files\//) });
      cleanup();

      // 3.–5. The edit form (coming back to the record's show page once saved, as from a link
      // there): one input changed (see aChange), version 2 on the server; the show
      // page shows the record; delete from there after the confirmation, 404 afterwards.
      const show = `/${entity.resource}/${id}/show`;
      const editable = !ruleDenying(entity, record, 'edit');
      const change = await aChange(entity, record);
      renderInAdmin(appRoutes(roles), {
        at: (editable ? { pathname: `/${entity.resource}/${id}`, state: { returnTo: show } } : show) as string,
        dataProvider,
        modules: [module],
      });
      let now = record;
      if (editable) {
        if (!change) throw new Error(`${name}: no field the walk knows how to change (Simpan stays disabled on an unchanged form)`);
        const input = await screen.findByLabelText(labelOf(change.field.label.id));
        await waitForPage(() => expect(document.querySelector(`[name="${change.field.name}"]`)).toBeTruthy());
        await change.make(input);
        await clickSave(name);
        await waitForPage(
          async () => {
            const after = await server.call('GET', api(`/${id}`), { as: admin.user });
            if (after.json.data?.version !== 2) throw new Error(`${name}: not saved`);
            now = after.json.data;
          },
          { timeout: 8000 },
        );
        expect(now[change.field.name], `${name}: ${change.field.name} saved`).toEqual(change.value);
      }
      // The page shows text as the browser lays it out: trimmed, runs of white space as one.
      const text = shownString(entity, now)?.trim().replace(/\s+/g, ' ');
      if (text) await waitForPage(() => expect(screen.getAllByText(text).length, `${name}: shows ${text}`).toBeGreaterThan(0));
      if (!ruleDenying(entity, record, 'delete')) {
        const remove = await waitForPage(() => {
          const found = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Hapus' && !b.closest('form'));
          if (!found) throw new Error(`${name}: no Hapus on the show page`);
          return found;
        });
        await user.click(remove);
        const dialog = await waitForPage(() => {
          const found = document.querySelector<HTMLElement>('[role="dialog"]');
          if (!found) throw new Error(`${name}: no confirmation dialog`);
          return found;
        });
        // The confirmation lists what uses the record (issue 16's delete impact); its Hapus is
        // enabled once that answer says nothing does.
        const confirmDelete = await waitForPage(() => {
          const found = within(dialog).getByRole('button', { name: 'Hapus' }) as HTMLButtonElement;
          if (found.disabled) throw new Error(`${name}: the confirmation's Hapus is not enabled`);
          return found;
        });
        await user.click(confirmDelete);
        await waitForPage(
          async () => {
            const gone = await server.call('GET', api(`/${id}`), { as: admin.user });
            if (gone.status !== 404) throw new Error(`${name}: not deleted (${gone.status})`);
          },
          { timeout: 8000 },
        );
      }
    });
  });

  describe.skipIf(singletons.length === 0).each(singletons.map((e) => [e.name, e] as const))('%s (singleton)', (name, entity) => {
    it('shows its stored values in its form and saving raises the version', async () => {
      const entry = entryOf(entity.resource);
      const module = (await entry.load()) as EntityModule;
      const admin = adminFor(entity);
      const dataProvider = await providerAs(admin.user);
      const first = await server.call('GET', `/api/v1/${entity.endpoint}`, { as: admin.user });
      expect(first.status, first.text).toBe(200);
      const record = first.json.data as Record<string, unknown>;
      renderInAdmin(appRoutes([admin.role]), { at: `/${entity.resource}`, dataProvider, modules: [module] });
      const text = entity.fields.find((f) => f.in.form && !f.writeOnly && f.kind === 'string' && typeof record[f.name] === 'string' && record[f.name]);
      if (text) expect(await screen.findByLabelText(labelOf(text.label.id)), `${name}: ${text.name}`).toHaveValue(record[text.name] as string);
      const change = await aChange(entity, record);
      if (change) await change.make(await screen.findByLabelText(labelOf(change.field.label.id)));
      await clickSave(name);
      await waitForPage(
        async () => {
          const after = await server.call('GET', `/api/v1/${entity.endpoint}`, { as: admin.user });
          if (after.json.data?.version !== (record.version as number) + 1) throw new Error(`${name}: not saved`);
          if (change) expect(after.json.data[change.field.name]).toEqual(change.value);
        },
        { timeout: 8000 },
      );
    });
  });
}
