import { describe, expect, it } from 'vitest';
import en from '../../locales/en';
import id from '../../locales/id';
import { PAGES } from '../../src/pages/registry';

function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

const flatEn = flatten(en);
const flatId = flatten(id);

function placeholders(text: unknown): string[] {
  return [...new Set(String(text).match(/%\{\w+\}/g) ?? [])].sort();
}

describe('locales/en.ts and locales/id.ts', () => {
  it('have the same keys', () => {
    expect(Object.keys(flatId).sort()).toEqual(Object.keys(flatEn).sort());
  });

  it('keep everything under the app namespace or a registered page’s own', () => {
    const namespaces = new Set(['app', ...PAGES.map((page) => page.name)]);
    for (const messages of [en, id]) {
      expect(Object.keys(messages).filter((key) => !namespaces.has(key))).toEqual([]);
    }
  });

  it.each(Object.keys(flatEn))('%s is a non-empty text in both, with the same placeholders', (key) => {
    for (const messages of [flatEn, flatId]) {
      expect(typeof messages[key]).toBe('string');
      expect(String(messages[key]).trim()).not.toBe('');
    }
    expect(placeholders(flatId[key])).toEqual(placeholders(flatEn[key]));
  });
});
