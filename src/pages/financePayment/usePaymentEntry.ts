// The payment entry's state and calls (/payment; issue 12 "Payments"): find a student or a
// candidate, load their open invoices and the school's settle order, keep the order a person
// picks (ticks and moves), preview the settlement, and record the payment once (one
// Idempotency-Key per submission, so a lost answer resent never pays twice).
// `/payment?kind=student&party=<id>` opens with that party chosen (a link from their invoice).

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HttpError } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { usePageCall } from '../../app/pageCalls';
import { newIdempotencyKey } from '../../providers/postOnce';
import type { HttpRequest } from '../../providers/httpClient';
import type { Envelope } from '../../shared/api/envelope';
import {
  FINANCE_PATHS,
  type InvoiceRow,
  type OpenInvoicesAnswer,
  type PartyKind,
  type PartyListAnswer,
  type PartyRow,
  type PaymentDetail,
  type PaymentDetailAnswer,
  type PaymentMethod,
  type PaymentRequest,
  type SettleOrder,
} from '../../shared/api/finance';
import { parsePayAmount, payAmountText, payErrorText, payFieldErrors, payQuery, payToday } from '../../shared/finance/payFormat';
import { moveItem, settlePreview, type SettlePreview } from '../../shared/finance/paySettle';

export interface LookupOption {
  id: number;
  label: string;
}

export type PaymentField = 'amount' | 'payment_date' | 'method' | 'journal_type_id' | 'remarks';

/** The app's call with a 401 sent past the auth provider (it logs out); anything else is the caller's to show. */

export function usePaymentEntry() {
  const call = usePageCall();
  const [kind, setKindState] = useState<PartyKind>('student');
  /** What the search box shows (a chosen party's label too), and what was typed to ask for. */
  const [inputText, setInputText] = useState('');
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<PartyRow[]>([]);
  const [searching, setSearching] = useState(false);
  const [party, setParty] = useState<PartyRow | null>(null);
  const [invoices, setInvoices] = useState<InvoiceRow[] | null>(null);
  const [settleOrder, setSettleOrder] = useState<SettleOrder>('due_date');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  /** The invoice ids top to bottom, and which of them this payment settles. */
  const [order, setOrder] = useState<number[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [byHand, setByHand] = useState(false);
  const [amountText, setAmountText] = useState('');
  const [amountTouched, setAmountTouched] = useState(false);
  const [paymentDate, setPaymentDate] = useState(payToday());
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [journalTypeId, setJournalTypeId] = useState<number | ''>('');
  const [journalTypes, setJournalTypes] = useState<LookupOption[]>([]);
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PaymentField, string>>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<PaymentDetail | null>(null);
  const submission = useRef<string | null>(null);

  useEffect(() => {
    call<Envelope<LookupOption[]>>('journaltypepayment').then(
      (answer) => setJournalTypes(answer.data ?? []),
      () => setJournalTypes([]),
    );
  }, [call]);

  // The autocomplete asks as the person types, a moment after the last key.
  useEffect(() => {
    const q = search.trim();
    if (!q) {
      setOptions([]);
      return;
    }
    let current = true;
    setSearching(true);
    const timer = setTimeout(() => {
      call<PartyListAnswer>(payQuery(FINANCE_PATHS.parties, { kind, q })).then(
        (answer) => current && setOptions(answer.data),
        () => current && setOptions([]),
      ).finally(() => current && setSearching(false));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [call, kind, search]);

  const loadInvoices = useCallback(
    (chosen: Pick<PartyRow, 'kind' | 'id'>) => {
      setLoading(true);
      setLoadError(null);
      call<OpenInvoicesAnswer>(payQuery(FINANCE_PATHS.openInvoices, { kind: chosen.kind, id: chosen.id })).then(
        (answer) => {
          // The server lists them in the school's settle order.
          const ordered = answer.data.invoices;
          setParty(answer.data.party);
          setInvoices(answer.data.invoices);
          setSettleOrder(answer.data.settle_order);
          setOrder(ordered.map((row) => row.id));
          setPicked(new Set(ordered.map((row) => row.id)));
          setByHand(false);
        },
        (error: unknown) => setLoadError(payErrorText(error)),
      ).finally(() => setLoading(false));
    },
    [call],
  );

  // A link may name the party: /payment?kind=student|candidate&party=<id>.
  const [params] = useSearchParams();
  const linkedKind = params.get('kind') === 'candidate' ? 'candidate' : 'student';
  const linkedId = Number(params.get('party'));
  useEffect(() => {
    if (!Number.isInteger(linkedId) || linkedId <= 0) return;
    setKindState(linkedKind);
    loadInvoices({ kind: linkedKind, id: linkedId });
  }, [linkedId, linkedKind, loadInvoices]);

  const choose = useCallback(
    (chosen: PartyRow | null) => {
      setParty(chosen);
      setInvoices(null);
      setDone(null);
      setSubmitError(null);
      setErrors({});
      setAmountTouched(false);
      setAmountText('');
      if (chosen) loadInvoices(chosen);
    },
    [loadInvoices],
  );

  const setKind = (next: PartyKind) => {
    setKindState(next);
    setSearch('');
    setInputText('');
    choose(null);
  };

  const byId = useMemo(() => new Map((invoices ?? []).map((row) => [row.id, row])), [invoices]);
  const rows = useMemo(() => order.map((id) => byId.get(id)).filter((row): row is InvoiceRow => row !== undefined), [order, byId]);
  const pickedRows = useMemo(() => rows.filter((row) => picked.has(row.id)), [rows, picked]);
  const totalOutstanding = useMemo(() => rows.reduce((sum, row) => sum + row.outstanding, 0), [rows]);
  const pickedOutstanding = useMemo(() => pickedRows.reduce((sum, row) => sum + row.outstanding, 0), [pickedRows]);

  // The amount follows what the ticked invoices owe until the person types one.
  useEffect(() => {
    if (!amountTouched && invoices) setAmountText(pickedOutstanding > 0 ? payAmountText(pickedOutstanding) : '');
  }, [amountTouched, invoices, pickedOutstanding]);

  const amount = parsePayAmount(amountText);
  const preview: SettlePreview = useMemo(() => settlePreview(pickedRows, amount ?? 0), [pickedRows, amount]);

  const move = (index: number, step: -1 | 1) => {
    setOrder((current) => moveItem(current, index, step));
    setByHand(true);
  };
  const toggle = (id: number) => {
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    setByHand(true);
  };
  const resetOrder = () => {
    const ordered = invoices ?? [];
    setOrder(ordered.map((row) => row.id));
    setPicked(new Set(ordered.map((row) => row.id)));
    setByHand(false);
  };

  const changeAmount = (text: string) => {
    setAmountText(text);
    setAmountTouched(true);
    setErrors((current) => ({ ...current, amount: undefined }));
  };

  /** Checks the form before asking for confirmation; the keys of the messages to show under the fields. */
  const check = (): boolean => {
    const found: Partial<Record<PaymentField, string>> = {};
    if (!amountText.trim()) found.amount = 'finance.payment.form.required';
    else if (amount === null || amount <= 0) found.amount = 'finance.payment.form.amount_invalid';
    if (!paymentDate) found.payment_date = 'finance.payment.form.required';
    setErrors(found);
    return Object.keys(found).length === 0 && party !== null;
  };

  const askToPay = () => {
    setSubmitError(null);
    if (!check()) return;
    submission.current = newIdempotencyKey();
    setConfirming(true);
  };

  const pay = async () => {
    if (!party || amount === null) return;
    const body: PaymentRequest = {
      kind: party.kind,
      party_id: party.id,
      payment_date: paymentDate,
      amount,
      method,
      journal_type_id: journalTypeId === '' ? null : journalTypeId,
      remarks: remarks.trim() || null,
      ...(byHand ? { invoice_order: pickedRows.map((row) => row.id) } : {}),
    };
    const request: HttpRequest = { method: 'POST', body, headers: { 'Idempotency-Key': submission.current ?? newIdempotencyKey() } };
    try {
      let answer: PaymentDetailAnswer;
      try {
        answer = await call<PaymentDetailAnswer>(FINANCE_PATHS.payments, request);
      } catch (error) {
        // No answer came: the payment may be recorded; the same key gets the first answer back.
        if (error instanceof HttpError && error.status === 0) answer = await call<PaymentDetailAnswer>(FINANCE_PATHS.payments, request);
        else throw error;
      }
      setConfirming(false);
      setDone(answer.data);
      return answer.data;
    } catch (error) {
      setConfirming(false);
      const fields = payFieldErrors(error);
      setErrors(fields);
      setSubmitError(payErrorText(error));
      return undefined;
    }
  };

  return {
    kind,
    setKind,
    search,
    inputText,
    /** The search box changed: typing asks the server; choosing or clearing only shows. */
    typed: (text: string, reason: string) => {
      setInputText(text);
      if (reason === 'input' || reason === 'clear') setSearch(reason === 'clear' ? '' : text);
    },
    options,
    searching,
    party,
    choose,
    invoices,
    rows,
    picked,
    byHand,
    settleOrder,
    loading,
    loadError,
    reload: () => party && loadInvoices(party),
    totalOutstanding,
    move,
    toggle,
    resetOrder,
    amountText,
    changeAmount,
    amount,
    paymentDate,
    setPaymentDate,
    method,
    setMethod,
    journalTypeId,
    setJournalTypeId,
    journalTypes,
    remarks,
    setRemarks,
    errors,
    submitError,
    preview,
    confirming,
    askToPay,
    cancelPay: () => setConfirming(false),
    pay,
    done,
  };
}

export type PaymentEntry = ReturnType<typeof usePaymentEntry>;
