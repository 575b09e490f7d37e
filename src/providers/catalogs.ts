// The messages of each UI language: react-admin's (ra-language-english, locales/react-admin.id.ts)
// with the app's own (locales/en.ts, locales/id.ts). Indonesian, the default, is part of the
// first page; English is fetched when it is first needed (chosen, or stored from last time:
// src/main.tsx waits for it before the first render).

import type { TranslationMessages } from 'react-admin';
import raIndonesianMessages from '../../locales/react-admin.id';
import appIndonesian from '../../locales/id';
import type { Locale } from '../shared/entityModel';

export type Catalog = TranslationMessages;

const loaded: Partial<Record<Locale, Catalog>> = {
  id: { ...raIndonesianMessages, ...appIndonesian } as Catalog,
};

const loaders: Record<Locale, () => Promise<Catalog>> = {
  id: async () => loaded.id!,
  en: () => import('./englishCatalog').then((m) => m.englishCatalog),
};

/** The catalog of `locale` if it has arrived. */
export function loadedCatalog(locale: Locale): Catalog | undefined {
  return loaded[locale];
}

/** The catalog of `locale`, fetched once. */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const catalog = loaded[locale] ?? (await loaders[locale]());
  loaded[locale] = catalog;
  return catalog;
}
