// One student permission request (spec 1 §3 permission request): its number, student, class,
// type, dates, reason, letter and state, and its approvers (the homeroom teacher) with Approve
// and Reject for the approver whose turn it is; the Information dialog asks "Are you sure?",
// with a Reason only for a rejection (as the leave approval, spec 3 §2.3). Rejected rows red.

import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Link, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { fieldErrorsOf, messageOf, usePageCalls } from '../../app/pageCalls';
import type { ApproverRow, LeaveState } from '../../shared/api/hr';
import { PERMISSION_PATHS, type PermissionActionRequest, type PermissionDetail, type PermissionDetailAnswer } from '../../shared/api/permissions';

export const STATE_COLOUR: Record<LeaveState, 'default' | 'warning' | 'success' | 'error'> = { draft: 'default', waiting: 'warning', approved: 'success', rejected: 'error' };

export function dateText(value: string | null | undefined, locale: string, time = false): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format(time ? 'D MMMM YYYY HH:mm' : 'D MMMM YYYY') : '';
}

export function PermissionDetailDialog({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`permissions.${key}`, options);
  const [locale] = useLocaleState();
  const calls = usePageCalls();
  const notify = useNotify();
  const [detail, setDetail] = useState<PermissionDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ row: ApproverRow; state: PermissionActionRequest['state'] } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const load = useCallback(() => {
    if (id === null) return;
    setError(null);
    calls.get<PermissionDetailAnswer>(`${PERMISSION_PATHS.permission}/${String(id)}`).then(
      (answer) => setDetail(answer.data),
      (failure: unknown) => setError(messageOf(failure)),
    );
  }, [calls, id]);
  useEffect(() => {
    setDetail(null);
    load();
  }, [load]);
  const decide = async () => {
    if (!deciding) return;
    if (deciding.state === 'rejected' && !reason.trim()) {
      setReasonError(t('required'));
      return;
    }
    try {
      const body: PermissionActionRequest = { approval_id: deciding.row.id, state: deciding.state, ...(deciding.state === 'rejected' ? { reason: reason.trim() } : {}) };
      const answer = await calls.post<PermissionDetailAnswer>(PERMISSION_PATHS.decide, body);
      setDetail(answer.data);
      setDeciding(null);
      setReason('');
      setReasonError(null);
      notify(answer.message ?? t(`states.${answer.data.state}`), { type: 'success', autoHideDuration: 5000 });
      onChanged();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      if (fields.reason) setReasonError(fields.reason);
      else {
        setDeciding(null);
        notify(messageOf(failure), { type: 'error', autoHideDuration: 5000 });
        load();
      }
    }
  };
  const summary: Array<[string, React.ReactNode]> = detail
    ? [
        ['number', detail.permission_no],
        ['student', detail.student_name],
        ['class', detail.class_name],
        ['type', detail.type],
        ['dates', detail.start_date === detail.end_date ? dateText(detail.start_date, locale) : `${dateText(detail.start_date, locale)} – ${dateText(detail.end_date, locale)}`],
        ['reason', detail.description],
        ['remarks', detail.remarks],
        ['file', detail.file ? <Link href={detail.file.src} target="_blank" rel="noopener">{detail.file.title}</Link> : null],
        ['comment', detail.comment],
      ]
    : [];
  return (
    <Dialog open={id !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="permission-detail-title">
      <DialogTitle id="permission-detail-title">{t('detail_title', { number: detail?.permission_no ?? '' })}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error" action={<Button onClick={load}>{t('retry')}</Button>}>{error}</Alert>}
        {!detail && !error && <Skeleton variant="rectangular" height={160} aria-label={t('loading')} />}
        {detail && (
          <>
            <Grid container spacing={1.5} sx={{ mb: 2 }}>
              {summary.map(([key, value]) => (
                <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t(key)}
                  </Typography>
                  <Typography variant="body2" component="div">{value || '—'}</Typography>
                </Grid>
              ))}
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('state')}
                </Typography>
                <Chip size="small" color={STATE_COLOUR[detail.state]} label={t(`states.${detail.state}`)} data-testid="permission-state" />
              </Grid>
            </Grid>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {t('approvers')}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('position')}</TableCell>
                    <TableCell>{t('approver')}</TableCell>
                    <TableCell>{t('state')}</TableCell>
                    <TableCell>{t('action_date')}</TableCell>
                    <TableCell>{t('reason')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.approvers.map((row) => (
                    <TableRow key={row.id} data-testid={`permission-approver-${row.seq}`} sx={row.state === 'rejected' ? { bgcolor: '#ffebee', '& td': { color: 'error.dark' } } : undefined}>
                      <TableCell>{row.position}</TableCell>
                      <TableCell>{row.user_name}</TableCell>
                      <TableCell>
                        <Chip size="small" color={STATE_COLOUR[row.state]} label={t(`states.${row.state}`)} />
                      </TableCell>
                      <TableCell>{dateText(row.action_date, locale, true)}</TableCell>
                      <TableCell>{row.reason}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Button size="small" color="success" disabled={!row.is_approve} onClick={() => setDeciding({ row, state: 'approved' })}>
                          {t('approve')}
                        </Button>
                        <Button size="small" color="error" disabled={!row.is_approve} onClick={() => setDeciding({ row, state: 'rejected' })}>
                          {t('reject')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
      <Dialog open={deciding !== null} onClose={() => setDeciding(null)} maxWidth="xs" fullWidth aria-labelledby="permission-confirm-title">
        <DialogTitle id="permission-confirm-title">{t('confirm_title')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t(deciding?.state === 'rejected' ? 'reject_warning' : 'approve_warning')}
          </Alert>
          <Typography sx={{ mb: 1 }}>{t('sure')}</Typography>
          {deciding?.state === 'rejected' && (
            <TextField label={t('reason')} value={reason} onChange={(event) => setReason(event.target.value)} multiline minRows={3} required error={reasonError !== null} helperText={reasonError ?? ' '} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeciding(null)}>{t('cancel')}</Button>
          <Button variant="contained" color={deciding?.state === 'rejected' ? 'error' : 'primary'} onClick={() => void decide()}>
            {t('yes')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
