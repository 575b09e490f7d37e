// @vitest-environment jsdom
// A view written by hand in src/resources/<entity>/ replaces that one generated view: here a
// fixture list for `class`; its show page stays the generated one.

import { isValidElement, type ComponentType, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { createEntityLoader } from '../../src/app/entityLoader';
import { createResourceFactory } from '../../src/app/resourceFromEntry';
import type { EntityViewProps } from '../../src/views/viewProps';
import { ADMIN, entryOf, memoryProvider, renderInAdmin } from './adminHarness';

function FixtureClassList({ entry, can }: EntityViewProps) {
  return <p>Hand-written list of {entry.resource}, may create: {String(can.create)}</p>;
}

const listLoader = vi.fn(async () => ({ default: FixtureClassList }));
const factory = createResourceFactory(createEntityLoader({ addEntity: () => undefined }), { class: { list: listLoader } });
const views = factory(entryOf('class'), ADMIN);

function at(path: string, element: ReactElement | ComponentType | undefined) {
  if (!isValidElement(element)) throw new Error(`no view at ${path}`);
  return (
    <Routes>
      <Route path={path} element={<ResourceContextProvider value="class">{element}</ResourceContextProvider>} />
    </Routes>
  );
}

afterEach(cleanup);

describe('a hand-written view over a generated one', () => {
  it('draws the hand-written list, loaded when first opened, with the generated view’s props', async () => {
    expect(listLoader).not.toHaveBeenCalled();
    renderInAdmin(at('/class', views.list), { at: '/class' });
    expect(await screen.findByText('Hand-written list of class, may create: true')).toBeInTheDocument();
    expect(listLoader).toHaveBeenCalledTimes(1);
  });

  it('keeps the entity’s other views generated', async () => {
    const dataProvider = memoryProvider({ class: [{ id: 1, code: 'X-1', name: 'Kelas Satu' }] });
    renderInAdmin(at('/class/:id/show', views.show), { at: '/class/1/show', dataProvider });
    expect(await screen.findByText('Kelas Satu')).toBeInTheDocument();
    expect(screen.queryByText(/Hand-written/)).toBeNull();
  });
});
