// The finance dashboard's state and calls (src/shared/api/financeDashboard.ts): the filter (cut-off
// date, students, candidates), read again 500 ms after its last change (spec 3 §9); each card's
// answer with its own loading and failure; the Open Payment page and selection; the actions (a
// toast of the server's message for 5 s, success style when it succeeded, spec 3 §8); the user's
// thresholds, read from and saved to the server.

import { useCallback, useEffect, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { messageOf, usePageCalls } from "../../app/pageCalls";
import {
  DEFAULT_THRESHOLDS,
  FINANCE_DASHBOARD_PATHS as PATHS,
  type ArrearsAnswer,
  type ChartAllAnswer,
  type ChartSiswaAnswer,
  type ChartSummaryAnswer,
  type OpenPaymentAnswer,
  type PaymentActionAnswer,
  type Thresholds,
  type ThresholdsAnswer,
  type WaiverOverdueAnswer,
} from "../../shared/api/financeDashboard";
import dayjs from "dayjs";

export interface DashboardFilter {
  cutoff: string;
  student: boolean;
  candidate: boolean;
}

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  failure: string | null;
}

const TOAST_MS = 5000;
export const RELOAD_MS = 500;

/** A value that follows `value` once it has stayed unchanged for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Query = Record<string, string | number>;

/** One read of the dashboard, again when the query or `tick` changes; the previous answer stays while the next loads. */
function useRead<A, T>(
  path: string,
  query: Query | null,
  tick: number,
  pick: (answer: A) => T,
): Loaded<T> & { reload: () => void } {
  const calls = usePageCalls();
  const [own, setOwn] = useState(0);
  const [state, setState] = useState<Loaded<T>>({
    data: null,
    loading: true,
    failure: null,
  });
  const key = query === null ? null : JSON.stringify(query);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((old) => ({ ...old, loading: true, failure: null }));
    calls.get<A & { success?: boolean }>(path, JSON.parse(key) as Query).then(
      (answer) =>
        live && setState({ data: pick(answer), loading: false, failure: null }),
      (error: unknown) =>
        live &&
        setState({ data: null, loading: false, failure: messageOf(error) }),
    );
    return () => {
      live = false;
    };
    // `pick` is a plain reader of the answer; the read depends on the path, the query and the ticks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [calls, path, key, tick, own]);
  const reload = useCallback(() => setOwn((n) => n + 1), []);
  return { ...state, reload };
}

export function useFinanceDashboard() {
  const calls = usePageCalls();
  const notify = useNotify();
  const translate = useTranslate();
  const [filter, setFilter] = useState<DashboardFilter>({
    cutoff: dayjs().format("YYYY-MM-DD"),
    student: true,
    candidate: true,
  });
  const settled = useSettled(filter, RELOAD_MS);
  const [tick, setTick] = useState(0);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  const valid = /^\d{4}-\d{2}-\d{2}$/.test(settled.cutoff);
  const query: Query | null = valid
    ? {
        cutoff: settled.cutoff,
        type: settled.student ? 1 : 0,
        typecalon: settled.candidate ? 1 : 0,
      }
    : null;
  useEffect(() => {
    setPage(0);
    setSelected([]);
  }, [settled]);

  const summary = useRead<ChartSummaryAnswer, ChartSummaryAnswer["data"]>(
    PATHS.chartSummary,
    query,
    tick,
    (a) => a.data,
  );
  const charts = useRead<
    ChartAllAnswer,
    Pick<ChartAllAnswer, "data" | "cutoffchart" | "douchart">
  >(PATHS.chartAll, query, tick, (a) => ({
    data: a.data,
    cutoffchart: a.cutoffchart,
    douchart: a.douchart,
  }));
  const reconciliation = useRead<ChartSiswaAnswer, ChartSiswaAnswer["data"]>(
    PATHS.chartSiswa,
    query,
    tick,
    (a) => a.data,
  );
  const arrears = useRead<ArrearsAnswer, Pick<ArrearsAnswer, "data" | "total">>(
    PATHS.arrears,
    query,
    tick,
    (a) => ({ data: a.data, total: a.total }),
  );
  const waivers = useRead<
    WaiverOverdueAnswer,
    Pick<WaiverOverdueAnswer, "data" | "total">
  >(PATHS.waiverOverdue, query, tick, (a) => ({
    data: a.data,
    total: a.total,
  }));
  const openQuery =
    query === null ? null : { ...query, page: page + 1, per_page: perPage };
  const open = useRead<
    OpenPaymentAnswer,
    Pick<OpenPaymentAnswer, "data" | "total">
  >(PATHS.openPayment, openQuery, tick, (a) => ({
    data: a.data,
    total: a.total,
  }));

  // The thresholds: the server's (the user's own, or the spec's defaults), then as edited and saved.
  const [thresholds, setThresholds] = useState<Thresholds>(DEFAULT_THRESHOLDS);
  const [thresholdsLoaded, setThresholdsLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    calls.get<ThresholdsAnswer>(PATHS.thresholds).then(
      (answer) => {
        if (!live) return;
        setThresholds(answer.data);
        setThresholdsLoaded(true);
      },
      () => live && setThresholdsLoaded(true),
    );
    return () => {
      live = false;
    };
  }, [calls]);
  const saveThresholds = async (next: Thresholds): Promise<boolean> => {
    try {
      const answer = await calls.put<ThresholdsAnswer>(PATHS.thresholds, next);
      setThresholds(answer.data);
      notify(answer.message ?? "", {
        type: "success",
        autoHideDuration: TOAST_MS,
      });
      return true;
    } catch (error) {
      notify(messageOf(error), { type: "error", autoHideDuration: TOAST_MS });
      return false;
    }
  };

  /** Generate or Close Payment on the selection (spec 3 §5: none selected → "Please select payment first."). */
  const act = async (action: "generate" | "close") => {
    if (!selected.length) {
      notify(translate("finance.dashboard.open.select_first"), {
        type: "warning",
        autoHideDuration: TOAST_MS,
      });
      return;
    }
    setBusy(true);
    try {
      const answer =
        action === "generate"
          ? await calls.post<PaymentActionAnswer>(PATHS.generatePayment, {
              list_generate: selected,
            })
          : await calls.post<PaymentActionAnswer>(PATHS.closePayment, {
              list_close: selected,
            });
      notify(answer.message, {
        type: answer.success && answer.data.count > 0 ? "success" : "warning",
        autoHideDuration: TOAST_MS,
      });
      setSelected([]);
      setTick((n) => n + 1);
    } catch (error) {
      // Spec 3 §8: a refusal's message as an error toast; a network failure only ends the loading.
      if (error instanceof Error && "status" in error)
        notify(messageOf(error), { type: "error", autoHideDuration: TOAST_MS });
      else console.error(error);
    } finally {
      setBusy(false);
    }
  };

  return {
    filter,
    setFilter,
    cutoff: settled.cutoff,
    summary,
    charts,
    reconciliation,
    arrears,
    waivers,
    open,
    page,
    setPage: (p: number) => {
      setPage(p);
      setSelected([]);
    },
    perPage,
    setPerPage: (n: number) => {
      setPerPage(n);
      setPage(0);
      setSelected([]);
    },
    selected,
    setSelected,
    busy,
    generate: () => act("generate"),
    close: () => act("close"),
    thresholds,
    thresholdsLoaded,
    saveThresholds,
    reloadAll: () => setTick((n) => n + 1),
  };
}

export type FinanceDashboardState = ReturnType<typeof useFinanceDashboard>;
