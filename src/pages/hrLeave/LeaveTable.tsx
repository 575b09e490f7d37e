// A page of leave requests (spec 3 §3.3 fields): number, date, employee, type, dates or
// times, quantity, state; a row's Detail opens the approval detail; the owner's drafts also
// offer Edit (into the page's form), Send to approver and Delete (each after a confirmation). The rows the caller may
// decide now carry "Your turn".

import { useState } from 'react';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { HR_PATHS, type LeaveDecisionAnswer, type LeaveRequestRow } from '../../shared/api/hr';
import { messageOf, usePageCalls, type Loaded } from './leaveCalls';
import { dateText, periodText, quantityText, STATE_COLOUR } from './leaveFormat';

export const PER_PAGE = 10;

interface Confirming {
  action: 'send' | 'delete';
  row: LeaveRequestRow;
}

export function LeaveTable({
  list,
  page,
  onPage,
  showEmployee,
  ownerActions,
  onDetail,
  onEdit,
}: {
  list: Loaded<{ rows: LeaveRequestRow[]; total: number }>;
  page: number;
  onPage: (page: number) => void;
  showEmployee: boolean;
  ownerActions: boolean;
  onDetail: (id: number) => void;
  /** The owner's draft into the form (only with ownerActions). */
  onEdit?: (row: LeaveRequestRow) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`hrLeave.${key}`, options);
  const [locale] = useLocaleState();
  const calls = usePageCalls();
  const notify = useNotify();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      if (confirming.action === 'send') {
        const answer = await calls.post<LeaveDecisionAnswer>(`${HR_PATHS.leaveRequest}/${String(confirming.row.id)}/${HR_PATHS.send}`, {});
        notify(answer.message, { type: 'success', autoHideDuration: 5000 });
      } else {
        await calls.del(`${HR_PATHS.leaveRequest}/${String(confirming.row.id)}`);
        notify(t('list.deleted'), { type: 'success', autoHideDuration: 5000 });
      }
      list.reload();
    } catch (error) {
      notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  if (list.error) {
    return (
      <Alert severity="error" action={<Button onClick={list.reload}>{t('common.retry')}</Button>}>
        {t('common.load_failed')} {list.error}
      </Alert>
    );
  }
  if (!list.data) return <Skeleton variant="rectangular" height={160} aria-label={t('common.loading')} />;
  const columns = showEmployee ? 8 : 7;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="leave-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('field.transaction_no')}</TableCell>
              <TableCell>{t('field.transaction_date')}</TableCell>
              {showEmployee && <TableCell>{t('field.employee_name')}</TableCell>}
              <TableCell>{t('field.leave_name')}</TableCell>
              <TableCell>{t('field.start_date')}</TableCell>
              <TableCell align="right">{t('field.quantity')}</TableCell>
              <TableCell>{t('field.state')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns} align="center">
                  {t('common.no_data')}
                </TableCell>
              </TableRow>
            )}
            {list.data.rows.map((row) => (
              <TableRow key={row.id} hover data-testid={`leave-row-${row.transaction_no}`}>
                <TableCell>{row.transaction_no}</TableCell>
                <TableCell>{dateText(row.transaction_date, locale)}</TableCell>
                {showEmployee && <TableCell>{row.employee_name}</TableCell>}
                <TableCell>{row.leave_name}</TableCell>
                <TableCell>{periodText(row, locale)}</TableCell>
                <TableCell align="right">
                  {quantityText(row.quantity, locale)} {t(`unit.${row.unit}`)}
                </TableCell>
                <TableCell>
                  <Chip size="small" color={STATE_COLOUR[row.state]} label={t(`state.${row.state}`)} />
                  {row.is_approve && <Chip size="small" variant="outlined" color="primary" label={t('list.your_turn')} sx={{ ml: 0.5 }} />}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => onDetail(row.id)}>
                    {t('list.detail')}
                  </Button>
                  {ownerActions && row.state === 'draft' && (
                    <>
                      <Button size="small" variant="contained" onClick={() => setConfirming({ action: 'send', row })}>
                        {t('list.send')}
                      </Button>
                      {onEdit && (
                        <Button size="small" onClick={() => onEdit(row)} data-testid={`leave-edit-${String(row.id)}`}>
                          {t('list.edit')}
                        </Button>
                      )}
                      <Button size="small" color="error" onClick={() => setConfirming({ action: 'delete', row })}>
                        {t('list.delete')}
                      </Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={list.data.total}
        page={page}
        onPageChange={(_, next) => onPage(next)}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
      />
      <Dialog open={confirming !== null} onClose={busy ? undefined : () => setConfirming(null)} maxWidth="xs" fullWidth aria-labelledby="leave-confirm-title">
        <DialogTitle id="leave-confirm-title">{confirming ? t(confirming.action === 'send' ? 'list.send_confirm_title' : 'list.delete_confirm_title') : ''}</DialogTitle>
        <DialogContent>
          <Typography>{confirming ? t(confirming.action === 'send' ? 'list.send_confirm' : 'list.delete_confirm', { number: confirming.row.transaction_no }) : ''}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" color={confirming?.action === 'delete' ? 'error' : 'primary'} disabled={busy} onClick={() => void act()}>
            {confirming ? t(confirming.action === 'send' ? 'list.send' : 'list.delete') : ''}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
