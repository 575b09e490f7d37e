// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, RecordContextProvider, SimpleForm, TestMemoryRouter } from 'react-admin';
import type { FieldModel } from '../../src/shared/entityModel';
import { fieldDisplay } from '../../src/views/fieldDisplay';
import { fieldInputs } from '../../src/views/fieldInputs';
import { i18nWithEntries } from './knownEntries';

afterEach(cleanup);

const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
const body: FieldModel = {
  name: 'body',
  kind: 'richtext',
  label: { en: 'Body', id: 'Isi' },
  required: false,
  unique: false,
  readOnly: false,
  in: { list: false, form: true, show: true },
};

function inAdmin(ui: ReactNode) {
  return render(
    <TestMemoryRouter>
      <AdminContext i18nProvider={i18nWithEntries(storage)} store={memoryStore()}>
        {ui}
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('parts fetched when first drawn', () => {
  it('shows rich text, sanitized', async () => {
    const Field = fieldDisplay.richtext;
    inAdmin(
      <RecordContextProvider value={{ id: 1, body: '<p>Halo <b>dunia</b><img src=x onerror="alert(1)"></p>' }}>
        <Field field={body} source="body" />
      </RecordContextProvider>,
    );
    expect(await screen.findByText('dunia')).toBeInTheDocument();
    expect(document.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
  });

  it('edits rich text with its editor', async () => {
    const Input = fieldInputs.richtext;
    inAdmin(
      <SimpleForm record={{ id: 1, body: '<p>Halo</p>' }} toolbar={false}>
        <Input field={body} source="body" label="Isi" />
      </SimpleForm>,
    );
    expect(await screen.findByText('Halo', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.querySelector('[contenteditable="true"]')).not.toBeNull();
  });
});
