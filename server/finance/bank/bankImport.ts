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
import { ApiError } from '../../http/apiError';
import type { Caller, RecordWrites } from '../../records/recordWrites';
import { ledgerOf } from '../ledger/ledger';
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
    select va_no, student_id, candidate_id, student_name from va_student where va_no = any(${sql.val([...new Set(vas)])})`.execute(tx);
  for (const row of rows.rows) {
    if (row.student_id) found.set(row.va_no, { kind: 'student', party_id: Number(row.student_id), name: row.student_name });
    else if (row.candidate_id) found.set(row.va_no, { kind: 'candidate', party_id: Number(row.candidate_id), name: row.student_name });
  }
  return found;
}

const partyKey = (kind: PartyKind, id: number) => `${kind}:${id}`;

/** What each party owes on its open invoices (one query). */
async function owedByParty(tx: Db, parties: readonly VaParty[]): Promise<Map<string, number>> {
  const owed = new Map<string, number>();
  const students = [...new Set(parties.filter((p) => p.kind === 'student').map((p) => p.party_id))];
  const candidates = [...new Set(parties.filter((p) => p.kind === 'candidate').map((p) => p.party_id))];
  if (!students.length && !candidates.length) return owed;
  const rows = await sql<{ student_id: number | null; candidate_id: number | null; owed: number }>`
    select student_id, candidate_id, sum(outstanding) as owed from invoice
    where state = 'open' and outstanding > 0
      and (student_id = any(${sql.val(students)}) or candidate_id = any(${sql.val(candidates)}))
    group by student_id, candidate_id`.execute(tx);
  for (const row of rows.rows) {
    const key = row.student_id ? partyKey('student', Number(row.student_id)) : partyKey('candidate', Number(row.candidate_id));
    owed.set(key, (owed.get(key) ?? 0) + Number(row.owed));
  }
  return owed;
}

/** The keys already paid, with their payment's number (one query). */
async function paidKeys(tx: Db, keys: readonly string[]): Promise<Map<string, { payment_id: number; payment_no: string | null }>> {
  const paid = new Map<string, { payment_id: number; payment_no: string | null }>();
  if (!keys.length) return paid;
  const rows = await sql<{ id: number; external_key: string; payment_no: string | null }>`
    select id, external_key, payment_no from payment where external_key = any(${sql.val([...keys])})`.execute(tx);
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
  const left = new Map(owed);
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
    const owes = left.get(pk) ?? 0;
    const amount = line.amount!;
    left.set(pk, Math.max(0, owes - amount));
    if (amount === owes) return { ...named, outstanding: owes, status: 'matched', message: null };
    if (amount < owes) {
      return {
        ...named,
        outstanding: owes,
        status: 'partial',
        message: say(locale, { en: `Less than owed: ${rupiah(owes - amount)} stays outstanding`, id: `Kurang dari tagihan: sisa ${rupiah(owes - amount)} tetap terutang` }),
      };
    }
    return {
      ...named,
      outstanding: owes,
      status: 'mismatch',
      message: say(locale, { en: `More than owed: ${rupiah(amount - owes)} goes to the deposit`, id: `Lebih dari tagihan: ${rupiah(amount - owes)} masuk ke deposit` }),
    };
  });
}

function countsOf(lines: readonly { status: BankLineStatus }[]): Record<BankLineStatus, number> {
  const counts = Object.fromEntries(LINE_STATUSES.map((s) => [s, 0])) as Record<BankLineStatus, number>;
  for (const line of lines) counts[line.status] += 1;
  return counts;
}

const CHUNK = 1000;

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
  // The lines are the upload's detail, written in bulk under the upload the door just checked.
  for (let at = 0; at < lines.length; at += CHUNK) {
    await tx
      .insertInto('bank_upload_line')
      .values(
        lines.slice(at, at + CHUNK).map((l) => ({
          bank_upload_id: uploadId,
          line_no: l.line,
          va_no: l.va_no || null,
          amount: l.amount,
          paid_at: l.paid_at,
          reference: l.reference,
          payer_name: l.payer_name,
          line_key: l.line_key,
          status: l.status,
          kind: l.party?.kind ?? null,
          party_id: l.party?.party_id ?? null,
          party_name: l.party?.name ?? null,
          outstanding: l.outstanding,
          message: l.message?.slice(0, 500) ?? null,
          payment_id: l.payment_id,
          created_by: caller.username,
        })),
      )
      .execute();
  }
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
 * Pays the staged upload's payable lines through the ledger (external_key = line_key, method
 * 'va', the VA's party), in the caller's transaction. A line whose key an earlier upload paid
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
  const paid = await paidKeys(tx, rows.rows.map((r) => String(r.line_key)));
  const ledger = ledgerOf(records);
  let created = 0;
  const done: { id: number; payment_id: number; status: BankLineStatus }[] = [];
  for (const row of rows.rows) {
    const key = String(row.line_key);
    const earlier = paid.get(key);
    if (earlier) {
      done.push({ id: Number(row.id), payment_id: earlier.payment_id, status: 'already_uploaded' });
      continue;
    }
    const result = await ledger.pay(tx, caller, {
      kind: row.kind as PartyKind,
      party_id: Number(row.party_id),
      payment_date: String(row.paid_at).slice(0, 10),
      amount: Number(row.amount),
      method: 'va',
      va_no: String(row.va_no),
      external_key: key,
      bank_reference: (row.reference as string | null) ?? null,
    });
    if (result.created) created += 1;
    done.push({ id: Number(row.id), payment_id: result.payment_id, status: result.created ? (row.status as BankLineStatus) : 'already_uploaded' });
  }
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
  for (let at = 0; at < done.length; at += CHUNK) {
    const part = done.slice(at, at + CHUNK);
    await sql`
      update bank_upload_line l set payment_id = v.payment_id, status = coalesce(v.status, l.status)
      from (select unnest(${sql.val(part.map((d) => d.id))}::bigint[]) as id,
                   unnest(${sql.val(part.map((d) => d.payment_id))}::bigint[]) as payment_id,
                   unnest(${sql.val(part.map((d) => (d.status === 'already_uploaded' ? 'already_uploaded' : null)))}::text[]) as status) v
      where l.id = v.id`.execute(tx);
  }
}
