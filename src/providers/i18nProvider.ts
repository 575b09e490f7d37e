// Indonesian by default, English as the other language (spec 1 §1, §9).
//
// Messages come in three layers:
//  1. react-admin's (ra-language-english, locales/react-admin.id.ts) and the app's own
//     (locales/en.ts, locales/id.ts): known when the first page draws (the language catalogs
//     of catalogs.ts: Indonesian comes with the first page, English when first needed);
//  2. resource names `resources.<r>.name` and field labels `resources.<r>.fields.<f>`: they
//     live in the registry's module chunks and the entity modules, which load on demand.
//     `addEntries()` and `addEntity()` put them into a second, extendable table that
//     `translate` consults first. This keeps the first page free of every entity's names
//     while react-admin's own components (titles, column headers, input labels, filters,
//     sort buttons) still find them under the standard keys.
//     A bespoke page's own texts come the same way, with its code (./pageTexts.ts).
//  3. Help texts, option labels and rule messages are read from the model in the current
//     language where they are drawn (src/views/useText.ts), react-admin never asks for them.

import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { LOCALES, type EntityModel, type Locale, type ResourceEntry } from '../shared/entityModel';
import { loadCatalog, loadedCatalog } from './catalogs';
import { pageText } from './pageTexts';
import { pickLocale, readLocale, saveLocale, type SessionStorage } from './session';

export interface AppI18nProvider extends I18nProvider {
  /** Make these resources' names known (called when registry entries arrive). */
  addEntries(entries: readonly Pick<ResourceEntry, 'resource' | 'label' | 'labelPlural'>[]): void;
  /** Make an entity's field labels known (called when its module has loaded). */
  addEntity(entity: Pick<EntityModel, 'resource' | 'fields'>): void;
  getLocale(): Locale;
}

export const LOCALE_NAMES: Record<Locale, string> = { id: 'Bahasa Indonesia', en: 'English' };

/**
 * Polyglot puts Indonesian among the languages without plural forms, so
 * `1 item dipilih |||| %{smart_count} item dipilih` would always print the first form.
 * Both our languages use "one / other".
 */
const pluralRules = {
  pluralTypes: { oneOther: (n: number) => (n === 1 ? 0 : 1) },
  pluralTypeToLanguages: { oneOther: [...LOCALES] },
};

/** A text of the extendable table: one form, or a name's singular and plural. */
type ExtraText = string | { one: string; other: string };

/** A text of Polyglot's plural form, `one |||| other`, as the two forms. */
function forms(entry: ExtraText): ExtraText {
  if (typeof entry !== 'string' || !entry.includes('||||')) return entry;
  const [one, other] = entry.split('||||').map((form) => form.trim());
  return { one: one ?? '', other: other ?? one ?? '' };
}

function interpolate(raw: ExtraText, options: Record<string, unknown> | undefined): string {
  const entry = forms(raw);
  const text = typeof entry === 'string' ? entry : options?.smart_count === 1 ? entry.one : entry.other;
  if (!options) return text;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
}

/** A name as it reads inside a sentence: a lower-case first letter, unless it starts with an acronym (KKM, VA). */
export function inSentence(name: string): string {
  const first = name.split(/[\s(]/, 1)[0];
  const acronym = first.length > 1 && first === first.toUpperCase() && first !== first.toLowerCase();
  return acronym ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** `<html lang>` follows the UI language (screen readers, hyphenation, spell checking). */
function setDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The app's i18n provider. It starts in the stored language when that language's catalog
 * has arrived (src/main.tsx fetches it before the first render), in Indonesian otherwise.
 */
export function createI18nProvider(storage: SessionStorage): AppI18nProvider {
  const messages: Partial<Record<Locale, TranslationMessages>> = {};
  const messagesOf = (locale: Locale): TranslationMessages | undefined => {
    const catalog = loadedCatalog(locale);
    if (catalog) messages[locale] ??= catalog as TranslationMessages;
    return messages[locale];
  };
  const stored = readLocale(storage);
  const initial = messagesOf(stored) ? stored : 'id';
  const extra = Object.fromEntries(LOCALES.map((l) => [l, new Map<string, ExtraText>()])) as Record<
    Locale,
    Map<string, ExtraText>
  >;
  const base = polyglotI18nProvider(
    (l) => {
      const locale = pickLocale(l);
      // Synchronous when the catalog is here (always for the first language), a promise otherwise.
      return messagesOf(locale) ?? loadCatalog(locale).then(() => messagesOf(locale)!);
    },
    initial,
    LOCALES.map((l) => ({ locale: l, name: LOCALE_NAMES[l] })),
    { allowMissing: true, pluralRules },
  );
  const loaded = new Set<string>();
  setDocumentLanguage(initial);

  return {
    ...base,
    getLocale: () => pickLocale(base.getLocale()),
    translate(key, options) {
      const locale = pickLocale(base.getLocale());
      const found = extra[locale].get(key) ?? pageText(locale, key);
      return found === undefined ? base.translate(key, options) : interpolate(found, options);
    },
    async changeLocale(locale, options) {
      const next = pickLocale(locale);
      await base.changeLocale(next, options);
      saveLocale(storage, next);
      setDocumentLanguage(next);
    },
    addEntries(entries) {
      for (const entry of entries) {
        for (const l of LOCALES) {
          extra[l].set(`resources.${entry.resource}.name`, { one: entry.label[l], other: entry.labelPlural[l] });
          // Inside a sentence ("Hapus 2 bagan akun (COA)"); without it react-admin lowercases
          // the whole name ("bagan akun (coa)").
          extra[l].set(`resources.${entry.resource}.forcedCaseName`, { one: inSentence(entry.label[l]), other: inSentence(entry.labelPlural[l]) });
        }
      }
    },
    addEntity(entity) {
      if (loaded.has(entity.resource)) return;
      loaded.add(entity.resource);
      for (const l of LOCALES) {
        for (const field of entity.fields) {
          extra[l].set(`resources.${entity.resource}.fields.${field.name}`, field.label[l]);
        }
      }
    },
  };
}
