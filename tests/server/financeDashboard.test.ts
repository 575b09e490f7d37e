// The finance dashboard's calls (issue 13; spec 3 §2.1, §3.1, §5, §7.1, §9): on a varied ledger
// written month by month through the ledger (students and candidates, partial payments and
// overpayments, waivers, penalties, a merge, a reversal, a bank file, a remainder applied later),
// every figure of every call is computed again here from the rows read back (plain JS over the
// invoices, allocations, payments, waivers, penalties) and compared, for two cut-off dates and
// for students, candidates and both. Then the actions (generate and close payment: idempotent,
// "Please select payment first."), the per-user thresholds, and who may call.

import dayjs from "dayjs";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/database";
import { ledgerOf } from "../../server/finance/ledger/ledger";
import { bcaCsv, BCA_LAYOUT_ID, sampleParties } from "./bankFiles";
import { dashboardText } from "../../server/finance/dashboard/dashboardTexts";
import { fileServer } from "./harness";
import { foundationToken } from "./invoiceFixtures";
import { draft, finance, newParty, type Party } from "./ledgerHelpers";
import { pieSliceTarget } from "../../src/shared/api/financeDashboard";

const server = fileServer({ demoData: true });
const en = { "accept-language": "en" };
const db = () => server.database.db;

/** A small deterministic generator (the ledger differs by draw, not by run). */
function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const MONTHS = [
  "2025-07",
  "2025-08",
  "2025-09",
  "2025-10",
  "2025-11",
  "2025-12",
  "2026-01",
  "2026-02",
];
const CUTOFFS = ["2025-11-20", "2026-02-27"];
let parties: Party[] = [];
let remainderPayment = 0;

async function buildLedger(): Promise<void> {
  const ledger = ledgerOf(server.app.records);
  // The school's deposit account, for remainders on income types without their own.
  const settings = await sql`select id from setting_general`.execute(db());
  if (settings.rows.length)
    await sql`update setting_general set deposit_account_id = 6`.execute(db());
  else
    await sql`insert into setting_general (theme, deposit_account_id) values ('cc', 6)`.execute(
      db(),
    );
  const random = generator(13);
  const students: Party[] = [
    { kind: "student", id: 1 },
    { kind: "student", id: 2 },
  ];
  const candidates: Party[] = [];
  for (let i = 0; i < 4; i++)
    candidates.push(await newParty(db(), server.app.records));
  parties = [...students, ...candidates];
  const inTx = <T>(work: (tx: Db) => Promise<T>) =>
    db().transaction().execute(work);
  for (const [m, month] of MONTHS.entries()) {
    // This month's invoices: SPP for everyone (income type 1 or 2), a one-off of type 3 or 4 now and then.
    const drafts = parties.flatMap((p, n) => {
      const rows = [
        draft(p, 100_000 * (3 + ((n + m) % 5)), {
          income_type_id: 1 + ((n + m) % 2),
          invoice_date: `${month}-01`,
          due_date: `${month}-10`,
          discount: n === 3 ? 50_000 : 0,
        }),
      ];
      if ((n + m) % 3 === 0)
        rows.push(
          draft(p, 250_000 + 1_000 * n, {
            income_type_id: 3 + (m % 2),
            invoice_date: `${month}-05`,
            due_date: `${month}-25`,
          }),
        );
      return rows;
    });
    await inTx((tx) => ledger.issueInvoices(tx, finance, drafts));
    // Payments in the month: some parties pay what they owe, some part, one pays more (a remainder), one never pays.
    for (const [n, p] of parties.entries()) {
      // Candidate 5 never pays; student 2 stops paying after July.
      if (n === 5 || (n === 1 && m >= 1)) continue;
      const owed = await sql<{
        s: string | null;
      }>`select sum(outstanding)::text as s from invoice where ${sql.ref(p.kind === "student" ? "student_id" : "candidate_id")} = ${p.id} and state = 'open'`.execute(
        db(),
      );
      const total = Number(owed.rows[0]?.s ?? 0);
      if (!total) continue;
      const draw = random();
      const amount =
        n === 2 && m % 3 === 1
          ? total + 175_000
          : draw < 0.35
            ? Math.floor((total * draw) / 1000) * 1000
            : draw < 0.85
              ? total
              : 0;
      if (amount < 1) continue;
      await inTx((tx) =>
        ledger.pay(tx, finance, {
          kind: p.kind,
          party_id: p.id,
          payment_date: `${month}-${String(12 + n).padStart(2, "0")}`,
          amount,
          method: "cash",
        }),
      );
    }
    // A waiver now and then, on an open invoice of the month.
    if (m % 2 === 1) {
      const open = await sql<{
        id: number;
        outstanding: string;
      }>`select id, outstanding::text as outstanding from invoice where state = 'open' and invoice_date >= ${`${month}-01`}::date order by id limit 2`.execute(
        db(),
      );
      for (const row of open.rows) {
        await inTx((tx) =>
          ledger.waive(tx, finance, {
            invoice_id: Number(row.id),
            waiver_date: `${month}-20`,
            amount: Math.floor(Number(row.outstanding) / 2),
            reason: "Beasiswa",
          }),
        );
      }
    }
    // Penalties at the end of the month on what is still owed past its due date.
    const late = await sql<{
      id: number;
    }>`select id from invoice where state = 'open' and outstanding > 0 and due_date < ${`${month}-28`}::date order by id`.execute(
      db(),
    );
    if (late.rows.length) {
      await inTx((tx) =>
        ledger.addPenalties(
          tx,
          finance,
          late.rows.map((r) => ({
            invoice_id: Number(r.id),
            period: month,
            penalty_date: `${month}-28`,
            amount: 25_000,
          })),
        ),
      );
    }
  }
  // The never-paying candidate's first two invoices merged in December; a fresh unpaid invoice reversed in January.
  const never = parties[5]!;
  const two = await sql<{
    id: number;
  }>`select id from invoice where candidate_id = ${never.id} and state = 'open' order by id limit 2`.execute(
    db(),
  );
  await inTx((tx) =>
    ledger.mergeInvoices(tx, finance, {
      ids: two.rows.map((r) => Number(r.id)),
      invoice_date: "2025-12-15",
      due_date: "2025-12-31",
    }),
  );
  const [fresh] = (
    await inTx((tx) =>
      ledger.issueInvoices(tx, finance, [
        draft(never, 300_000, {
          income_type_id: 4,
          invoice_date: "2025-12-01",
          due_date: "2025-12-10",
        }),
      ]),
    )
  ).ids;
  await inTx((tx) =>
    ledger.reverseInvoices(tx, finance, {
      ids: [fresh!],
      reversing_date: "2026-01-15",
    }),
  );

  // A bank file committed in February: two lines paid, one VA the school never issued.
  const [bank] = await sampleParties(db(), server.app.records, 1, [400_000]);
  const file = bcaCsv([
    {
      va: bank!.va,
      amount: 400_000,
      paidAt: "2026-02-03 09:00:00",
      reference: "DASH-1",
    },
    {
      va: "1234599999999998",
      amount: 150_000,
      paidAt: "2026-02-03 10:00:00",
      reference: "DASH-2",
    },
  ]);
  const staged = await server.call(
    "POST",
    "/api/v1/finance/bank-import/stage",
    {
      as: "adminfinance",
      headers: en,
      body: {
        bank_layout_id: BCA_LAYOUT_ID,
        file_name: "dash.csv",
        file: file.toString("base64"),
      },
    },
  );
  expect(staged.status, staged.text).toBe(200);
  const committed = await server.call(
    "POST",
    "/api/v1/finance/bank-import/commit",
    {
      as: "adminfinance",
      headers: en,
      body: { upload_id: staged.json.data.upload_id },
    },
  );
  expect(committed.status, committed.text).toBe(200);
  parties.push({ kind: "candidate", id: bank!.id });

  // One remainder applied in January through the dashboard (allocated later than its payment).
  const withRemainder = await sql<{
    id: number;
  }>`select id from payment where deposit_amount > 0 and payment_date < '2025-12-01' order by id limit 1`.execute(
    db(),
  );
  remainderPayment = Number(withRemainder.rows[0]!.id);
  // A new invoice for the payer so the remainder has something to settle.
  const payer = await sql<{
    student_id: number | null;
    candidate_id: number | null;
  }>`select student_id, candidate_id from payment where id = ${remainderPayment}`.execute(
    db(),
  );
  const who: Party = payer.rows[0]!.student_id
    ? { kind: "student", id: Number(payer.rows[0]!.student_id) }
    : { kind: "candidate", id: Number(payer.rows[0]!.candidate_id) };
  await inTx((tx) =>
    ledger.issueInvoices(tx, finance, [
      draft(who, 90_000, {
        income_type_id: 4,
        invoice_date: "2026-01-05",
        due_date: "2026-01-12",
      }),
    ]),
  );
  const generated = await server.call("POST", "/api/v1/generate-payment", {
    as: "adminfinance",
    headers: en,
    body: { list_generate: [remainderPayment], date: "2026-01-20" },
  });
  expect(generated.status, generated.text).toBe(200);
  expect(generated.json.data.count).toBe(1);
  expect(generated.json.message).toMatch(
    /^1 payment applied to open invoices \(Rp [\d.]+\); 0 left alone$/,
  );
}

// ---------- the figures again, from the rows

interface Rows {
  invoices: {
    id: number;
    student_id: number | null;
    candidate_id: number | null;
    income_type_id: number;
    code: string;
    name: string;
    invoice_date: string;
    due_date: string;
    value: number;
    discount: number;
    state: string;
    reversing_date: string | null;
    closed_amount: number;
    merged_date: string | null;
  }[];
  allocations: { invoice_id: number; amount: number; date: string }[];
  waivers: { invoice_id: number; amount: number; waiver_date: string }[];
  penalties: { invoice_id: number; amount: number; penalty_date: string }[];
  payments: {
    id: number;
    student_id: number | null;
    candidate_id: number | null;
    payment_date: string;
    deposit_amount: number;
    payment_no: string;
    closed: boolean;
  }[];
}

async function readRows(): Promise<Rows> {
  const n = (v: unknown) => Number(v);
  const invoices = await sql<Record<string, unknown>>`
    select i.id, i.student_id, i.candidate_id, i.income_type_id, t.code, t.name, i.invoice_date::text as invoice_date, i.due_date::text as due_date,
      i.value, i.discount, i.state, i.reversing_date::text as reversing_date, i.closed_amount, m.invoice_date::text as merged_date
    from invoice i join income_type t on t.id = i.income_type_id left join invoice m on m.id = i.merged_into_id`.execute(
    db(),
  );
  const allocations = await sql<Record<string, unknown>>`
    select a.invoice_id, a.amount, coalesce(a.allocated_date, p.payment_date)::text as date from payment_allocation a join payment p on p.id = a.payment_id`.execute(
    db(),
  );
  const waivers = await sql<
    Record<string, unknown>
  >`select invoice_id, amount, waiver_date::text as waiver_date from waiver`.execute(
    db(),
  );
  const penalties = await sql<
    Record<string, unknown>
  >`select invoice_id, amount, penalty_date::text as penalty_date from penalty`.execute(
    db(),
  );
  const payments = await sql<Record<string, unknown>>`
    select p.id, p.student_id, p.candidate_id, p.payment_date::text as payment_date, p.deposit_amount, p.payment_no,
      exists (select 1 from payment_closure x where x.payment_id = p.id) as closed from payment p`.execute(
    db(),
  );
  return {
    invoices: invoices.rows.map((r) => ({
      id: n(r.id),
      student_id: r.student_id === null ? null : n(r.student_id),
      candidate_id: r.candidate_id === null ? null : n(r.candidate_id),
      income_type_id: n(r.income_type_id),
      code: String(r.code),
      name: String(r.name),
      invoice_date: String(r.invoice_date),
      due_date: String(r.due_date),
      value: n(r.value),
      discount: n(r.discount),
      state: String(r.state),
      reversing_date: (r.reversing_date as string | null) ?? null,
      closed_amount: n(r.closed_amount),
      merged_date: (r.merged_date as string | null) ?? null,
    })),
    allocations: allocations.rows.map((r) => ({
      invoice_id: n(r.invoice_id),
      amount: n(r.amount),
      date: String(r.date),
    })),
    waivers: waivers.rows.map((r) => ({
      invoice_id: n(r.invoice_id),
      amount: n(r.amount),
      waiver_date: String(r.waiver_date),
    })),
    penalties: penalties.rows.map((r) => ({
      invoice_id: n(r.invoice_id),
      amount: n(r.amount),
      penalty_date: String(r.penalty_date),
    })),
    payments: payments.rows.map((r) => ({
      id: n(r.id),
      student_id: r.student_id === null ? null : n(r.student_id),
      candidate_id: r.candidate_id === null ? null : n(r.candidate_id),
      payment_date: String(r.payment_date),
      deposit_amount: n(r.deposit_amount),
      payment_no: String(r.payment_no),
      closed: Boolean(r.closed),
    })),
  };
}

type Kinds = ("student" | "candidate")[];
const counted = (kinds: Kinds, row: { student_id: number | null }) =>
  kinds.includes(row.student_id !== null ? "student" : "candidate");
const sumOf = <T>(list: T[], pick: (t: T) => number) =>
  list.reduce((s, t) => s + pick(t), 0);

/** Per invoice issued by `c`: what it came to and what was paid by then, and what it owed then. */
function asOf(rows: Rows, c: string, kinds: Kinds) {
  return rows.invoices
    .filter((i) => i.invoice_date <= c && counted(kinds, i))
    .map((i) => {
      const penalties = sumOf(
        rows.penalties.filter(
          (p) => p.invoice_id === i.id && p.penalty_date <= c,
        ),
        (p) => p.amount,
      );
      const waived = sumOf(
        rows.waivers.filter((w) => w.invoice_id === i.id && w.waiver_date <= c),
        (w) => w.amount,
      );
      const paid = sumOf(
        rows.allocations.filter((a) => a.invoice_id === i.id && a.date <= c),
        (a) => a.amount,
      );
      const closedOn =
        i.state === "reversed"
          ? i.reversing_date
          : i.state === "merged"
            ? i.merged_date
            : null;
      const closed = closedOn !== null && closedOn <= c ? i.closed_amount : 0;
      const cameTo = i.value - i.discount + penalties - waived - closed;
      return { ...i, cameTo, paid, waived, owed: cameTo - paid };
    });
}

function expectedFigures(rows: Rows, c: string, kinds: Kinds) {
  const all = asOf(rows, c, kinds);
  const pie = new Map<
    number,
    { income_type_id: number; incometype: string; name: string; total: number }
  >();
  for (const i of all) {
    const slice = pie.get(i.income_type_id) ?? {
      income_type_id: i.income_type_id,
      incometype: i.code,
      name: i.name,
      total: 0,
    };
    slice.total += i.owed;
    pie.set(i.income_type_id, slice);
  }
  const gauge = (from: string | null) => {
    const due = all.filter(
      (i) => i.due_date <= c && (from === null || i.due_date >= from),
    );
    const dueSum = sumOf(due, (i) => i.cameTo);
    const collected = sumOf(due, (i) => i.paid);
    return {
      persen: dueSum > 0 ? Math.floor((collected * 1000) / dueSum) / 10 : null,
      collected,
      due: dueSum,
    };
  };
  const days = (due: string) => dayjs(c).diff(dayjs(due), "day");
  const partyOf = (i: {
    student_id: number | null;
    candidate_id: number | null;
  }) =>
    `${i.student_id !== null ? "student" : "candidate"}:${i.student_id ?? i.candidate_id}`;
  const limit = dayjs(c).subtract(3, "month").format("YYYY-MM-DD");
  const arrears = new Map<
    string,
    { total: number; count: number; min_age: number; max_age: number }
  >();
  for (const i of all.filter((x) => x.owed > 0 && x.due_date < limit)) {
    const a = arrears.get(partyOf(i)) ?? {
      total: 0,
      count: 0,
      min_age: Infinity,
      max_age: 0,
    };
    a.total += i.owed;
    a.count += 1;
    a.min_age = Math.min(a.min_age, days(i.due_date));
    a.max_age = Math.max(a.max_age, days(i.due_date));
    arrears.set(partyOf(i), a);
  }
  const waiverOverdue = new Map<
    string,
    {
      total: number;
      groups: Map<
        string,
        { count: number; outstanding: number; waived: number }
      >;
    }
  >();
  for (const i of all.filter(
    (x) => x.owed > 0 && x.due_date < c && x.waived > 0,
  )) {
    const w = waiverOverdue.get(partyOf(i)) ?? { total: 0, groups: new Map() };
    const g = w.groups.get(i.name) ?? { count: 0, outstanding: 0, waived: 0 };
    g.count += 1;
    g.outstanding += i.owed;
    g.waived += i.waived;
    w.groups.set(i.name, g);
    w.total += i.owed;
    waiverOverdue.set(partyOf(i), w);
  }
  const open = rows.payments
    .filter(
      (p) =>
        p.deposit_amount > 0 &&
        !p.closed &&
        p.payment_date <= c &&
        counted(kinds, p),
    )
    .sort((a, b) =>
      a.payment_date === b.payment_date
        ? b.id - a.id
        : a.payment_date < b.payment_date
          ? 1
          : -1,
    );
  return {
    pie: [...pie.values()]
      .filter((s) => s.total > 0)
      .sort((a, b) => b.total - a.total || a.income_type_id - b.income_type_id),
    current: gauge(`${c.slice(0, 7)}-01`),
    cumulative: gauge(null),
    outstanding: sumOf(all, (i) => i.owed),
    overdue: sumOf(
      all.filter((i) => i.due_date < c),
      (i) => i.owed,
    ),
    arrears,
    waiverOverdue,
    open: open.map((p) => ({
      payment_id: p.id,
      payment_reminder: p.deposit_amount,
      payment_no: p.payment_no,
      payment_date: p.payment_date,
    })),
  };
}

const query = (c: string, kinds: Kinds) =>
  `cutoff=${c}&type=${kinds.includes("student") ? 1 : 0}&typecalon=${kinds.includes("candidate") ? 1 : 0}`;
async function get(path: string, as = "finance") {
  const answer = await server.call("GET", `/api/v1/${path}`, {
    as,
    headers: en,
  });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json.success).toBe(true);
  return answer.json;
}

describe("the finance dashboard figures agree with the ledger", () => {
  let rows: Rows;
  beforeAll(async () => {
    await buildLedger();
    rows = await readRows();
  }, 240_000);

  it("has a ledger that exercises every figure", () => {
    expect(
      rows.invoices.some((i) => i.state === "merged") &&
        rows.invoices.some((i) => i.state === "reversed"),
    ).toBe(true);
    expect(rows.waivers.length).toBeGreaterThan(2);
    expect(rows.penalties.length).toBeGreaterThan(5);
    expect(
      rows.payments.filter((p) => p.deposit_amount > 0).length,
    ).toBeGreaterThan(0);
    expect(rows.allocations.some((a) => a.date === "2026-01-20")).toBe(true);
  });

  for (const c of CUTOFFS) {
    for (const kinds of [
      ["student", "candidate"],
      ["student"],
      ["candidate"],
    ] as Kinds[]) {
      it(`as of ${c} for ${kinds.join(" and ")}`, async () => {
        const want = expectedFigures(rows, c, kinds);
        const q = query(c, kinds);
        const all = await get(`chartall?${q}`);
        expect(all.data).toEqual(want.pie);
        expect(all.data.length).toBeGreaterThan(1);
        expect(all.cutoffchart).toEqual({
          title: "current_month",
          persen: want.current.persen,
          infohover: {
            from: `${c.slice(0, 7)}-01`,
            to: c,
            collected: want.current.collected,
            due: want.current.due,
          },
        });
        expect(all.douchart).toEqual({
          title: "cumulative",
          persen: want.cumulative.persen,
          infohover: {
            from: null,
            to: c,
            collected: want.cumulative.collected,
            due: want.cumulative.due,
          },
        });

        const summary = (await get(`chartsummary?${q}`)).data;
        expect([summary.outstanding, summary.overdue]).toEqual([
          want.outstanding,
          want.overdue,
        ]);
        expect(summary.outstanding).toBe(
          want.pie.reduce((s, p) => s + p.total, 0),
        );

        const arrearsAnswer = await get(`accounting-arrears-invoice?${q}`);
        expect(arrearsAnswer.total).toBe(want.arrears.size);
        const arrears = arrearsAnswer.data as {
          kind: string;
          idsiswa: number;
          total: number;
          count: number;
          min_age: number;
          max_age: number;
        }[];
        expect(
          new Map(
            arrears.map((a) => [
              `${a.kind}:${a.idsiswa}`,
              {
                total: a.total,
                count: a.count,
                min_age: a.min_age,
                max_age: a.max_age,
              },
            ]),
          ),
        ).toEqual(want.arrears);

        const waiversAnswer = await get(`accounting-waiver-overdue?${q}`);
        expect(waiversAnswer.total).toBe(want.waiverOverdue.size);
        const waivers = waiversAnswer.data as {
          kind: string;
          party_id: number;
          total: number;
          detailsGroup: {
            income_type: string;
            count: number;
            outstanding: number;
            waived: number;
          }[];
        }[];
        expect(
          new Map(
            waivers.map((w) => [
              `${w.kind}:${w.party_id}`,
              {
                total: w.total,
                groups: new Map(
                  w.detailsGroup.map((g) => [
                    g.income_type,
                    {
                      count: g.count,
                      outstanding: g.outstanding,
                      waived: g.waived,
                    },
                  ]),
                ),
              },
            ]),
          ),
        ).toEqual(want.waiverOverdue);

        const open = await get(`open-payment?${q}&per_page=100`);
        expect(open.total).toBe(want.open.length);
        expect(
          open.data.map((p: Record<string, unknown>) => ({
            payment_id: p.payment_id,
            payment_reminder: p.payment_reminder,
            payment_no: p.payment_no,
            payment_date: p.payment_date,
          })),
        ).toEqual(want.open);
      });
    }
  }

  it("shows figures that change between the two cut-offs (none is constant)", () => {
    const [a, b] = CUTOFFS.map((c) =>
      expectedFigures(rows, c, ["student", "candidate"]),
    );
    expect(a!.outstanding).not.toBe(b!.outstanding);
    expect(a!.arrears).not.toEqual(b!.arrears);
    expect(a!.arrears.size).toBeGreaterThan(0);
    expect(a!.cumulative.persen).not.toBe(b!.cumulative.persen);
  });

  it("reconciles a committed bank file: what the file says arrived against the payments it made", async () => {
    // The file is committed today: the cut-off is the end of the demo year, or tomorrow if later
    // (a day of room: the school's date runs ahead of UTC in the evening).
    const cutoff = ["2026-12-31", dayjs().add(1, "day").format("YYYY-MM-DD")].sort()[1];
    const cards = (await get(`chartsiswa?cutoff=${cutoff}&type=1&typecalon=1`))
      .data;
    const lines = await sql<{
      amount: string;
      status: string;
      payment_amount: string | null;
    }>`
      select l.amount::text, l.status, p.amount::text as payment_amount from bank_upload_line l left join payment p on p.id = l.payment_id
      join bank_upload u on u.id = l.bank_upload_id where u.file_name = 'dash.csv'`.execute(
      db(),
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      file_name: "dash.csv",
      uploadva: sumOf(
        lines.rows.filter((l) => l.status !== "duplicate"),
        (l) => Number(l.amount),
      ),
      payment: sumOf(lines.rows, (l) => Number(l.payment_amount ?? 0)),
    });
    expect(cards[0].uploadva).toBe(550_000);
    expect(cards[0].payment).toBe(400_000);
    // Students only: the file's lines were a candidate's and an unknown VA's.
    expect(
      (await get(`chartsiswa?cutoff=${cutoff}&type=1&typecalon=0`)).data[0],
    ).toMatchObject({ uploadva: 150_000, payment: 0 });
    // Before the file was committed: no card.
    expect((await get(`chartsiswa?cutoff=2025-01-01`)).data).toEqual([]);
  });

  it("applies a remainder once: the second Generate Payment changes nothing, and the ledger still balances", async () => {
    const again = await server.call("POST", "/api/v1/generate-payment", {
      as: "adminfinance",
      headers: en,
      body: { list_generate: [remainderPayment], date: "2026-01-21" },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json.data).toEqual({ count: 0, applied: 0, skipped: 1 });
    const check = await sql<{ bad: number }>`
      select count(*)::int as bad from payment p where p.amount <> p.deposit_amount + coalesce((select sum(a.amount) from payment_allocation a where a.payment_id = p.id), 0)`.execute(
      db(),
    );
    expect(check.rows[0]!.bad).toBe(0);
    const journals = await sql<{
      n: number;
    }>`select count(*)::int as n from (select j.id from journal j join journal_line l on l.journal_id = j.id group by j.id having sum(l.debit) <> sum(l.credit)) x`.execute(
      db(),
    );
    expect(journals.rows[0]!.n).toBe(0);
  });

  it('closes payments once; an empty selection is refused with "Please select payment first."', async () => {
    const empty = await server.call("POST", "/api/v1/close-payment", {
      as: "finance",
      headers: en,
      body: { list_close: [] },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.messages.list_close).toEqual([
      "Please select payment first.",
    ]);
    const emptyId = await server.call("POST", "/api/v1/generate-payment", {
      as: "finance",
      headers: { "accept-language": "id" },
      body: {},
    });
    expect(emptyId.json.messages.list_generate).toEqual([
      "Silakan pilih pembayaran terlebih dahulu.",
    ]);
    const open = await get("open-payment?cutoff=2026-12-31&per_page=100");
    expect(open.total).toBeGreaterThan(0);
    const target = open.data[0].payment_id as number;
    const closed = await server.call("POST", "/api/v1/close-payment", {
      as: "finance",
      headers: en,
      body: { list_close: [target] },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.data).toMatchObject({ count: 1, skipped: 0 });
    expect(closed.json.message).toBe("1 payment closed; 0 left alone");
    const twice = await server.call("POST", "/api/v1/close-payment", {
      as: "finance",
      headers: en,
      body: { list_close: [target] },
    });
    expect(twice.json.data).toMatchObject({ count: 0, skipped: 1 });
    const after = await get("open-payment?cutoff=2026-12-31&per_page=100");
    expect(after.total).toBe(open.total - 1);
    expect(
      after.data.map((p: { payment_id: number }) => p.payment_id),
    ).not.toContain(target);
    // A closed remainder is not applied.
    const generate = await server.call("POST", "/api/v1/generate-payment", {
      as: "adminfinance",
      headers: en,
      body: { list_generate: [target] },
    });
    expect(generate.json.data).toEqual({ count: 0, applied: 0, skipped: 1 });
  });
});

describe("two Generate Payments of one remainder at once (PostgreSQL: row locks, not memory)", () => {
  it("applies the remainder once", async () => {
    const ledger = ledgerOf(server.app.records);
    const party = await newParty(db(), server.app.records);
    const inTx = <T>(work: (tx: Db) => Promise<T>) =>
      db().transaction().execute(work);
    const paid = await inTx((tx) =>
      ledger.pay(tx, finance, {
        kind: party.kind,
        party_id: party.id,
        payment_date: "2026-01-05",
        amount: 700_000,
        method: "cash",
      }),
    );
    expect(paid.deposit).toBe(700_000);
    await inTx((tx) =>
      ledger.issueInvoices(tx, finance, [
        draft(party, 300_000, {
          invoice_date: "2026-01-10",
          due_date: "2026-01-20",
        }),
        draft(party, 250_000, {
          invoice_date: "2026-01-10",
          due_date: "2026-01-25",
        }),
      ]),
    );
    const body = { list_generate: [paid.payment_id], date: "2026-01-12" };
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        server.call("POST", "/api/v1/generate-payment", {
          as: "adminfinance",
          headers: en,
          body,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json.data.count).sort()).toEqual([0, 0, 1]);
    const after = await sql<{ deposit: string; allocated: string }>`
      select p.deposit_amount::text as deposit, (select sum(amount) from payment_allocation a where a.payment_id = p.id)::text as allocated from payment p where p.id = ${paid.payment_id}`.execute(
      db(),
    );
    expect(after.rows[0]).toEqual({ deposit: "150000", allocated: "550000" });
    const open = await sql<{
      n: number;
    }>`select count(*)::int as n from invoice where candidate_id = ${party.id} and outstanding > 0`.execute(
      db(),
    );
    expect(open.rows[0]!.n).toBe(0);
  });
});

describe("the Generate Payment and Close Payment answers", () => {
  it("say one payment in the singular, more in the plural; Indonesian the same for every count", () => {
    expect(
      dashboardText("en", "generated", { count: 2, amount: "Rp 10", skipped: 1 }),
    ).toBe("2 payments applied to open invoices (Rp 10); 1 left alone");
    expect(dashboardText("en", "closed", { count: 2, skipped: 0 })).toBe(
      "2 payments closed; 0 left alone",
    );
    expect(
      dashboardText("id", "generated", { count: 1, amount: "Rp 10", skipped: 0 }),
    ).toBe("1 pembayaran dialokasikan ke tagihan terbuka (Rp 10); 0 dilewati");
    expect(dashboardText("id", "closed", { count: 1, skipped: 2 })).toBe(
      "1 pembayaran ditutup; 2 dilewati",
    );
  });
});

describe("who may call the dashboard", () => {
  it("answers 403 to users outside finance, lets the foundation read but not act", async () => {
    for (const as of ["teacher", "admin"]) {
      for (const path of [
        "chartall",
        "chartsiswa",
        "chartsummary",
        "open-payment",
        "accounting-arrears-invoice",
        "accounting-waiver-overdue",
        "finance-dashboard/thresholds",
      ]) {
        expect(
          (await server.call("GET", `/api/v1/${path}`, { as })).status,
          `${as} ${path}`,
        ).toBe(403);
      }
      expect(
        (
          await server.call("POST", "/api/v1/close-payment", {
            as,
            body: { list_close: [1] },
          })
        ).status,
      ).toBe(403);
    }
    const token = await foundationToken(server);
    const headers = { authorization: `Bearer ${token}`, ...en };
    expect(
      (
        await server.app.inject({
          method: "GET",
          url: "/api/v1/chartall",
          headers,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await server.app.inject({
          method: "POST",
          url: "/api/v1/generate-payment",
          headers,
          payload: { list_generate: [1] },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await server.call("GET", "/api/v1/chartall?cutoff=2026-02-30", {
          as: "finance",
          headers: en,
        })
      ).status,
    ).toBe(422);
  });
});

describe("gauge thresholds are kept per user", () => {
  it("starts at 70/90/100, keeps what a user saves for that user only, refuses a wrong order", async () => {
    expect(
      (await get("finance-dashboard/thresholds", "adminfinance")).data,
    ).toEqual({ chartfail: 70, chartwarning: 90, chartsuccess: 100 });
    const saved = await server.call(
      "PUT",
      "/api/v1/finance-dashboard/thresholds",
      {
        as: "adminfinance",
        headers: en,
        body: { chartfail: 60, chartwarning: 85, chartsuccess: 100 },
      },
    );
    expect(saved.status, saved.text).toBe(200);
    const again = await server.call(
      "PUT",
      "/api/v1/finance-dashboard/thresholds",
      {
        as: "adminfinance",
        headers: en,
        body: { chartfail: 65, chartwarning: 85, chartsuccess: 100 },
      },
    );
    expect(again.status, again.text).toBe(200);
    expect(
      (await get("finance-dashboard/thresholds", "adminfinance")).data,
    ).toEqual({ chartfail: 65, chartwarning: 85, chartsuccess: 100 });
    expect((await get("finance-dashboard/thresholds", "finance")).data).toEqual(
      { chartfail: 70, chartwarning: 90, chartsuccess: 100 },
    );
    const wrong = await server.call(
      "PUT",
      "/api/v1/finance-dashboard/thresholds",
      {
        as: "finance",
        headers: en,
        body: { chartfail: 90, chartwarning: 80, chartsuccess: 100 },
      },
    );
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json.messages)).toEqual(["chartwarning"]);
  });
});

describe("the pie slice target (spec 3 §2.1)", () => {
  it.each([
    ["SPP1", "/paymentdashboard"],
    ["SPP", "/ardashboard"],
    ["UPK-2", "/ardashboard"],
    ["21", "/paymentdashboard"],
  ])("%s opens %s", (code, target) => {
    expect(pieSliceTarget(code)).toBe(target);
  });
});
