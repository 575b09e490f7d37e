// Every text the payment pages name exists in both languages: the pages call their texts
// through a short `t('key')` under their namespace (finance.payment.*, finance.payments.*,
// finance.bankImport.*, finance.va.*, finance.journals.*), and full keys for field messages
// ('finance.payment.form.required'); a key that is missing would show as the key itself.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import bankImportEn from '../../src/pages/financeBankImport/texts/en';
import dashboardEn from '../../src/pages/financeDashboard/texts/en';
import dashboardId from '../../src/pages/financeDashboard/texts/id';
import bankImportId from '../../src/pages/financeBankImport/texts/id';
import journalsEn from '../../src/pages/financeJournals/texts/en';
import journalsId from '../../src/pages/financeJournals/texts/id';
import paymentEn from '../../src/pages/financePayment/texts/en';
import paymentId from '../../src/pages/financePayment/texts/id';
import paymentsEn from '../../src/pages/financePayments/texts/en';
import paymentsId from '../../src/pages/financePayments/texts/id';
import vaEn from '../../src/pages/financeVa/texts/en';
import vaId from '../../src/pages/financeVa/texts/id';

type Texts = { [key: string]: string | Texts };

const PAGES: Record<string, { namespace: string; en: Texts; id: Texts }> = {
  financePayment: { namespace: 'finance.payment', en: paymentEn, id: paymentId },
  financePayments: { namespace: 'finance.payments', en: paymentsEn, id: paymentsId },
  financeBankImport: { namespace: 'finance.bankImport', en: bankImportEn, id: bankImportId },
  financeVa: { namespace: 'finance.va', en: vaEn, id: vaId },
  financeJournals: { namespace: 'finance.journals', en: journalsEn, id: journalsId },
  financeDashboard: { namespace: 'finance.dashboard', en: dashboardEn, id: dashboardId },
};

function flatten(texts: Texts, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)))),
  );
}

const pagesDir = fileURLToPath(new URL('../../src/pages', import.meta.url));

function codeOf(folder: string): string {
  return readdirSync(join(pagesDir, folder), { withFileTypes: true })
    .filter((item) => item.isFile() && /\.tsx?$/.test(item.name))
    .map((item) => readFileSync(join(pagesDir, folder, item.name), 'utf8'))
    .join('\n');
}

describe.each(Object.entries(PAGES))('%s', (folder, { namespace, en, id }) => {
  const flatEn = flatten(en);
  const flatId = flatten(id);
  const code = codeOf(folder);
  const named = [
    // t('key') and t(`key.${…}`): relative to the page's namespace
    ...[...code.matchAll(/\bt\(\s*['"`]([\w.]+?)(\$\{|['"`])/g)].map((m) => ({ key: m[1]!, prefix: m[2] === '${' })),
    // full keys: 'finance.payment.form.required'
    ...[...code.matchAll(new RegExp(`['"\`]${namespace.replace('.', '\\.')}\\.([\\w.]+?)(\\$\\{|['"\`])`, 'g'))].map((m) => ({ key: m[1]!, prefix: m[2] === '${' })),
  ];

  it('names texts (the scan reads the code)', () => {
    expect(named.length).toBeGreaterThan(10);
  });

  it('names only texts that exist, in English and Indonesian', () => {
    const missing = named.filter(({ key, prefix }) => (prefix ? !Object.keys(flatEn).some((k) => k.startsWith(key)) : typeof flatEn[key] !== 'string')).map(({ key }) => key);
    expect(missing).toEqual([]);
    expect(Object.keys(flatId).sort()).toEqual(Object.keys(flatEn).sort());
  });

  it('has a text in both languages for every key, with the same placeholders', () => {
    const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();
    for (const key of Object.keys(flatEn)) {
      expect(flatEn[key]!.trim(), key).not.toBe('');
      expect(flatId[key]!.trim(), key).not.toBe('');
      expect(placeholders(flatId[key]!), key).toEqual(placeholders(flatEn[key]!));
    }
  });
});
