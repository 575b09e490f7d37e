// The payments list's state and calls (/paymenttransaction; issue 12): the filters, the page of
// payments and their totals, the lookups the filters offer, and the payment whose detail is
// open, which is the URL's `?payment=<id>` (a notification about a payment leads there).

import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageCall } from '../../app/pageCalls';
import type { Envelope } from '../../shared/api/envelope';
import {
  FINANCE_PATHS,
  type PartyKind,
  type PaymentDetail,
  type PaymentDetailAnswer,
  type PaymentFilter,
  type PaymentListAnswer,
  type PaymentMethod,
  type PaymentRow,
} from '../../shared/api/finance';
import { payErrorText, payQuery } from '../../shared/finance/payFormat';

export interface LookupOption {
  id: number;
  label: string;
}

/** The filters as the form holds them: '' for "all". */
export interface PaymentFilterForm {
  q: string;
  kind: PartyKind | '';
  method: PaymentMethod | '';
  payment_date_gte: string;
  payment_date_lte: string;
  department_id: number | '';
  class_id: number | '';
  income_type_id: number | '';
}

export const NO_FILTER: PaymentFilterForm = {
  q: '',
  kind: '',
  method: '',
  payment_date_gte: '',
  payment_date_lte: '',
  department_id: '',
  class_id: '',
  income_type_id: '',
};

export const PER_PAGE_CHOICES = [10, 25, 50] as const;


/** A lookup list (spec 1 §7.3) as options: its records' label, or `name` for the lookups labelled so. */
function useLookup(call: ReturnType<typeof usePageCall>, path: string | null): LookupOption[] {
  const [options, setOptions] = useState<LookupOption[]>([]);
  useEffect(() => {
    if (!path) {
      setOptions([]);
      return;
    }
    let current = true;
    call<Envelope<Array<{ id: number; label?: string; name?: string }>>>(path).then(
      (answer) => current && setOptions((answer.data ?? []).map((row) => ({ id: row.id, label: row.label ?? row.name ?? String(row.id) }))),
      () => current && setOptions([]),
    );
    return () => {
      current = false;
    };
  }, [call, path]);
  return options;
}

/** The filter as the server reads it (PaymentFilter), leaving out what is "all". */
export function filterQuery(form: PaymentFilterForm): PaymentFilter {
  const query: PaymentFilter = {};
  if (form.q.trim()) query.q = form.q.trim();
  if (form.kind) query.kind = form.kind;
  if (form.method) query.method = form.method;
  if (form.payment_date_gte) query.payment_date_gte = form.payment_date_gte;
  if (form.payment_date_lte) query.payment_date_lte = form.payment_date_lte;
  if (form.department_id !== '') query.department_id = form.department_id;
  if (form.class_id !== '') query.class_id = form.class_id;
  if (form.income_type_id !== '') query.income_type_id = form.income_type_id;
  return query;
}

export function usePaymentList() {
  const call = usePageCall();
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<PaymentFilterForm>(NO_FILTER);
  /** The filter the list shows (the form's a moment after its last change, spec 3 §9: 500 ms) and the page; a new filter starts at page 0. */
  const [shown, setShown] = useState({ filter: '{}', page: 0 });
  const page = shown.page;
  const setPage = (next: number) => setShown((current) => ({ ...current, page: next }));
  const [perPage, setPerPage] = useState<number>(25);
  const [rows, setRows] = useState<PaymentRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [totalAmount, setTotalAmount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);

  const units = useLookup(call, 'departmentall');
  const classes = useLookup(call, form.department_id === '' ? 'class' : payQuery('class', { department_id: form.department_id }));
  const incomeTypes = useLookup(call, 'income');

  useEffect(() => {
    const timer = setTimeout(() => {
      const filter = JSON.stringify(filterQuery(form));
      setShown((current) => (current.filter === filter ? current : { filter, page: 0 }));
    }, 500);
    return () => clearTimeout(timer);
  }, [form]);

  useEffect(() => {
    let current = true;
    setError(null);
    const filter = JSON.parse(shown.filter) as PaymentFilter;
    call<PaymentListAnswer>(payQuery(FINANCE_PATHS.payments, { ...filter, page: shown.page + 1, per_page: perPage })).then(
      (answer) => {
        if (!current) return;
        setRows(answer.data);
        setTotal(answer.total);
        setTotalAmount(answer.totals.amount);
      },
      (failure: unknown) => current && setError(payErrorText(failure)),
    );
    return () => {
      current = false;
    };
  }, [call, shown, perPage, reloads]);

  const change = <K extends keyof PaymentFilterForm>(field: K, value: PaymentFilterForm[K]) =>
    setForm((current) => ({ ...current, [field]: value, ...(field === 'department_id' ? { class_id: '' } : {}) }));

  // The open detail is the URL's ?payment=<id>.
  const openId = Number(params.get('payment'));
  const detailId = Number.isInteger(openId) && openId > 0 ? openId : null;
  const [detail, setDetail] = useState<PaymentDetail | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  useEffect(() => {
    setDetail(null);
    setDetailError(null);
    if (detailId === null) return;
    let current = true;
    call<PaymentDetailAnswer>(`${FINANCE_PATHS.payment}/${detailId}`).then(
      (answer) => current && setDetail(answer.data),
      (failure: unknown) => current && setDetailError(payErrorText(failure)),
    );
    return () => {
      current = false;
    };
  }, [call, detailId]);

  const open = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('payment', String(id));
      return next;
    });
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('payment');
      return next;
    });

  const filtered = useMemo(() => Object.keys(filterQuery(form)).length > 0, [form]);

  return {
    form,
    change,
    clear: () => setForm(NO_FILTER),
    filtered,
    units,
    classes,
    incomeTypes,
    rows,
    total,
    totalAmount,
    error,
    retry: () => setReloads((n) => n + 1),
    page,
    setPage,
    perPage,
    setPerPage: (next: number) => {
      setPerPage(next);
      setShown((current) => ({ ...current, page: 0 }));
    },
    detailId,
    detail,
    detailError,
    open,
    close,
  };
}

export type PaymentList = ReturnType<typeof usePaymentList>;
