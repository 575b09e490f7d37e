// The finance dashboard's calls (issue 13; spec 3 §2.1, §3.1, §7.1, §8, §9): the server answers
// them (server/finance/dashboard/), the dashboard page (src/pages/financeDashboard/) asks them.
// No React, no DOM. Each answer is the v1 envelope (./envelope.ts); the paths keep the spec's
// names, under /api/v1. Who may call: FINANCE_ROLES.read (./finance.ts) reads; generating and
// closing payments need FINANCE_ROLES.operate.
//
// Every figure is "as of the cut-off date": an invoice counts when it was issued by then, and
// what it owed then is its value − discount, plus the penalties dated by then, less the payments,
// waivers, merges and reversals dated by then — whatever happened after the cut-off.
//
// Open payment (spec 3 §2.1, §3.1 "payment_reminder"): a payment with money left over after it
// settled the party's open invoices (its deposit, `payment.deposit_amount`) that nobody has
// handled yet. Generate Payment applies that remainder to the party's invoices open now (the
// school's order), through the ledger, journalled deposit → receivable; Close Payment marks the
// remainder handled (kept as the party's deposit or refunded by hand) without moving money
// (`payment_closure`). Both are idempotent: a payment with nothing left, or closed, is skipped.

import type { Success } from "./envelope";
import type { Money, PartyKind } from "./finance";

export const FINANCE_DASHBOARD_PATHS = {
  /** GET DashboardFilter → ChartAllAnswer: the pie (outstanding by income type) and both gauges. */
  chartAll: "chartall",
  /** GET DashboardFilter → ChartSiswaAnswer: the Payment Reconciliation cards. */
  chartSiswa: "chartsiswa",
  /** GET DashboardFilter → ChartSummaryAnswer: the dates the ledger covers, and the totals as of the cut-off. */
  chartSummary: "chartsummary",
  /** GET DashboardFilter & page, per_page → OpenPaymentAnswer. */
  openPayment: "open-payment",
  /** POST GeneratePaymentRequest → PaymentActionAnswer. */
  generatePayment: "generate-payment",
  /** POST ClosePaymentRequest → PaymentActionAnswer. */
  closePayment: "close-payment",
  /** GET DashboardFilter → ArrearsAnswer: parties with invoices overdue more than 3 months. */
  arrears: "accounting-arrears-invoice",
  /** GET DashboardFilter → WaiverOverdueAnswer. */
  waiverOverdue: "accounting-waiver-overdue",
  /** GET → ThresholdsAnswer; PUT Thresholds → ThresholdsAnswer: the caller's own gauge thresholds. */
  thresholds: "finance-dashboard/thresholds",
} as const;

/** The query of every read (spec 3 §7.1 "filter"): the cut-off date and which parties count. */
export interface DashboardFilter {
  /** YYYY-MM-DD; default today. */
  cutoff?: string;
  /** Students count ('1' / 'true'). */
  type?: boolean;
  /** Candidates count. */
  typecalon?: boolean;
}

/** Spec 3 §9: the overdue invoice list covers more than 3 months. */
export const ARREARS_MONTHS = 3;

/** The gauge colours' upper bounds in percent (spec 3 §9 defaults: red to 70, yellow to 90, green to 100). */
export interface Thresholds {
  chartfail: number;
  chartwarning: number;
  chartsuccess: number;
}
export const DEFAULT_THRESHOLDS: Thresholds = {
  chartfail: 70,
  chartwarning: 90,
  chartsuccess: 100,
};

/** Thresholds are whole percents 0–100, fail < warning < success (else 422 naming the field). */
export function thresholdProblem(t: Thresholds): keyof Thresholds | null {
  for (const key of ["chartfail", "chartwarning", "chartsuccess"] as const) {
    if (!Number.isInteger(t[key]) || t[key] < 0 || t[key] > 100) return key;
  }
  if (t.chartwarning <= t.chartfail) return "chartwarning";
  if (t.chartsuccess <= t.chartwarning) return "chartsuccess";
  return null;
}
export type ThresholdsAnswer = Success<{ data: Thresholds; message?: string }>;

/** Spec 3 §3.1 "Pie slice": an income type's outstanding as of the cut-off. */
export interface PieSlice {
  income_type_id: number;
  /** The income type's code: its last character picks the page a click opens (pieSliceTarget). */
  incometype: string;
  name: string;
  total: Money;
}

/** Spec 3 §2.1: a slice opens /paymentdashboard when the income type ends in 1, else /ardashboard. */
export function pieSliceTarget(
  incometype: string,
): "/paymentdashboard" | "/ardashboard" {
  return incometype.endsWith("1") ? "/paymentdashboard" : "/ardashboard";
}

/**
 * Spec 3 §3.1 "Gauge": the collectible rate, what was paid by the cut-off of what was due by then
 * (value − discount + penalties − waivers − merged or reversed, as of the cut-off), in percent
 * with one decimal, rounded down; null when nothing was due.
 */
export interface Gauge {
  title: "current_month" | "cumulative";
  persen: number | null;
  /** What the rate is of: the invoices due from `from` (null: from the start) to the cut-off. */
  infohover: { from: string | null; to: string; collected: Money; due: Money };
}

export type ChartAllAnswer = Success<{
  data: PieSlice[];
  cutoffchart: Gauge;
  douchart: Gauge;
}>;

/** A Payment Reconciliation card: one committed bank VA file, what it says arrived against what became payments. */
export interface ReconciliationCard {
  bank_upload_id: number;
  file_name: string;
  committed_at: string;
  /** The file's lines with an amount that were new money (matched, partial, more than owed, unknown VA). */
  uploadva: Money;
  /** The payments its lines made. */
  payment: Money;
  lines: number;
  payments: number;
}
export type ChartSiswaAnswer = Success<{ data: ReconciliationCard[] }>;

export interface ChartSummary {
  /** The earliest invoice date and the latest invoice or payment date of the ledger (the cut-off picker's range); null when empty. */
  min_date: string | null;
  max_date: string | null;
  cutoff: string;
  /** Outstanding of the parties counted, as of the cut-off. */
  outstanding: Money;
  /** Of it, past its due date. */
  overdue: Money;
}
export type ChartSummaryAnswer = Success<{ data: ChartSummary }>;

/** Spec 3 §3.1 "Overdue invoice student": a party with invoices more than 3 months past due. */
export interface ArrearsRow {
  kind: PartyKind;
  /** The party's id (idsiswa for a student). */
  idsiswa: number;
  student_name: string;
  student_number: string;
  class_name: string | null;
  /** Outstanding of those invoices as of the cut-off. */
  total: Money;
  count: number;
  /** Days past due of the youngest and the oldest of them. */
  min_age: number;
  max_age: number;
  is_active: boolean;
}
/** The 100 parties owing most (`total`: how many there are in all). */
export type ArrearsAnswer = Success<{ data: ArrearsRow[]; total: number }>;

/**
 * Spec 3 §3.1 "Waiver overdue": a party that was given a waiver on an invoice that, as of the
 * cut-off, is still owing past its due date; grouped by income type.
 */
export interface WaiverOverdueRow {
  kind: PartyKind;
  party_id: number;
  name: string;
  students_id_number: string;
  class_name: string | null;
  max_age: number;
  detailsGroup: {
    income_type: string;
    count: number;
    outstanding: Money;
    waived: Money;
  }[];
  total: Money;
}
/** The 100 parties owing most (`total`: how many there are in all). */
export type WaiverOverdueAnswer = Success<{
  data: WaiverOverdueRow[];
  total: number;
}>;

/** Spec 3 §3.1 "Open payment". */
export interface OpenPaymentRow {
  payment_id: number;
  kind: PartyKind;
  party_id: number;
  name: string;
  class: string | null;
  payment_no: string;
  payment_date: string;
  /** The remainder not applied to invoices yet. */
  payment_reminder: Money;
}
export type OpenPaymentAnswer = Success<{
  data: OpenPaymentRow[];
  total: number;
}>;

export interface GeneratePaymentRequest {
  list_generate: number[];
  /** The date of the journals; default today. */
  date?: string;
}
export interface ClosePaymentRequest {
  list_close: number[];
}
export interface PaymentActionResult {
  /** Payments that changed. */
  count: number;
  /** Money moved from deposits onto invoices (generate). */
  applied: Money;
  /** Selected payments left alone: nothing left, closed already, or (generate) nothing open to settle. */
  skipped: number;
}
export type PaymentActionAnswer = Success<{
  message: string;
  data: PaymentActionResult;
}>;
