// The leave approval detail (spec 3 §2.3): the summary of the request; the grid of approvers
// (position, approver, state, action date, reason) with Detail, Approve and Reject per row;
// the Information dialog that asks "Are you sure?" with a Reason only for a rejection (spec 3
// §5: no minimum shown). Rejected rows are red (spec 3 §4). The row buttons are enabled for
// ROLE_ADMIN, ROLE_ADMIN_FINANCE, ROLE_TEACHER and ROLE_BOOKING (spec 3 §6), Approve and
// Reject only on the caller's row whose turn has come (is_approve); the server decides. After a
// decision the state the server answers replaces the shown one and the list reloads (spec 3 §4,
// §8: a success toast for 5 s, an error toast with the server's message).

import { Fragment, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
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
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useNotify, usePermissions, useTranslate } from 'react-admin';
import { HR_PATHS, type LeaveDecisionAnswer, type LeaveDetail, type LeaveActionRequest, type ApproverRow } from '../../shared/api/hr';
import { fieldErrorsOf, messageOf, useLeaveDetail, usePageCalls } from './leaveCalls';
import { dateText, momentText, quantityText, STATE_BACKGROUND, STATE_COLOUR } from './leaveFormat';

/** spec 3 §6: who sees the approval row buttons enabled. */
export const APPROVAL_BUTTON_ROLES = ['ROLE_ADMIN', 'ROLE_ADMIN_FINANCE', 'ROLE_TEACHER', 'ROLE_BOOKING'] as const;

type Decision = LeaveActionRequest['state'];

function rolesOf(permissions: unknown): string[] {
  if (Array.isArray(permissions)) return permissions.map(String);
  if (permissions && typeof permissions === 'object' && Array.isArray((permissions as { roles?: unknown }).roles)) return (permissions as { roles: unknown[] }).roles.map(String);
  return [];
}

/** The Information dialog (spec 3 §2.3): a warning, "Are you sure?", a Reason only for a rejection. */
function DecisionDialog({ decision, onCancel, onConfirm }: { decision: Decision | null; onCancel: () => void; onConfirm: (reason: string) => Promise<string | null> }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`hrLeave.confirm.${key}`);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (decision === 'rejected' && !reason.trim()) {
      setError(t('reason_required'));
      return;
    }
    setBusy(true);
    const refused = await onConfirm(reason.trim());
    setBusy(false);
    setError(refused);
    if (!refused) setReason('');
  };
  return (
    <Dialog open={decision !== null} onClose={busy ? undefined : onCancel} aria-labelledby="leave-decision-title" maxWidth="xs" fullWidth>
      <DialogTitle id="leave-decision-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(decision === 'rejected' ? 'reject_warning' : 'approve_warning')}
        </Alert>
        <Typography sx={{ mb: 1 }}>{t('sure')}</Typography>
        {decision === 'rejected' && (
          <TextField
            label={t('reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            required
            error={error !== null}
            helperText={error ?? ' '}
            autoFocus
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('hrLeave.common.cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={busy} variant="contained" color={decision === 'rejected' ? 'error' : 'primary'}>
          {t('yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Summary({ detail, locale }: { detail: LeaveDetail; locale: string }) {
  const translate = useTranslate();
  const f = (key: string) => translate(`hrLeave.field.${key}`);
  const permission = detail.leave_type === 'permission';
  const items: Array<[string, string]> = [
    ['transaction_no', detail.transaction_no],
    ['transaction_date', dateText(detail.transaction_date, locale)],
    ['school_name', detail.school_name],
    ...(detail.branch_name ? ([['branch_name', detail.branch_name]] as Array<[string, string]>) : []),
    ['employee_name', detail.employee_name],
    ['academic_year_name', detail.academic_year_name],
    ['year', String(detail.year)],
    ['leave_name', detail.leave_name],
    ...(permission
      ? ([
          ['start_date', dateText(detail.start_date, locale)],
          ['start_time', detail.start_time ?? ''],
          ['end_time', detail.end_time ?? ''],
        ] as Array<[string, string]>)
      : ([
          ['start_date', dateText(detail.start_date, locale)],
          ['end_date', dateText(detail.end_date, locale)],
        ] as Array<[string, string]>)),
    ['quantity', `${quantityText(detail.quantity, locale)} ${translate(`hrLeave.unit.${detail.unit}`)}`],
    ['description', detail.description ?? ''],
    ['created_by', detail.created_by],
    ['comment', detail.comment ?? ''],
  ];
  return (
    <Grid container spacing={1.5} sx={{ mb: 2 }} data-testid="leave-summary">
      {items.map(([key, value]) => (
        <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {f(key)}
          </Typography>
          <Typography variant="body2">{value || '—'}</Typography>
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {f('state')}
        </Typography>
        <Chip size="small" color={STATE_COLOUR[detail.state]} label={translate(`hrLeave.state.${detail.state}`)} data-testid="leave-state" />
      </Grid>
    </Grid>
  );
}

function ApproverGrid({ detail, locale, buttonsEnabled, onDecide }: { detail: LeaveDetail; locale: string; buttonsEnabled: boolean; onDecide: (row: ApproverRow, decision: Decision) => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`hrLeave.detail.${key}`, options);
  const [open, setOpen] = useState<number | null>(null);
  if (!detail.approvers.length) return <Typography color="text.secondary">{t('no_approvers')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('approvers')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('seq')}</TableCell>
            <TableCell>{t('position')}</TableCell>
            <TableCell>{t('approver')}</TableCell>
            <TableCell>{translate('hrLeave.field.state')}</TableCell>
            <TableCell>{t('action_date')}</TableCell>
            <TableCell>{t('reason')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {detail.approvers.map((row) => (
            <Fragment key={row.id}>
              <TableRow data-testid={`approver-row-${row.seq}`} sx={row.state === 'rejected' ? { bgcolor: STATE_BACKGROUND.rejected, '& td': { color: 'error.dark' } } : undefined}>
                <TableCell>{row.seq}</TableCell>
                <TableCell>{row.position}</TableCell>
                <TableCell>{row.user_name}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATE_COLOUR[row.state]} label={translate(`hrLeave.state.${row.state}`)} />
                </TableCell>
                <TableCell>{momentText(row.action_date, locale)}</TableCell>
                <TableCell sx={{ maxWidth: 240, whiteSpace: 'pre-wrap' }}>{row.reason}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" disabled={!buttonsEnabled} onClick={() => setOpen(open === row.id ? null : row.id)}>
                    {t('detail')}
                  </Button>
                  <Button size="small" color="success" disabled={!buttonsEnabled || !row.is_approve} onClick={() => onDecide(row, 'approved')}>
                    {t('approve')}
                  </Button>
                  <Button size="small" color="error" disabled={!buttonsEnabled || !row.is_approve} onClick={() => onDecide(row, 'rejected')}>
                    {t('reject')}
                  </Button>
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={7} sx={{ py: 0, borderBottom: open === row.id ? undefined : 'none' }}>
                  <Collapse in={open === row.id} unmountOnExit>
                    <Typography variant="body2" sx={{ py: 1 }}>
                      {t('row_detail', { approver: row.user_name, position: row.position || '—', state: translate(`hrLeave.state.${row.state}`) })}
                      {row.action_date ? ` · ${momentText(row.action_date, locale)}` : ''}
                      {row.reason ? ` · ${row.reason}` : ''}
                    </Typography>
                  </Collapse>
                </TableCell>
              </TableRow>
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The detail of one request; `onChanged` after a decision (the list reloads). */
export function LeaveDetailDialog({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = usePageCalls();
  const [locale] = useLocaleState();
  const { permissions } = usePermissions();
  const detail = useLeaveDetail(id);
  const [deciding, setDeciding] = useState<{ row: ApproverRow; decision: Decision } | null>(null);
  const [shown, setShown] = useState<LeaveDetail | null>(null);
  const current = shown && shown.id === id ? shown : detail.data;
  const buttonsEnabled = rolesOf(permissions).some((role) => (APPROVAL_BUTTON_ROLES as readonly string[]).includes(role));

  const decide = async (reason: string): Promise<string | null> => {
    if (!deciding) return null;
    const body: LeaveActionRequest = { approval_id: deciding.row.id, state: deciding.decision, ...(deciding.decision === 'rejected' ? { reason } : {}) };
    try {
      const answer = await calls.post<LeaveDecisionAnswer>(HR_PATHS.leaveSendApproval, body);
      setShown(answer.data);
      setDeciding(null);
      notify(answer.message, { type: 'success', autoHideDuration: 5000 });
      onChanged();
      return null;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.reason) return fields.reason;
      setDeciding(null);
      notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
      detail.reload();
      setShown(null);
      return null;
    }
  };

  return (
    <Dialog open={id !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="leave-detail-title">
      <DialogTitle id="leave-detail-title">{translate('hrLeave.detail.title', { number: current?.transaction_no ?? '' })}</DialogTitle>
      <DialogContent>
        {detail.error && !current && (
          <Alert severity="error" action={<Button onClick={detail.reload}>{translate('hrLeave.common.retry')}</Button>}>
            {detail.error}
          </Alert>
        )}
        {!current && !detail.error && <Skeleton variant="rectangular" height={200} aria-label={translate('hrLeave.common.loading')} />}
        {current && (
          <>
            <Summary detail={current} locale={locale} />
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {translate('hrLeave.detail.approvers')}
            </Typography>
            <ApproverGrid detail={current} locale={locale} buttonsEnabled={buttonsEnabled} onDecide={(row, decision) => setDeciding({ row, decision })} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('hrLeave.common.close')}</Button>
      </DialogActions>
      <DecisionDialog decision={deciding?.decision ?? null} onCancel={() => setDeciding(null)} onConfirm={decide} />
    </Dialog>
  );
}
