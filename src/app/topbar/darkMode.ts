// Light or dark (spec 1 §1, §4 "dark mode toggles"), kept in the session's storage under
// PREFERENCE_KEYS.darkMode so that it survives a reload; observable so the theme redraws.

import { useSyncExternalStore } from 'react';
import { PREFERENCE_KEYS, type SessionStorage } from '../../providers/session';
import { appStorage } from '../providers';

const listeners = new Set<() => void>();

export function readDarkMode(storage: SessionStorage = appStorage): boolean {
  return storage.getItem(PREFERENCE_KEYS.darkMode) === 'true';
}

export function saveDarkMode(dark: boolean, storage: SessionStorage = appStorage): void {
  storage.setItem(PREFERENCE_KEYS.darkMode, dark ? 'true' : 'false');
  for (const listener of listeners) listener();
}

export function useDarkMode(storage: SessionStorage = appStorage): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => readDarkMode(storage),
    () => readDarkMode(storage),
  );
}
