// Remaining leave (spec 3 §2.9): the employee's name, EIN, work unit, position and start of
// work, then each leave type with what is left (sisa cuti) and its history, coloured by state
// (spec 3 §4: yellow waiting, green approved, red rejected); with "Every period" chosen, the
// same grouped per period. The HR dashboard opens it too (employeeId of another employee).

import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { RemainingLeaveType } from '../../shared/api/hr';
import { useRemainingLeave } from './leaveCalls';
import { dateText, quantityText, STATE_BACKGROUND } from './leaveFormat';

const MOVEMENTS = ['allocation', 'carry_over', 'addition', 'reversal'];

function LeaveTypeBlock({ type, locale }: { type: RemainingLeaveType; locale: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`hrLeave.remaining.${key}`, options);
  const unit = translate(`hrLeave.unit.${type.unit}`);
  return (
    <Box sx={{ mb: 2 }} data-testid={`remaining-${type.leave_type_id}`}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3">
          {type.leave_name}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('left')}: <span data-testid="sisa-cuti">{quantityText(type.sisa_cuti, locale)}</span> {unit}
        </Typography>
        {type.waiting > 0 && (
          <Typography variant="body2" color="warning.dark">
            {t('waiting', { count: `${quantityText(type.waiting, locale)} ${unit}` })}
          </Typography>
        )}
      </Box>
      {type.history_cuti.length > 0 && (
        <Table size="small" aria-label={type.leave_name}>
          <TableHead>
            <TableRow>
              <TableCell>{t('history_date')}</TableCell>
              <TableCell>{t('history_transaction')}</TableCell>
              <TableCell>{t('history_state')}</TableCell>
              <TableCell align="right">{t('history_quantity')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {type.history_cuti.map((item, i) => (
              <TableRow key={`${item.transaction}-${String(i)}`} sx={{ bgcolor: STATE_BACKGROUND[item.state] }}>
                <TableCell>{dateText(item.leave_date, locale)}</TableCell>
                <TableCell>{item.transaction}</TableCell>
                <TableCell>{translate(MOVEMENTS.includes(item.state) ? `hrLeave.movement.${item.state}` : `hrLeave.state.${item.state}`)}</TableCell>
                <TableCell align="right">{item.quantity > 0 ? `+${quantityText(item.quantity, locale)}` : quantityText(item.quantity, locale)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export function RemainingLeaveDialog({ open, employeeId = null, onClose }: { open: boolean; employeeId?: number | null; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`hrLeave.remaining.${key}`, options);
  const [locale] = useLocaleState();
  const [group, setGroup] = useState<'current' | 'all'>('current');
  const remaining = useRemainingLeave(open, employeeId, group);
  const data = remaining.data;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="remaining-leave-title">
      <DialogTitle id="remaining-leave-title">{t('title')}</DialogTitle>
      <DialogContent>
        {remaining.error && (
          <Alert severity="error" action={<Button onClick={remaining.reload}>{translate('hrLeave.common.retry')}</Button>}>
            {remaining.error}
          </Alert>
        )}
        {!data && !remaining.error && <Skeleton variant="rectangular" height={160} aria-label={translate('hrLeave.common.loading')} />}
        {data && (
          <>
            <Grid container spacing={1.5} sx={{ mb: 2 }}>
              {(
                [
                  [translate('hrLeave.field.employee_name'), data.employee_name],
                  [t('ein'), data.ein],
                  [t('work_unit'), data.work_unit],
                  [t('position'), data.position],
                  [t('start_working'), dateText(data.start_working, locale)],
                ] as Array<[string, string]>
              ).map(([label, value]) => (
                <Grid key={label} size={{ xs: 12, sm: 6, md: 4 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {label}
                  </Typography>
                  <Typography variant="body2">{value || '—'}</Typography>
                </Grid>
              ))}
            </Grid>
            <ToggleButtonGroup size="small" exclusive value={group} onChange={(_, value: 'current' | 'all' | null) => value && setGroup(value)} sx={{ mb: 2 }}>
              <ToggleButton value="current">{t('group_current')}</ToggleButton>
              <ToggleButton value="all">{t('group_all')}</ToggleButton>
            </ToggleButtonGroup>
            {group === 'current' && data.list_leave.map((type) => <LeaveTypeBlock key={type.leave_type_id} type={type} locale={locale} />)}
            {group === 'all' &&
              data.list_period.map((period) => (
                <Box key={period.period} sx={{ mb: 2 }}>
                  <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                    {t('period', { period: period.period })}
                  </Typography>
                  {period.list.map((type) => (
                    <LeaveTypeBlock key={type.leave_type_id} type={type} locale={locale} />
                  ))}
                </Box>
              ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('hrLeave.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
