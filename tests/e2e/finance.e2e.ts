// The finance ledger in the browser against the real server and its demo year of money (issue
// 12): a finance officer (adminfinance) bills one class a one-off uniform fee, pays one of those
// invoices in full and another in part at the cash desk, imports a bank VA file (check, commit,
// the same file again), waives the remainder of the part-paid invoice, runs the late fines
// twice, and reads the journals of all of it; /income and /journal again in English.
//
// The scenarios run in this order on an app of their own (they write money): each builds on
// what the one before it left (the invoices it made, kept in `made`).

import type { Locator, Page } from 'playwright-core';
import type { Scenario } from './run';
import { expectNoRawKey, expectVisible, logIn } from './steps';

export const ownApp = true;

/** Seragam (income type 4): one-off, no installments, no fine; billed to one SMA class. */
const INCOME_TYPE = 'Seragam';
const YEAR = 'SMA 2026/2027';
const UNIT = 'SMA Harapan Bangsa';
const CLASS = 'X IPA 1';
const CLASS_ID = 1;
const VALUE = 450_000;
const PART = 200_000;
const INVOICE_DATE = '2026-11-24';
const DUE_DATE = '2026-11-30';
/** A day after every December SPP falls due: the fines of that month are new. */
const PENALTY_AS_OF = '2026-12-15';

/** What the scenarios made, for the ones after them. */
const made: { full?: InvoiceRow; part?: InvoiceRow; vaRow?: InvoiceRow; fullPayment?: string; partPayment?: string } = {};

interface InvoiceRow {
  id: number;
  transaction_no: string;
  party_id: number;
  party_name: string;
  party_number: string;
  va_no: string | null;
  value: number;
  outstanding: number;
}

/** "Rp 1.250.000" as formatRupiah writes it (a non-breaking space may follow Rp). */
const rp = (n: number): RegExp => new RegExp(`Rp\\s?${n.toLocaleString('id-ID').replace(/\./g, '\\.')}(?!\\d)`);

async function token(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'adminfinance', password: 'demo' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${await token(baseUrl)}` } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The class's uniform invoices, as the server lists them. */
async function classInvoices(baseUrl: string): Promise<InvoiceRow[]> {
  const answer = await api<{ data: InvoiceRow[] }>(baseUrl, `finance/invoices?class_id=${CLASS_ID}&income_type_id=4&per_page=100`);
  return answer.data;
}

async function invoice(baseUrl: string, id: number): Promise<{ outstanding: number; paid?: number; waived?: number }> {
  const answer = await api<{ data: { invoice?: { outstanding: number }; outstanding?: number } }>(baseUrl, `finance/invoices/${id}`);
  const data = answer.data.invoice ?? answer.data;
  return data as { outstanding: number };
}

/** Picks `option` in the MUI select labelled `label` (within `scope`). */
async function pick(page: Page, scope: Page | Locator, label: string | RegExp, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  if (scroll > width) throw new Error(`${where} is ${scroll} px wide on a ${width} px screen`);
}


/** /income for the class: preview, then generate; returns the counts the preview showed. */
async function generateForClass(page: Page, en: boolean): Promise<void> {
  const T = en
    ? { year: 'Financial year', type: 'Income type', unit: 'Department', level: 'Level', klass: 'Class', invoiceDate: /^Invoice date/, due: /^Due date/, value: /^Value/, preview: 'Preview', generate: 'Generate invoices' }
    : { year: 'Tahun buku', type: 'Jenis pendapatan', unit: 'Unit', level: 'Tingkat', klass: 'Kelas', invoiceDate: /^Tanggal tagihan/, due: /^Jatuh tempo/, value: /^Nilai/, preview: 'Pratinjau', generate: 'Buat tagihan' };
  await pick(page, page, new RegExp(`^${T.year}`), YEAR);
  await pick(page, page, new RegExp(`^${T.type}`), new RegExp(INCOME_TYPE));
  await pick(page, page, T.unit, UNIT);
  await pick(page, page, T.klass, CLASS);
  await page.getByLabel(T.invoiceDate).fill(INVOICE_DATE);
  await page.getByLabel(T.due).fill(DUE_DATE);
  await page.getByLabel(T.value).fill(VALUE.toLocaleString('id-ID'));
  await page.getByRole('button', { name: T.preview }).click();
}

export const scenarios: Scenario[] = [
  {
    name: 'finance ledger 1: /income previews and generates a class’s uniform invoices; the invoice list of the class shows them',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'adminfinance', '/income');
      await expectVisible(page.getByRole('heading', { level: 1 }));
      if ((await classInvoices(app.url)).length !== 0) throw new Error(`${CLASS} has uniform invoices before any were generated`);
      await generateForClass(page, false);
      const preview = page.getByRole('region', { name: 'Yang akan terjadi' });
      await expectVisible(preview);
      const count = async (scope: Locator, label: string): Promise<number> =>
        Number(await scope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText());
      const parties = await count(preview, 'Siswa atau calon siswa ditemukan');
      const wouldCreate = await count(preview, 'Tagihan yang akan dibuat');
      const withoutVa = await count(preview, 'Tanpa nomor VA');
      if (!(parties >= 15 && parties <= 25)) throw new Error(`the preview finds ${parties} students in ${CLASS}`);
      if (wouldCreate !== parties - withoutVa) throw new Error(`the preview would write ${wouldCreate} invoices for ${parties} students, ${withoutVa} without VA`);
      if (withoutVa > 0) await expectVisible(preview.getByText(/belum memiliki nomor VA dan tidak ditagih/));
      // A one-off type has no periods to list (the server's single period is numbered 0).
      if ((await preview.getByRole('table', { name: 'Periode' }).count()) > 0) throw new Error('the preview lists periods of a one-off income type');
      if ((await classInvoices(app.url)).length !== 0) throw new Error('the preview wrote invoices');
      await expectNoRawKey(page, '/income preview (id)');
      await shot('finance-income-preview-id');

      await page.getByRole('button', { name: 'Buat tagihan' }).click();
      const confirm = page.getByRole('dialog', { name: 'Buat tagihan' });
      await expectVisible(confirm.getByText(/Apakah Anda yakin\?/));
      await confirm.getByRole('button', { name: 'Buat tagihan' }).click();
      const result = page.getByRole('region', { name: 'Hasil' });
      await expectVisible(result);
      if ((await count(result, 'Tagihan dibuat')) !== wouldCreate) throw new Error('Generate wrote another number of invoices than the preview said');
      const rows = await classInvoices(app.url);
      if (rows.length !== wouldCreate) throw new Error(`the server lists ${rows.length} uniform invoices of ${CLASS}, not ${wouldCreate}`);
      if (rows.some((r) => r.value !== VALUE || r.outstanding !== VALUE)) throw new Error('an invoice is not of Rp 450.000 with all of it owing');
      await shot('finance-income-result-id');

      // The list, narrowed to the class and the income type, shows exactly these.
      await page.goto(`${app.url}/invoicetransaction`);
      await expectVisible(page.getByRole('heading', { level: 1 }));
      await pick(page, page, 'Jenis pendapatan', new RegExp(INCOME_TYPE));
      await pick(page, page, 'Unit', UNIT);
      await pick(page, page, 'Kelas', CLASS);
      const listed = page.getByTestId('invoice-row');
      await expectVisible(listed.filter({ hasText: rows[0]!.transaction_no }));
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="invoice-row"]').length === n, Math.min(rows.length, 25));
      for (const row of rows.slice(0, 3)) {
        const line = listed.filter({ hasText: row.transaction_no });
        await expectVisible(line.getByText(row.party_name));
        await expectVisible(line.getByRole('cell', { name: rp(VALUE) }).first());
        await expectVisible(line.getByText('Terbuka'));
      }
      await expectVisible(page.getByTestId('invoice-totals').getByText(`Total (${rows.length} tagihan)`));
      await expectVisible(page.getByTestId('invoice-totals').getByText(rp(VALUE * rows.length)).first());
      await expectNoRawKey(page, '/invoicetransaction (id)');
      await shot('finance-invoices-class-id');

      const withVa = rows.filter((r) => r.va_no);
      made.full = withVa[0];
      made.part = withVa[1];
      made.vaRow = withVa[2];
      if (!made.full || !made.part || !made.vaRow) throw new Error('fewer than three of the class’s invoices have a VA number');
    },
  },
  {
    name: 'finance ledger 2: /payment pays one invoice in full and another in part; the list and details show it',
    run: async ({ page, app, shot }) => {
      const { full, part } = made;
      if (!full || !part) throw new Error('scenario 1 did not run');
      await logIn(page, app.url, 'adminfinance', '/payment');
      await expectVisible(page.getByRole('heading', { level: 1 }));

      const pay = async (row: InvoiceRow, amount: number | null, shotName?: string): Promise<string> => {
        await page.getByLabel('Siswa atau calon siswa').fill(row.party_number);
        await page.getByRole('option', { name: new RegExp(row.party_number) }).first().click();
        await expectVisible(page.getByTestId('payment-party').getByText(row.party_name));
        await expectVisible(page.getByTestId('open-invoice').filter({ hasText: row.transaction_no }));
        // Only this invoice: untick every other.
        const boxes = page.getByRole('checkbox', { name: /^Bayar / });
        for (let i = 0; i < (await boxes.count()); i++) {
          const box = boxes.nth(i);
          const name = (await box.getAttribute('aria-label')) ?? '';
          if (!name.endsWith(row.transaction_no) && (await box.isChecked())) await box.uncheck();
        }
        const amountField = page.getByLabel(/^Jumlah \(Rp\)/);
        if (amount === null) {
          if ((await amountField.inputValue()).replace(/\D/g, '') !== String(VALUE)) throw new Error('the amount does not follow the ticked invoice');
        } else {
          await amountField.fill(amount.toLocaleString('id-ID'));
        }
        const preview = page.getByTestId('payment-preview');
        await expectVisible(preview.getByText(/1 tagihan dibayar sebesar/));
        await expectVisible(preview.getByText(rp(amount ?? VALUE)).first());
        await expectVisible(preview.getByText('Tidak ada yang masuk ke deposit'));
        if (shotName) await shot(shotName);
        await page.getByRole('button', { name: 'Bayar', exact: true }).click();
        const confirm = page.getByRole('dialog', { name: 'Catat pembayaran ini?' });
        await expectVisible(confirm.getByText(new RegExp(`${rp(amount ?? VALUE).source} dari ${row.party_name}`)));
        await confirm.getByRole('button', { name: 'Bayar' }).click();
        const done = page.getByText(/^Pembayaran .+ tercatat$/);
        await expectVisible(done);
        return (/^Pembayaran (.+) tercatat$/.exec(await done.innerText()) ?? [])[1] ?? '';
      };

      const fullNo = await pay(full, null, 'finance-payment-entry-id');
      if ((await invoice(app.url, full.id)).outstanding !== 0) throw new Error(`${full.transaction_no} still owes after being paid in full`);
      await page.goto(`${app.url}/payment`);
      const partNo = await pay(part, PART);
      if ((await invoice(app.url, part.id)).outstanding !== VALUE - PART) throw new Error(`${part.transaction_no} does not owe the remainder`);
      made.fullPayment = fullNo;
      made.partPayment = partNo;

      // The invoice list: one paid, one with the remainder owing.
      await page.goto(`${app.url}/invoicetransaction`);
      await pick(page, page, 'Jenis pendapatan', new RegExp(INCOME_TYPE));
      await pick(page, page, 'Unit', UNIT);
      await pick(page, page, 'Kelas', CLASS);
      const paidRow = page.getByTestId('invoice-row').filter({ hasText: full.transaction_no });
      await expectVisible(paidRow.getByText('Lunas'));
      await expectVisible(paidRow.getByRole('cell', { name: rp(0) }));
      const partRow = page.getByTestId('invoice-row').filter({ hasText: part.transaction_no });
      await expectVisible(partRow.getByRole('cell', { name: rp(VALUE - PART) }));
      await expectVisible(partRow.getByText('Terbuka'));
      // Its detail: the payment and the remainder.
      await partRow.getByRole('button', { name: part.transaction_no }).click();
      const detail = page.getByRole('dialog', { name: `Tagihan ${part.transaction_no}` });
      await expectVisible(detail.getByTestId('invoice-outstanding').getByText(rp(VALUE - PART)));
      if (partNo) await expectVisible(detail.getByText(partNo).first());
      await expectNoRawKey(page, 'the invoice detail (id)');
      await shot('finance-invoice-detail-part-id');
      await detail.getByRole('button', { name: 'Tutup' }).first().click();

      // The payments list and a payment's detail.
      await page.goto(`${app.url}/paymenttransaction`);
      await expectVisible(page.getByRole('heading', { level: 1 }));
      const paymentRow = page.getByTestId('payment-row').filter({ hasText: fullNo });
      await expectVisible(paymentRow);
      await expectVisible(paymentRow.getByText(rp(VALUE)).first());
      // A Status column only with its icons in it.
      if ((await page.getByRole('columnheader', { name: 'Status' }).count()) > 0 && (await page.locator('[data-testid^="payment-icon-"]').count()) === 0) {
        throw new Error('/paymenttransaction shows an empty Status column');
      }
      await page.getByRole('row', { name: `Buka pembayaran ${fullNo}` }).click();
      const paymentDetail = page.getByTestId('payment-detail');
      await expectVisible(paymentDetail.getByTestId('payment-allocation').filter({ hasText: full.transaction_no }));
      await expectVisible(paymentDetail.getByTestId('payment-journal').first());
      await expectNoRawKey(page, 'the payment detail (id)');
      await shot('finance-payment-detail-id');
    },
  },
  {
    name: 'finance ledger 3: /uploadva checks a bank file, commits it, and the same file again is already uploaded',
    run: async ({ page, app, shot }) => {
      const { vaRow } = made;
      if (!vaRow) throw new Error('scenario 1 did not run');
      const csv =
        'Laporan Transaksi Virtual Account BCA - Kode Perusahaan 12345\n' +
        'No. VA,Nama,Nominal,Tanggal Bayar,No. Referensi\n' +
        `${vaRow.va_no},${vaRow.party_name.toUpperCase()},"${VALUE.toLocaleString('en-US')}.00",24/11/2026 08:15:00,BCA2026112400001\n`;
      const file = { name: 'bca-2026-11-24.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
      await logIn(page, app.url, 'adminfinance', '/uploadva');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Unggah nomor virtual account' }));
      const check = async () => {
        await pick(page, page, 'Format bank', /^BCA/);
        await page.getByLabel('Berkas bank (CSV atau XLSX)').setInputFiles(file);
        await page.getByRole('button', { name: 'Periksa' }).click();
        await expectVisible(page.getByTestId('bank-total'));
      };
      await check();
      await expectVisible(page.getByTestId('bank-total').getByText(`1 baris, total Rp${'\u00a0'}450.000`).or(page.getByTestId('bank-total').getByText(/1 baris, total Rp\s?450\.000/)));
      await expectVisible(page.getByText('1 baris akan dibayar'));
      await expectVisible(page.getByTestId('count-already_uploaded').getByText('Sudah diunggah: 0'));
      await expectNoRawKey(page, '/uploadva checked (id)');
      await shot('finance-uploadva-checked-id');
      const before = await api<{ total?: number; data: unknown[] }>(app.url, 'finance/payments?per_page=1');
      await page.getByRole('button', { name: 'Proses' }).click();
      await page.getByRole('dialog', { name: 'Bayar baris yang sudah diperiksa?' }).getByRole('button', { name: 'Proses' }).click();
      await expectVisible(page.getByTestId('bank-created').getByText('1 pembayaran dibuat'));
      await expectVisible(page.getByTestId('bank-message'));
      await shot('finance-uploadva-committed-id');
      const after = await api<{ total?: number; data: unknown[] }>(app.url, 'finance/payments?per_page=1');
      if (before.total !== undefined && after.total !== before.total + 1) throw new Error(`the commit made ${String((after.total ?? 0) - before.total)} payments`);

      // The same file again: already uploaded, nothing paid.
      await page.goto(`${app.url}/uploadva`);
      await check();
      await expectVisible(page.getByTestId('count-already_uploaded').getByText('Sudah diunggah: 1'));
      // The file's total, not only what is still payable.
      await expectVisible(page.getByTestId('bank-total').getByText(/1 baris, total Rp\s?450\.000/));
      await expectVisible(page.getByText('0 baris akan dibayar'));
      await shot('finance-uploadva-again-id');
      await page.getByRole('button', { name: 'Proses' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Proses' }).click();
      await expectVisible(page.getByTestId('bank-created').getByText('0 pembayaran dibuat'));
      const again = await api<{ total?: number; data: unknown[] }>(app.url, 'finance/payments?per_page=1');
      if (again.total !== after.total) throw new Error('the same bank file paid again');
    },
  },
  {
    name: 'finance ledger 4: the remainder of the part-paid invoice is waived from its detail, with a reason',
    run: async ({ page, app, shot }) => {
      const { part } = made;
      if (!part) throw new Error('scenario 1 did not run');
      await logIn(page, app.url, 'adminfinance', `/invoicetransaction?invoice=${part.id}`);
      const detail = page.getByRole('dialog', { name: `Tagihan ${part.transaction_no}` });
      await expectVisible(detail.getByTestId('invoice-outstanding').getByText(rp(VALUE - PART)));
      await detail.getByRole('button', { name: 'Keringanan', exact: true }).click();
      const waiver = page.getByRole('dialog', { name: `Keringanan untuk ${part.transaction_no}` });
      await waiver.getByLabel(/^Jumlah/).fill((VALUE - PART).toLocaleString('id-ID'));
      await waiver.getByRole('button', { name: 'Simpan' }).click();
      await expectVisible(waiver.getByText('Kolom ini wajib diisi'));
      await shot('finance-waiver-reason-required-id');
      await waiver.getByLabel(/^Alasan/).fill('Keringanan yayasan: sisa seragam');
      await waiver.getByRole('button', { name: 'Simpan' }).click();
      await waiver.waitFor({ state: 'hidden' });
      await expectVisible(detail.getByTestId('invoice-outstanding').getByText(rp(0)));
      await expectVisible(detail.getByText('Keringanan yayasan: sisa seragam').first());
      if ((await invoice(app.url, part.id)).outstanding !== 0) throw new Error('the server still has a remainder after the waiver');
      await expectNoRawKey(page, 'the invoice detail after the waiver (id)');
      await shot('finance-invoice-detail-waived-id');
    },
  },
  {
    name: 'finance ledger 5: /generatepenalty previews and generates the fines as of a date; a second run makes none',
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, 'adminfinance', '/generatepenalty');
      await expectVisible(page.getByRole('heading', { level: 1 }));
      await page.getByLabel(/^Lewat jatuh tempo per/).fill(PENALTY_AS_OF);
      await page.getByRole('button', { name: 'Pratinjau' }).click();
      await expectVisible(page.getByTestId('penalty-counts'));
      await expectNoRawKey(page, '/generatepenalty preview (id)');
      await shot('finance-penalty-preview-id');
      await page.getByRole('button', { name: /^Buat denda|^Generate/ }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: /^Buat denda|^Generate/ }).click();
      await expectVisible(page.getByText(/Generate denda berhasil/).first());
      // The toast comes as the run ends, a moment before its dialog has closed.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await shot('finance-penalty-done-id');
      await page.getByRole('button', { name: /^Buat denda|^Generate/ }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: /^Buat denda|^Generate/ }).click();
      await expectVisible(page.getByText(/Tidak ada denda yang dihasilkan/).first());
      await shot('finance-penalty-again-id');
    },
  },
  {
    name: 'finance ledger 6: /journal lists the journals of these actions, balanced and not synced',
    run: async ({ page, app, shot }) => {
      const { full, part } = made;
      if (!full || !part) throw new Error('scenario 1 did not run');
      await logIn(page, app.url, 'adminfinance', '/journal');
      await expectVisible(page.getByRole('heading', { level: 1 }));
      const rows = page.getByTestId('journal-row');
      /** The journals the search finds for `text`, of these sources, each balanced and not synced. */
      const journalsOf = async (text: string, sources: string[]): Promise<void> => {
        await page.getByLabel(/^Cari/).fill(text);
        await page.waitForFunction(
          (t) => {
            const found = [...document.querySelectorAll('[data-testid="journal-row"]')];
            return found.length > 0 && found.every((r) => r.textContent?.includes(t));
          },
          text,
        );
        for (const source of sources) await expectVisible(rows.filter({ hasText: source }).first());
        for (let i = 0; i < (await rows.count()); i++) {
          const row = rows.nth(i);
          await expectVisible(row.getByTestId('sync-not_sync').getByText('Belum sinkron'));
          const amounts = (await row.locator('td').allInnerTexts()).map((t) => t.trim()).filter((t) => /^Rp/.test(t));
          if (amounts.length !== 2 || amounts[0] !== amounts[1]) throw new Error(`journal row ${i} for ${text} is not balanced: ${amounts.join(' / ')}`);
        }
      };
      // The part-paid invoice: its invoice journal and its waiver; its payment by the payment's number.
      await journalsOf(part.transaction_no, ['Tagihan', 'Keringanan']);
      await expectVisible(rows.filter({ hasText: 'Tagihan' }).getByRole('cell', { name: rp(VALUE) }).first());
      await expectVisible(rows.filter({ hasText: 'Keringanan' }).getByRole('cell', { name: rp(VALUE - PART) }).first());
      await shot('finance-journal-invoice-id');
      if (!made.partPayment) throw new Error('scenario 2 did not record the payment numbers');
      await journalsOf(made.partPayment, ['Pembayaran']);
      await expectVisible(rows.first().getByRole('cell', { name: rp(PART) }).first());
      // A journal's lines: debit and credit of the same sum.
      await rows.first().getByRole('button', { name: /^Tampilkan baris / }).click();
      const lines = page.getByTestId('journal-line');
      await expectVisible(lines.first());
      if ((await lines.count()) < 2) throw new Error('a payment journal has fewer than two lines');
      await expectNoRawKey(page, '/journal (id)');
      await shot('finance-journal-id');
    },
  },
  {
    name: 'finance ledger 7: /income, the invoice list and /journal in English',
    run: async ({ page, app, shot }) => {
      // The stored language preference, as the language menu leaves it (shellLanguages.e2e.ts).
      await page.context().addInitScript(() => window.localStorage.setItem('locale', 'en'));
      await logIn(page, app.url, 'adminfinance', '/income');
      await expectVisible(page.getByRole('button', { name: 'Preview' }));
      await generateForClass(page, true);
      const preview = page.getByRole('region', { name: /./ }).filter({ hasText: /Invoices that already exist|already exist/i });
      await expectVisible(preview);
      await expectNoRawKey(page, '/income preview (en)');
      await noSidewaysScroll(page, '/income (en)');
      await shot('finance-income-preview-en');
      for (const [path, name] of [
        ['/invoicetransaction', 'finance-invoices-en'],
        ['/payment', 'finance-payment-en'],
        ['/paymenttransaction', 'finance-payments-en'],
        ['/uploadva', 'finance-uploadva-en'],
        ['/generatepenalty', 'finance-penalty-en'],
        ['/journal', 'finance-journal-en'],
      ] as const) {
        await page.goto(`${app.url}${path}`);
        await expectVisible(page.getByRole('heading', { level: 1 }));
        await page.waitForLoadState('networkidle');
        await expectNoRawKey(page, `${path} (en)`);
        await noSidewaysScroll(page, `${path} (en)`);
        await shot(name);
      }
      await expectVisible(page.getByTestId('sync-not_sync').first());
      const { part } = made;
      if (part) {
        await page.goto(`${app.url}/invoicetransaction?invoice=${part.id}`);
        await expectVisible(page.getByRole('dialog', { name: `Invoice ${part.transaction_no}` }));
        await expectNoRawKey(page, 'the invoice detail (en)');
        await shot('finance-invoice-detail-en');
      }
    },
  },
];
