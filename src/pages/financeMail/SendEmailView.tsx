// /sendemail drawn: who (students or candidates, class or batch, a search), the date and the
// kind of email, "Show recipients"; the recipients with their parents' emails, open invoices
// and total, selectable when they can be sent to, the others with why (spec 3 §5); "Send email"
// after a confirmation, then what went to the outbox and what did not.

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { formatRupiah } from '../../shared/api/finance';
import { SENDABLE_TYPES } from '../../shared/api/mail';
import { payDateText } from '../../shared/finance/payFormat';
import type { SendEmail } from './useSendEmail';

export function SendEmailView({ title, state, locale }: { title: string; state: SendEmail; locale: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`finance.mail.send.${key}`, options);
  const error = (field: string) => (state.errors[field] ? translate(state.errors[field], { _: state.errors[field] }) : undefined);
  const rows = state.recipients;
  const cannot = rows ? rows.length - state.sendable.length : 0;
  return (
    <Card data-testid="send-email">
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
          {t('intro')}
        </Typography>
        <Box
          component="form"
          noValidate
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            void state.show();
          }}
        >
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <Box>
              <Typography variant="caption" color="text.secondary" component="div" id="send-kind-label">
                {t('kind')}
              </Typography>
              <ToggleButtonGroup exclusive size="small" value={state.kind} onChange={(_, value) => value && state.setKind(value)} aria-labelledby="send-kind-label">
                <ToggleButton value="student">{t('students')}</ToggleButton>
                <ToggleButton value="candidate">{t('candidates')}</ToggleButton>
              </ToggleButtonGroup>
            </Box>
            <TextField
              fullWidth={false}
              select
              size="small"
              label={state.kind === 'student' ? t('class') : t('batch')}
              value={state.groupId}
              onChange={(event) => state.setGroupId(event.target.value === '' ? '' : Number(event.target.value))}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('all')}</MenuItem>
              {state.groups.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  {group.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              fullWidth={false}
              size="small"
              type="date"
              required
              label={t('date')}
              value={state.date}
              onChange={(event) => state.setDate(event.target.value)}
              error={Boolean(error('date'))}
              helperText={error('date')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField fullWidth={false} select size="small" label={t('email_type')} value={state.emailType} onChange={(event) => state.setEmailType(event.target.value as typeof state.emailType)} sx={{ minWidth: 230 }}>
              {SENDABLE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`type.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField fullWidth={false} size="small" label={t('search')} value={state.q} onChange={(event) => state.setQ(event.target.value)} sx={{ minWidth: 200 }} />
            <Button type="submit" variant="outlined" disabled={state.busy}>
              {t('show')}
            </Button>
            <Button variant="contained" disabled={state.busy || !rows} onClick={state.askToSend}>
              {t('send')}
            </Button>
          </Stack>
        </Box>
        {state.busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('working')} />}
        {error('ids') && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {error('ids')}
          </Alert>
        )}
        {state.failure && !error('date') && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('failed')} {translate(state.failure, { _: state.failure })}
          </Alert>
        )}
        {state.result && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="send-result" action={<Button component={Link} to="/outbox">{t('to_outbox')}</Button>}>
            <Typography variant="body2">{t('result', { count: state.result.data.queued, smart_count: state.result.data.queued })}</Typography>
            {state.result.data.skipped.length > 0 && (
              <Typography variant="body2">
                {t('skipped')} {state.result.data.skipped.map((s) => `${s.name} (${s.text})`).join('; ')}
              </Typography>
            )}
          </Alert>
        )}
        {rows && (
          <Box sx={{ mt: 2 }}>
            <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
              <Typography variant="body2" data-testid="can-send">
                {t('can_send', { count: state.sendable.length })}
              </Typography>
              {cannot > 0 && (
                <Typography variant="body2" color="warning.main">
                  {t('cannot_send', { count: cannot })}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {t('selected', { count: state.selected.size })}
              </Typography>
            </Stack>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('show')}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={state.sendable.length > 0 && state.selected.size === state.sendable.length}
                        indeterminate={state.selected.size > 0 && state.selected.size < state.sendable.length}
                        onChange={state.toggleAll}
                        slotProps={{ input: { 'aria-label': t('select_all') } }}
                      />
                    </TableCell>
                    <TableCell>{t('column.number')}</TableCell>
                    <TableCell>{t('column.name')}</TableCell>
                    {state.kind === 'student' && <TableCell>{t('column.class')}</TableCell>}
                    <TableCell>{t('column.parents')}</TableCell>
                    <TableCell>{t('column.invoices')}</TableCell>
                    <TableCell align="right">{t('column.total')}</TableCell>
                    <TableCell>{t('column.template')}</TableCell>
                    <TableCell>{t('column.why')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={9} align="center">
                        {t('empty')}
                      </TableCell>
                    </TableRow>
                  )}
                  {rows.map((row) => (
                    <TableRow key={row.id} data-testid="recipient-row" selected={state.selected.has(row.id)}>
                      <TableCell padding="checkbox">
                        <Checkbox
                          disabled={row.skip !== null}
                          checked={state.selected.has(row.id)}
                          onChange={() => state.toggle(row.id)}
                          slotProps={{ input: { 'aria-label': row.name } }}
                        />
                      </TableCell>
                      <TableCell>{row.number}</TableCell>
                      <TableCell>{row.name}</TableCell>
                      {state.kind === 'student' && <TableCell>{row.class_name}</TableCell>}
                      <TableCell sx={{ fontSize: 12, minWidth: 220 }}>
                        {[row.father_email, row.mother_email].filter(Boolean).map((address) => (
                          <div key={address}>{address}</div>
                        ))}
                      </TableCell>
                      <TableCell sx={{ fontSize: 12, minWidth: 300 }}>
                        {row.invoices.map((invoice) => (
                          <div key={invoice.id}>
                            {invoice.income_type} · {payDateText(invoice.due_date, locale)} · <span style={{ whiteSpace: 'nowrap' }}>{formatRupiah(invoice.outstanding)}</span>
                          </div>
                        ))}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatRupiah(row.total)}
                      </TableCell>
                      <TableCell sx={{ fontSize: 12 }}>{row.template_name}</TableCell>
                      <TableCell sx={{ fontSize: 12, minWidth: 140, color: row.skip ? 'warning.main' : undefined }}>{row.skip_text}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Box>
        )}
        <Dialog open={state.confirming} onClose={state.busy ? undefined : state.cancelSend} aria-labelledby="send-confirm-title" maxWidth="xs" fullWidth>
          <DialogTitle id="send-confirm-title">{t('confirm.title')}</DialogTitle>
          <DialogContent>
            <Typography>{t('confirm.message', { count: state.selected.size, smart_count: state.selected.size })}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={state.cancelSend} disabled={state.busy}>
              {t('confirm.cancel')}
            </Button>
            <Button onClick={() => void state.send()} disabled={state.busy} variant="contained" autoFocus>
              {t('confirm.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  );
}
