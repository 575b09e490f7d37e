// A report page's state and calls (issue 13 "Receivables reports"; contract
// src/shared/api/financeReports.ts): the filters (first from the address, so a dashboard's link
// can open a report already filtered, then the defaults: today as cut-off and end, the first of
// the year as start), reloaded 500 ms after the last change (spec 3 §9); the page, the sort, the
// rows and totals; the lookup lists the filters choose from; the Excel and PDF downloads of every
// row the filters find.

import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { messageOf, usePageCalls, type Query } from '../../app/pageCalls';
import { FINANCE_REPORT_PATHS, REPORTS, type ExportFormat, type ReportAnswer, type ReportFilterName, type ReportName, type ReportRow } from '../../shared/api/financeReports';
import { payToday } from '../../shared/finance/payFormat';
import { saveFile } from '../../views/saveFile';

export type FilterForm = Partial<Record<ReportFilterName, string>>;

export interface Choice {
  id: number;
  label: string;
}

export const PER_PAGE_CHOICES = [25, 50, 100] as const;

function defaultsOf(report: ReportName): FilterForm {
  const today = payToday();
  const form: FilterForm = {};
  for (const name of REPORTS[report].filters) {
    if (name === 'cutoff' || name === 'date_to') form[name] = today;
    else if (name === 'date_from') form[name] = `${today.slice(0, 4)}-01-01`;
    else form[name] = '';
  }
  return form;
}

const LOOKUPS: Partial<Record<ReportFilterName, { name: string; label: string }>> = {
  financial_year_id: { name: 'financialyear', label: 'description' },
  department_id: { name: 'department', label: 'name' },
  class_id: { name: 'class', label: 'name' },
  income_type_id: { name: 'income', label: 'label' },
  registration_batch_id: { name: 'registration-batch', label: 'name' },
};

type LookupRows = { success: true; data: Array<Record<string, unknown>> };

/** The choices of the report's lookup filters (a failed lookup is only logged: spec 1 §8); classes follow the unit. */
function useChoices(report: ReportName, departmentId: string): Partial<Record<ReportFilterName, Choice[]>> {
  const calls = usePageCalls();
  const [choices, setChoices] = useState<Partial<Record<ReportFilterName, Choice[]>>>({});
  useEffect(() => {
    let live = true;
    for (const filter of REPORTS[report].filters) {
      const lookup = LOOKUPS[filter];
      if (!lookup) continue;
      const query: Query = filter === 'class_id' ? { department_id: departmentId } : filter === 'registration_batch_id' ? { per_page: 100 } : {};
      calls.get<LookupRows>(lookup.name, query).then(
        (answer) => {
          if (!live) return;
          const rows = (answer.data ?? []).filter((row) => Number.isInteger(Number(row.id)));
          setChoices((current) => ({ ...current, [filter]: rows.map((row) => ({ id: Number(row.id), label: String(row[lookup.label] ?? row.name ?? row.id) })) }));
        },
        (error: unknown) => console.warn(`lookup ${lookup.name} failed`, error),
      );
    }
    return () => {
      live = false;
    };
  }, [calls, report, departmentId]);
  return choices;
}

function queryOf(form: FilterForm): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(form)) if (value) query[name] = value.trim();
  return query;
}

export function useReport(report: ReportName) {
  const calls = usePageCalls();
  const notify = useNotify();
  const [params] = useSearchParams();
  const declaration = REPORTS[report];
  const [form, setForm] = useState<FilterForm>(() => {
    const form = defaultsOf(report);
    for (const name of declaration.filters) {
      const given = params.get(name);
      if (given) form[name] = given;
    }
    return form;
  });
  const [shown, setShown] = useState(() => ({ filter: JSON.stringify(queryOf(form)), page: 0 }));
  const [perPage, setPerPage] = useState<number>(25);
  const [sort, setSort] = useState(declaration.sort);
  const [answer, setAnswer] = useState<ReportAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const choices = useChoices(report, form.department_id ?? '');

  useEffect(() => {
    const timer = setTimeout(() => {
      const filter = JSON.stringify(queryOf(form));
      setShown((current) => (current.filter === filter ? current : { filter, page: 0 }));
    }, 500);
    return () => clearTimeout(timer);
  }, [form]);

  const path = `${FINANCE_REPORT_PATHS.report}/${report}`;
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    calls.get<ReportAnswer>(path, { ...(JSON.parse(shown.filter) as Query), page: shown.page + 1, per_page: perPage, sort: sort.key, order: sort.order }).then(
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
  }, [calls, path, shown, perPage, sort, reloads]);

  const download = useCallback(
    async (format: ExportFormat) => {
      setExporting(format);
      try {
        const filters = queryOf(form);
        const blob = await calls.file(`${path}/export`, { ...filters, format, sort: sort.key, order: sort.order });
        const name = `${report}-${filters.cutoff ?? filters.date_to ?? payToday()}.${format}`;
        saveFile(blob, name);
        notify('financeReports.exported', { type: 'success', messageArgs: { file: name } });
      } catch (failure) {
        notify('financeReports.export_failed', { type: 'error', messageArgs: { message: messageOf(failure) } });
      } finally {
        setExporting(null);
      }
    },
    [calls, form, notify, path, report, sort],
  );

  const defaults = useMemo(() => defaultsOf(report), [report]);
  return {
    report,
    declaration,
    form,
    change: (name: ReportFilterName, value: string) =>
      setForm((current) => ({ ...current, [name]: value, ...(name === 'department_id' && 'class_id' in current ? { class_id: '' } : {}) })),
    clear: () => setForm(defaults),
    filtered: JSON.stringify(form) !== JSON.stringify(defaults),
    choices,
    rows: answer?.data ?? null,
    total: answer?.total ?? 0,
    totals: answer?.totals ?? {},
    applied: answer?.filters ?? {},
    loading,
    error,
    retry: () => setReloads((n) => n + 1),
    page: shown.page,
    setPage: (page: number) => setShown((current) => ({ ...current, page })),
    perPage,
    setPerPage: (next: number) => {
      setPerPage(next);
      setShown((current) => ({ ...current, page: 0 }));
    },
    sort,
    sortBy: (key: string) => {
      setSort((current) => ({ key, order: current.key === key && current.order === 'asc' ? 'desc' : 'asc' }));
      setShown((current) => ({ ...current, page: 0 }));
    },
    exporting,
    download,
  };
}

export type ReportState = ReturnType<typeof useReport>;
export type { ReportRow };
