// The finance dashboard's calls (src/shared/api/financeDashboard.ts; spec 3 §7.1) under their
// spec names. Reading needs FINANCE_ROLES.read, generating and closing payments .operate
// (requireFinance: 403 for anyone else before anything is read). The figures come from
// ./dashboardFigures.ts, the two actions from ./paymentRemainders.ts in one transaction each,
// the thresholds from ./thresholdStore.ts (the caller's own row). Generate and close are POSTs:
// they write (spec 3 §7.1 lists every call as GET unless noted and notes none; a GET that moves
// money could be repeated by any prefetch or proxy).

import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  FINANCE_DASHBOARD_PATHS,
  thresholdProblem,
  type ArrearsAnswer,
  type ChartAllAnswer,
  type ChartSiswaAnswer,
  type ChartSummaryAnswer,
  type OpenPaymentAnswer,
  type PaymentActionAnswer,
  type Thresholds,
  type ThresholdsAnswer,
  type WaiverOverdueAnswer,
} from "../../../src/shared/api/financeDashboard";
import { formatRupiah, type PartyKind } from "../../../src/shared/api/finance";
import type { Locale } from "../../../src/shared/entityModel";
import { sessionUser } from "../../auth/requireSession";
import type { Db } from "../../db/database";
import { invalidInput } from "../../http/apiError";
import { MAX_PAGE, pagingNumber } from "../../http/pagingNumber";
import { requestLocale } from "../../http/requestLocale";
import { success } from "../../http/success";
import { callerOf } from "../../records/routeDoor";
import { requireFinance } from "../financeAccess";
import {
  arrears,
  chartAll,
  openPayments,
  reconciliation,
  summary,
  waiverOverdue,
  type FigureFilter,
} from "./dashboardFigures";
import { dashboardText } from "./dashboardTexts";
import { applyRemainders, closeRemainders } from "./paymentRemainders";
import { readThresholds, saveThresholds } from "./thresholdStore";
import { schoolToday } from "../../../src/shared/schoolCalendar";
import { isCalendarDay } from "../../../src/shared/schoolCalendar";

type Query = Record<string, unknown>;

const flag = (value: unknown): boolean | undefined =>
  value === undefined || value === ""
    ? undefined
    : value === true || value === "1" || value === "true";

/** The filter of spec 3 §7.1: cut-off (default today; 422 when not a date), students (`type`) and candidates (`typecalon`); neither given: both. */
export function filterOf(locale: Locale, query: Query): FigureFilter {
  const cutoff =
    query.cutoff === undefined || query.cutoff === ""
      ? schoolToday()
      : query.cutoff;
  if (!isCalendarDay(cutoff))
    throw invalidInput(locale, {
      cutoff: [dashboardText(locale, "dateInvalid")],
    });
  const students = flag(query.type);
  const candidates = flag(query.typecalon);
  const kinds: PartyKind[] = [];
  if (students ?? candidates === undefined) kinds.push("student");
  if (candidates ?? students === undefined) kinds.push("candidate");
  return { cutoff, kinds };
}

const objectOf = (value: unknown): Query =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Query)
    : {};

/** The payment ids of a body's list (at least one positive integer), else 422 "Please select payment first." under the list. */
function paymentIds(
  locale: Locale,
  body: Query,
  field: "list_generate" | "list_close",
): number[] {
  const raw = body[field];
  const ids = Array.isArray(raw)
    ? raw.map((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    : [];
  if (
    !ids.length ||
    ids.some(
      (id) => typeof id !== "number" || !Number.isSafeInteger(id) || id < 1,
    )
  ) {
    throw invalidInput(locale, {
      [field]: [dashboardText(locale, "selectPayment")],
    });
  }
  return [...new Set(ids as number[])];
}

export function registerDashboardRoutes(app: FastifyInstance, db: Db): void {
  const path = (name: keyof typeof FINANCE_DASHBOARD_PATHS) =>
    `/${FINANCE_DASHBOARD_PATHS[name]}`;
  const read = (request: FastifyRequest): FigureFilter => {
    requireFinance(request, "read");
    return filterOf(requestLocale(request), objectOf(request.query));
  };

  app.get(path("chartAll"), async (request): Promise<ChartAllAnswer> => {
    return success(await chartAll(db, read(request)));
  });

  app.get(path("chartSiswa"), async (request): Promise<ChartSiswaAnswer> =>
    success({ data: await reconciliation(db, read(request)) }),
  );

  app.get(path("chartSummary"), async (request): Promise<ChartSummaryAnswer> =>
    success({ data: await summary(db, read(request)) }),
  );

  app.get(path("arrears"), async (request): Promise<ArrearsAnswer> =>
    success(await arrears(db, read(request))),
  );

  app.get(
    path("waiverOverdue"),
    async (request): Promise<WaiverOverdueAnswer> =>
      success(await waiverOverdue(db, read(request))),
  );

  app.get(path("openPayment"), async (request): Promise<OpenPaymentAnswer> => {
    const f = read(request);
    const locale = requestLocale(request);
    const query = objectOf(request.query);
    const page = pagingNumber(locale, "page", query.page, 1, MAX_PAGE);
    const perPage = pagingNumber(locale, "per_page", query.per_page, 10, 100);
    const found = await openPayments(db, f, page, perPage);
    return success({ data: found.data, total: found.total });
  });

  app.post(
    path("generatePayment"),
    async (request): Promise<PaymentActionAnswer> => {
      requireFinance(request, "operate");
      const locale = requestLocale(request);
      const body = objectOf(request.body);
      const ids = paymentIds(locale, body, "list_generate");
      const date =
        body.date === undefined || body.date === null || body.date === ""
          ? schoolToday()
          : body.date;
      if (!isCalendarDay(date))
        throw invalidInput(locale, {
          date: [dashboardText(locale, "dateInvalid")],
        });
      const outcome = await db
        .transaction()
        .execute((tx) =>
          applyRemainders(tx, app.records, callerOf(request), ids, date),
        );
      const message = outcome.count
        ? dashboardText(locale, "generated", {
            count: outcome.count,
            amount: formatRupiah(outcome.applied),
            skipped: outcome.skipped,
          })
        : dashboardText(locale, "generatedNothing");
      return success({ message, data: outcome });
    },
  );

  app.post(
    path("closePayment"),
    async (request): Promise<PaymentActionAnswer> => {
      requireFinance(request, "operate");
      const locale = requestLocale(request);
      const ids = paymentIds(locale, objectOf(request.body), "list_close");
      const outcome = await db
        .transaction()
        .execute((tx) =>
          closeRemainders(
            tx,
            app.records,
            callerOf(request),
            ids,
            schoolToday(),
          ),
        );
      const message = outcome.count
        ? dashboardText(locale, "closed", {
            count: outcome.count,
            skipped: outcome.skipped,
          })
        : dashboardText(locale, "closedNothing");
      return success({ message, data: outcome });
    },
  );

  app.get(path("thresholds"), async (request): Promise<ThresholdsAnswer> => {
    requireFinance(request, "read");
    return success({ data: await readThresholds(db, sessionUser(request).id) });
  });

  app.put(path("thresholds"), async (request): Promise<ThresholdsAnswer> => {
    requireFinance(request, "read");
    const locale = requestLocale(request);
    const body = objectOf(request.body);
    const wanted: Thresholds = {
      chartfail: Number(body.chartfail),
      chartwarning: Number(body.chartwarning),
      chartsuccess: Number(body.chartsuccess),
    };
    const problem = thresholdProblem(wanted);
    if (problem)
      throw invalidInput(locale, {
        [problem]: [dashboardText(locale, "thresholdInvalid")],
      });
    const saved = await db
      .transaction()
      .execute((tx) =>
        saveThresholds(
          tx,
          app.records,
          callerOf(request),
          sessionUser(request).id,
          wanted,
        ),
      );
    return success({
      message: dashboardText(locale, "thresholdsSaved"),
      data: saved,
    });
  });
}
