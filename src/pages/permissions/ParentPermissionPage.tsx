// /parent/permission (spec 1 §2.4, §3 permission request): a parent asks permission for one of
// their children — the type (a permission reason), the dates, the reason, and a letter (a
// doctor's letter: PDF, PNG or JPEG) — which goes straight to the child's homeroom teacher;
// below, their children's requests with their state and the teacher's decision. The same page,
// list only, is /permissions-parent.

import './texts/register';
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { fieldErrorsOf, messageOf, usePageCalls } from '../../app/pageCalls';
import { PERMISSION_PATHS, type ChoiceAnswer, type PermissionDetailAnswer, type PermissionRequestBody } from '../../shared/api/permissions';
import { PermissionDetailDialog } from './PermissionDetailDialog';
import { PermissionTable, usePermissionList } from './PermissionTable';

const EMPTY = { student_id: '', permission_reason_id: '', start_date: '', end_date: '', description: '', remarks: '' };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * The parent's page. `listOnly`: /permissions-parent (spec 1 §2.7, §2.8 parent menu), the list of
 * their children's requests alone (the server narrows it to the caller's children), with the way
 * to /parent/permission for a new one.
 */
export function ParentPermissionPage({ listOnly = false }: { listOnly?: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`permissions.${key}`);
  const calls = usePageCalls();
  const notify = useNotify();
  const list = usePermissionList();
  const [children, setChildren] = useState<ChoiceAnswer['data']>([]);
  const [reasons, setReasons] = useState<ChoiceAnswer['data']>([]);
  const [form, setForm] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    if (listOnly) return;
    calls.get<ChoiceAnswer>(PERMISSION_PATHS.children).then((a) => setChildren(a.data), (e: unknown) => setFailure(messageOf(e)));
    calls.get<ChoiceAnswer>(PERMISSION_PATHS.reasons).then((a) => setReasons(a.data), (e: unknown) => setFailure(messageOf(e)));
  }, [calls, listOnly]);
  const change = (name: keyof typeof EMPTY, value: string) => setForm((old) => ({ ...old, [name]: value }));
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const body: PermissionRequestBody = {
        student_id: Number(form.student_id) || 0,
        permission_reason_id: Number(form.permission_reason_id) || 0,
        start_date: form.start_date,
        end_date: form.end_date || form.start_date,
        description: form.description,
        ...(form.remarks.trim() ? { remarks: form.remarks.trim() } : {}),
        ...(file ? { file: { data: await readAsDataUrl(file), title: file.name } } : {}),
      };
      const answer = await calls.post<PermissionDetailAnswer>(PERMISSION_PATHS.permissions, body);
      notify(answer.message ?? t('sent'), { type: 'success', autoHideDuration: 5000 });
      setForm(EMPTY);
      setFile(null);
      setErrors({});
      list.reload();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const select = (name: 'student_id' | 'permission_reason_id', label: string, choices: ChoiceAnswer['data']) => (
    <TextField fullWidth={false} select size="small" label={label} value={form[name]} onChange={(e) => change(name, e.target.value)} error={!!errors[name]} helperText={errors[name] ?? ' '} required sx={{ minWidth: 220 }}>
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
  const listCard = (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant={listOnly ? 'h5' : 'h6'} component={listOnly ? 'h1' : 'h2'}>
            {t('title_parent')}
          </Typography>
          {listOnly && (
            <Button variant="contained" component={Link} to="/parent/permission">
              {t('new')}
            </Button>
          )}
        </Box>
        {failure && listOnly && <Alert severity="error" sx={{ mb: 2 }}>{failure}</Alert>}
        <PermissionTable list={list} onDetail={setOpen} />
      </CardContent>
    </Card>
  );
  if (listOnly) {
    return (
      <Stack spacing={2}>
        {listCard}
        <PermissionDetailDialog id={open} onClose={() => setOpen(null)} onChanged={list.reload} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            {t('new')}
          </Typography>
          {failure && <Alert severity="error" sx={{ mb: 2 }}>{failure}</Alert>}
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {select('student_id', t('child'), children)}
            {select('permission_reason_id', t('type'), reasons)}
            {(['start_date', 'end_date'] as const).map((name) => (
              <TextField key={name} fullWidth={false} type="date" size="small" label={t(name)} value={form[name]} onChange={(e) => change(name, e.target.value)} error={!!errors[name]} helperText={errors[name] ?? ' '} required={name === 'start_date'} slotProps={{ inputLabel: { shrink: true } }} />
            ))}
          </Stack>
          <TextField label={t('reason')} value={form.description} onChange={(e) => change('description', e.target.value)} multiline minRows={2} required error={!!errors.description} helperText={errors.description ?? ' '} />
          <TextField label={t('remarks')} value={form.remarks} onChange={(e) => change('remarks', e.target.value)} error={!!errors.remarks} helperText={errors.remarks ?? ' '} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined">
              {t('file')}
              <input hidden type="file" accept="application/pdf,image/png,image/jpeg" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Button>
            <Typography variant="body2">{file?.name ?? ''}</Typography>
            {errors.file && <Typography color="error" variant="body2">{errors.file}</Typography>}
          </Box>
          <Box sx={{ mt: 2 }}>
            <Button variant="contained" disabled={busy} onClick={() => void send()}>
              {t('send')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      {listCard}
      <PermissionDetailDialog id={open} onClose={() => setOpen(null)} onChanged={list.reload} />
    </Stack>
  );
}
