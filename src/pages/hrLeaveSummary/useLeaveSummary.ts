// The leave summary's state and calls (contract: src/shared/api/hrLeaveSummary.ts) through the
// app's page call hook: the filters (year, work unit, leave type, employee search; typing waits
// half a second), the page of rows with the totals over all of them, the choices of the work
// unit and leave type filters, and the XLSX of every row. LeaveSummaryPage draws.

import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { messageOf, usePageCalls, type Query } from '../../app/pageCalls';
import { LEAVE_SUMMARY_PATHS, type LeaveSummaryAnswer } from '../../shared/api/hrLeaveSummary';
import { saveFile } from '../../views/saveFile';

export const SUMMARY_PER_PAGE = [25, 50, 100] as const;

export interface SummaryForm {
  year: string;
  work_unit_id: string;
  leave_type_id: string;
  q: string;
}

export interface Choice {
  id: string;
  label: string;
}

type LookupRows = { data?: Array<Record<string, unknown>> };

const thisYear = () => String(new Date().getFullYear());

function queryOf(form: SummaryForm): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(form)) if (value.trim()) query[name] = value.trim();
  return query;
}

export function useLeaveSummary() {
  const calls = usePageCalls();
  const notify = useNotify();
  const [form, setForm] = useState<SummaryForm>({ year: thisYear(), work_unit_id: '', leave_type_id: '', q: '' });
  const [shown, setShown] = useState(() => ({ filter: JSON.stringify(queryOf(form)), page: 0 }));
  const [perPage, setPerPage] = useState<number>(25);
  const [answer, setAnswer] = useState<LeaveSummaryAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [workUnits, setWorkUnits] = useState<Choice[]>([]);
  const [leaveTypes, setLeaveTypes] = useState<Choice[]>([]);

  useEffect(() => {
    let live = true;
    const load = (name: string, label: string, set: (choices: Choice[]) => void) =>
      calls.get<LookupRows>(name, {}).then(
        (found) => live && set((found.data ?? []).map((row) => ({ id: String(row.id), label: String(row[label] ?? row.name ?? row.id) }))),
        (failure: unknown) => console.warn(`lookup ${name} failed`, failure),
      );
    void load('workunit', 'name', setWorkUnits);
    void load('mleave', 'description', setLeaveTypes);
    return () => {
      live = false;
    };
  }, [calls]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const filter = JSON.stringify(queryOf(form));
      setShown((current) => (current.filter === filter ? current : { filter, page: 0 }));
    }, 500);
    return () => clearTimeout(timer);
  }, [form]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    calls.get<LeaveSummaryAnswer>(LEAVE_SUMMARY_PATHS.summary, { ...(JSON.parse(shown.filter) as Query), page: shown.page + 1, per_page: perPage }).then(
      (found) => {
        if (!live) return;
        setAnswer(found);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(messageOf(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [calls, shown, perPage, reloads]);

  const download = useCallback(async () => {
    setExporting(true);
    try {
      const query = queryOf(form);
      const blob = await calls.file(LEAVE_SUMMARY_PATHS.export, query);
      const name = `leave-summary-${query.year ?? thisYear()}.xlsx`;
      saveFile(blob, name);
      notify('hrLeaveSummary.exported', { type: 'success', messageArgs: { file: name } });
    } catch (failure) {
      notify('hrLeaveSummary.export_failed', { type: 'error', messageArgs: { message: messageOf(failure) } });
    } finally {
      setExporting(false);
    }
  }, [calls, form, notify]);

  return {
    form,
    change: (name: keyof SummaryForm, value: string) => setForm((current) => ({ ...current, [name]: value })),
    rows: answer?.data ?? null,
    total: answer?.total ?? 0,
    totals: answer?.totals ?? null,
    on: answer?.on ?? null,
    page: shown.page,
    setPage: (page: number) => setShown((current) => ({ ...current, page })),
    perPage,
    setPerPage: (value: number) => {
      setPerPage(value);
      setShown((current) => ({ ...current, page: 0 }));
    },
    loading,
    error,
    retry: () => setReloads((n) => n + 1),
    exporting,
    download,
    workUnits,
    leaveTypes,
  };
}

export type LeaveSummaryState = ReturnType<typeof useLeaveSummary>;
