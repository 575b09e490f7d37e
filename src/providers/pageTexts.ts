// Texts a bespoke page brings along in its own chunk, so the first page does not carry them:
// the page registers them when its code arrives (src/pages/<page>/texts/register.ts), and the
// i18n provider (./i18nProvider.ts) finds them under the page's namespace, in either language.
// What must show before the page's code arrives (its title in the menu and the tab) stays in
// the locales.

import { LOCALES, type Locale } from '../shared/entityModel';

export interface NestedTexts {
  [key: string]: string | NestedTexts;
}

const registered = Object.fromEntries(LOCALES.map((l) => [l, new Map<string, string>()])) as Record<Locale, Map<string, string>>;

function flatten(prefix: string, texts: NestedTexts, into: Map<string, string>): void {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') into.set(`${prefix}.${key}`, value);
    else flatten(`${prefix}.${key}`, value, into);
  }
}

/** Makes a page's texts known under `namespace.*`, in each language. */
export function registerPageTexts(namespace: string, texts: Record<Locale, NestedTexts>): void {
  for (const l of LOCALES) flatten(namespace, texts[l], registered[l]);
}

/** A registered page text, or undefined. */
export function pageText(locale: Locale, key: string): string | undefined {
  return registered[locale].get(key);
}
