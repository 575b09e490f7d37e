// The calls of a record's History tab and delete confirmation, through the data provider's
// recordCall (src/providers/dataProvider.ts): its history, a restore, and what uses it.

import { useMemo } from 'react';
import { useDataProvider, type Identifier } from 'react-admin';
import type { Envelope } from '../../shared/api/envelope';
import type { HistoryEntry, ImpactEntry } from '../../shared/api/recordHistory';

type RecordCall = (resource: string, id: Identifier, path: string, init?: { method?: 'GET' | 'POST'; body?: unknown }) => Promise<Envelope>;

export interface RecordCalls {
  history(resource: string, id: Identifier): Promise<HistoryEntry[]>;
  restore(resource: string, id: Identifier, entry: number, field: string, version: unknown): Promise<Envelope>;
  impact(resource: string, id: Identifier): Promise<ImpactEntry[]>;
}

export function useRecordCalls(): RecordCalls {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const call = (dataProvider as unknown as { recordCall: RecordCall }).recordCall;
    return {
      history: async (resource, id) => ((await call(resource, id, 'history')).data ?? []) as HistoryEntry[],
      restore: (resource, id, entry, field, version) => call(resource, id, `history/${entry}/restore`, { method: 'POST', body: { field, version } }),
      impact: async (resource, id) => ((await call(resource, id, 'impact')).data ?? []) as ImpactEntry[],
    };
  }, [dataProvider]);
}

/** The text of a failed call, for a toast or an alert. */
export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
}
