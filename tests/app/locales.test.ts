// The app's own texts: the shell's under `app.*`, each bespoke page's under its own namespace
// (merged from src/pages/<page>/texts/), the same keys and placeholders in both languages,
// and every key the code names is there.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en';
import id from '../../locales/id';
import { PAGES } from '../../src/pages/registry';
import comboardEn from '../../src/pages/comboard/texts/en';
import comboardId from '../../src/pages/comboard/texts/id';

function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

/**
 * The texts pages register when their code arrives (src/pages/<page>/texts/register.ts), not
 * in the locales but translated the same way: checked here with them.
 */
const PAGE_TEXTS = { comboard: { en: comboardEn, id: comboardId } };

const flatEn = { ...flatten(en), ...flatten(Object.fromEntries(Object.entries(PAGE_TEXTS).map(([ns, t]) => [ns, t.en]))) };
const flatId = { ...flatten(id), ...flatten(Object.fromEntries(Object.entries(PAGE_TEXTS).map(([ns, t]) => [ns, t.id]))) };

describe('texts a page brings with its code', () => {
  it.each(Object.keys(PAGE_TEXTS))('%s: what the locales hold ahead (its titles) is the same as the page’s own texts', (namespace) => {
    const { en: pageEn, id: pageId } = PAGE_TEXTS[namespace as keyof typeof PAGE_TEXTS];
    for (const [locale, page] of [[en, pageEn], [id, pageId]] as const) {
      const ahead = flatten((locale as Record<string, unknown>)[namespace], namespace);
      const own = flatten(page, namespace);
      for (const [key, text] of Object.entries(ahead)) expect(own[key], key).toBe(text);
    }
  });
});

function placeholders(text: unknown): string[] {
  return [...new Set(String(text).match(/%\{\w+\}/g) ?? [])].sort();
}

describe('locales/en.ts and locales/id.ts', () => {
  it('have the same keys', () => {
    expect(Object.keys(flatId).sort()).toEqual(Object.keys(flatEn).sort());
  });

  it('keep everything under the app namespace or a registered page’s own', () => {
    const namespaces = new Set(['app', ...PAGES.map((page) => page.texts ?? page.name)]);
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

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((item) => {
    const path = join(folder, item.name);
    if (item.isDirectory()) return item.name === 'generated' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(item.name) ? [path] : [];
  });
}

/**
 * The translation keys the app's code names in our namespaces: a whole key in quotes
 * (`'profile.account'`), or the fixed start of one made in a template (`profile.role.${…}`).
 */
function keysNamed(): Array<{ file: string; key: string; prefix: boolean }> {
  const namespaces = Object.keys(en).join('|');
  const whole = new RegExp(`['"\`]((?:${namespaces})\\.[\\w.-]+)['"\`]`, 'g');
  const start = new RegExp(`\`((?:${namespaces})\\.[\\w.-]*)\\$\\{`, 'g');
  return sourceFiles(join(root, 'src')).flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    const file = relative(root, path);
    return [
      ...[...text.matchAll(whole)].map((m) => ({ file, key: m[1]!, prefix: false })),
      ...[...text.matchAll(start)].map((m) => ({ file, key: m[1]!, prefix: true })),
    ];
  });
}

describe('the keys the code names', () => {
  const named = keysNamed();

  it('are found (the scan reads the code)', () => {
    expect(named.map((k) => k.key)).toEqual(expect.arrayContaining(['notifications.mark_all_read', 'profile.account', 'profile.role.', 'app.menu.label']));
  });

  it('each exists in the catalogs: a text, or the start of texts for a key made in a template', () => {
    const missing = named
      .filter(({ key, prefix }) => (prefix ? !Object.keys(flatEn).some((k) => k.startsWith(key)) : typeof flatEn[key] !== 'string'))
      .map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });
});
