// The invoices' calls (src/shared/api/finance.ts: generate, list, detail, edit, publish, merge,
// reverse, upload, waivers, penalties, VA generation). Each asks requireFinance first (read for
// reading, operate for what the finance staff's menu offers, administer for the admin finance
// menu's bulk jobs and editing); every write runs in one transaction through the ledger
// (./ledger/ledger.ts) or the write door, so a call never half-happens.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FINANCE_PATHS,
  type CountAnswer,
  type GenerateInvoicesAnswer,
  type GenerateVaAnswer,
  type InvoiceDetailAnswer,
  type InvoiceListAnswer,
  type PenaltyAnswer,
  type UploadInvoicesAnswer,
} from '../../src/shared/api/finance';
import type { Locale } from '../../src/shared/entityModel';
import type { Catalog } from '../crud/catalog';
import { parseRecordId } from '../crud/recordId';
import type { Db } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { MAX_PAGE, pagingNumber } from '../http/pagingNumber';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { callerOf } from '../records/routeDoor';
import { requireFinance } from './financeAccess';
import { generateInvoices } from './invoices/generateInvoices';
import { invoiceDetail, invoiceFilterOf, invoicePage } from './invoices/invoiceQueries';
import { invoiceText, type InvoiceTextKey } from './invoices/invoiceTexts';
import { penaltyCandidates } from './invoices/penalties';
import { uploadInvoices } from './invoices/uploadInvoices';
import { planVaNumbers, vaCodeById, vaStudentBody } from './invoices/vaGeneration';
import { ledgerOf, type Ledger } from './ledger/ledger';
import { isCalendarDay } from '../../src/shared/schoolCalendar';

type Body = Record<string, unknown>;

const bodyOf = (request: FastifyRequest): Body =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Body) : {};

const positiveId = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** The ids of a body's `ids`: at least `min` positive integers, else 422 under `ids`. */
function idsOf(locale: Locale, body: Body, min = 1, key: InvoiceTextKey = 'selectInvoices'): number[] {
  const ids = Array.isArray(body.ids) ? [...new Set(body.ids.map(positiveId))] : [];
  if (ids.length < min || ids.some((id) => id === null)) throw invalidInput(locale, { ids: [invoiceText(locale, key)] });
  return ids as number[];
}

function dateOf(locale: Locale, body: Body, field: string, errors: Record<string, string[]>): string {
  const value = body[field];
  if (!isCalendarDay(value)) errors[field] = [invoiceText(locale, value === undefined || value === null || value === '' ? 'required' : 'dateInvalid')];
  return String(value ?? '');
}

const UPLOAD_BODY_LIMIT = 12 * 1024 * 1024;

export function registerInvoiceRoutes(app: FastifyInstance, db: Db, _catalog: Catalog): void {
  const ledger = (): Ledger => ledgerOf(app.records);
  const inTx = <T>(work: (tx: Db) => Promise<T>) => db.transaction().execute(work);

  async function detailOr404(locale: Locale, id: number) {
    const detail = id ? await invoiceDetail(db, id) : undefined;
    if (!detail) throw new ApiError(404, invoiceText(locale, 'notFoundInvoice'));
    return detail;
  }

  app.post(`/${FINANCE_PATHS.generateInvoices}`, async (request): Promise<GenerateInvoicesAnswer> => {
    requireFinance(request, 'operate');
    const outcome = await generateInvoices(db, callerOf(request), request.body, (issue) => inTx((tx) => issue(tx, ledger())));
    return success({ message: outcome.message, data: outcome.data });
  });

  app.get(`/${FINANCE_PATHS.invoices}`, async (request): Promise<InvoiceListAnswer> => {
    requireFinance(request, 'read');
    const locale = requestLocale(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = pagingNumber(locale, 'page', query.page, 1, MAX_PAGE);
    const perPage = pagingNumber(locale, 'per_page', query.per_page, 25, 500);
    const found = await invoicePage(db, invoiceFilterOf(query), {
      page,
      per_page: perPage,
      sort: typeof query.sort === 'string' ? query.sort : undefined,
      order: typeof query.order === 'string' ? query.order : undefined,
    });
    return success({ data: found.data, total: found.total, totals: found.totals });
  });

  app.get(`/${FINANCE_PATHS.invoice}/:id`, async (request): Promise<InvoiceDetailAnswer> => {
    requireFinance(request, 'read');
    const id = parseRecordId(String((request.params as { id?: string }).id ?? '')) ?? 0;
    return success({ data: await detailOr404(requestLocale(request), id) });
  });

  app.put(`/${FINANCE_PATHS.invoice}/:id`, async (request): Promise<InvoiceDetailAnswer & { message: string }> => {
    requireFinance(request, 'administer');
    const locale = requestLocale(request);
    const id = parseRecordId(String((request.params as { id?: string }).id ?? '')) ?? 0;
    await detailOr404(locale, id);
    const body = bodyOf(request);
    if (typeof body.version !== 'number' || !Number.isInteger(body.version)) throw invalidInput(locale, { version: [invoiceText(locale, 'required')] });
    const edit: Parameters<Ledger['editInvoice']>[3] = { version: body.version };
    for (const field of ['invoice_date', 'due_date', 'income_date', 'value', 'discount', 'remarks'] as const) {
      if (field in body) (edit as unknown as Record<string, unknown>)[field] = body[field];
    }
    await inTx((tx) => ledger().editInvoice(tx, callerOf(request), id, edit));
    return success({ message: invoiceText(locale, 'updated'), data: await detailOr404(locale, id) });
  });

  app.post(`/${FINANCE_PATHS.publishInvoices}`, async (request): Promise<CountAnswer> => {
    requireFinance(request, 'operate');
    const locale = requestLocale(request);
    const body = bodyOf(request);
    const ids = idsOf(locale, body);
    const published = body.published !== false;
    const { count } = await inTx((tx) => ledger().publishInvoices(tx, callerOf(request), { ids, published }));
    return success({ message: invoiceText(locale, published ? 'published' : 'unpublished', { count }), data: { count } });
  });

  app.post(`/${FINANCE_PATHS.mergeInvoices}`, async (request): Promise<InvoiceDetailAnswer & { message: string }> => {
    requireFinance(request, 'operate');
    const locale = requestLocale(request);
    const body = bodyOf(request);
    const ids = idsOf(locale, body, 2, 'mergeAtLeastTwo');
    const errors: Record<string, string[]> = {};
    const invoiceDate = dateOf(locale, body, 'invoice_date', errors);
    const dueDate = dateOf(locale, body, 'due_date', errors);
    if (!errors.due_date && !errors.invoice_date && dueDate < invoiceDate) errors.due_date = [invoiceText(locale, 'dueBeforeInvoice')];
    if (Object.keys(errors).length) throw invalidInput(locale, errors);
    const remarks = typeof body.remarks === 'string' ? body.remarks : null;
    const { invoice_id } = await inTx((tx) => ledger().mergeInvoices(tx, callerOf(request), { ids, invoice_date: invoiceDate, due_date: dueDate, remarks }));
    return success({ message: invoiceText(locale, 'merged'), data: await detailOr404(locale, invoice_id) });
  });

  app.post(`/${FINANCE_PATHS.reverseInvoices}`, async (request): Promise<CountAnswer> => {
    requireFinance(request, 'administer');
    const locale = requestLocale(request);
    const body = bodyOf(request);
    const ids = idsOf(locale, body);
    const errors: Record<string, string[]> = {};
    const reversingDate = dateOf(locale, body, 'reversing_date', errors);
    if (Object.keys(errors).length) throw invalidInput(locale, errors);
    const { count } = await inTx((tx) => ledger().reverseInvoices(tx, callerOf(request), { ids, reversing_date: reversingDate }));
    return success({ message: invoiceText(locale, 'reversed', { count }), data: { count } });
  });

  app.post(`/${FINANCE_PATHS.uploadInvoices}`, { bodyLimit: UPLOAD_BODY_LIMIT }, async (request): Promise<UploadInvoicesAnswer> => {
    requireFinance(request, 'administer');
    const outcome = await uploadInvoices(db, callerOf(request), bodyOf(request), (issue) => inTx((tx) => issue(tx, ledger())));
    return success(outcome);
  });

  app.post(`/${FINANCE_PATHS.waivers}`, async (request): Promise<InvoiceDetailAnswer & { message: string }> => {
    requireFinance(request, 'operate');
    const locale = requestLocale(request);
    const body = bodyOf(request);
    const errors: Record<string, string[]> = {};
    const invoiceId = positiveId(body.invoice_id);
    if (!invoiceId) errors.invoice_id = [invoiceText(locale, 'required')];
    const waiverDate = dateOf(locale, body, 'waiver_date', errors);
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (!reason) errors.reason = [invoiceText(locale, 'reasonRequired')];
    if (body.amount === undefined || body.amount === null || body.amount === '') errors.amount = [invoiceText(locale, 'required')];
    if (Object.keys(errors).length) throw invalidInput(locale, errors);
    await detailOr404(locale, invoiceId!);
    const amount = body.amount as string | number;
    await inTx((tx) => ledger().waive(tx, callerOf(request), { invoice_id: invoiceId!, waiver_date: waiverDate, amount, reason }));
    return success({ message: invoiceText(locale, 'waiverSaved'), data: await detailOr404(locale, invoiceId!) });
  });

  app.post(`/${FINANCE_PATHS.generatePenalties}`, async (request): Promise<PenaltyAnswer> => {
    requireFinance(request, 'administer');
    const locale = requestLocale(request);
    const body = bodyOf(request);
    const errors: Record<string, string[]> = {};
    const asOf = dateOf(locale, body, 'as_of_date', errors);
    if (Object.keys(errors).length) throw invalidInput(locale, errors);
    const dryRun = body.dry_run !== false;
    const narrowing = { as_of_date: asOf, financial_year_id: positiveId(body.financial_year_id), income_type_id: positiveId(body.income_type_id) };
    const period = asOf.slice(0, 7);
    const run = async (tx: Db) => {
      const found = await penaltyCandidates(tx, narrowing);
      const due = found.filter((row) => !row.exists && row.amount > 0);
      const existing = found.length - due.length;
      if (dryRun || !due.length) return { due, created: 0, existing };
      const made = await ledger().addPenalties(
        tx,
        callerOf(request),
        due.map((row) => ({ invoice_id: row.invoice_id, period, penalty_date: asOf, amount: row.amount })),
      );
      return { due, created: made.created, existing: existing + made.existing };
    };
    const { due, created, existing } = dryRun ? await run(db) : await inTx(run);
    const count = dryRun ? due.length : created;
    const message = count === 0 ? invoiceText(locale, 'noPenalties') : dryRun ? invoiceText(locale, 'penaltiesWouldGenerate', { count }) : invoiceText(locale, 'penaltiesGenerated');
    return success({
      message,
      data: {
        created,
        would_create: dryRun ? due.length : 0,
        existing,
        total: due.reduce((sum, row) => sum + row.amount, 0),
        rows: due.map((row) => ({ invoice_id: row.invoice_id, transaction_no: row.transaction_no, party_name: row.party_name, amount: row.amount })),
      },
    });
  });

  app.post(`/${FINANCE_PATHS.generateVa}`, async (request): Promise<GenerateVaAnswer> => {
    requireFinance(request, 'administer');
    const locale = requestLocale(request);
    const body = bodyOf(request);
    const codeId = positiveId(body.va_code_id);
    if (!codeId) throw invalidInput(locale, { va_code_id: [invoiceText(locale, 'required')] });
    const code = await vaCodeById(db, codeId);
    if (!code) throw new ApiError(404, invoiceText(locale, 'notFoundVaCode'));
    const dryRun = body.dry_run !== false;
    const narrowing = { department_id: positiveId(body.department_id), class_id: positiveId(body.class_id) };
    const caller = callerOf(request);
    const run = async (tx: Db) => {
      const plan = await planVaNumbers(tx, locale, code, narrowing);
      if (dryRun || !plan.rows.length) return { plan, created: 0 };
      // one insert for all; a number a concurrent run wrote since the plan was read is skipped, not an error
      const made = await app.records.createMany(tx, caller, 'va_student', plan.rows.map((row) => vaStudentBody(code, row)), { onConflict: 'skip' });
      return { plan, created: made.rows.length };
    };
    const { plan, created } = dryRun ? await run(db) : await inTx(run);
    const count = dryRun ? plan.rows.length : created;
    const message = count === 0 ? invoiceText(locale, 'noVaGenerated') : invoiceText(locale, dryRun ? 'vaWouldGenerate' : 'vaGenerated', { count });
    return success({
      message,
      data: {
        created,
        would_create: dryRun ? count : 0,
        existing: plan.existing,
        rows: plan.rows.map((row) => ({ party_id: row.party_id, party_number: row.party_number, party_name: row.party_name, va_no: row.va_no })),
        errors: plan.errors,
      },
    });
  });
}
