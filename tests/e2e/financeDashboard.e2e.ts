// The finance dashboard at / in the browser against the real server and its demo year of money
// (issue 13; spec 3 §2.1, §5, §8): as adminfinance, the reconciliation cards (one file agrees,
// one does not), an overdue student's card opening /invoicetransaction for that student in a new
// tab, the pie's slice opening its report in a new tab; Close Payment with nothing selected
// ("Please select payment first."), Generate Payment applying an applicant's entrance fee to the
// invoice billed since, Close Payment taking the rest off the list; thresholds kept across a
// reload; Indonesian and English, light and dark (screenshots).
//
// On an app of its own: it writes money and settings.

import type { Page } from "playwright-core";
import { FINANCE_DASHBOARD_PATHS, pieSliceTarget, type ChartAllAnswer } from "../../src/shared/api/financeDashboard";
import type { Scenario } from "./run";
import { expectNoRawKey, expectVisible, logIn } from "./steps";
import { schoolToday } from "../../src/shared/schoolCalendar";

export const ownApp = true;

/** The cut-off: the school's today, as the dashboard opens (the demo's bank files are committed at its first start). */
const CUTOFF = schoolToday();
/** A due date a fortnight after it. */
const DUE = new Date(Date.parse(`${CUTOFF}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);

async function token(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "adminfinance", password: "demo" }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(
  baseUrl: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${await token(baseUrl)}`,
      "content-type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok)
    throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The dashboard at the demo's cut-off, every card loaded. */
async function openDashboard(page: Page): Promise<void> {
  await expectVisible(page.getByTestId("finance-dashboard"));
  await page.getByTestId("cutoff").fill(CUTOFF);
  await expectVisible(page.getByTestId("reconciliation-card").first());
  await expectVisible(page.getByTestId("arrears-card").first());
  await expectVisible(page.getByTestId("open-payment-row").first());
  await expectVisible(page.getByTestId("pie-legend").first());
}

export const scenarios: Scenario[] = [
  {
    name: "finance dashboard 1: reconciliation, an overdue student’s invoices and the pie’s report open in new tabs (id, light)",
    run: async ({ page, app, shot }) => {
      await logIn(page, app.url, "adminfinance", "/");
      await openDashboard(page);
      await expectVisible(
        page.getByRole("heading", { name: "Dasbor keuangan", level: 1 }),
      );
      // Both cards, once the dashboard has settled (on a loaded machine its panels may still be
      // drawn again after the first card shows).
      const cards = page.getByTestId("reconciliation-card");
      await cards.nth(1).waitFor();
      const agree = await cards.evaluateAll((all) => all.map((c) => c.getAttribute("data-agree")));
      if (agree.sort().join() !== "false,true")
        throw new Error(`the reconciliation cards agree as ${agree.join()}`);
      await expectVisible(page.getByText(/Selisih Rp\s?950\.000/));

      // An overdue student's card: /invoicetransaction for that student, in a new tab.
      const card = page.getByTestId("arrears-card").first();
      const name = (
        await card.locator("h6, .MuiTypography-subtitle2").first().innerText()
      ).trim();
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        card.click(),
      ]);
      await tab.waitForLoadState();
      if (!/\/invoicetransaction\?student_id=\d+$/.test(tab.url()))
        throw new Error(`the student card opened ${tab.url()}`);
      await expectVisible(tab.getByTestId("party-filter"));
      await expectVisible(tab.getByTestId("party-filter").getByText(name));
      await tab.close();

      // The pie: a click on its first slice opens that income type's report in a new tab
      // (/paymentdashboard when its code ends in 1, else /ardashboard), as of the cut-off. Which
      // type's outstanding is largest changes as the demo year's invoices fall due: the ledger says.
      // (The click is dispatched on the slice's path: the centre of a large slice's box may lie in the hole.)
      const pie = await api<ChartAllAnswer>(app.url, `${FINANCE_DASHBOARD_PATHS.chartAll}?cutoff=${CUTOFF}&type=1&typecalon=1`);
      const first = pie.data[0];
      if (!first) throw new Error("the ledger has no outstanding income type for the pie");
      const sector = page.locator(".recharts-pie-sector path").first();
      await expectVisible(sector);
      const [report] = await Promise.all([
        page.context().waitForEvent("page"),
        sector.dispatchEvent("click"),
      ]);
      await report.waitForLoadState();
      const expected = `${pieSliceTarget(first.incometype)}?income_type_id=${first.income_type_id}&cutoff=${CUTOFF}`;
      if (!report.url().endsWith(expected))
        throw new Error(`the slice opened ${report.url()}, not ${expected}`);
      await report.close();
      await expectNoRawKey(page, "the finance dashboard (id)");
      await shot("finance-dashboard-id-light");
    },
  },
  {
    name: "finance dashboard 2: Close with nothing selected is refused; Generate applies an applicant’s entrance fee; Close takes the rest off the list",
    run: async ({ page, app }) => {
      // The applicant Muhammad Fauzan paid Rp 2.500.000 before being billed; now billed Rp 2.000.000.
      await api(app.url, "finance/invoices/generate", {
        financial_year_id: 6,
        income_type_id: 2,
        kind: "candidate",
        party_ids: [1],
        invoice_date: CUTOFF,
        due_date: DUE,
        value: 2_000_000,
        dry_run: false,
      });
      await logIn(page, app.url, "adminfinance", "/");
      await openDashboard(page);
      await page.getByRole("button", { name: "Tutup Pembayaran" }).click();
      await expectVisible(
        page.getByText("Silakan pilih pembayaran terlebih dahulu."),
      );

      const row = page
        .getByTestId("open-payment-row")
        .filter({ hasText: "Muhammad Fauzan" });
      await expectVisible(row.getByText(/Rp\s?2\.500\.000/));
      await row.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Alokasikan Pembayaran" }).click();
      await expectVisible(
        page.getByText(
          /1 pembayaran dialokasikan ke tagihan terbuka \(Rp\s?2\.000\.000\)/,
        ),
      );
      await expectVisible(row.getByText(/Rp\s?500\.000/));
      const invoices = await api<{ data: { outstanding: number }[] }>(
        app.url,
        "finance/invoices?candidate_id=1&income_type_id=2",
      );
      if (invoices.data.length !== 1 || invoices.data[0]!.outstanding !== 0)
        throw new Error(
          `the applicant's invoice owes ${JSON.stringify(invoices.data)}`,
        );

      await row.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Tutup Pembayaran" }).click();
      await expectVisible(page.getByText(/1 pembayaran ditutup/));
      await row.waitFor({ state: "detached" });
    },
  },
  {
    name: "finance dashboard 3: gauge thresholds kept across a reload (en, dark)",
    run: async ({ page, app, shot }) => {
      await page.context().addInitScript(() => {
        window.localStorage.setItem("locale", "en");
        window.localStorage.setItem("darkMode", "true");
      });
      await logIn(page, app.url, "adminfinance", "/");
      await openDashboard(page);
      await expectVisible(
        page.getByRole("heading", { name: "Finance dashboard", level: 1 }),
      );
      await expectVisible(page.getByRole("meter", { name: "Current Month" }));
      await expectVisible(page.getByRole("meter", { name: "Cumulative" }));
      await page.getByTestId("threshold-chartfail").fill("60");
      await page.getByTestId("threshold-chartwarning").fill("85");
      await page.getByRole("button", { name: "Save thresholds" }).click();
      await expectVisible(page.getByText("Thresholds saved"));
      await page.reload();
      await expectVisible(page.getByTestId("threshold-chartfail"));
      const kept = [
        await page.getByTestId("threshold-chartfail").inputValue(),
        await page.getByTestId("threshold-chartwarning").inputValue(),
      ];
      if (kept.join() !== "60,85")
        throw new Error(`after a reload the thresholds are ${kept.join()}`);
      await openDashboard(page);
      await expectNoRawKey(page, "the finance dashboard (en)");
      await shot("finance-dashboard-en-dark");
      await page.evaluate(() =>
        window.localStorage.setItem("darkMode", "false"),
      );
    },
  },
];
