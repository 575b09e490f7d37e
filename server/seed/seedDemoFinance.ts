// The finance demo (issue 12 "Demo data"): a school a finance officer would recognise. From the
// recipes in server/seed/finance/ (not hand-written records): the roster (roster.yaml, ~600
// students over SD, SMP and SMA with their VA numbers, a few without one) and a year of money
// (ledger.yaml): the 2026/2027 SPP of every student with a VA, Uang Pangkal in three
// installments for the grades that came in, the activity fee; VA and cash payments from July to
// October, some partial, some students unpaid since July or August; waivers with their reasons;
// the late fines of two penalty runs. Every draw comes from pseudo-random generators started
// from the roster's fixed seed, so every first start seeds the same school. Every student with a
// VA number is billed: the invoices, the VA payments and the penalties go through the ledger's
// bulk paths (issueInvoices, publishInvoices, payMany, addPenalties), so the whole year takes seconds.
//
// The students are checked like an API write (the entity's validator) and inserted in bulk: one
// argon2 hash each would cost ~600 × 50 ms; they share one hash of a random secret, so none of
// them can log in (the demo logins are the students of server/seed/demo/student.yaml). The
// money goes through the ledger operations (server/finance/ledger/), as a finance admin
// 'seed', never by raw inserts into the ledger's tables; reading back what they wrote is plain SQL.
//
// A database that already has the roster's first student is left as it is.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { checkBody, isPlainObject } from '../../src/shared/validation';
import { hashPassword } from '../auth/password';
import type { Catalog } from '../crud/catalog';
import { penaltyCandidates } from '../finance/invoices/penalties';
import { ledgerOf, type InvoiceDraft, type Ledger } from '../finance/ledger/ledger';
import { payMany, type BankPayment, type BankPaymentResult } from '../finance/payments/payMany';
import type { Db } from '../db/database';
import type { Caller, RecordWrites } from '../records/recordWrites';

export const DEMO_FINANCE_DIR = join(import.meta.dirname, 'finance');
const SEED_USER = 'seed';
/** Who writes the demo's money: a finance admin. */
export const SEED_FINANCE_CALLER: Caller = { username: SEED_USER, roles: ['ROLE_ADMIN_FINANCE'], locale: 'id' };

/**
 * The part of the ledger (ledgerOf(records)) the demo uses, and the bank import's bulk payment
 * path (../finance/payments/payMany.ts: what pay() does per line, in a few statements).
 */
export type DemoLedger = Pick<Ledger, 'issueInvoices' | 'publishInvoices' | 'pay' | 'waive' | 'addPenalties'> & {
  payMany(tx: Db, caller: Caller, requests: readonly BankPayment[], journalTypeId: number | null): Promise<BankPaymentResult[]>;
};

/** The demo's ledger over the door `records` (as the app's routes build theirs). */
export function demoLedgerOf(records: RecordWrites): DemoLedger {
  return { ...ledgerOf(records), payMany: (tx, caller, requests, journalTypeId) => payMany(tx, records, caller, requests, journalTypeId) };
}

// ---------- the recipes

interface RosterUnit {
  department_id: number; code: string; digit: number; va_code_id: number;
  company_code: string; sub_company_code: string; first_grade: number;
  /** [class id, grade, students] */
  classes: [number, number, number][];
}
export interface Roster {
  seed: number;
  school_year_start: number;
  without_va: number;
  units: RosterUnit[];
  names: Record<'male' | 'female' | 'male_middle' | 'female_middle' | 'last' | 'male_last' | 'female_last', string[]>;
}

interface LedgerUnit { department_id: number; financial_year_id: number; spp_income_type_id: number; spp: number; gedung: number; kegiatan: number }
export interface LedgerRecipe {
  units: LedgerUnit[];
  invoice_journal_type_id: number;
  spp: { first_month: string; months: number; due_day: number };
  gedung: { income_type_id: number; invoice_date: string; due_dates: string[] };
  kegiatan: { income_type_id: number; invoice_date: string; due_date: string };
  published_until: string;
  payments: {
    months: string[]; va_journal_type_id: number; cash_journal_type_id: number;
    partial: number; unpaid_since_july: number; unpaid_since_august: number; cash: number;
  };
  waivers: { date: string; month: string; kinds: { count: number; percent: number; reason: string }[] };
  penalties: { as_of: string }[];
}

function readYaml(path: string, required: readonly string[]): Record<string, unknown> {
  const document: unknown = parse(readFileSync(path, 'utf8'));
  if (!isPlainObject(document)) throw new Error(`${path}: expected a mapping`);
  const missing = required.filter((key) => document[key] === undefined);
  if (missing.length) throw new Error(`${path}: missing ${missing.join(', ')}`);
  return document;
}

export function readRoster(path = join(DEMO_FINANCE_DIR, 'roster.yaml')): Roster {
  const roster = readYaml(path, ['seed', 'school_year_start', 'without_va', 'units', 'names']) as unknown as Roster;
  for (const [index, unit] of roster.units.entries()) {
    if (!Array.isArray(unit.classes) || !unit.classes.every((c) => Array.isArray(c) && c.length === 3 && c.every(Number.isInteger))) {
      throw new Error(`${path}: unit ${index + 1} (${unit.code}) needs classes as [class id, grade, students]`);
    }
  }
  for (const pool of ['male', 'female', 'male_middle', 'female_middle', 'last', 'male_last', 'female_last'] as const) {
    if (!Array.isArray(roster.names[pool]) || roster.names[pool].length === 0) throw new Error(`${path}: names.${pool} needs a list of names`);
  }
  return roster;
}

export function readLedgerRecipe(path = join(DEMO_FINANCE_DIR, 'ledger.yaml')): LedgerRecipe {
  return readYaml(path, ['units', 'invoice_journal_type_id', 'spp', 'gedung', 'kegiatan', 'published_until', 'payments', 'waivers', 'penalties']) as unknown as LedgerRecipe;
}

// ---------- the pseudo-random draws

/** mulberry32: a small, fast generator; the same seed gives the same sequence everywhere. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// ---------- the roster

export interface PlannedStudent {
  nis: string; name: string; department_id: number; class_id: number; grade: number; unit: RosterUnit;
  /** null: no VA number (generating invoices warns about them). */
  va_no: string | null;
  /** Came in this school year (grade 1, 7 or 10): pays Uang Pangkal. */
  is_new: boolean;
}

/** The roster's students, the same on every call. */
export function planRoster(roster: Roster): PlannedStudent[] {
  const random = randomFrom(roster.seed);
  const students: PlannedStudent[] = [];
  for (const unit of roster.units) {
    const numbers = new Map<number, number>();
    const mine: PlannedStudent[] = [];
    for (const [classId, grade, count] of unit.classes) {
      const entryYear = roster.school_year_start - (grade - unit.first_grade);
      for (let n = 0; n < count; n++) {
        const next = (numbers.get(entryYear) ?? 0) + 1;
        numbers.set(entryYear, next);
        const nis = `${entryYear}${unit.digit}${String(next).padStart(3, '0')}`;
        const female = random() < 0.5;
        const first = pick(random, female ? roster.names.female : roster.names.male);
        const middle = random() < 0.35 ? pick(random, female ? roster.names.female_middle : roster.names.male_middle) : null;
        const last = pick(random, random() < 0.75 ? roster.names.last : female ? roster.names.female_last : roster.names.male_last);
        const name = [first, middle !== first ? middle : null, last !== first ? last : null].filter(Boolean).join(' ');
        const va = `${unit.company_code}${unit.sub_company_code}${nis.padStart(9, '0')}`;
        mine.push({ nis, name, department_id: unit.department_id, class_id: classId, grade, unit, va_no: va, is_new: grade === unit.first_grade });
      }
    }
    // A few per unit without a VA number.
    const without = Math.max(1, Math.round((mine.length * roster.without_va) / 100));
    for (let k = 0; k < without; k++) {
      const open = mine.filter((s) => s.va_no !== null);
      pick(random, open).va_no = null;
    }
    students.push(...mine);
  }
  return students;
}

async function insertChecked(tx: Db, catalog: Catalog, entityName: string, rows: Record<string, unknown>[], check: (row: Record<string, unknown>) => Record<string, unknown>): Promise<number[]> {
  const entity = catalog.entityNamed(entityName);
  if (!entity) throw new Error(`There is no entity named ${entityName}`);
  const validate = catalog.validatorOf(entity);
  for (const row of rows) {
    const errors = checkBody(entity, validate, check(row), 'en');
    if (errors && Object.keys(errors).length) {
      throw new Error(`The finance demo's ${entityName} ${JSON.stringify(row)} is invalid: ${Object.entries(errors).map(([f, t]) => `${f}: ${t.join('; ')}`).join(', ')}`);
    }
  }
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 250) {
    const chunk = rows.slice(start, start + 250).map((row) => ({ ...row, created_by: SEED_USER }));
    const inserted = await tx.insertInto(catalog.tableOf(entity)).values(chunk).returning('id').execute();
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

interface SeededStudent extends PlannedStudent { id: number }

async function seedRoster(tx: Db, catalog: Catalog, roster: Roster): Promise<SeededStudent[]> {
  const planned = planRoster(roster);
  // No one can log in as a roster student: one hash of a secret nobody keeps.
  const password = await hashPassword(randomBytes(24).toString('base64'));
  const studentRows = planned.map((s) => ({
    nis: s.nis, name: s.name, department_id: s.department_id, class_id: s.class_id, username: `s${s.nis}`, password, is_active: true,
  }));
  const ids = await insertChecked(tx, catalog, 'student', studentRows, (row) => ({ ...row, password: 'checked-as-a-long-password' }));
  const seeded = planned.map((s, index) => ({ ...s, id: ids[index]! }));
  const vaRows = seeded.filter((s) => s.va_no !== null).map((s) => ({
    va_code_id: s.unit.va_code_id, va_no: s.va_no, student_id: s.id, student_number: s.nis, student_name: s.name,
    department_id: s.department_id, class_id: s.class_id, is_active: true,
  }));
  await insertChecked(tx, catalog, 'va_student', vaRows, (row) => row);
  return seeded;
}

// ---------- the year of money

const monthAfter = (month: string, add: number): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + add;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
const monthsBetween = (from: string, to: string): number =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
const BULAN = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
const monthName = (month: string) => `${BULAN[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** Splits `total` over `count` installments exactly: the remainder goes to the first. */
const installments = (total: number, count: number): number[] => {
  const part = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? total - part * (count - 1) : part));
};

type Behaviour = 'full' | 'partial' | 'unpaid_since_july' | 'unpaid_since_august';

export interface FinanceCounts {
  students: number; va_numbers: number; invoices: number; payments: number; waivers: number; penalties: number;
}

export interface MoneyPlan {
  /** By NIS; a roster student not in it (or a demo login's student) pays in full. */
  behaviour: Map<string, Behaviour>;
  /** The students (full payers) whose SPP month gets a waiver, and which. */
  waivers: { nis: string; kind: LedgerRecipe['waivers']['kinds'][number] }[];
}

/** Who pays how and who gets a waiver, from the roster's seed: the same on every call. */
export function planMoney(recipe: LedgerRecipe, seed: number, billedNis: readonly string[]): MoneyPlan {
  const random = randomFrom(seed + 2);
  const p = recipe.payments;
  const behaviour = new Map<string, Behaviour>();
  for (const nis of billedNis) {
    const draw = random() * 100;
    behaviour.set(nis, draw < p.unpaid_since_july ? 'unpaid_since_july'
      : draw < p.unpaid_since_july + p.unpaid_since_august ? 'unpaid_since_august'
        : draw < p.unpaid_since_july + p.unpaid_since_august + p.partial ? 'partial' : 'full');
  }
  const candidates = billedNis.filter((nis) => behaviour.get(nis) === 'full');
  const waivers: MoneyPlan['waivers'] = [];
  for (const kind of recipe.waivers.kinds) {
    for (let k = 0; k < kind.count && candidates.length; k++) waivers.push({ nis: candidates.splice(Math.floor(random() * candidates.length), 1)[0]!, kind });
  }
  return { behaviour, waivers };
}

async function seedMoney(tx: Db, ledger: DemoLedger, recipe: LedgerRecipe, billed: SeededStudent[], students: SeededStudent[], seed: number): Promise<Omit<FinanceCounts, 'students' | 'va_numbers'>> {
  const caller = SEED_FINANCE_CALLER;
  const units = new Map(recipe.units.map((u) => [u.department_id, u]));
  const random = randomFrom(seed + 1);
  billed = billed.filter((s) => s.va_no !== null && units.has(s.department_id));
  // Who pays how, and who gets a waiver: drawn over the roster only (the demo logins' students pay in full).
  const plan = planMoney(recipe, seed, students.filter((x) => x.va_no !== null).map((x) => x.nis));

  // Invoices: 12 SPP months, Uang Pangkal in installments for the new students, the activity fee.
  const drafts: InvoiceDraft[] = [];
  for (const s of billed) {
    const unit = units.get(s.department_id)!;
    const common = { kind: 'student' as const, party_id: s.id, va_no: s.va_no, financial_year_id: unit.financial_year_id, discount: 0, journal_type_id: recipe.invoice_journal_type_id, source: 'generate' as const };
    for (let p = 0; p < recipe.spp.months; p++) {
      const month = monthAfter(recipe.spp.first_month, p);
      drafts.push({
        ...common, income_type_id: unit.spp_income_type_id, period_no: p + 1, period_start: `${month}-01`, installment_no: 1, installment_count: 1,
        invoice_date: `${month}-01`, due_date: `${month}-${String(recipe.spp.due_day).padStart(2, '0')}`, value: unit.spp, remarks: `SPP ${monthName(month)}`,
      });
    }
    if (s.is_new) {
      const parts = installments(unit.gedung, recipe.gedung.due_dates.length);
      recipe.gedung.due_dates.forEach((due, i) => drafts.push({
        ...common, income_type_id: recipe.gedung.income_type_id, period_no: 1, period_start: null, installment_no: i + 1, installment_count: parts.length,
        invoice_date: recipe.gedung.invoice_date, due_date: due, value: parts[i]!, remarks: `Uang Pangkal cicilan ${i + 1} dari ${parts.length}`,
      }));
    }
    drafts.push({
      ...common, income_type_id: recipe.kegiatan.income_type_id, period_no: 1, period_start: recipe.kegiatan.invoice_date, installment_no: 1, installment_count: 1,
      invoice_date: recipe.kegiatan.invoice_date, due_date: recipe.kegiatan.due_date, value: unit.kegiatan, remarks: 'Uang Kegiatan 2026/2027',
    });
  }
  const issued = await ledger.issueInvoices(tx, caller, drafts);

  const invoiceRows = await sql<{ id: number; student_id: number; income_type_id: number; period_no: number; installment_no: number; invoice_date: string; due_date: string }>`
    select id, student_id, income_type_id, period_no, installment_no, invoice_date::text as invoice_date, due_date::text as due_date
    from invoice where student_id is not null order by id`.execute(tx);
  const invoiceId = new Map(invoiceRows.rows.map((r) => [`${r.student_id}/${r.income_type_id}/${r.period_no}/${r.installment_no}`, Number(r.id)]));
  // Published up to the recipe's date, through the ledger (one statement for them all).
  await ledger.publishInvoices(tx, caller, { ids: invoiceRows.rows.filter((r) => r.invoice_date <= recipe.published_until).map((r) => Number(r.id)), published: true });

  const p = recipe.payments;
  const behaviourOf = (s: SeededStudent): Behaviour => plan.behaviour.get(s.nis) ?? 'full';
  const byStudent = new Map<number, InvoiceDraft[]>();
  for (const d of drafts) byStudent.set(d.party_id, [...(byStudent.get(d.party_id) ?? []), d]);

  // Month by month: the VA payments through the bank import's bulk path (payMany, as pay() per
  // payment), the few at the cash desk through pay().
  let payments = 0;
  for (const [index, month] of p.months.entries()) {
    const va: BankPayment[] = [];
    const cash: Parameters<DemoLedger['pay']>[2][] = [];
    for (const s of billed) {
      const how = behaviourOf(s);
      if (how === 'unpaid_since_july' || (how === 'unpaid_since_august' && index > 0)) continue;
      const due = (byStudent.get(s.id) ?? []).filter((d) => d.due_date.startsWith(month)).reduce((sum, d) => sum + d.value - d.discount, 0);
      if (due === 0) continue;
      const amount = how === 'partial' ? Math.floor((due * (50 + Math.floor(random() * 40))) / 100 / 1000) * 1000 : due;
      const payment_date = `${month}-${String(1 + Math.floor(random() * 14)).padStart(2, '0')}`;
      if (random() * 100 < p.cash) {
        cash.push({
          kind: 'student', party_id: s.id, payment_date, amount, method: 'cash', journal_type_id: p.cash_journal_type_id,
          va_no: null, external_key: null, bank_reference: null, remarks: 'Dibayar tunai di loket keuangan',
        });
      } else {
        va.push({
          kind: 'student', party_id: s.id, payment_date, amount, va_no: s.va_no,
          external_key: `DEMO-BCA-${s.va_no}-${month}`, bank_reference: `BCA${month.replace('-', '')}${String(s.id).padStart(6, '0')}`,
        });
      }
    }
    payments += (await ledger.payMany(tx, caller, va, p.va_journal_type_id)).filter((r) => r.created).length;
    for (const request of cash) {
      await ledger.pay(tx, caller, request);
      payments++;
    }
  }

  // Waivers on one month's SPP (the recipe's, not paid yet).
  let waivers = 0;
  const waivedPeriod = monthsBetween(recipe.spp.first_month, recipe.waivers.month) + 1;
  const byNis = new Map(billed.map((s) => [s.nis, s]));
  for (const { nis, kind } of plan.waivers) {
    const s = byNis.get(nis);
    if (!s) continue;
    const unit = units.get(s.department_id)!;
    const id = invoiceId.get(`${s.id}/${unit.spp_income_type_id}/${waivedPeriod}/1`);
    if (id === undefined) continue;
    await ledger.waive(tx, caller, { invoice_id: id, waiver_date: recipe.waivers.date, amount: (unit.spp * kind.percent) / 100, reason: kind.reason });
    waivers++;
  }

  // Penalty runs as /generatepenalty makes them (server/finance/invoices/penalties.ts): the income
  // type's fine on every invoice still owing past its due date, once per month, capped.
  let penalties = 0;
  for (const run of recipe.penalties) {
    const due = (await penaltyCandidates(tx, { as_of_date: run.as_of })).filter((c) => !c.exists && c.amount > 0);
    const rows = due.map((c) => ({ invoice_id: c.invoice_id, period: run.as_of.slice(0, 7), penalty_date: run.as_of, amount: c.amount }));
    if (rows.length) penalties += (await ledger.addPenalties(tx, caller, rows)).created;
  }
  return { invoices: issued.created, payments, waivers, penalties };
}

/**
 * Seeds the finance demo inside the caller's transaction: the roster always, the money when a
 * ledger is given. Answers how many of each it wrote (all 0 when the roster is there already).
 */
export async function seedDemoFinance(tx: Db, catalog: Catalog, ledger: DemoLedger | null, dir = DEMO_FINANCE_DIR): Promise<FinanceCounts> {
  const none: FinanceCounts = { students: 0, va_numbers: 0, invoices: 0, payments: 0, waivers: 0, penalties: 0 };
  if (!catalog.entityNamed('student') || !catalog.entityNamed('va_student')) return none;
  const roster = readRoster(join(dir, 'roster.yaml'));
  const first = planRoster(roster)[0];
  if (!first) return none;
  const there = await sql<{ n: number }>`select count(*)::int as n from student where nis = ${first.nis}`.execute(tx);
  if ((there.rows[0]?.n ?? 0) > 0) return none;
  const students = await seedRoster(tx, catalog, roster);
  const counts = { ...none, students: students.length, va_numbers: students.filter((s) => s.va_no !== null).length };
  if (!ledger || !catalog.entityNamed('invoice')) return counts;
  // The demo logins' students with a VA number (Siti, Bima) are billed like the roster.
  const demo = await sql<{ id: number; nis: string; name: string; department_id: number; class_id: number | null; grade: number | null; va_no: string }>`
    select s.id, s.nis, s.name, s.department_id, s.class_id, l.grade, v.va_no
    from student s join va_student v on v.student_id = s.id and v.is_active
    left join class c on c.id = s.class_id left join level l on l.id = c.level_id
    where s.id < ${Math.min(...students.map((x) => x.id))} order by s.id`.execute(tx);
  const billed: SeededStudent[] = [];
  for (const row of demo.rows) {
    const unit = roster.units.find((u) => u.department_id === Number(row.department_id));
    if (!unit) continue;
    billed.push({ id: Number(row.id), nis: row.nis, name: row.name, department_id: unit.department_id, class_id: Number(row.class_id ?? 0), grade: Number(row.grade ?? unit.first_grade + 1), unit, va_no: row.va_no, is_new: Number(row.grade) === unit.first_grade });
  }
  billed.push(...students);
  // The money's draws come from their own generators (seed + 1, + 2): changing one recipe leaves the other's draws alone.
  const money = await seedMoney(tx, ledger, readLedgerRecipe(join(dir, 'ledger.yaml')), billed, students, roster.seed);
  return { ...counts, ...money };
}

// ---------- the sample bank file (server/seed/finance/sample-bca-2026-11.csv)

export const SAMPLE_BANK_FILE = join(DEMO_FINANCE_DIR, 'sample-bca-2026-11.csv');

/** What each line of the sample bank file shows when it is staged. */
export type SampleLineKind = 'exact' | 'partial' | 'unknown_va' | 'duplicate';

const rupiahWithCommas = (amount: number) => `${amount.toLocaleString('en-US')}.00`;

/**
 * The sample BCA VA report of November 2026 SPP payments, in the seeded "BCA – CSV" layout
 * (server/seed/demo/bank_layout.yaml: a title line, then the header; amounts like
 * 1,250,000.00; dates DD/MM/YYYY HH:mm:ss): SPP of seeded VAs whose holders pay in full, most
 * exact, three partial (half), one VA number the school never issued, and one line the bank sent
 * twice. Built from the recipes, so it names the VAs every first start seeds.
 */
export function sampleBankFile(roster = readRoster(), recipe = readLedgerRecipe()): { text: string; kinds: SampleLineKind[] } {
  const planned = planRoster(roster);
  const plan = planMoney(recipe, roster.seed, planned.filter((s) => s.va_no !== null).map((s) => s.nis));
  const waived = new Set(plan.waivers.map((w) => w.nis));
  const spp = new Map(recipe.units.map((u) => [u.department_id, u.spp]));
  const eligible = planned.filter((s) => s.va_no !== null && !s.is_new && !waived.has(s.nis) && plan.behaviour.get(s.nis) === 'full' && spp.has(s.department_id));
  const chosen = Array.from({ length: 38 }, (_, i) => eligible[Math.floor((i * eligible.length) / 38)]!);
  const quote = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines: string[][] = [];
  const kinds: SampleLineKind[] = [];
  chosen.forEach((s, i) => {
    const day = 2 + Math.floor((i * 18) / 38);
    const at = `${String(day).padStart(2, '0')}/11/2026 ${String(7 + (i % 12)).padStart(2, '0')}:${String((i * 17) % 60).padStart(2, '0')}:${String((i * 31) % 60).padStart(2, '0')}`;
    const full = spp.get(s.department_id)!;
    const partial = i % 12 === 11;
    lines.push([s.va_no!, s.name.toUpperCase().slice(0, 30), rupiahWithCommas(partial ? full / 2 : full), at, `BCA202611${String(day).padStart(2, '0')}${String(i + 1).padStart(5, '0')}`]);
    kinds.push(partial ? 'partial' : 'exact');
    if (i === 20) {
      // The bank sent this one twice: the same line again.
      lines.push([...lines[lines.length - 1]!]);
      kinds.push('duplicate');
    }
  });
  lines.splice(30, 0, ['1234504009999999', 'HENDRA GUNAWAN', rupiahWithCommas(1_250_000), '19/11/2026 10:41:07', 'BCA2026111900097']);
  kinds.splice(30, 0, 'unknown_va');
  const text = [
    'Laporan Transaksi Virtual Account BCA - Kode Perusahaan 12345 Yayasan Pendidikan Harapan Bangsa - Periode 01/11/2026 s.d. 20/11/2026',
    'No. VA,Nama,Nominal,Tanggal Bayar,No. Referensi',
    ...lines.map((line) => line.map(quote).join(',')),
  ].join('\n');
  return { text: `${text}\n`, kinds };
}
