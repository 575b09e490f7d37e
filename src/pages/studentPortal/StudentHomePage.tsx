// /student/home: the student's own week of attendance (spec 2 §4 colours; a day opens its
// detail), today's lessons from the class timetable, and the announcements that reach them with
// their comments (the board's own feed). The server answers for the logged-in student only.

import '../parentPortal/texts/register';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useAuthProvider, useTranslate } from 'react-admin';
import type { AppAuthProvider } from '../../providers/authProvider';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { COMBOARD_PATHS } from '../../shared/api/comboard';
import { PORTAL_PATHS, defaultWeek, weekdayOf, type ChildSchedule, type ChildWeek } from '../../shared/api/portal';
import { ComboardFeed } from '../comboard/ComboardFeed';
import { useComboardFeed } from '../comboard/useComboardFeed';
import { usePortalGet } from '../parentPortal/portalCalls';
import { schoolToday } from '../../shared/schoolCalendar';
import { ChildGroup, LoadedBody, Panel } from '../parentPortal/PortalParts';
import { PortalDetailDialog, type DetailTarget } from '../parentPortal/PortalDetails';
import { DayRow } from '../parentPortal/PortalRows';

const NO_FILTER = {};

export function StudentHomePage() {
  const translate = useTranslate();
  const title = useRouteTitle('/student/home');
  useDocumentTitle(title);
  const user = (useAuthProvider() as AppAuthProvider | undefined)?.currentUser();
  const today = schoolToday();
  const week = useMemo(() => defaultWeek(today), [today]);
  const weekly = usePortalGet<ChildWeek[]>(PORTAL_PATHS.week, week);
  const schedule = usePortalGet<ChildSchedule[]>(PORTAL_PATHS.schedule);
  const feed = useComboardFeed(COMBOARD_PATHS.parentFeed, NO_FILTER);
  const [detail, setDetail] = useState<DetailTarget | null>(null);
  const weekday = weekdayOf(today).toLowerCase();
  return (
    <Box data-testid="area-home" data-portal="student" sx={{ pb: 4 }}>
      <Box sx={{ mb: 2 }} data-testid="portal-greeting">
        <Typography component="h1" variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.5 }}>
          {title}
        </Typography>
        <Typography component="p" variant="h5">
          {translate('portal.hi', { name: user?.name || user?.username || '' })}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {translate('portal.student_home.intro')}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' } }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Panel
            testId="panel-weekly"
            title={translate('portal.panels.weekly')}
            action={
              <Button size="small" component={RouterLink} to="/student/attendance">
                {translate('portal.more')}
              </Button>
            }
          >
            <LoadedBody loaded={weekly} reload={weekly.reload}>
              {(groups) => (
                <>
                  {groups.map((group) => (
                    <ChildGroup key={group.student_id} name="" rows={[...group.data].reverse()} initial={5} render={(day) => <DayRow key={day.date} day={day} onOpen={(id) => setDetail({ kind: 'day', id })} />} />
                  ))}
                </>
              )}
            </LoadedBody>
          </Panel>
          <Panel testId="panel-today" title={translate('portal.panels.today_schedule')}>
            <LoadedBody loaded={schedule} reload={schedule.reload}>
              {(groups) => (
                <>
                  {groups.map((group) => (
                    <ChildGroup
                      key={group.student_id}
                      name=""
                      rows={group.rows.filter((r) => r.day === weekday)}
                      initial={10}
                      empty={translate('portal.student_home.no_lessons_today')}
                      render={(r) => (
                        <Box component="li" key={r.id} data-testid="today-lesson" sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1 }}>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {r.start_time} – {r.end_time} · {r.subject}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {[r.teacher, r.room].filter(Boolean).join(' · ')}
                          </Typography>
                        </Box>
                      )}
                    />
                  ))}
                </>
              )}
            </LoadedBody>
          </Panel>
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {translate('portal.panels.feed')}
          </Typography>
          <ComboardFeed feed={feed} />
        </Stack>
      </Box>
      <PortalDetailDialog target={detail} onClose={() => setDetail(null)} />
    </Box>
  );
}
