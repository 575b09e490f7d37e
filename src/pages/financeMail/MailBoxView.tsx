// The outbox and the sent box drawn (spec 3 §3.2: name, channel, receiver, sender, schedule,
// send date, subject, cc, retry, message): a search, the state filter (outbox), the grid with
// each message's state and last error, Retry or Resend, paging, and a message opened in a
// dialog (its HTML drawn in a sandboxed frame: no script, no link out of the page).

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { useTranslate } from 'react-admin';
import type { OutboxState } from '../../shared/api/mail';
import { PER_PAGE_CHOICES, type MailBox } from './useMailBox';

const OUTBOX_STATES: readonly OutboxState[] = ['queued', 'sending', 'failed', 'interrupted'];
const COLOURS: Record<OutboxState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  interrupted: 'warning',
};

function when(value: string | null, locale: string): string {
  if (!value) return '';
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format('D MMMM YYYY HH:mm') : '';
}

export function MailBoxView({ title, box, locale, mayAct }: { title: string; box: MailBox; locale: string; mayAct: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`finance.mail.box.${key}`, options);
  const outbox = box.box === 'outbox';
  const columns = outbox ? 9 : 7;
  return (
    <Card data-testid={outbox ? 'outbox' : 'sent-box'}>
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} role="search">
          <TextField fullWidth={false} size="small" label={t('search')} value={box.q} onChange={(event) => box.setQ(event.target.value)} sx={{ minWidth: 280 }} />
          {outbox && (
            <TextField fullWidth={false} select size="small" label={t('state_filter')} value={box.state} onChange={(event) => box.setState(event.target.value as OutboxState | '')} sx={{ minWidth: 160 }}>
              <MenuItem value="">{t('all')}</MenuItem>
              {OUTBOX_STATES.map((state) => (
                <MenuItem key={state} value={state}>
                  {t(`state.${state}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button onClick={box.reload}>{t('refresh')}</Button>
        </Stack>
        {box.error && (
          <Alert severity="error" action={<Button onClick={box.reload}>{t('refresh')}</Button>}>
            {t('load_failed')} {box.error}
          </Alert>
        )}
        {!box.rows && !box.error && <Skeleton variant="rectangular" height={160} />}
        {box.rows && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('column.name')}</TableCell>
                  <TableCell>{t('column.receiver')}</TableCell>
                  <TableCell>{t('column.subject')}</TableCell>
                  <TableCell>{outbox ? t('column.schedule') : t('column.send_date')}</TableCell>
                  {outbox && <TableCell>{t('column.state')}</TableCell>}
                  <TableCell align="right">{t('column.retry')}</TableCell>
                  {outbox && <TableCell>{t('column.error')}</TableCell>}
                  {!outbox && <TableCell>{t('column.sender')}</TableCell>}
                  <TableCell>{t('column.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {box.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columns} align="center">
                      {t('empty')}
                    </TableCell>
                  </TableRow>
                )}
                {box.rows.map((row) => (
                  <TableRow key={row.id} data-testid="mail-row">
                    <TableCell>{row.name}</TableCell>
                    <TableCell sx={{ fontSize: 12, minWidth: 230, maxWidth: 300, overflowWrap: 'anywhere' }}>
                      <div>{row.receiver}</div>
                      {row.cc && <div style={{ opacity: 0.7 }}>CC: {row.cc}</div>}
                      {row.bcc && <div style={{ opacity: 0.7 }}>BCC: {row.bcc}</div>}
                    </TableCell>
                    <TableCell>{row.subject}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{outbox ? when(row.scheduled_for, locale) : when(row.sent_at, locale)}</TableCell>
                    {outbox && (
                      <TableCell>
                        <Chip size="small" color={COLOURS[row.state]} label={t(`state.${row.state}`)} />
                        {row.next_attempt_at && (
                          <Typography variant="caption" component="div" color="text.secondary">
                            {t('column.next')}: {when(row.next_attempt_at, locale)}
                          </Typography>
                        )}
                      </TableCell>
                    )}
                    <TableCell align="right">{row.attempts}</TableCell>
                    {outbox && (
                      <TableCell sx={{ fontSize: 12, maxWidth: 320, color: 'error.main' }} data-testid="mail-error">
                        {row.last_error}
                      </TableCell>
                    )}
                    {!outbox && <TableCell sx={{ fontSize: 12, maxWidth: 200, overflowWrap: 'anywhere' }}>{row.sender}</TableCell>}
                    <TableCell>
                      <Stack sx={{ alignItems: 'flex-start' }}>
                      <Button size="small" onClick={() => void box.open(row)}>
                        {t('view')}
                      </Button>
                      {mayAct && outbox && row.state !== 'sending' && (
                        <Button size="small" disabled={box.busyId === row.id} onClick={() => void box.retry(row)}>
                          {t('retry')}
                        </Button>
                      )}
                      {mayAct && !outbox && (
                        <Button size="small" disabled={box.busyId === row.id} onClick={() => box.askToResend(row)}>
                          {t('resend')}
                        </Button>
                      )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={box.total}
              page={box.page}
              rowsPerPage={box.perPage}
              rowsPerPageOptions={[...PER_PAGE_CHOICES]}
              onPageChange={(_, page) => box.setPage(page)}
              onRowsPerPageChange={(event) => box.setPerPage(Number(event.target.value))}
              labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
              labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            />
          </Box>
        )}
        <Dialog open={box.resending !== null} onClose={box.cancelResend} aria-labelledby="resend-title" maxWidth="xs" fullWidth>
          <DialogTitle id="resend-title">{t('confirm_resend.title')}</DialogTitle>
          <DialogContent>
            <Typography>{box.resending && t('confirm_resend.message', { subject: box.resending.subject, receiver: box.resending.receiver })}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={box.cancelResend}>{t('confirm_resend.cancel')}</Button>
            <Button variant="contained" autoFocus disabled={box.busyId !== null} onClick={() => box.resending && void box.resend(box.resending)}>
              {t('confirm_resend.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
        <Dialog open={box.opened !== null} onClose={box.close} aria-labelledby="message-title" maxWidth="md" fullWidth>
          <DialogTitle id="message-title">{box.opened?.subject ?? t('message_title')}</DialogTitle>
          <DialogContent>
            {box.opened && (
              <>
                <Typography variant="body2">
                  {t('column.receiver')}: {box.opened.receiver}
                  {box.opened.cc ? ` · CC: ${box.opened.cc}` : ''}
                  {box.opened.bcc ? ` · BCC: ${box.opened.bcc}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('column.sender')}: {box.opened.sender} · {t('message_id')}: {box.opened.message_id}
                </Typography>
                <Box component="iframe" title={box.opened.subject} sandbox="" srcDoc={box.opened.html} sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', bgcolor: '#fff' }} />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={box.close}>{t('close')}</Button>
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  );
}
