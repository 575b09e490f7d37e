// /parent/attendance and /student/attendance with their two tabs (spec 1 §2.4–§2.5): the daily
// attendance (each day's status coloured per spec 2 §4, late days marked, special days with
// their note; the counts of spec 3 §3.4; a day opens its detail, spec 3 §2.8) and the subject
// attendance (each lesson's status), over a period (the last 30 days unless Set Period says
// otherwise), per child.

import { useState } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { PORTAL_PATHS, weekdayOf, type AttendanceCounts, type ChildDaily, type ChildSubjects, type DailyRow, type WeekDay } from '../../shared/api/portal';
import { addDays, schoolToday } from '../../shared/schoolCalendar';
import { dateText, usePortalGet } from './portalCalls';
import { ChildGroup, LoadedBody, Panel, SetPeriodDialog, StatusChip, type Period } from './PortalParts';
import { PortalDetailDialog, type DetailTarget } from './PortalDetails';
import { PortalPage, type Narrow } from './PortalPage';
import { DayRow } from './PortalRows';

const asDay = (row: DailyRow): WeekDay => ({ ...row, ket_hri: weekdayOf(row.date), off_day: false });

function Counts({ counts }: { counts: Partial<AttendanceCounts> }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="attendance-counts">
      {(['present', 'permission', 'sick', 'absent', 'tardy'] as const)
        .filter((key) => counts[key] !== undefined)
        .map((key) => (
          <Chip key={key} size="small" variant="outlined" label={`${translate(`portal.counts.${key}`)} ${counts[key]}`} data-count={key} />
        ))}
    </Stack>
  );
}

function Daily({ narrow, period, onOpen }: { narrow: Narrow; period: Period; onOpen: (target: DetailTarget) => void }) {
  const loaded = usePortalGet<ChildDaily[]>(PORTAL_PATHS.daily, { ...narrow, date_from: period.from, date_to: period.to });
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(groups) => (
        <Stack spacing={2}>
          {groups.map((group) => (
            <Panel key={group.student_id} title={group.student_name} testId="daily-group">
              <Counts counts={group.counts} />
              <Box sx={{ mt: 1 }}>
                <ChildGroup name="" rows={group.rows} initial={10} render={(row) => <DayRow key={row.id} day={asDay(row)} onOpen={(id) => onOpen({ kind: 'day', id })} />} />
              </Box>
            </Panel>
          ))}
        </Stack>
      )}
    </LoadedBody>
  );
}

function Subjects({ narrow, period }: { narrow: Narrow; period: Period }) {
  const [locale] = useLocaleState();
  const loaded = usePortalGet<ChildSubjects[]>(PORTAL_PATHS.subject, { ...narrow, date_from: period.from, date_to: period.to });
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(groups) => (
        <Stack spacing={2}>
          {groups.map((group) => (
            <Panel key={group.student_id} title={group.student_name} testId="subject-group">
              <Counts counts={group.counts} />
              <Box sx={{ mt: 1 }}>
                <ChildGroup
                  name=""
                  rows={group.rows}
                  initial={12}
                  render={(row) => (
                    <Stack key={row.id} component="li" direction="row" spacing={1} data-testid="subject-row" sx={{ justifyContent: 'space-between', alignItems: 'center', py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {row.subject}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {dateText(row.date, locale)} · {row.time1} – {row.time2}
                          {row.note ? ` · ${row.note}` : ''}
                        </Typography>
                      </Box>
                      <StatusChip status={row.status} />
                    </Stack>
                  )}
                />
              </Box>
            </Panel>
          ))}
        </Stack>
      )}
    </LoadedBody>
  );
}

export function AttendancePage({ base, path }: { base: '/parent' | '/student'; path: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const today = schoolToday();
  const [period, setPeriod] = useState<Period>({ from: addDays(today, -30), to: today });
  const [periodOpen, setPeriodOpen] = useState(false);
  const [detail, setDetail] = useState<DetailTarget | null>(null);
  const daily = `${base}/attendance/daily-attendance`;
  const subject = `${base}/attendance/subject-attendance`;
  const tab = path === subject ? subject : daily;
  return (
    <PortalPage
      path={path}
      tab={tab}
      tabs={[
        { path: daily, label: 'portal.tabs.daily' },
        { path: subject, label: 'portal.tabs.subject' },
      ]}
      tools={
        <Button variant="outlined" size="small" onClick={() => setPeriodOpen(true)} data-testid="period-button">
          {translate('portal.period', { from: dateText(period.from, locale), to: dateText(period.to, locale) })}
        </Button>
      }
    >
      {(narrow) => (
        <>
          {tab === daily ? <Daily narrow={narrow} period={period} onOpen={setDetail} /> : <Subjects narrow={narrow} period={period} />}
          <PortalDetailDialog target={detail} onClose={() => setDetail(null)} />
          {periodOpen && (
            <SetPeriodDialog
              open
              value={period}
              onClose={() => setPeriodOpen(false)}
              onSearch={(next) => {
                setPeriod(next);
                setPeriodOpen(false);
              }}
            />
          )}
        </>
      )}
    </PortalPage>
  );
}
