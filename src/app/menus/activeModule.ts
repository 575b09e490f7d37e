// The active menu module (spec 1 §4 "switching module stores the menu and the active
// module"), kept in the session's storage (src/providers/session.ts) so that it survives a
// reload, and observable so that the sidebar redraws when the switcher changes it.

import { useSyncExternalStore } from 'react';
import { readActiveModule, saveActiveModule, type SessionStorage } from '../../providers/session';
import { appStorage } from '../providers';

const listeners = new Set<() => void>();

export function setActiveModule(code: string, storage: SessionStorage = appStorage): void {
  saveActiveModule(storage, code);
  for (const listener of listeners) listener();
}

export function useActiveModule(storage: SessionStorage = appStorage): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => readActiveModule(storage),
    () => readActiveModule(storage),
  );
}
