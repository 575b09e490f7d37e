// A template filled for one recipient (issue 13: "the message is the template filled with the
// recipient's open invoices: names, amounts in Rp, due dates"; spec 3 §3.2 header, body,
// footer, subject; §9 amounts with the Rp prefix and dot separators, dates as day, full month
// name and year). Pure: no database, no clock.
//
// Placeholders, in the subject and the three parts, in either language:
//   {name} {nama}            the student's or candidate's name
//   {number} {nis}           their student or registration number
//   {class} {kelas}          their class (empty for a candidate)
//   {total}                  the sum of the listed invoices' outstanding, in Rp
//   {due_date} {jatuh_tempo} the earliest due date of the listed invoices
//   {invoices} {tagihan}     the table of the invoices (HTML); in the subject, their count
// When the body names no table, the table follows the body, so every message lists what is owed.
// Values are HTML-escaped; the template's own HTML (sanitized when it was saved) is kept.

import dayjs from 'dayjs';
import 'dayjs/locale/id';
import type { Locale } from '../../src/shared/entityModel';
import { formatRupiah } from '../../src/shared/api/finance';

export interface FillTemplate {
  subject: string;
  header: string | null;
  body: string;
  footer: string | null;
}

export interface FillParty {
  name: string;
  number: string;
  class_name: string | null;
}

export interface FillInvoice {
  transaction_no: string | null;
  income_type: string;
  due_date: string;
  outstanding: number | string;
}

export interface FilledMessage {
  subject: string;
  html: string;
  text: string;
}

const HEADINGS: Record<Locale, { no: string; type: string; due: string; amount: string; total: string }> = {
  id: { no: 'No. tagihan', type: 'Jenis tagihan', due: 'Jatuh tempo', amount: 'Sisa tagihan', total: 'Total' },
  en: { no: 'Invoice no.', type: 'Type of bill', due: 'Due date', amount: 'Outstanding', total: 'Total' },
};

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** `2026-11-30` → "30 November 2026" (id: "30 November 2026", "3 Agustus 2026"). */
export function longDate(value: string, locale: Locale): string {
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale).format('D MMMM YYYY') : value;
}

/** Exact sum of whole rupiah amounts (numbers or digit strings). */
export function totalOf(invoices: readonly FillInvoice[]): string {
  return invoices.reduce((sum, invoice) => sum + BigInt(String(invoice.outstanding)), 0n).toString();
}

function invoiceTable(invoices: readonly FillInvoice[], locale: Locale): string {
  const h = HEADINGS[locale];
  const cell = 'style="border:1px solid #ccc;padding:4px 8px"';
  const right = 'style="border:1px solid #ccc;padding:4px 8px;text-align:right"';
  const rows = invoices
    .map(
      (invoice) =>
        `<tr><td ${cell}>${escapeHtml(invoice.transaction_no ?? '')}</td><td ${cell}>${escapeHtml(invoice.income_type)}</td>` +
        `<td ${cell}>${escapeHtml(longDate(invoice.due_date, locale))}</td><td ${right}>${escapeHtml(formatRupiah(String(invoice.outstanding)))}</td></tr>`,
    )
    .join('');
  return (
    `<table style="border-collapse:collapse"><thead><tr><th ${cell}>${h.no}</th><th ${cell}>${h.type}</th><th ${cell}>${h.due}</th><th ${right}>${h.amount}</th></tr></thead>` +
    `<tbody>${rows}</tbody><tfoot><tr><th ${cell} colspan="3">${h.total}</th><th ${right}>${escapeHtml(formatRupiah(totalOf(invoices)))}</th></tr></tfoot></table>`
  );
}

function textTable(invoices: readonly FillInvoice[], locale: Locale): string {
  const h = HEADINGS[locale];
  const lines = invoices.map((i) => `- ${i.transaction_no ?? ''} ${i.income_type}, ${h.due.toLowerCase()} ${longDate(i.due_date, locale)}: ${formatRupiah(String(i.outstanding))}`);
  return [...lines, `${h.total}: ${formatRupiah(totalOf(invoices))}`].join('\n');
}

const TABLE_NAMES = ['invoices', 'tagihan'];

/** `{name}` → value, for the names given; other braces stay as written. */
function replace(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

/** Block HTML as plain text for the text/plain part: paragraphs and breaks to new lines, tags out, entities read. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function fillTemplate(template: FillTemplate, party: FillParty, invoices: readonly FillInvoice[], locale: Locale = 'id'): FilledMessage {
  const due = invoices.map((i) => i.due_date).sort()[0];
  const plain: Record<string, string> = {
    name: party.name,
    nama: party.name,
    number: party.number,
    nis: party.number,
    class: party.class_name ?? '',
    kelas: party.class_name ?? '',
    total: formatRupiah(totalOf(invoices)),
    due_date: due ? longDate(due, locale) : '',
    jatuh_tempo: due ? longDate(due, locale) : '',
  };
  const html: Record<string, string> = Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, escapeHtml(v)]));
  const table = invoiceTable(invoices, locale);
  for (const name of TABLE_NAMES) html[name] = table;
  const names = new RegExp(`\\{(${TABLE_NAMES.join('|')})\\}`);
  const parts = [template.header, template.body, template.footer].filter((part): part is string => Boolean(part && part.trim()));
  const bodyHasTable = parts.some((part) => names.test(part));
  const filledParts = parts.map((part) => replace(part, html));
  if (!bodyHasTable) filledParts.splice(template.header?.trim() ? 2 : 1, 0, table);
  const textValues: Record<string, string> = { ...plain };
  for (const name of TABLE_NAMES) textValues[name] = String(invoices.length);
  const subject = replace(template.subject, textValues).replace(/[\r\n]+/g, ' ').trim();
  const htmlBody = `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:14px">${filledParts.map((part) => `<div>${part}</div>`).join('')}</body></html>`;
  const textParts = [template.header, template.body, template.footer]
    .filter((part): part is string => Boolean(part && part.trim()))
    .map((part) => {
      const tableText = textTable(invoices, locale);
      const values: Record<string, string> = { ...plain };
      for (const name of TABLE_NAMES) values[name] = `\n${tableText}\n`;
      return htmlToText(replace(part, values));
    });
  if (!bodyHasTable) textParts.splice(template.header?.trim() ? 2 : 1, 0, textTable(invoices, locale));
  return { subject, html: htmlBody, text: textParts.join('\n\n') };
}
