// The payments' and journals' calls (src/shared/api/finance.ts: parties, open invoices,
// payments, bank layouts, bank import, journals), behind the session. Every route asks
// requireFinance first (read for the lists, operate for a payment, administer for the bank
// import); writes go through the ledger (./ledger/) and the write door inside one transaction.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FINANCE_PATHS,
  type BankImportAnswer,
  type BankLayoutListAnswer,
  type JournalFilter,
  type JournalListAnswer,
  type OpenInvoicesAnswer,
  type PartyKind,
  type PartyListAnswer,
  type PaymentDetailAnswer,
  type PaymentFilter,
  type PaymentListAnswer,
  type PaymentMethod,
} from '../../src/shared/api/finance';
import type { Locale } from '../../src/shared/entityModel';
import { fillText } from '../../src/shared/messages';
import { parseRecordId } from '../crud/recordId';
import type { Catalog } from '../crud/catalog';
import type { Db } from '../db/database';
import { ApiError, apiError } from '../http/apiError';
import { sendIdempotent } from '../http/idempotency';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { callerOf } from '../records/routeDoor';
import { commitBankUpload, layoutById, stageBankFile, uploadAnswer } from './bank/bankImport';
import { requireFinance } from './financeAccess';
import { ledgerOf } from './ledger/ledger';
import { journalList, openInvoicesOf, partyList, paymentDetail, paymentList, settleOrderOf, type Paging } from './payments/paymentReads';
import { isCalendarDay } from '../../src/shared/schoolCalendar';

type Query = Record<string, unknown>;
type Bilingual = { en: string; id: string };

export const PAYMENT_TEXTS = {
  invalid: { en: 'Some fields are not valid', id: 'Beberapa isian tidak valid' },
  required: { en: 'Required', id: 'Wajib diisi' },
  kind: { en: 'Choose student or candidate', id: 'Pilih siswa atau calon siswa' },
  date: { en: 'A date as YYYY-MM-DD', id: 'Tanggal dengan format YYYY-MM-DD' },
  method: { en: 'Choose virtual account, cash or bank transfer', id: 'Pilih virtual account, tunai, atau transfer bank' },
  noParty: { en: 'No such student or candidate', id: 'Siswa atau calon siswa tidak ditemukan' },
  order: { en: 'A list of invoice ids', id: 'Daftar id tagihan' },
  file: { en: 'Attach the bank file (CSV or XLSX)', id: 'Lampirkan file bank (CSV atau XLSX)' },
  paid: { en: 'Payment saved', id: 'Pembayaran berhasil disimpan' },
  payment: { en: 'Payment', id: 'Pembayaran' },
  upload: { en: 'Bank upload', id: 'Unggahan bank' },
  // `one |||| other` by the `count` parameter (fillText): "1 line read", "3 lines read"
  staged: {
    en: '%{count} line read: %{payable} can be paid, nothing paid yet |||| %{count} lines read: %{payable} can be paid, nothing paid yet',
    id: '%{count} baris terbaca: %{payable} dapat dibayar, belum ada yang dibayar',
  },
  committed: { en: '%{count} payment created |||| %{count} payments created', id: '%{count} pembayaran dibuat' },
} satisfies Record<string, Bilingual>;

const say = (locale: Locale, text: Bilingual) => text[locale];
const objectOf = (value: unknown): Query => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Query) : {});
const idOf = (value: unknown): number => parseRecordId(String(value ?? '')) ?? 0;
const dateOf = (value: unknown) => (isCalendarDay(value) ? value : undefined);
const stringOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : undefined);
const positive = (value: unknown) => idOf(value) || undefined;
const kindOf = (value: unknown): PartyKind | undefined => (value === 'student' || value === 'candidate' ? value : undefined);
const METHODS: readonly PaymentMethod[] = ['va', 'cash', 'transfer'];
const methodOf = (value: unknown) => (METHODS.includes(value as PaymentMethod) ? (value as PaymentMethod) : undefined);

function pagingOf(query: Query): Paging {
  const int = (value: unknown, fallback: number) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : fallback);
  return { page: Math.max(1, int(query.page, 1)), perPage: Math.min(100, Math.max(1, int(query.per_page, 25))) };
}

function invalid(locale: Locale, messages: Record<string, Bilingual>): ApiError {
  return new ApiError(
    422,
    say(locale, PAYMENT_TEXTS.invalid),
    Object.fromEntries(Object.entries(messages).map(([field, text]) => [field, [say(locale, text)]])),
  );
}

function paymentFilterOf(query: Query): PaymentFilter {
  return {
    q: stringOf(query.q),
    kind: kindOf(query.kind),
    method: methodOf(query.method),
    payment_date_gte: dateOf(query.payment_date_gte),
    payment_date_lte: dateOf(query.payment_date_lte),
    department_id: positive(query.department_id),
    class_id: positive(query.class_id),
    income_type_id: positive(query.income_type_id),
  };
}

function journalFilterOf(query: Query): JournalFilter {
  const sources = ['invoice', 'payment', 'waiver', 'penalty', 'merge', 'reversal'] as const;
  const states = ['not_sync', 'synced', 'not_validated'] as const;
  return {
    q: stringOf(query.q),
    source: sources.find((s) => s === query.source),
    sync_state: states.find((s) => s === query.sync_state),
    journal_type_id: positive(query.journal_type_id),
    journal_date_gte: dateOf(query.journal_date_gte),
    journal_date_lte: dateOf(query.journal_date_lte),
  };
}

export function registerPaymentRoutes(app: FastifyInstance, db: Db, _catalog: Catalog): void {
  const inTx = <T>(work: (tx: Db) => Promise<T>) => db.transaction().execute(work);
  const path = (name: keyof typeof FINANCE_PATHS) => `/${FINANCE_PATHS[name]}`;

  // ---- parties and their open invoices

  app.get(path('parties'), async (request): Promise<PartyListAnswer> => {
    requireFinance(request, 'read');
    const query = objectOf(request.query);
    const kind = kindOf(query.kind) ?? 'student';
    return success({ data: await partyList(db, kind, stringOf(query.q) ?? '') });
  });

  app.get(path('openInvoices'), async (request): Promise<OpenInvoicesAnswer> => {
    requireFinance(request, 'read');
    const locale = requestLocale(request);
    const query = objectOf(request.query);
    const kind = kindOf(query.kind);
    const id = idOf(query.id);
    if (!kind) throw invalid(locale, { kind: PAYMENT_TEXTS.kind });
    const [party] = id ? await partyList(db, kind, '', [id]) : [];
    if (!party) throw apiError(locale, 404, 'notFound', { entity: say(locale, kind === 'student' ? { en: 'Student', id: 'Siswa' } : { en: 'Candidate', id: 'Calon siswa' }) });
    const settleOrder = await settleOrderOf(db);
    return success({ data: { party, invoices: await openInvoicesOf(db, kind, id, settleOrder), settle_order: settleOrder } });
  });

  // ---- payments

  async function detailAnswer(request: FastifyRequest, id: number, message?: string): Promise<PaymentDetailAnswer> {
    const locale = requestLocale(request);
    const detail = id ? await paymentDetail(db, id) : null;
    if (!detail) throw apiError(locale, 404, 'notFound', { entity: say(locale, PAYMENT_TEXTS.payment) });
    return success(message ? { message, data: detail } : { data: detail });
  }

  // A retry with the same Idempotency-Key (the /payment page sends one per submit) gets the first answer, and no second payment.
  app.post(path('payments'), async (request, reply) => {
    requireFinance(request, 'operate');
    const locale = requestLocale(request);
    const body = objectOf(request.body);
    const problems: Record<string, Bilingual> = {};
    const kind = kindOf(body.kind);
    if (!kind) problems.kind = PAYMENT_TEXTS.kind;
    const partyId = idOf(body.party_id);
    if (!partyId) problems.party_id = PAYMENT_TEXTS.required;
    if (!isCalendarDay(body.payment_date)) problems.payment_date = PAYMENT_TEXTS.date;
    const method = methodOf(body.method);
    if (!method) problems.method = PAYMENT_TEXTS.method;
    if (body.amount === undefined || body.amount === null || body.amount === '') problems.amount = PAYMENT_TEXTS.required;
    const order = body.invoice_order;
    if (order !== undefined && order !== null && (!Array.isArray(order) || order.some((id) => !idOf(id)))) problems.invoice_order = PAYMENT_TEXTS.order;
    if (kind && partyId && !problems.party_id) {
      const exists = await db.selectFrom(kind).select('id').where('id', '=', partyId).executeTakeFirst();
      if (!exists) problems.party_id = PAYMENT_TEXTS.noParty;
    }
    if (Object.keys(problems).length) throw invalid(locale, problems);
    const va = await db
      .selectFrom('va_student')
      .select('va_no')
      .where(kind === 'student' ? 'student_id' : 'candidate_id', '=', partyId)
      .orderBy('is_active', 'desc')
      .orderBy('id')
      .executeTakeFirst();
    return sendIdempotent(db, request, reply, async (tx) => {
      const result = await ledgerOf(app.records).pay(tx, callerOf(request), {
        kind: kind!,
        party_id: partyId,
        payment_date: body.payment_date as string,
        amount: body.amount as number | string,
        method: method!,
        journal_type_id: positive(body.journal_type_id) ?? null,
        invoice_order: Array.isArray(order) ? order.map(idOf) : undefined,
        va_no: (va?.va_no as string | undefined) ?? null,
        remarks: typeof body.remarks === 'string' ? body.remarks : null,
      });
      const detail = await paymentDetail(tx, result.payment_id);
      if (!detail) throw apiError(locale, 404, 'notFound', { entity: say(locale, PAYMENT_TEXTS.payment) });
      const answer: PaymentDetailAnswer = success({ message: say(locale, PAYMENT_TEXTS.paid), data: detail });
      return { status: 200, body: answer as unknown as Record<string, unknown> };
    });
  });

  app.get(path('payments'), async (request): Promise<PaymentListAnswer> => {
    requireFinance(request, 'read');
    const query = objectOf(request.query);
    return success(await paymentList(db, paymentFilterOf(query), pagingOf(query)));
  });

  app.get(`${path('payment')}/:id`, async (request): Promise<PaymentDetailAnswer> => {
    requireFinance(request, 'read');
    return detailAnswer(request, idOf(objectOf(request.params).id));
  });

  // ---- bank VA import

  app.get(path('bankLayouts'), async (request): Promise<BankLayoutListAnswer> => {
    requireFinance(request, 'read');
    const rows = await db.selectFrom('bank_layout').select(['id', 'name', 'bank', 'file_kind']).where('is_active', 'is not', false).orderBy('name').execute();
    return success({ data: rows.map((r) => ({ id: Number(r.id), name: String(r.name), bank: String(r.bank), file_kind: r.file_kind === 'xlsx' ? ('xlsx' as const) : ('csv' as const) })) });
  });

  app.post(path('bankImportStage'), async (request): Promise<BankImportAnswer> => {
    requireFinance(request, 'administer');
    const locale = requestLocale(request);
    const body = objectOf(request.body);
    const file = typeof body.file === 'string' ? body.file.replace(/^data:[^,]*,/, '') : '';
    const bytes = /^[A-Za-z0-9+/=\s]+$/.test(file) ? Buffer.from(file, 'base64') : Buffer.alloc(0);
    if (!bytes.length) throw invalid(locale, { file: PAYMENT_TEXTS.file });
    const layout = await layoutById(db, locale, idOf(body.bank_layout_id));
    const fileName = typeof body.file_name === 'string' ? body.file_name : '';
    const staged = await inTx((tx) => stageBankFile(tx, app.records, callerOf(request), { layout, file_name: fileName, bytes }));
    const payable = staged.counts.matched + staged.counts.partial + staged.counts.mismatch;
    const message = fillText(say(locale, PAYMENT_TEXTS.staged), { count: staged.lines.length, payable });
    return success({ message, data: staged });
  });

  app.post(path('bankImportCommit'), async (request): Promise<BankImportAnswer> => {
    requireFinance(request, 'administer');
    const locale = requestLocale(request);
    const uploadId = idOf(objectOf(request.body).upload_id);
    const done = uploadId ? await inTx((tx) => commitBankUpload(tx, app.records, callerOf(request), uploadId)) : null;
    const answer = done ? await uploadAnswer(db, uploadId, done.created) : null;
    if (!done || !answer) throw apiError(locale, 404, 'notFound', { entity: say(locale, PAYMENT_TEXTS.upload) });
    const message =
      done.created === 0
        ? say(locale, { en: 'Nothing new: the lines were already uploaded', id: 'Tidak ada yang baru: baris-baris ini sudah diunggah' })
        : fillText(say(locale, PAYMENT_TEXTS.committed), { count: done.created });
    return success({ message, data: answer });
  });

  // ---- journals

  app.get(path('journals'), async (request): Promise<JournalListAnswer> => {
    requireFinance(request, 'read');
    const query = objectOf(request.query);
    return success(await journalList(db, journalFilterOf(query), pagingOf(query), requestLocale(request)));
  });
}
