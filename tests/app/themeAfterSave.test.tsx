// @vitest-environment jsdom
// The theme named by the general settings (/general, spec 1 §1, §9) shows as soon as the
// settings are saved: saving reads the theme again, with no reload.

import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUpdate, type DataProvider } from 'react-admin';
import { useThemeName } from '../../src/app/topbar/shellApi';
import { memoryProvider, renderInAdmin } from './adminHarness';

let theme: string;

beforeEach(() => {
  theme = 'cc';
  vi.stubGlobal('fetch', async (url: string) =>
    url.includes('general-setting')
      ? new Response(JSON.stringify({ data: { value: theme } }), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404 }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function SettingsProbe() {
  const { data } = useThemeName();
  const [update] = useUpdate();
  return (
    <>
      <output data-testid="theme">{data ?? ''}</output>
      <button
        type="button"
        onClick={() => void update('general', { id: 1, data: { theme: 'kokoro' }, previousData: { id: 1, theme: 'cc' } }, { mutationMode: 'pessimistic' })}
      >
        save
      </button>
    </>
  );
}

describe('the theme of the general settings', () => {
  it('changes as soon as the settings are saved', async () => {
    const base = memoryProvider({ general: [{ id: 1, theme: 'cc' }] });
    const dataProvider: DataProvider = {
      ...base,
      update: (resource, params) => {
        theme = String(params.data.theme);
        return base.update(resource, params);
      },
    };
    renderInAdmin(<SettingsProbe />, { dataProvider });
    expect(await screen.findByText('cc')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('kokoro')).toBeInTheDocument();
    expect(screen.getByTestId('theme')).toHaveTextContent('kokoro');
  });
});
