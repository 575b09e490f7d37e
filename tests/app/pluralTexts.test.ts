// English texts that carry a count read right for one: "1 invoice generated", "Try again in 1
// second", not "1 invoices generated" or "1 payment(s)". A text with a `count` placeholder is
// written `one |||| other`: the server's tables are filled by fillText (src/shared/messages.ts),
// which picks the first form when `count` is 1; the pages' texts by Polyglot, which picks it
// when `smart_count` is 1, so every call of such a page text passes `smart_count`.
// Indonesian nouns do not inflect: its texts keep one form (or two alike) with the same
// placeholders as the English.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import localesEn from '../../locales/en';
import localesId from '../../locales/id';
import { ACCOUNTING_TEXTS } from '../../server/accounting/accountingTexts';
import { DASHBOARD_TEXTS } from '../../server/finance/dashboard/dashboardTexts';
import { INVOICE_TEXTS } from '../../server/finance/invoices/invoiceTexts';
import { PAYMENT_TEXTS } from '../../server/finance/paymentRoutes';
import { REPORT_TEXTS } from '../../server/finance/reports/reportRoutes';
import { MAIL_TEXTS } from '../../server/mail/mailTexts';
import { BULK_MESSAGES } from '../../src/shared/bulkMessages';
import type { Locale } from '../../src/shared/entityModel';
import { MESSAGES } from '../../src/shared/messages';

type Table = Record<Locale, Record<string, string>>;
interface Nested {
  [key: string]: string | Nested;
}

/** A table written key → { en, id } as one written locale → key → text. */
function byLocale(texts: Record<string, Record<Locale, string>>): Table {
  const out: Table = { en: {}, id: {} };
  for (const [key, text] of Object.entries(texts)) for (const locale of ['en', 'id'] as const) out[locale][key] = text[locale];
  return out;
}

function flatten(texts: Nested, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

/** The server's messages (and the shared ones the browser says too), filled by fillText. */
const SERVER_TABLES: Record<string, Table> = {
  messages: MESSAGES,
  bulkMessages: BULK_MESSAGES,
  invoiceTexts: byLocale(INVOICE_TEXTS),
  dashboardTexts: byLocale(DASHBOARD_TEXTS),
  mailTexts: byLocale(MAIL_TEXTS),
  accountingTexts: byLocale(ACCOUNTING_TEXTS),
  paymentRoutes: byLocale(PAYMENT_TEXTS),
  reportRoutes: REPORT_TEXTS,
};

const pagesDir = fileURLToPath(new URL('../../src/pages', import.meta.url));
const pageModules = import.meta.glob<{ default: Nested }>('../../src/pages/*/texts/{en,id}.ts', { eager: true });
const pageText = (folder: string, locale: Locale) => pageModules[`../../src/pages/${folder}/texts/${locale}.ts`]?.default;
const PAGE_FOLDERS = readdirSync(pagesDir).filter((folder) => pageText(folder, 'en') && pageText(folder, 'id'));

/** The browser's texts, translated by Polyglot: the locales' and each page's own. */
const BROWSER_TABLES: Record<string, Table> = {
  locales: { en: flatten(localesEn as unknown as Nested), id: flatten(localesId as unknown as Nested) },
  ...Object.fromEntries(PAGE_FOLDERS.map((folder) => [folder, { en: flatten(pageText(folder, 'en')!), id: flatten(pageText(folder, 'id')!) }])),
};

/**
 * Texts with a count that need no plural form, each with why. Keys are `<table>:<key>`; a page
 * text is named by its folder (locales/en.ts by `locales`).
 */
const NO_PLURAL: Record<string, string> = {
  'messages:deletedMany': 'the noun is %{entities}, which the caller gives in the singular for one',
  'bulkMessages:bulkEditDone': 'the noun is %{entities}, which the caller gives in the singular for one',
  'locales:app.recordHistory.impact_count': 'the noun is %{entity}, which the caller gives in the singular for one',
  'locales:app.recordHistory.impact_more': '"and 1 more": no noun follows the count',
  'hrDashboard:more': '"1 of 3": no noun follows the count',
  'academicHome:approvals.more': '"1 of 3": no noun follows the count',
  'comboard:attachment.rows': '"1–1 of 1": no noun follows the count',
  'hrLeaveSummary:of': '"1–1 of 1": no noun follows the count',
  'parentPortal:show_all': '"Show all (1)": no noun follows the count',
  'hrLeave:remaining.waiting': '"1 waiting for approval" reads right for one',
  'financeDashboard:open.selected': '"1 selected" reads right for one',
  'financeInvoices:list.selected': '"1 selected" reads right for one',
  'financeMail:send.selected': '"1 selected" reads right for one',
  'financeMail:send.can_send': '"1 can be sent an email" reads right for one',
  'financeMail:send.cannot_send': '"1 cannot: see why…" reads right for one',
  'financeInvoices:list.merge_title': 'a merge takes at least two invoices',
  'financeInvoices:list.installment_n': '"Installment 1 of 1": the count ends the text',
  'selection:needsExtra': '"(chosen: 1)": no noun follows the count',
  'locales:selection.needsExtra': '"(chosen: 1)": no noun follows the count',
};

const COUNT = /%?\{count\}/;
const placeholders = (text: string) => [...new Set(text.match(/%?\{\w+\}/g) ?? [])].map((p) => p.replace(/^%/, '')).sort();

function withCount(tables: Record<string, Table>): { name: string; key: string; text: string }[] {
  return Object.entries(tables).flatMap(([name, table]) =>
    Object.entries(table.en)
      .filter(([, text]) => COUNT.test(text))
      .map(([key, text]) => ({ name, key, text })),
  );
}

describe.each([
  ['the server’s messages', SERVER_TABLES],
  ['the browser’s texts', BROWSER_TABLES],
] as const)('%s', (_, tables) => {
  it('read tables (the scan finds texts with a count)', () => {
    expect(withCount(tables).length).toBeGreaterThan(5);
  });

  it('write every English text with a count as `one |||| other`, unless it is allowed with a reason', () => {
    const missing = withCount(tables)
      .filter(({ name, key, text }) => !text.includes(' |||| ') && !NO_PLURAL[`${name}:${key}`])
      .map(({ name, key, text }) => `${name}:${key}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('give a plural text two forms with the same placeholders, and the Indonesian the same placeholders', () => {
    for (const [name, table] of Object.entries(tables)) {
      for (const [key, text] of Object.entries(table.en)) {
        if (!text.includes('||||')) continue;
        const forms = text.split(' |||| ');
        expect(forms, `${name}:${key}`).toHaveLength(2);
        expect(placeholders(forms[0]!), `${name}:${key}`).toEqual(placeholders(forms[1]!));
        expect(placeholders(table.id[key] ?? ''), `${name}:${key} (id)`).toEqual(placeholders(text));
      }
    }
  });
});

it('lists on the allow list only texts that still have a count and no plural form', () => {
  const all = { ...Object.fromEntries(Object.entries(SERVER_TABLES)), ...BROWSER_TABLES };
  const stale = Object.keys(NO_PLURAL).filter((entry) => {
    const [name, key] = entry.split(':') as [string, string];
    const text = all[name]?.en[key];
    return text === undefined || !COUNT.test(text) || text.includes('||||');
  });
  expect(stale).toEqual([]);
});

// ---- the pages' calls of their plural texts pass smart_count

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((item) => {
    const path = join(folder, item.name);
    if (item.isDirectory()) return item.name === 'texts' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(item.name) ? [path] : [];
  });
}

/** The arguments of the call that holds `at`, from `at` to the call's closing parenthesis. */
function restOfCall(code: string, at: number): string {
  let depth = 0;
  for (let i = at; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth < 0) return code.slice(at, i);
  }
  return code.slice(at);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(PAGE_FOLDERS.filter((folder) => /registerPageTexts\('/.test(safeRead(join(pagesDir, folder, 'texts', 'register.ts')))))(
  'the page %s',
  (folder) => {
    const namespace = /registerPageTexts\('([\w.]+)'/.exec(readFileSync(join(pagesDir, folder, 'texts', 'register.ts'), 'utf8'))![1]!;
    const plural = Object.entries(BROWSER_TABLES[folder]!.en).filter(([, text]) => text.includes('||||')).map(([key]) => key);

    it.skipIf(plural.length === 0)('passes smart_count wherever it names a `one |||| other` text', () => {
      const without: string[] = [];
      for (const file of sourceFiles(join(pagesDir, folder))) {
        const code = readFileSync(file, 'utf8');
        for (const key of plural) {
          const named = new RegExp(`['"\`]${escape(`${namespace}.${key}`)}['"\`]|\\bt\\(\\s*['"\`]${escape(key)}['"\`]`, 'g');
          for (const match of code.matchAll(named)) {
            if (!/\bsmart_count\b/.test(restOfCall(code, match.index!))) without.push(`${file.slice(pagesDir.length + 1)}: ${key}`);
          }
        }
      }
      expect(without).toEqual([]);
    });
  },
);

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
