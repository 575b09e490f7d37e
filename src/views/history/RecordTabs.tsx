// A record's show page in two tabs (issue 16): its details, and its History (./HistoryPanel.tsx).

import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { HistoryPanel } from './HistoryPanel';
import type { EntityViewProps } from '../viewProps';

export function RecordTabs({ details, ...props }: Pick<EntityViewProps, 'entry' | 'module' | 'can' | 'roles'> & { details: ReactNode }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'details' | 'history'>('details');
  return (
    <>
      <Tabs value={tab} onChange={(_, value: 'details' | 'history') => setTab(value)} aria-label={translate('app.recordHistory.tab_history')} sx={{ mb: 1 }}>
        <Tab value="details" label={translate('app.recordHistory.tab_details')} id="record-tab-details" aria-controls="record-panel-details" />
        <Tab value="history" label={translate('app.recordHistory.tab_history')} id="record-tab-history" aria-controls="record-panel-history" />
      </Tabs>
      <div role="tabpanel" id={`record-panel-${tab}`} aria-labelledby={`record-tab-${tab}`}>
        {tab === 'details' ? details : <Card>{<HistoryPanel {...props} />}</Card>}
      </div>
    </>
  );
}
