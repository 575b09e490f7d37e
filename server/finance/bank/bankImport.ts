// The bank VA import (issue 12 "Payments", spec 1 §2.7 /uploadva): stage a bank file (parse by
// its layout, match each line to its VA's party and open invoices, write the upload and its
// lines, pay nothing), then commit it (pay each payable line through the ledger, keyed by the
// line's identity so a line already paid is never paid again).
//
// Queries are batched: one for the file's VAs, one for their parties' open invoices, one for
// keys already paid (= any). Commits of bank files take turns (a transaction-scoped advisory
// lock), and the ledger's pay() answers the existing payment for a key it has seen, so two
// commits racing each other create every payment once.

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { BankLine, BankLineStatus, PartyKind } from '../../../src/shared/api/finance';
import type { Locale } from '../../../src/shared/entityModel';
import type { Db, Row } from '../../db/database';
import { normalizedColumn } from '../../db/normalizedText';
import { ApiError } from '../../http/apiError';
import type { Caller, RecordWrites } from '../../records/recordWrites';
import { payMany } from '../payments/payMany';
import { BankFileError, lineKeys, readBankFile, type BankFileLine, type BankLayout, type Bilingual } from './bankFile';

export const LINE_STATUSES: readonly BankLineStatus[] = ['matched', 'partial', 'mismatch', 'unknown_va', 'duplicate', 'already_uploaded', 'invalid'];
const PAYABLE: ReadonlySet<BankLineStatus> = new Set(['matched', 'partial', 'mismatch']);

const say = (locale: Locale, text: Bilingual) => text[locale];
const rupiah = (n: number) => `Rp ${n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

export interface UploadAnswer {
  upload_id: number;
  committed: boolean;
  lines: BankLine[];
  counts: Record<BankLineStatus, number>;
  payments_created: number;
  total_amount: number;
}

/** A layout by id, or a 422 under bank_layout_id. */
export async function layoutById(db: Db, locale: Locale, id: number): Promise<BankLayout> {
  const row = id ? await db.selectFrom('bank_layout').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row || row.is_active === false) {
    throw new ApiError(422, say(locale, { en: 'Some fields are not valid', id: 'Beberapa isian tidak valid' }), {
      bank_layout_id: [say(locale, { en: 'Choose a layout of the bank file', id: 'Pilih format file bank' })],
    });
  }
  return {
    id: Number(row.id),
    name: String(row.name),
    bank: String(row.bank),
    file_kind: row.file_kind === 'xlsx' ? 'xlsx' : 'csv',
    delimiter: (row.delimiter as BankLayout['delimiter']) ?? 'comma',
    header_rows: Number(row.header_rows ?? 0),
    va_no_column: String(row.va_no_column),
    amount_column: String(row.amount_column),
    paid_at_column: String(row.paid_at_column),
    reference_column: String(row.reference_column),
    name_column: (row.name_column as string | null) ?? null,
    date_format: String(row.date_format),
    amount_format: (row.amount_format as BankLayout['amount_format']) ?? 'plain',
  };
}

interface VaParty {
  kind: PartyKind;
  party_id: number;
  name: string;
}

/** The parties of these VA numbers (one query); a VA without a party is left out. */
async function partiesOfVas(tx: Db, vas: readonly string[]): Promise<Map<string, VaParty>> {
  const found = new Map<string, VaParty>();
  if (!vas.length) return found;
  const rows = await sql<{ va_no: string; student_id: number | null; candidate_id: number | null; student_name: string }>`
    select va_no, student_id, candidate_id, student_name from va_student where ${normalizedColumn('va_no')} = any(${sql.val([...new Set(vas)])}::text[])`.execute(tx);
  for (const row of rows.rows) {
    if (row.student_id) found.set(row.va_no, { kind: 'student', party_id: Number(row.student_id), name: row.student_name });
    else if (row.candidate_id) found.set(row.va_no, { kind: 'candidate', party_id: Number(row.candidate_id), name: row.student_name });
  }
  return found;
}

const partyKey = (kind: PartyKind, id: number) => `${kind}:${id}`;

/** One party's open invoices, by the day each was issued: what it owes on them. */
type OwedByDay = { day: string; owed: number }[];

/**
 * What each party owes on its open invoices, per issue day (one query). A line is judged
 * against the bills issued by its date (a year of monthly SPP issued ahead is not owed in
 * November); a bill without a date counts as issued.
 */
async function owedByParty(tx: Db, parties: readonly VaParty[]): Promise<Map<string, OwedByDay>> {
  const owed = new Map<string, OwedByDay>();
  const students = [...new Set(parties.filter((p) => p.kind === 'student').map((p) => p.party_id))];
  const candidates = [...new Set(parties.filter((p) => p.kind === 'candidate').map((p) => p.party_id))];
  if (!students.length && !candidates.length) return owed;
  const rows = await sql<{ student_id: number | null; candidate_id: number | null; day: string; owed: number }>`
    select student_id, candidate_id, coalesce(to_char(invoice_date, 'YYYY-MM-DD'), '') as day, sum(outstanding) as owed from invoice
    where state = 'open' and outstanding > 0
      and (student_id = any(${sql.val(students)}) or candidate_id = any(${sql.val(candidates)}))
    group by student_id, candidate_id, 3`.execute(tx);
  for (const row of rows.rows) {
    const key = row.student_id ? partyKey('student', Number(row.student_id)) : partyKey('candidate', Number(row.candidate_id));
    owed.set(key, [...(owed.get(key) ?? []), { day: row.day, owed: Number(row.owed) }]);
  }
  return owed;
}

/** What a party owes on the bills issued by `day` (YYYY-MM-DD), and on all its open bills. */
function owedBy(days: OwedByDay, day: string): { due: number; all: number } {
  let due = 0;
  let all = 0;
  for (const d of days) {
    all += d.owed;
    if (d.day <= day) due += d.owed;
  }
  return { due, all };
}

/** The keys already paid, with their payment's number (one query). */
async function paidKeys(tx: Db, keys: readonly string[]): Promise<Map<string, { payment_id: number; payment_no: string | null }>> {
  const paid = new Map<string, { payment_id: number; payment_no: string | null }>();
  if (!keys.length) return paid;
  const rows = await sql<{ id: number; external_key: string; payment_no: string | null }>`
    select id, external_key, payment_no from payment where ${normalizedColumn('external_key')} = any(${sql.val([...new Set(keys)])}::text[])`.execute(tx);
  for (const row of rows.rows) paid.set(row.external_key, { payment_id: Number(row.id), payment_no: row.payment_no });
  return paid;
}

interface StagedLine extends BankFileLine {
  line_key: string | null;
  status: BankLineStatus;
  message: string | null;
  party: VaParty | null;
  outstanding: number | null;
  payment_id: number | null;
  payment_no: string | null;
}

/** Each line's status: invalid, duplicate, already_uploaded, unknown_va, or how it meets what its party owes. */
async function matchLines(tx: Db, locale: Locale, lines: readonly BankFileLine[]): Promise<StagedLine[]> {
  const keys = lineKeys(lines);
  const readable = lines.map((line) => line.problem === null);
  const parties = await partiesOfVas(tx, lines.filter((_, i) => readable[i]).map((line) => line.va_no));
  const owed = await owedByParty(tx, [...parties.values()]);
  const paid = await paidKeys(tx, keys.filter((_, i) => readable[i]).map((k) => k.key));
  const paidEarlier = new Map<string, number>();
  return lines.map((line, i) => {
    const base = { ...line, line_key: null, party: null, outstanding: null, payment_id: null, payment_no: null };
    if (!readable[i]) return { ...base, status: 'invalid', message: say(locale, line.problem!) };
    const { key, occurrence } = keys[i]!;
    const party = parties.get(line.va_no) ?? null;
    const named = { ...base, line_key: key, party };
    // A bank reference names one transaction: the same line with the same reference again is the bank's repeat.
    if (occurrence > 1 && line.reference) {
      return {
        ...named,
        status: 'duplicate',
        message: say(locale, {
          en: `The same payment (reference ${line.reference}) is already on an earlier line of this file`,
          id: `Pembayaran yang sama (referensi ${line.reference}) sudah ada di baris sebelumnya pada file ini`,
        }),
      };
    }
    const earlier = paid.get(key);
    if (earlier) {
      return {
        ...named,
        status: 'already_uploaded',
        payment_id: earlier.payment_id,
        payment_no: earlier.payment_no,
        message: say(locale, { en: `Already uploaded: payment ${earlier.payment_no ?? earlier.payment_id}`, id: `Sudah diunggah: pembayaran ${earlier.payment_no ?? earlier.payment_id}` }),
      };
    }
    if (!party) {
      return { ...named, status: 'unknown_va', message: say(locale, { en: `No student or candidate has VA number ${line.va_no}`, id: `Tidak ada siswa atau calon siswa dengan nomor VA ${line.va_no}` }) };
    }
    const pk = partyKey(party.kind, party.party_id);
    // What the party's earlier lines in this file already pay goes first to the oldest bills (the settle order).
    const before = paidEarlier.get(pk) ?? 0;
    const amount = line.amount!;
    paidEarlier.set(pk, before + amount);
    const bills = owedBy(owed.get(pk) ?? [], line.paid_at?.slice(0, 10) ?? '9999-12-31');
    const owes = Math.max(0, bills.due - before);
    const later = Math.max(0, bills.all - before) - owes;
    if (amount === owes) return { ...named, outstanding: owes, status: 'matched', message: null };
    if (amount < owes) {
      return {
        ...named,
        outstanding: owes,
        status: 'partial',
        message: say(locale, { en: `Less than owed: ${rupiah(owes - amount)} stays outstanding`, id: `Kurang dari tagihan: sisa ${rupiah(owes - amount)} tetap terutang` }),
      };
    }
    const excess = amount - owes;
    const toNext = Math.min(excess, later);
    const toDeposit = excess - toNext;
    const message: Bilingual =
      toNext === 0
        ? { en: `More than owed: ${rupiah(excess)} goes to the deposit`, id: `Lebih dari tagihan: ${rupiah(excess)} masuk ke deposit` }
        : toDeposit === 0
          ? { en: `More than owed: ${rupiah(excess)} goes to the next invoices`, id: `Lebih dari tagihan: ${rupiah(excess)} untuk tagihan berikutnya` }
          : {
              en: `More than owed: ${rupiah(toNext)} goes to the next invoices and ${rupiah(toDeposit)} to the deposit`,
              id: `Lebih dari tagihan: ${rupiah(toNext)} untuk tagihan berikutnya dan ${rupiah(toDeposit)} masuk ke deposit`,
            };
    return { ...named, outstanding: owes, status: 'mismatch', message: say(locale, message) };
  });
}

function countsOf(lines: readonly { status: BankLineStatus }[]): Record<BankLineStatus, number> {
  const counts = Object.fromEntries(LINE_STATUSES.map((s) => [s, 0])) as Record<BankLineStatus, number>;
  for (const line of lines) counts[line.status] += 1;
  return counts;
}

/** Parses, matches and stages a bank file; writes the upload and its lines, pays nothing. */
export async function stageBankFile(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  request: { layout: BankLayout; file_name: string; bytes: Buffer },
): Promise<UploadAnswer> {
  let parsed: BankFileLine[];
  try {
    parsed = await readBankFile(request.layout, request.bytes);
  } catch (error) {
    if (error instanceof BankFileError) {
      throw new ApiError(422, say(caller.locale, error.text), { file: [say(caller.locale, error.text)] });
    }
    throw error;
  }
  if (!parsed.length) {
    const text = { en: 'The file has no payment lines', id: 'File tidak berisi baris pembayaran' };
    throw new ApiError(422, say(caller.locale, text), { file: [say(caller.locale, text)] });
  }
  const lines = await matchLines(tx, caller.locale, parsed);
  const payable = lines.filter((l) => PAYABLE.has(l.status));
  const total = payable.reduce((sum, l) => sum + (l.amount ?? 0), 0);
  const upload = await records.create(tx, caller, 'bank_upload', {
    file_name: request.file_name.slice(0, 255) || 'bank.csv',
    bank_layout_id: request.layout.id,
    file_sha256: createHash('sha256').update(request.bytes).digest('hex'),
    uploaded_by: caller.username,
    state: 'staged',
    line_count: lines.length,
    payable_count: payable.length,
    payments_created: 0,
    total_amount: total,
  });
  const uploadId = Number(upload.id);
  // The lines are the upload's detail, written in bulk (one statement, the rows as arrays) under
  // the upload the door just checked.
  const col = <T>(pick: (l: StagedLine) => T) => sql.val(lines.map(pick));
  await sql`
    insert into bank_upload_line (bank_upload_id, line_no, va_no, amount, paid_at, reference, payer_name, line_key, status, kind, party_id,
      party_name, outstanding, message, payment_id, created_by)
    select ${uploadId}, n, va, a, pa, ref, pn, k, st, kd, pid, nm, o, msg, pay, ${caller.username}
    from unnest(${col((l) => l.line)}::int[], ${col((l) => l.va_no || null)}::text[], ${col((l) => l.amount)}::numeric[], ${col((l) => l.paid_at)}::text[],
      ${col((l) => l.reference)}::text[], ${col((l) => l.payer_name)}::text[], ${col((l) => l.line_key)}::text[], ${col((l) => l.status)}::text[],
      ${col((l) => l.party?.kind ?? null)}::text[], ${col((l) => l.party?.party_id ?? null)}::bigint[], ${col((l) => l.party?.name ?? null)}::text[],
      ${col((l) => l.outstanding)}::numeric[], ${col((l) => l.message?.slice(0, 500) ?? null)}::text[], ${col((l) => l.payment_id)}::bigint[])
      as v(n, va, a, pa, ref, pn, k, st, kd, pid, nm, o, msg, pay)`.execute(tx);
  return { upload_id: uploadId, committed: false, lines: lines.map(toBankLine), counts: countsOf(lines), payments_created: 0, total_amount: total };
}

function toBankLine(l: StagedLine): BankLine {
  return {
    line: l.line,
    va_no: l.va_no,
    amount: l.amount,
    paid_at: l.paid_at,
    reference: l.reference,
    status: l.status,
    party_name: l.party?.name ?? null,
    outstanding: l.outstanding,
    payment_no: l.payment_no,
    message: l.message,
  };
}

/** The upload and its lines as stored, with each line's payment number. */
export async function uploadAnswer(db: Db, uploadId: number, paymentsCreated: number): Promise<UploadAnswer | null> {
  const upload: Row | undefined = await db.selectFrom('bank_upload').selectAll().where('id', '=', uploadId).executeTakeFirst();
  if (!upload) return null;
  const rows = await sql<Row>`
    select l.*, p.payment_no from bank_upload_line l left join payment p on p.id = l.payment_id
    where l.bank_upload_id = ${uploadId} order by l.line_no`.execute(db);
  const lines: BankLine[] = rows.rows.map((r) => ({
    line: Number(r.line_no),
    va_no: String(r.va_no ?? ''),
    amount: r.amount === null ? null : Number(r.amount),
    paid_at: (r.paid_at as string | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    status: r.status as BankLineStatus,
    party_name: (r.party_name as string | null) ?? null,
    outstanding: r.outstanding === null ? null : Number(r.outstanding),
    payment_no: (r.payment_no as string | null) ?? null,
    message: (r.message as string | null) ?? null,
  }));
  return {
    upload_id: uploadId,
    committed: upload.state === 'committed',
    lines,
    counts: countsOf(lines),
    payments_created: paymentsCreated,
    total_amount: Number(upload.total_amount ?? 0),
  };
}

/**
 * Pays the staged upload's payable lines as the ledger's pay() does (external_key = line_key,
 * method 'va', the VA's party), in bulk, in the caller's transaction. A line whose key an earlier upload paid
 * meanwhile becomes already_uploaded. Answers the payments this call created (0 on a repeat).
 */
export async function commitBankUpload(tx: Db, records: RecordWrites, caller: Caller, uploadId: number): Promise<{ created: number } | null> {
  // Bank commits take turns: a second commit of the same upload (or of the same lines) waits, then sees the first's payments.
  await sql`select pg_advisory_xact_lock(hashtext('finance:bank-import'))`.execute(tx);
  const upload: Row | undefined = await tx.selectFrom('bank_upload').selectAll().where('id', '=', uploadId).forUpdate().executeTakeFirst();
  if (!upload) return null;
  if (upload.state === 'committed') return { created: 0 };
  const rows = await sql<Row>`
    select id, va_no, amount, paid_at, reference, line_key, kind, party_id, status from bank_upload_line
    where bank_upload_id = ${uploadId} and status = any(${sql.val([...PAYABLE])}) order by line_no`.execute(tx);
  // Every payable line through the ledger's bulk path (../payments/payMany.ts: what pay() does per line).
  const layout: Row | undefined = await tx.selectFrom('bank_layout').select('journal_type_id').where('id', '=', Number(upload.bank_layout_id)).executeTakeFirst();
  const results = await payMany(
    tx,
    records,
    caller,
    rows.rows.map((row) => ({
      kind: row.kind as PartyKind,
      party_id: Number(row.party_id),
      payment_date: String(row.paid_at).slice(0, 10),
      amount: Number(row.amount),
      va_no: (row.va_no as string | null) ?? null,
      external_key: String(row.line_key),
      bank_reference: (row.reference as string | null) ?? null,
    })),
    layout?.journal_type_id ? Number(layout.journal_type_id) : null,
  );
  let created = 0;
  const done = results.map((result, i) => {
    if (result.created) created += 1;
    return { id: Number(rows.rows[i]!.id), payment_id: result.payment_id, status: (result.created ? rows.rows[i]!.status : 'already_uploaded') as BankLineStatus };
  });
  await markLines(tx, done);
  await tx
    .updateTable('bank_upload')
    .set({ state: 'committed', payments_created: created, committed_at: sql`now()`, updated_by: caller.username, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', uploadId)
    .execute();
  return { created };
}

/** Each committed line's payment (and already_uploaded where an earlier upload had paid it), in bulk. */
async function markLines(tx: Db, done: readonly { id: number; payment_id: number; status: BankLineStatus }[]): Promise<void> {
  if (!done.length) return;
  await sql`
    update bank_upload_line l set payment_id = v.payment_id, status = coalesce(v.status, l.status)
    from unnest(${sql.val(done.map((d) => d.id))}::bigint[], ${sql.val(done.map((d) => d.payment_id))}::bigint[],
      ${sql.val(done.map((d) => (d.status === 'already_uploaded' ? 'already_uploaded' : null)))}::text[]) as v(id, payment_id, status)
    where l.id = v.id`.execute(tx);
}
