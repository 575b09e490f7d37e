// The journals list's state and calls (/journal; issue 12 "Journals"; spec 3 §4 journal sync
// filter): the filters, the page of journals, the journal types the filter offers, which
// journals show their lines, and Sync now (issue 13) for those who may sync.

import { useEffect, useState } from 'react';
import { usePermissions } from 'react-admin';
import { usePageCall } from '../../app/pageCalls';
import { ACCOUNTING_PATHS, ACCOUNTING_ROLES, type SyncAnswer } from '../../shared/api/accounting';
import type { Envelope } from '../../shared/api/envelope';
import { FINANCE_PATHS, type JournalFilter, type JournalListAnswer, type JournalRow, type JournalSource, type JournalSyncState } from '../../shared/api/finance';
import { payErrorText, payQuery } from '../../shared/finance/payFormat';

export interface LookupOption {
  id: number;
  label: string;
}

export interface JournalFilterForm {
  q: string;
  source: JournalSource | '';
  sync_state: JournalSyncState | '';
  journal_type_id: number | '';
  journal_date_gte: string;
  journal_date_lte: string;
}

export const NO_FILTER: JournalFilterForm = { q: '', source: '', sync_state: '', journal_type_id: '', journal_date_gte: '', journal_date_lte: '' };
export const PER_PAGE_CHOICES = [10, 25, 50] as const;


export function journalFilterQuery(form: JournalFilterForm): JournalFilter {
  const query: JournalFilter = {};
  if (form.q.trim()) query.q = form.q.trim();
  if (form.source) query.source = form.source;
  if (form.sync_state) query.sync_state = form.sync_state;
  if (form.journal_type_id !== '') query.journal_type_id = form.journal_type_id;
  if (form.journal_date_gte) query.journal_date_gte = form.journal_date_gte;
  if (form.journal_date_lte) query.journal_date_lte = form.journal_date_lte;
  return query;
}

export function useJournalList() {
  const call = usePageCall();
  const [form, setForm] = useState<JournalFilterForm>(NO_FILTER);
  /** The filter shown (the form's, 500 ms after its last change, spec 3 §9) and the page; a new filter starts at page 0. */
  const [shown, setShown] = useState({ filter: '{}', page: 0 });
  const [perPage, setPerPage] = useState<number>(25);
  const [rows, setRows] = useState<JournalRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [journalTypes, setJournalTypes] = useState<LookupOption[]>([]);
  const { permissions } = usePermissions<string[]>();
  const maySync = Array.isArray(permissions) && ACCOUNTING_ROLES.some((role) => permissions.includes(role));
  const [syncing, setSyncing] = useState(false);
  const [syncAnswer, setSyncAnswer] = useState<{ severity: 'success' | 'warning' | 'error'; message: string } | null>(null);

  useEffect(() => {
    call<Envelope<LookupOption[]>>('journaltype').then(
      (answer) => setJournalTypes(answer.data ?? []),
      () => setJournalTypes([]),
    );
  }, [call]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const filter = JSON.stringify(journalFilterQuery(form));
      setShown((current) => (current.filter === filter ? current : { filter, page: 0 }));
    }, 500);
    return () => clearTimeout(timer);
  }, [form]);

  useEffect(() => {
    let current = true;
    setError(null);
    const filter = JSON.parse(shown.filter) as JournalFilter;
    call<JournalListAnswer>(payQuery(FINANCE_PATHS.journals, { ...filter, page: shown.page + 1, per_page: perPage })).then(
      (answer) => {
        if (!current) return;
        setRows(answer.data);
        setTotal(answer.total);
      },
      (failure: unknown) => current && setError(payErrorText(failure)),
    );
    return () => {
      current = false;
    };
  }, [call, shown, perPage, reloads]);

  const syncNow = () => {
    setSyncing(true);
    setSyncAnswer(null);
    call<SyncAnswer>(ACCOUNTING_PATHS.sync, { method: 'POST', body: {} })
      .then(
        (answer) => setSyncAnswer({ severity: answer.data.stopped || answer.data.not_validated ? 'warning' : 'success', message: answer.message }),
        (failure: unknown) => setSyncAnswer({ severity: 'error', message: payErrorText(failure) }),
      )
      .finally(() => {
        setSyncing(false);
        setReloads((n) => n + 1);
      });
  };

  return {
    form,
    maySync,
    syncing,
    syncNow,
    syncAnswer,
    closeSyncAnswer: () => setSyncAnswer(null),
    change: <K extends keyof JournalFilterForm>(field: K, value: JournalFilterForm[K]) => setForm((current) => ({ ...current, [field]: value })),
    clear: () => setForm(NO_FILTER),
    filtered: Object.keys(journalFilterQuery(form)).length > 0,
    journalTypes,
    rows,
    total,
    error,
    retry: () => setReloads((n) => n + 1),
    page: shown.page,
    setPage: (page: number) => setShown((current) => ({ ...current, page })),
    perPage,
    setPerPage: (next: number) => {
      setPerPage(next);
      setShown((current) => ({ ...current, page: 0 }));
    },
    expanded,
    toggle: (id: number) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
  };
}

export type JournalList = ReturnType<typeof useJournalList>;
