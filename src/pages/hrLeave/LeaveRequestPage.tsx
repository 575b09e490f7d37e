// /reqleave (issue 14; spec 1 §2.7; spec 3 §2.3, §3.3): an employee asks for leave. The form
// takes a leave type, the dates (or the day and the times when the type is a Permission) and a
// description, and saves a draft, which the server counts in working days (weekends and the
// school's holidays left out) or hours. Below, the employee's own requests: a draft is edited
// (back in the form above; the server refuses a request no longer in Draft, 409), sent to its
// approvers (Waiting for Approval) or deleted; any request opens its approval detail.

import './texts/register';
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { HR_PATHS, type LeaveDetailAnswer, type LeaveDraftRequest, type LeaveRequestRow, type LeaveTypeOption } from '../../shared/api/hr';
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
  /** The draft being changed (PUT with its version), or null for a new one. */
  const [editing, setEditing] = useState<{ id: number; version: number; number: string } | null>(null);
  const type = types.find((option) => String(option.id) === form.leave_type_id);
  const permission = type?.type === 'permission';
  const change = (name: keyof Form, value: string) => setForm((old) => ({ ...old, [name]: value }));
  const edit = (row: LeaveRequestRow) => {
    setEditing({ id: row.id, version: row.version, number: row.transaction_no });
    setForm({
      leave_type_id: String(row.leave_type_id),
      start_date: row.start_date,
      end_date: row.end_date,
      start_time: (row.start_time ?? '').slice(0, 5),
      end_time: (row.end_time ?? '').slice(0, 5),
      description: row.description ?? '',
    });
    setErrors({});
    setFailure(null);
  };
  const cancel = () => {
    setEditing(null);
    setForm(EMPTY);
    setErrors({});
    setFailure(null);
  };
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
      if (editing) await calls.put<LeaveDetailAnswer>(`${HR_PATHS.leaveRequest}/${String(editing.id)}`, { ...body, version: editing.version });
      else await calls.post<LeaveDetailAnswer>(HR_PATHS.leaveRequests, body);
      notify(translate(editing ? 'hrLeave.form.updated' : 'hrLeave.form.saved'), { type: 'success', autoHideDuration: 5000 });
      setEditing(null);
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
  return { form, change, errors, failure, saving, save, permission, editing, edit, cancel };
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
            {leaveForm.editing ? translate('hrLeave.form.edit_heading', { number: leaveForm.editing.number }) : t('form.heading')}
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
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button variant="contained" onClick={() => void leaveForm.save()} disabled={leaveForm.saving} data-testid="leave-save">
              {t(leaveForm.editing ? 'form.update' : 'form.save')}
            </Button>
            {leaveForm.editing && <Button onClick={leaveForm.cancel}>{t('form.cancel_edit')}</Button>}
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('list.mine')}
          </Typography>
          <LeaveTable
            list={list}
            page={page}
            onPage={setPage}
            showEmployee={false}
            ownerActions
            onDetail={setDetail}
            onEdit={(row) => {
              leaveForm.edit(row);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </CardContent>
      </Card>
      <LeaveDetailDialog id={detail} onClose={() => setDetail(null)} onChanged={list.reload} />
      <RemainingLeaveDialog open={remaining} onClose={() => setRemaining(false)} />
    </Stack>
  );
}
