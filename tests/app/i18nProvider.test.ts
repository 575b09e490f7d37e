import { describe, expect, it } from 'vitest';
import { loadCatalog, loadedCatalog } from '../../src/providers/catalogs';
import type { SessionStorage } from '../../src/providers/session';
import * as classModule from '../../src/generated/entities/class';
import { i18nWithEntries } from './knownEntries';
import { registerPageTexts } from '../../src/providers/pageTexts';

function storage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  const store: SessionStorage = {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
  return { store, map };
}

describe('i18nProvider', () => {
  // Runs first: nothing has fetched the English catalog yet.
  it('has Indonesian with the first page and fetches English when it is chosen', async () => {
    expect(loadedCatalog('id')).toBeDefined();
    expect(loadedCatalog('en')).toBeUndefined();
    // English stored, but not fetched yet (the app fetches it before its first render): Indonesian meanwhile.
    const i18n = i18nWithEntries(storage({ locale: 'en' }).store);
    expect(i18n.getLocale()).toBe('id');
    expect(i18n.translate('ra.action.save')).toBe('Simpan');
    await i18n.changeLocale('en');
    expect(loadedCatalog('en')).toBeDefined();
    expect(i18n.translate('ra.action.save')).toBe('Save');
  });

  it('finds a page’s texts once its code registered them, in the chosen language, plural forms and placeholders included', async () => {
    const i18n = i18nWithEntries(storage().store);
    expect(i18n.translate('papan.comment.count', { smart_count: 2 })).toBe('papan.comment.count');
    registerPageTexts('papan', {
      en: { title: 'Board', comment: { count: '%{smart_count} comment |||| %{smart_count} comments', by: 'By %{name}' } },
      id: { title: 'Papan', comment: { count: '%{smart_count} komentar |||| %{smart_count} komentar', by: 'Oleh %{name}' } },
    });
    expect(i18n.translate('papan.title')).toBe('Papan');
    expect(i18n.translate('papan.comment.by', { name: 'Siti' })).toBe('Oleh Siti');
    await i18n.changeLocale('en');
    expect(i18n.translate('papan.comment.count', { smart_count: 1 })).toBe('1 comment');
    expect(i18n.translate('papan.comment.count', { smart_count: 3 })).toBe('3 comments');
    // The locales' own keys are untouched.
    expect(i18n.translate('ra.action.save')).toBe('Save');
  });

  it('counts one and many in the pages’ English: "1 day left", "1 line, 2 payments", "Total (1 invoice)"', async () => {
    await import('../../src/pages/hrDashboard/texts/register');
    await import('../../src/pages/financeDashboard/texts/register');
    await import('../../src/pages/financeInvoices/texts/register');
    const i18n = i18nWithEntries(storage().store);
    expect(i18n.translate('hrDashboard.expiry.days_left', { days: 1, smart_count: 1 })).toBe('1 hari lagi');
    await i18n.changeLocale('en');
    const t = (key: string, n: number, name: string) => i18n.translate(key, { [name]: n, smart_count: n });
    expect([t('hrDashboard.expiry.days_left', 1, 'days'), t('hrDashboard.expiry.days_left', 20, 'days')]).toEqual(['1 day left', '20 days left']);
    expect([t('hrDashboard.expiry.days_ago', 1, 'days'), t('hrDashboard.expiry.days_ago', 138, 'days')]).toEqual(['1 day ago', '138 days ago']);
    expect([t('finance.dashboard.reconciliation.lines', 1, 'lines'), t('finance.dashboard.reconciliation.payments', 2, 'payments')]).toEqual(['1 line', '2 payments']);
    expect([t('finance.dashboard.waivers.age', 1, 'days'), t('finance.dashboard.waivers.age', 15, 'days')]).toEqual(['up to 1 day overdue', 'up to 15 days overdue']);
    expect([t('finance.invoices.list.totals', 1, 'count'), t('finance.invoices.list.totals', 2, 'count')]).toEqual(['Total (1 invoice)', 'Total (2 invoices)']);
    expect([t('finance.invoices.upload.created', 1, 'count'), t('finance.invoices.upload.created', 40, 'count')]).toEqual(['1 invoice created', '40 invoices created']);
  });

  it('counts one and many in the finance pages’ English, where "(s)" stood: "Total of 1 payment", "1 line will be paid"', async () => {
    await import('../../src/pages/financePayments/texts/register');
    await import('../../src/pages/financePayment/texts/register');
    await import('../../src/pages/financeBankImport/texts/register');
    await import('../../src/pages/financeJournals/texts/register');
    await import('../../src/pages/financeMail/texts/register');
    await import('../../src/pages/financeInvoices/texts/register');
    await import('../../src/pages/financeVa/texts/register');
    await import('../../src/pages/financeReports/texts/register');
    const i18n = i18nWithEntries(storage().store);
    const id = (key: string, n: number) => i18n.translate(key, { count: n, smart_count: n });
    // Indonesian nouns do not inflect: one text for every count.
    expect([id('finance.payments.total', 1), id('finance.payments.total', 2)]).toEqual(['Total 1 pembayaran', 'Total 2 pembayaran']);
    expect([id('finance.bankImport.payable', 1), id('finance.va.existing', 1), id('finance.mail.send.result', 2)]).toEqual([
      '1 baris akan dibayar',
      '1 sudah punya',
      'Di kotak keluar: 2 email.',
    ]);
    await i18n.changeLocale('en');
    const both = (key: string, more: Record<string, string> = {}) => [1, 2].map((n) => i18n.translate(key, { count: n, smart_count: n, ...more }));
    expect(both('finance.payments.total')).toEqual(['Total of 1 payment', 'Total of 2 payments']);
    expect(both('finance.journals.total')).toEqual(['1 journal', '2 journals']);
    expect(both('financeReports.rows')).toEqual(['1 row', '2 rows']);
    expect(both('finance.payment.preview.settles', { amount: 'Rp 5' })).toEqual(['1 invoice settled for Rp 5', '2 invoices settled for Rp 5']);
    expect(both('finance.bankImport.lines_total', { amount: 'Rp 5' })).toEqual(['1 line, Rp 5 in total', '2 lines, Rp 5 in total']);
    expect(both('finance.bankImport.payable')).toEqual(['1 line will be paid', '2 lines will be paid']);
    expect(both('finance.bankImport.committed')).toEqual(['1 payment created', '2 payments created']);
    expect(both('finance.bankImport.confirm.message', { file: 'bca.csv' })).toEqual([
      '1 line of bca.csv will be paid as a payment. Lines already paid are not paid again.',
      '2 lines of bca.csv will be paid as payments. Lines already paid are not paid again.',
    ]);
    expect(both('finance.mail.send.result')).toEqual(['In the outbox: 1 email.', 'In the outbox: 2 emails.']);
    expect(both('finance.mail.send.confirm.message')).toEqual([
      'An email goes to the parents of 1 student or candidate; it leaves through the outbox.',
      'An email goes to the parents of 2 students or candidates; it leaves through the outbox.',
    ]);
    expect(both('finance.invoices.list.publish_confirm')).toEqual([
      'Are you sure? 1 invoice will be published to parents and students.',
      'Are you sure? 2 invoices will be published to parents and students.',
    ]);
    expect(both('finance.invoices.list.unpublish_confirm')[0]).toBe('Are you sure? 1 invoice will no longer be shown to parents and students.');
    expect(both('finance.invoices.list.published_count')).toEqual(['1 invoice changed', '2 invoices changed']);
    expect(both('finance.invoices.upload.commit_confirm')[0]).toBe('Are you sure? 1 invoice will be created from this file; rows with errors are skipped.');
    expect(both('finance.invoices.reverse.confirm', { date: '1 July 2025' })).toEqual([
      'Are you sure? 1 invoice will be reversed on 1 July 2025.',
      'Are you sure? 2 invoices will be reversed on 1 July 2025.',
    ]);
    expect(i18n.translate('finance.invoices.upload.counts', { ok: 1, exists: 1, errors: 1 })).toBe('1 ready · already there: 1 · with errors: 1');
    expect(both('finance.va.would_create')).toEqual(['1 VA number would be given', '2 VA numbers would be given']);
    expect(both('finance.va.created')).toEqual(['1 VA number given', '2 VA numbers given']);
    expect(both('finance.va.existing')).toEqual(['1 already has one', '2 already have one']);
    expect(both('finance.va.confirm.message', { code: 'BCA' })).toEqual([
      '1 student or candidate without a VA number gets one from BCA.',
      '2 students or candidates without a VA number get one from BCA.',
    ]);
  });

  it('speaks Indonesian when nothing is stored, and the stored language otherwise', async () => {
    await loadCatalog('en');
    expect(i18nWithEntries(storage().store).getLocale()).toBe('id');
    expect(i18nWithEntries(storage({ locale: 'en' }).store).getLocale()).toBe('en');
    expect(i18nWithEntries(storage({ locale: 'fr' }).store).getLocale()).toBe('id');
    expect(i18nWithEntries(storage().store).getLocales?.().map((l) => l.locale)).toEqual(['id', 'en']);
  });

  it("has react-admin's and the app's messages in both languages", async () => {
    const i18n = i18nWithEntries(storage().store);
    expect(i18n.translate('ra.action.save')).toBe('Simpan');
    expect(i18n.translate('app.list.empty')).toBe('Belum ada data…');
    await i18n.changeLocale('en');
    expect(i18n.translate('ra.action.save')).toBe('Save');
    expect(i18n.translate('app.list.empty')).toBe("Nothing's here…");
  });

  it('names every resource from the registry, singular and plural, also in Indonesian', async () => {
    const i18n = i18nWithEntries(storage().store);
    expect(i18n.translate('resources.class.name', { smart_count: 1 })).toBe('Kelas');
    expect(i18n.translate('resources.academicyear.name', { smart_count: 2 })).toBe('Tahun ajaran');
    // Polyglot treats Indonesian as a language without plurals; ours picks the second form.
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 item dipilih');
    await i18n.changeLocale('en');
    expect(i18n.translate('resources.class.name', { smart_count: 2 })).toBe('Classes');
    expect(i18n.translate('resources.class.name', { smart_count: 1 })).toBe('Class');
  });

  it('learns field labels when an entity module loads, in both languages', async () => {
    const i18n = i18nWithEntries(storage().store);
    expect(i18n.translate('resources.class.fields.academic_year_id', { _: 'Academic year id' })).toBe('Academic year id');
    i18n.addEntity(classModule.entity);
    expect(i18n.translate('resources.class.fields.academic_year_id')).toBe('Tahun ajaran');
    await i18n.changeLocale('en');
    expect(i18n.translate('resources.class.fields.academic_year_id')).toBe('Academic year');
  });

  it('stores the chosen language', async () => {
    const { store, map } = storage();
    await i18nWithEntries(store).changeLocale('en');
    expect(map.get('locale')).toBe('en');
  });
});
