// Issue 16 (tools): the income type's form in sections with its conditional fields, the
// employee's form in tabs, and the admins' data dictionary, in both languages.

import type { Page } from 'playwright-core';
import { expectNoRawKey, expectVisible, logIn } from './steps';
import type { Scenario } from './run';

type Locale = 'en' | 'id';

/** The scenario's page (its own fresh context) in `locale` at `width`. */
async function pageIn(page: Page, locale: Locale, width = 1280): Promise<Page> {
  await page.context().addInitScript((l) => window.localStorage.setItem('locale', l), locale);
  await page.setViewportSize({ width, height: 900 });
  return page;
}

const T = {
  en: { recurrence: 'Recurrence', recurring: 'Recurring', period: /^Period/, tenor: /^Maximum tenor/, installments: 'Installments allowed', work: 'Work', position: /^Position/, identity: 'Identity', dictionary: 'Data dictionary', search: 'Search entities and fields', incomeType: 'Income type' },
  id: { recurrence: 'Perulangan', recurring: 'Berulang', period: /^Periode/, tenor: /^Tenor maksimal/, installments: 'Dapat dicicil', work: 'Pekerjaan', position: /^Jabatan/, identity: 'Identitas', dictionary: 'Kamus data', search: 'Cari entitas dan kolom', incomeType: 'Jenis pendapatan' },
} as const;

function formsIn(locale: Locale): Scenario {
  return {
    name: `schema tools: sections, conditional fields and tabs (${locale})`,
    run: async ({ page: fresh, app, shot }) => {
      const t = T[locale];
      const page = await pageIn(fresh, locale);
      await logIn(page, app.url, 'admin', '/typesofincome/create');
      await expectVisible(page.getByRole('heading', { name: t.recurrence }));
      // Period and tenor show only once recurring / installments are switched on.
      if ((await page.getByLabel(t.period).count()) !== 0) throw new Error('the period shows on a one-off income type');
      await page.getByLabel(t.recurring, { exact: true }).click();
      await expectVisible(page.getByLabel(t.period));
      await page.getByLabel(t.installments, { exact: true }).click();
      await expectVisible(page.getByLabel(t.tenor));
      await expectNoRawKey(page, `/typesofincome/create (${locale})`);
      await page.setViewportSize({ width: 1280, height: 2400 });
      await shot(`tools-income-type-sections-${locale}`);

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${app.url}/employee/1`);
      await expectVisible(page.getByRole('tab', { name: t.identity }));
      await page.getByRole('tab', { name: t.work }).click();
      await expectVisible(page.getByLabel(t.position));
      await expectNoRawKey(page, `/employee/1 (${locale})`);
      await shot(`tools-employee-tabs-${locale}`);
    },
  };
}

function dictionaryIn(locale: Locale, width: number): Scenario {
  return {
    name: `schema tools: the data dictionary (${locale}, ${width} px)`,
    run: async ({ page: fresh, app, shot }) => {
      const t = T[locale];
      const page = await pageIn(fresh, locale, width);
      await logIn(page, app.url, 'admin', '/data-dictionary');
      await expectVisible(page.getByRole('heading', { name: t.dictionary, level: 1 }));
      await page.getByLabel(t.search).fill(locale === 'en' ? 'tenor' : 'tenor maksimal');
      await page.getByRole('button', { name: new RegExp(`^${t.incomeType}`) }).first().click();
      await expectVisible(page.getByRole('heading', { name: new RegExp(`^${t.incomeType}`), level: 2 }));
      await expectVisible(page.getByRole('cell', { name: /max_installment_tenor/ }));
      await expectNoRawKey(page, `/data-dictionary (${locale})`);
      await shot(`tools-data-dictionary-${locale}-${width}`);
    },
  };
}

export const scenarios: Scenario[] = [formsIn('id'), formsIn('en'), dictionaryIn('id', 1280), dictionaryIn('en', 1280), dictionaryIn('id', 390)];
