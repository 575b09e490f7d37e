// Ten routes from different modules, each opened and looked at in Indonesian and in
// English: the list shows its demo rows under the table's name in that language, and no
// raw translation key leaks onto the page.

import type { Page } from 'playwright-core';
import { entities } from '../../src/generated/all';
import type { Locale } from '../../src/shared/entityModel';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible, logIn } from './steps';

const ROUTES = [
  '/class', // ACA
  '/extracuricular', // ACA, CLUB
  '/typesofincome', // FINA
  '/templateemail', // FINA
  '/mleave', // HUCAP
  '/committe-role', // HUCAP, a tree
  '/building', // BOOKING
  '/pricelist', // BOOKING
  '/comboardcategory', // COM
  '/academicyear', // ACA, COURSE
];

async function switchLanguage(page: Page, to: Locale): Promise<void> {
  await page.getByRole('button', { name: to === 'en' ? /bahasa indonesia/i : /english/i }).first().click();
  await page.getByRole('menuitem', { name: to === 'en' ? /english/i : /bahasa indonesia/i }).click();
  await expectVisible(page.getByRole('button', { name: to === 'en' ? /english/i : /bahasa indonesia/i }).first());
}

async function lookAt(page: Page, baseUrl: string, route: string, locale: Locale, shot: (name: string) => Promise<void>): Promise<void> {
  const entity = entities.find((e) => e.route === route);
  if (!entity) throw new Error(`no schema serves ${route}`);
  await page.goto(`${baseUrl}${route}`);
  await expectVisible(page.locator('table tbody tr').first());
  await expectVisible(page.getByRole('banner').getByText(entity.labelPlural[locale], { exact: true }).first());
  // Column headers are the schema's labels in this language.
  const firstColumn = entity.fields.find((f) => f.name === entity.list.columns[0])!;
  await expectVisible(page.getByRole('columnheader', { name: firstColumn.label[locale] }).first());
  await expectNoRawKey(page, `${route} (${locale})`);
  await shot(`catalogue-${locale}-${route.slice(1)}`);
}

export const scenarios: Scenario[] = [
  {
    name: 'ten tables from different modules, in Indonesian and in English',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'admin', '/class');
      for (const route of ROUTES) await lookAt(page, app.url, route, 'id', shot);
      await switchLanguage(page, 'en');
      for (const route of ROUTES) await lookAt(page, app.url, route, 'en', shot);
    },
  },
];
