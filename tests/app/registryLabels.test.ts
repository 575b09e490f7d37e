// Every resource of the registry is named in both UI languages: its menu entry, page titles
// and breadcrumbs, its fields, options and menu module. A schema added without one of them
// fails here rather than showing a translation key.
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en';
import id from '../../locales/id';
import { resources } from '../../src/generated/allEntries';
import { loadCatalog } from '../../src/providers/catalogs';
import { LOCALES, type Locale, type Text } from '../../src/shared/entityModel';
import { storageWith } from './adminHarness';
import { i18nWithEntries } from './knownEntries';

beforeAll(() => loadCatalog('en'));

function filled(text: Text | undefined): boolean {
  return LOCALES.every((locale) => typeof text?.[locale] === 'string' && text[locale].trim() !== '');
}

const names = resources.map((entry) => entry.name);

describe('registry labels', () => {
  it('has the whole catalogue', () => {
    expect(resources.length).toBeGreaterThanOrEqual(111);
  });

  it.each(names)('%s: names itself in Indonesian and English, one and many', (name) => {
    const entry = resources.find((e) => e.name === name)!;
    expect(filled(entry.label)).toBe(true);
    expect(filled(entry.labelPlural)).toBe(true);
  });

  it.each(LOCALES)('the %s i18n provider knows every resource name (menu, titles), never showing a key', (locale: Locale) => {
    const i18n = i18nWithEntries(storageWith(locale));
    expect(i18n.getLocale()).toBe(locale);
    for (const entry of resources) {
      expect(i18n.translate(`resources.${entry.resource}.name`, { smart_count: 1 })).toBe(entry.label[locale]);
      expect(i18n.translate(`resources.${entry.resource}.name`, { smart_count: 2 })).toBe(entry.labelPlural[locale]);
    }
  });

  it.each(names)('%s: labels its fields and options in both languages', async (name) => {
    const entry = resources.find((e) => e.name === name)!;
    const { entity } = await entry.load();
    for (const field of entity.fields) {
      expect(filled(field.label), `${name}.${field.name}`).toBe(true);
      for (const option of field.options ?? []) expect(filled(option.label), `${name}.${field.name}=${option.value}`).toBe(true);
    }
  });

  it('names every menu module in both languages', () => {
    const modules = [...new Set(resources.flatMap((entry) => entry.modules))];
    for (const module of modules) {
      expect(en.app.module, module).toHaveProperty(module);
      expect(id.app.module, module).toHaveProperty(module);
    }
  });
});
