// /settingodoo's sync panel state and calls (issue 13 "Accounting sync"): the journals per sync
// state, Test connection and Sync now against the saved settings, and the last answer.

import { useEffect, useState } from 'react';
import { usePageCall } from '../../app/pageCalls';
import { ACCOUNTING_PATHS, type ConnectionAnswer, type StatusAnswer, type SyncAnswer } from '../../shared/api/accounting';
import { payErrorText } from '../../shared/finance/payFormat';

export interface SyncPanelAnswer {
  severity: 'success' | 'warning' | 'error';
  message: string;
}

export function useAccountingSync() {
  const call = usePageCall();
  const [status, setStatus] = useState<StatusAnswer['data'] | null>(null);
  const [busy, setBusy] = useState<'test' | 'sync' | null>(null);
  const [answer, setAnswer] = useState<SyncPanelAnswer | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let current = true;
    call<StatusAnswer>(ACCOUNTING_PATHS.status).then(
      (found) => current && setStatus(found.data),
      () => current && setStatus(null),
    );
    return () => {
      current = false;
    };
  }, [call, reloads]);

  const run = (kind: 'test' | 'sync') => {
    setBusy(kind);
    setAnswer(null);
    const done = (next: SyncPanelAnswer) => setAnswer(next);
    const request = { method: 'POST', body: {} } as const;
    const calling =
      kind === 'test'
        ? call<ConnectionAnswer>(ACCOUNTING_PATHS.test, request).then((found) => done({ severity: found.data.ok ? 'success' : 'error', message: found.data.message }))
        : call<SyncAnswer>(ACCOUNTING_PATHS.sync, request).then((found) => done({ severity: found.data.stopped || found.data.not_validated ? 'warning' : 'success', message: found.message }));
    calling
      .catch((failure: unknown) => done({ severity: 'error', message: payErrorText(failure) }))
      .finally(() => {
        setBusy(null);
        setReloads((n) => n + 1);
      });
  };

  return { status, busy, answer, test: () => run('test'), syncNow: () => run('sync'), close: () => setAnswer(null), reload: () => setReloads((n) => n + 1) };
}

export type AccountingSync = ReturnType<typeof useAccountingSync>;
