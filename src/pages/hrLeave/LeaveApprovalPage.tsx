// /hrreqleave (issue 14; spec 3 §2.3, §4, §6, §8): the leave requests the caller approves,
// newest first, "Your turn" on those waiting for them; HR (ROLE_ADMIN, ROLE_FOUNDATION) may
// show everyone's. A row opens the approval detail, where the approver approves or rejects
// their row; `?leave={id}` opens it directly (where tr_hr_leave_approval notifications lead).

import './texts/register';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { HR_READ_ALL_ROLES, type LeaveState } from '../../shared/api/hr';
import { useLeaveList } from './leaveCalls';
import { LeaveDetailDialog } from './LeaveDetailDialog';
import { LeaveTable, PER_PAGE } from './LeaveTable';

const STATES: readonly LeaveState[] = ['waiting', 'approved', 'rejected'];

export function LeaveApprovalPage() {
  const title = useRouteTitle('/hrreqleave');
  useDocumentTitle(title);
  const translate = useTranslate();
  const t = (key: string) => translate(`hrLeave.${key}`);
  const { permissions } = usePermissions<string[]>();
  const readsAll = Array.isArray(permissions) && permissions.some((role) => (HR_READ_ALL_ROLES as readonly string[]).includes(role));
  const [scope, setScope] = useState<'approvals' | 'all'>('approvals');
  const [state, setState] = useState<LeaveState | ''>('');
  const [page, setPage] = useState(0);
  const list = useLeaveList({ scope, page: page + 1, per_page: PER_PAGE, ...(state ? { state } : {}) });
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('leave'));
  const open = Number.isInteger(asked) && asked > 0 ? asked : null;
  const show = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('leave');
    else next.set('leave', String(id));
    setParams(next, { replace: true });
  };
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
            <Typography component="h1" variant="h5">
              {title}
            </Typography>
            <Stack direction="row" spacing={2}>
              {readsAll && (
                <TextField fullWidth={false} select size="small" label={t('list.scope')} value={scope} onChange={(event) => { setScope(event.target.value as 'approvals' | 'all'); setPage(0); }} sx={{ minWidth: 200 }}>
                  <MenuItem value="approvals">{t('list.approvals')}</MenuItem>
                  <MenuItem value="all">{t('list.all_requests')}</MenuItem>
                </TextField>
              )}
              <TextField fullWidth={false} select size="small" label={t('list.filter_state')} value={state} onChange={(event) => { setState(event.target.value as LeaveState | ''); setPage(0); }} sx={{ minWidth: 200 }}>
                <MenuItem value="">{t('common.all')}</MenuItem>
                {STATES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`state.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Box>
          <LeaveTable list={list} page={page} onPage={setPage} showEmployee ownerActions={false} onDetail={show} />
        </CardContent>
      </Card>
      <LeaveDetailDialog id={open} onClose={() => show(null)} onChanged={list.reload} />
    </Stack>
  );
}
