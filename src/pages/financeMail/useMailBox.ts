// The outbox's and the sent box's state and calls (/outbox, /sent; issue 13 "E-mail"; spec 3
// §3.2, §4 "Outbox items can be retried or resent"): the page of messages (search, state,
// paging), reloaded every 5 s on the outbox so a message is seen leaving; Retry (outbox) and
// Resend after a confirmation (sent box); one message opened with its text.

import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { messageOf, usePageCalls } from '../../app/pageCalls';
import { MAIL_PATHS, type BoxAnswer, type BoxRow, type MessageAnswer, type OutboxState } from '../../shared/api/mail';

export const PER_PAGE_CHOICES = [10, 25, 50] as const;
const OUTBOX_RELOAD_MS = 5000;

export function useMailBox(box: 'outbox' | 'sent') {
  const calls = usePageCalls();
  const notify = useNotify();
  const [q, setQ] = useState('');
  const [shownQ, setShownQ] = useState('');
  const [state, setState] = useState<OutboxState | ''>('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(25);
  const [rows, setRows] = useState<BoxRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [resending, setResending] = useState<BoxRow | null>(null);
  const [opened, setOpened] = useState<MessageAnswer['data'] | null>(null);
  const [tick, setTick] = useState(0);

  // The search applies 500 ms after the last key (spec 3 §9).
  useEffect(() => {
    const timer = setTimeout(() => {
      setShownQ(q);
      setPage(0);
    }, 500);
    return () => clearTimeout(timer);
  }, [q]);

  useEffect(() => {
    let live = true;
    calls.get<BoxAnswer>(box === 'outbox' ? MAIL_PATHS.outbox : MAIL_PATHS.sent, { q: shownQ.trim() || undefined, state: state || undefined, page: page + 1, per_page: perPage }).then(
      (answer) => {
        if (!live) return;
        setRows(answer.data);
        setTotal(answer.total);
        setError(null);
      },
      (failure: unknown) => live && setError(messageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [calls, box, shownQ, state, page, perPage, tick]);

  useEffect(() => {
    if (box !== 'outbox') return;
    const timer = setInterval(() => setTick((n) => n + 1), OUTBOX_RELOAD_MS);
    return () => clearInterval(timer);
  }, [box]);

  const reload = useCallback(() => setTick((n) => n + 1), []);

  const act = async (row: BoxRow, path: string) => {
    setBusyId(row.id);
    try {
      const answer = await calls.post<MessageAnswer>(path, {});
      notify(answer.message ?? '', { type: 'success', autoHideDuration: 5000 });
      reload();
    } catch (failure) {
      notify(messageOf(failure), { type: 'error', autoHideDuration: 5000 });
    } finally {
      setBusyId(null);
      setResending(null);
    }
  };

  return {
    box,
    q,
    setQ,
    state,
    setState: (value: OutboxState | '') => {
      setState(value);
      setPage(0);
    },
    page,
    setPage,
    perPage,
    setPerPage: (value: number) => {
      setPerPage(value);
      setPage(0);
    },
    rows,
    total,
    error,
    reload,
    busyId,
    retry: (row: BoxRow) => act(row, `${MAIL_PATHS.retry}/${row.id}/retry`),
    resending,
    askToResend: setResending,
    cancelResend: () => setResending(null),
    resend: (row: BoxRow) => act(row, `${MAIL_PATHS.resend}/${row.id}/resend`),
    opened,
    open: async (row: BoxRow) => {
      try {
        setOpened((await calls.get<MessageAnswer>(`${MAIL_PATHS.message}/${row.id}`)).data);
      } catch (failure) {
        notify(messageOf(failure), { type: 'error', autoHideDuration: 5000 });
      }
    },
    close: () => setOpened(null),
  };
}

export type MailBox = ReturnType<typeof useMailBox>;
