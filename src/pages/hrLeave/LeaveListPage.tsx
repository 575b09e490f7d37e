// /leave (spec 1 §2.7): the employee's own leave — what is left of each leave type this period
// (the remaining-leave call, spec 3 §2.9), with its history a click away, and every request of
// theirs by state, each opening its approval detail.

import './texts/register';
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Grid, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import type { LeaveState } from '../../shared/api/hr';
import { useLeaveList, useRemainingLeave } from './leaveCalls';
import { LeaveDetailDialog } from './LeaveDetailDialog';
import { quantityText } from './leaveFormat';
import { LeaveTable, PER_PAGE } from './LeaveTable';
import { RemainingLeaveDialog } from './RemainingLeaveDialog';

const STATES: readonly LeaveState[] = ['draft', 'waiting', 'approved', 'rejected'];

export function LeaveListPage() {
  const title = useRouteTitle('/leave');
  useDocumentTitle(title);
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`hrLeave.${key}`, options);
  const [locale] = useLocaleState();
  const [state, setState] = useState<LeaveState | ''>('');
  const [page, setPage] = useState(0);
  const list = useLeaveList({ scope: 'mine', page: page + 1, per_page: PER_PAGE, ...(state ? { state } : {}) });
  const remaining = useRemainingLeave(true, null, 'current');
  const [detail, setDetail] = useState<number | null>(null);
  const [history, setHistory] = useState(false);
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography component="h1" variant="h5">
              {title}
            </Typography>
            <Button onClick={() => setHistory(true)}>{t('remaining.open')}</Button>
          </Box>
          {remaining.error && <Alert severity="error">{remaining.error}</Alert>}
          {!remaining.data && !remaining.error && <Skeleton variant="rectangular" height={80} aria-label={t('common.loading')} />}
          {remaining.data && (
            <Grid container spacing={2} data-testid="remaining-cards">
              {remaining.data.list_leave.map((type) => (
                <Grid key={type.leave_type_id} size={{ xs: 12, sm: 6, md: 3 }}>
                  <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={`remaining-card-${type.leave_type_id}`}>
                    <Typography variant="body2" color="text.secondary">
                      {type.leave_name}
                    </Typography>
                    <Typography variant="h5" component="p">
                      {quantityText(type.sisa_cuti, locale)} <Typography component="span">{t(`unit.${type.unit}`)}</Typography>
                    </Typography>
                    {type.waiting > 0 && (
                      <Typography variant="caption" color="warning.dark">
                        {t('remaining.waiting', { count: `${quantityText(type.waiting, locale)} ${t(`unit.${type.unit}`)}` })}
                      </Typography>
                    )}
                  </Box>
                </Grid>
              ))}
            </Grid>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {t('list.mine')}
            </Typography>
            <TextField fullWidth={false} select size="small" label={t('list.filter_state')} value={state} onChange={(event) => { setState(event.target.value as LeaveState | ''); setPage(0); }} sx={{ minWidth: 200 }}>
              <MenuItem value="">{t('common.all')}</MenuItem>
              {STATES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`state.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <LeaveTable list={list} page={page} onPage={setPage} showEmployee={false} ownerActions={false} onDetail={setDetail} />
        </CardContent>
      </Card>
      <LeaveDetailDialog id={detail} onClose={() => setDetail(null)} onChanged={list.reload} />
      <RemainingLeaveDialog open={history} onClose={() => setHistory(false)} />
    </Stack>
  );
}
