// /reportattendancedaily (spec 1 §2.7): the daily attendance records of a class over a period, per
// student: days recorded, present, permission, sick, absent, late (spec 3 §3.4 counts) and the
// minutes late. For the staff who read the attendance records (ROLE_ADMIN, ROLE_TEACHER,
// ROLE_FOUNDATION); its texts are the portals' (`portal.report.*`).

import '../parentPortal/texts/register';
import { useEffect, useState } from 'react';
import { Box, Button, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePageCalls } from '../../app/pageCalls';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { PORTAL_PATHS, type DailyReportRow } from '../../shared/api/portal';
import { addDays, schoolToday } from '../../shared/schoolCalendar';
import { usePortalGet } from '../parentPortal/portalCalls';
import { LoadedBody } from '../parentPortal/PortalParts';

const PATH = '/reportattendancedaily';
const COUNTS = ['days', 'present', 'permission', 'sick', 'absent', 'tardy', 'late_minutes'] as const;

function Report({ classId, from, to }: { classId: number; from: string; to: string }) {
  const translate = useTranslate();
  const loaded = usePortalGet<DailyReportRow[]>(PORTAL_PATHS.dailyReport, { class_id: classId, date_from: from, date_to: to });
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(rows) =>
        rows.length === 0 ? (
          <Typography color="text.secondary">{translate('portal.no_data')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('portal.report.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('portal.fields.nis')}</TableCell>
                  <TableCell>{translate('portal.fields.name')}</TableCell>
                  {COUNTS.map((key) => (
                    <TableCell key={key} align="right">
                      {translate(`portal.report.${key}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.student_id} data-testid="report-row">
                    <TableCell>{row.nis}</TableCell>
                    <TableCell>{row.name}</TableCell>
                    {COUNTS.map((key) => (
                      <TableCell key={key} align="right" sx={{ color: (key === 'absent' || key === 'tardy') && row[key] > 0 ? 'error.main' : undefined }}>
                        {row[key]}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )
      }
    </LoadedBody>
  );
}

export function AttendanceReportPage() {
  const translate = useTranslate();
  const title = useRouteTitle(PATH);
  useDocumentTitle(title);
  const calls = usePageCalls();
  const [classes, setClasses] = useState<{ id: number; name: string }[]>([]);
  const today = schoolToday();
  const [draft, setDraft] = useState({ classId: '' as number | '', from: addDays(today, -30), to: today });
  const [shown, setShown] = useState<{ classId: number; from: string; to: string } | null>(null);
  useEffect(() => {
    calls.get<{ success: true; data: { id: number; name: string }[] }>('class').then(
      (answer) => setClasses((answer.data ?? []).map((c) => ({ id: Number(c.id), name: String(c.name) }))),
      () => setClasses([]),
    );
  }, [calls]);
  const wrong = draft.to < draft.from;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
        <TextField select label={translate('portal.fields.class')} value={draft.classId} onChange={(e) => setDraft({ ...draft, classId: Number(e.target.value) })} sx={{ minWidth: 200 }}>
          {classes.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField type="date" label={translate('portal.start_date')} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField
          type="date"
          label={translate('portal.end_date')}
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          error={wrong}
          helperText={wrong ? translate('portal.end_before_start') : ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.from } }}
        />
        <Button variant="contained" disabled={draft.classId === '' || wrong || !draft.from || !draft.to} onClick={() => draft.classId !== '' && setShown({ classId: draft.classId, from: draft.from, to: draft.to })} sx={{ mt: { sm: 1 } }}>
          {translate('portal.search')}
        </Button>
      </Stack>
      {shown ? <Report {...shown} /> : <Typography color="text.secondary">{translate('portal.report.choose')}</Typography>}
    </Box>
  );
}
