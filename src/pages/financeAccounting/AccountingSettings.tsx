// /settingodoo (spec 1 §2.7; spec 3 §3.2 "Accounting-system: database name, password, URL,
// company name, sync schedule"; issue 13): the generated settings form (the password
// write-only), and under it the sync panel — the journals per sync state, Test connection and
// Sync now against the saved settings, answering in the user's language.

import './texts/register';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import PowerIcon from '@mui/icons-material/Power';
import { useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { JournalSyncState } from '../../shared/api/finance';
import { payDateTimeText } from '../../shared/finance/payFormat';
import { PAY_SYNC_COLOURS } from '../../shared/finance/payStates';
import { EntitySingleton } from '../../views/EntitySingleton';
import type { EntityViewProps } from '../../views/viewProps';
import { useAccountingSync } from './useAccountingSync';

const STATES: readonly JournalSyncState[] = ['not_sync', 'synced', 'not_validated'];

export default function AccountingSettings(props: EntityViewProps) {
  return (
    <Box>
      <EntitySingleton {...props} />
      {props.can.edit && <SyncPanel />}
    </Box>
  );
}

function SyncPanel() {
  const sync = useAccountingSync();
  const translate = useTranslate();
  const locale = useLocale();
  const t = (key: string, options?: Record<string, unknown>) => translate(`finance.accounting.${key}`, options);
  const { status } = sync;
  return (
    <Card sx={{ mt: 2 }} data-testid="accounting-sync-panel">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('help')}
        </Typography>
        {status && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }} aria-label={t('counts')}>
            <Typography variant="body2">{t('counts')}:</Typography>
            {STATES.map((state) => (
              <Chip key={state} size="small" color={PAY_SYNC_COLOURS[state]} label={`${t(`state.${state}`)}: ${status.counts[state]}`} data-testid={`accounting-count-${state}`} />
            ))}
            <Button size="small" component={Link} to="/journal">
              {t('open_journals')}
            </Button>
          </Stack>
        )}
        {status && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {status.enabled ? (status.last_scheduled_at ? t('last_run', { date: payDateTimeText(status.last_scheduled_at, locale) }) : t('never')) : t('off')}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: sync.answer ? 2 : 0 }}>
          <Button variant="outlined" startIcon={<PowerIcon />} onClick={sync.test} loading={sync.busy === 'test'} disabled={sync.busy !== null} data-testid="accounting-test">
            {t('test')}
          </Button>
          <Button variant="contained" startIcon={<SyncIcon />} onClick={sync.syncNow} loading={sync.busy === 'sync'} disabled={sync.busy !== null} data-testid="accounting-sync-now">
            {t('sync_now')}
          </Button>
        </Stack>
        {sync.answer && (
          <Alert severity={sync.answer.severity} onClose={sync.close} role="status" data-testid="accounting-answer">
            {sync.answer.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
