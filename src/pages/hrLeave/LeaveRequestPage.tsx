// /reqleave (issue 14; spec 1 §2.7; spec 3 §2.3, §3.3): an employee asks for leave. The form
// takes a leave type, the dates (or the day and the times when the type is a Permission) and a
// description, and saves a draft, which the server counts in working days (weekends and the
// school's holidays left out) or hours. Below, the employee's own requests: a draft is sent to
// its approvers (Waiting for Approval) or deleted; any request opens its approval detail.

import './texts/register';
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { HR_PATHS, type LeaveDetailAnswer, type LeaveDraftRequest, type LeaveTypeOption } from '../../shared/api/hr';
import { fieldErrorsOf, messageOf, useLeaveList, useLeaveTypes, usePageCalls } from './leaveCalls';
import { LeaveDetailDialog } from './LeaveDetailDialog';
import { LeaveTable, PER_PAGE } from './LeaveTable';
import { RemainingLeaveDialog } from './RemainingLeaveDialog';

interface Form {
  leave_type_id: string;
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  description: string;
}

const EMPTY: Form = { leave_type_id: '', start_date: '', end_date: '', start_time: '', end_time: '', description: '' };

/** The draft form's state and its save. */
export function useLeaveForm(types: readonly LeaveTypeOption[], onSaved: () => void) {
  const calls = usePageCalls();
  const notify = useNotify();
  const translate = useTranslate();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const type = types.find((option) => String(option.id) === form.leave_type_id);
  const permission = type?.type === 'permission';
  const change = (name: keyof Form, value: string) => setForm((old) => ({ ...old, [name]: value }));
  const save = async () => {
    setSaving(true);
    setFailure(null);
    const body: LeaveDraftRequest = {
      leave_type_id: Number(form.leave_type_id) || 0,
      start_date: form.start_date,
      ...(permission ? { start_time: form.start_time, end_time: form.end_time } : { end_date: form.end_date || form.start_date }),
      ...(form.description.trim() ? { description: form.description.trim() } : {}),
    };
    try {
      await calls.post<LeaveDetailAnswer>(HR_PATHS.leaveRequests, body);
      notify(translate('hrLeave.form.saved'), { type: 'success', autoHideDuration: 5000 });
      setForm(EMPTY);
      setErrors({});
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(messageOf(error));
    } finally {
      setSaving(false);
    }
  };
  return { form, change, errors, failure, saving, save, permission };
}

export function LeaveRequestPage() {
  const title = useRouteTitle('/reqleave');
  useDocumentTitle(title);
  const translate = useTranslate();
  const t = (key: string) => translate(`hrLeave.${key}`);
  const [page, setPage] = useState(0);
  const list = useLeaveList({ scope: 'mine', page: page + 1, per_page: PER_PAGE });
  const types = useLeaveTypes();
  const leaveForm = useLeaveForm(types.data ?? [], list.reload);
  const [detail, setDetail] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(false);
  const { form, change, errors } = leaveForm;
  const dateInput = (name: 'start_date' | 'end_date') => (
    <TextField
      fullWidth={false}
      type="date"
      size="small"
      label={t(`field.${name}`)}
      value={form[name]}
      onChange={(event) => change(name, event.target.value)}
      error={!!errors[name]}
      helperText={errors[name] ?? ' '}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `leave-${name}` } }}
      required={name === 'start_date'}
    />
  );
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography component="h1" variant="h5">
              {title}
            </Typography>
            <Button onClick={() => setRemaining(true)}>{t('list.remaining')}</Button>
          </Box>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {t('form.heading')}
          </Typography>
          {types.error && <Alert severity="error">{types.error}</Alert>}
          {leaveForm.failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {leaveForm.failure}
            </Alert>
          )}
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              fullWidth={false}
              select
              size="small"
              label={t('form.leave_type')}
              value={form.leave_type_id}
              onChange={(event) => change('leave_type_id', event.target.value)}
              error={!!errors.leave_type_id}
              helperText={errors.leave_type_id ?? ' '}
              sx={{ minWidth: 240 }}
              required
              slotProps={{ htmlInput: { 'data-testid': 'leave-type' } }}
            >
              {(types.data ?? []).map((option) => (
                <MenuItem key={option.id} value={String(option.id)}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
            {dateInput('start_date')}
            {!leaveForm.permission && dateInput('end_date')}
            {leaveForm.permission &&
              (['start_time', 'end_time'] as const).map((name) => (
                <TextField
                  key={name}
                  fullWidth={false}
                  type="time"
                  size="small"
                  label={t(`field.${name}`)}
                  value={form[name]}
                  onChange={(event) => change(name, event.target.value)}
                  error={!!errors[name]}
                  helperText={errors[name] ?? ' '}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `leave-${name}` } }}
                  required
                />
              ))}
          </Stack>
          <TextField
            label={t('field.description')}
            value={form.description}
            onChange={(event) => change('description', event.target.value)}
            multiline
            minRows={2}
            error={!!errors.description}
            helperText={errors.description ?? (leaveForm.permission ? t('form.permission_hint') : t('form.counted'))}
            slotProps={{ htmlInput: { 'data-testid': 'leave-description' } }}
          />
          <Box sx={{ mt: 1 }}>
            <Button variant="contained" onClick={() => void leaveForm.save()} disabled={leaveForm.saving}>
              {t('form.save')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('list.mine')}
          </Typography>
          <LeaveTable list={list} page={page} onPage={setPage} showEmployee={false} ownerActions onDetail={setDetail} />
        </CardContent>
      </Card>
      <LeaveDetailDialog id={detail} onClose={() => setDetail(null)} onChanged={list.reload} />
      <RemainingLeaveDialog open={remaining} onClose={() => setRemaining(false)} />
    </Stack>
  );
}
