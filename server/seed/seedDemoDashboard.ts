// The finance dashboard's demo (issue 13): what the finance demo (./seedDemoFinance.ts) leaves
// out and the dashboard shows — two bank VA files of early November 2026 as /uploadva stages and
// commits them (server/finance/bank/bankImport.ts), so Payment Reconciliation has a file that
// agrees with its payments and one that does not (a VA number the school never issued), and
// some parents who paid more than November's SPP, whose remainders are the Open Payment list.
//
// The students are those with a BCA VA who owe nothing but November's SPP and are not in the
// sample bank file (server/seed/finance/sample-bca-2026-11.csv stays as its test expects), taken
// in id order, so every first start seeds the same. Runs after the finance demo, in its
// transaction; a database without the finance demo's invoices gets nothing.

import { sql } from "kysely";
import type { Db } from "../db/database";
import {
  commitBankUpload,
  layoutById,
  stageBankFile,
} from "../finance/bank/bankImport";
import type { RecordWrites } from "../records/recordWrites";
import { SEED_FINANCE_CALLER, sampleBankFile } from "./seedDemoFinance";

const BCA_LAYOUT_ID = 1;

const rupiah = (amount: number) => `${amount.toLocaleString("en-US")}.00`;

function bcaFile(
  lines: {
    va: string;
    name: string;
    amount: number;
    at: string;
    reference: string;
  }[],
): Buffer {
  const rows = lines.map((l) =>
    [
      l.va,
      l.name.toUpperCase().slice(0, 30),
      rupiah(l.amount),
      l.at,
      l.reference,
    ]
      .map((c) => (/[",]/.test(c) ? `"${c}"` : c))
      .join(","),
  );
  return Buffer.from(
    [
      "Laporan Transaksi Virtual Account BCA - Kode Perusahaan 12345 Yayasan Pendidikan Harapan Bangsa",
      "No. VA,Nama,Nominal,Tanggal Bayar,No. Referensi",
      ...rows,
      "",
    ].join("\n"),
    "utf8",
  );
}

export async function seedDemoDashboard(
  tx: Db,
  records: RecordWrites,
): Promise<{ uploads: number; payments: number }> {
  const sampleVas = new Set(
    sampleBankFile()
      .text.split("\n")
      .slice(2)
      .map((line) => line.split(",")[0])
      .filter(Boolean),
  );
  const found = await sql<{
    va_no: string;
    name: string;
    spp: string;
    open_total: string;
  }>`
    select v.va_no, s.name, sum(i.outstanding) filter (where i.invoice_date <= '2026-11-03')::text as spp, sum(i.outstanding)::text as open_total
    from student s join va_student v on v.student_id = s.id and v.is_active and v.va_no like '12345%'
    join invoice i on i.student_id = s.id and i.state = 'open' and i.outstanding > 0
    group by s.id, s.name, v.va_no
    having min(i.due_date) >= '2026-11-01' and count(*) filter (where i.invoice_date <= '2026-11-03') = 1
    order by s.id`.execute(tx);
  const payers = found.rows
    .filter((r) => !sampleVas.has(r.va_no))
    .map((r) => ({
      va_no: r.va_no,
      name: r.name,
      spp: Number(r.spp),
      openTotal: Number(r.open_total),
    }));
  if (payers.length < 20) return { uploads: 0, payments: 0 };
  const candidates = await sql<{ va_no: string; name: string }>`
    select v.va_no, c.name from candidate c join va_student v on v.candidate_id = c.id and v.is_active order by c.id limit 2`.execute(
    tx,
  );
  const layout = await layoutById(tx, "id", BCA_LAYOUT_ID);
  const caller = SEED_FINANCE_CALLER;
  const at = (day: string, i: number) =>
    `${day}/11/2026 ${String(8 + (i % 9)).padStart(2, "0")}:${String((i * 13) % 60).padStart(2, "0")}:${String((i * 29) % 60).padStart(2, "0")}`;

  // 3 November: November's SPP; four parents paid the rest of the year at once, rounded up to the
  // next million (the rest is a remainder); the two applicants' entrance fee, paid before they were
  // billed (all of it a remainder); one VA number the school never issued.
  const first = payers.slice(0, 12).map((p, i) => ({
    va: p.va_no,
    name: p.name,
    amount:
      i % 3 === 0
        ? Math.ceil((p.openTotal + 1) / 1_000_000) * 1_000_000
        : p.spp,
    at: at("03", i),
    reference: `BCA20261103${String(i + 1).padStart(5, "0")}`,
  }));
  candidates.rows.forEach((c, i) =>
    first.push({
      va: c.va_no,
      name: c.name,
      amount: [2_500_000, 3_000_000][i]!,
      at: at("03", 20 + i),
      reference: `BCA202611030009${i}`,
    }),
  );
  first.splice(7, 0, {
    va: "1234504008888888",
    name: "Rina Kartika",
    amount: 950_000,
    at: "03/11/2026 13:05:44",
    reference: "BCA2026110300099",
  });
  // 5 November: eight SPP payments, exactly what was owed.
  const second = payers
    .slice(12, 20)
    .map((p, i) => ({
      va: p.va_no,
      name: p.name,
      amount: p.spp,
      at: at("05", i),
      reference: `BCA20261105${String(i + 1).padStart(5, "0")}`,
    }));

  let payments = 0;
  for (const [name, lines] of [
    ["bca-va-2026-11-03.csv", first],
    ["bca-va-2026-11-05.csv", second],
  ] as const) {
    const staged = await stageBankFile(tx, records, caller, {
      layout,
      file_name: name,
      bytes: bcaFile(lines),
    });
    payments +=
      (await commitBankUpload(tx, records, caller, staged.upload_id))
        ?.created ?? 0;
  }
  return { uploads: 2, payments };
}
