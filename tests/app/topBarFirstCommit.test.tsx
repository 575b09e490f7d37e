// @vitest-environment jsdom
// The staff top bar's first commit sets no state (src/app/topbar/TopBar.tsx, issue 10): an
// update made while React commits is a synchronous one, after which React runs the new page's
// effects and draws it again in the same task, before the browser may paint the first row.
// Material UI's Tooltip (react-admin's menu button) keeps its child in state set from a ref:
// with it in the first commit, the effects below ran in the commit's own task.

import '@testing-library/jest-dom/vitest';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalog } from '../../src/providers/catalogs';
import { storageWith } from './adminHarness';
import { i18nWithEntries } from './knownEntries';

// The app fetches the English catalog before its first render when English is stored (src/main.tsx).
beforeAll(() => loadCatalog('en'));

let root: Root | undefined;
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});

describe('the staff top bar', () => {
  it("sets no state in its first commit: the page's effects wait for a task of their own", async () => {
    // A page load's modules: what draws after the first paint knows no paint yet (test files
    // share their worker's modules, src/views/AfterContent.tsx remembers one).
    vi.resetModules();
    const { Profiler, useEffect } = await import('react');
    const { createRoot } = await import('react-dom/client');
    const { AdminContext, memoryStore } = await import('react-admin');
    const { TopBar } = await import('../../src/app/topbar/TopBar');
    // Outside act(), so that React schedules its work as it does in the browser.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    let commitTaskRunning = false;
    const effectsRanInCommitTask: boolean[] = [];
    const commits: string[] = [];
    function PageEffects() {
      useEffect(() => void effectsRanInCommitTask.push(commitTaskRunning), []);
      return null;
    }
    const onRender = (_id: string, phase: string) => {
      commits.push(phase);
      if (phase !== 'mount') return;
      // Still true when the effects run synchronously after this commit, in the same task.
      commitTaskRunning = true;
      queueMicrotask(() => void (commitTaskRunning = false));
    };
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    root.render(
      <AdminContext i18nProvider={i18nWithEntries(storageWith('id'))} store={memoryStore()}>
        <Profiler id="page" onRender={onRender}>
          <TopBar toolbar={null} userMenu={null}>
            <span>Kelas</span>
          </TopBar>
          <PageEffects />
        </Profiler>
      </AdminContext>,
    );
    await waitFor(() => expect(effectsRanInCommitTask).toHaveLength(1));
    expect(commits[0]).toBe('mount');
    expect(effectsRanInCommitTask).toEqual([false]);
  });

  it('names its menu button, shows its tooltip, and opens and closes the menu', async () => {
    const { createRoot } = await import('react-dom/client');
    const { AdminContext, memoryStore } = await import('react-admin');
    const { TopBar } = await import('../../src/app/topbar/TopBar');
    const user = userEvent.setup();
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    root.render(
      <AdminContext i18nProvider={i18nWithEntries(storageWith('en'))} store={memoryStore()}>
        <TopBar toolbar={null} userMenu={null}>
          <span>Classes</span>
        </TopBar>
      </AdminContext>,
    );
    const button = await screen.findByRole('button', { name: 'Close menu' });
    await user.hover(button);
    expect(await screen.findByRole('tooltip', {}, { timeout: 3000 })).toHaveTextContent('Close menu');
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});
