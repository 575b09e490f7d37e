// /parent/schedule and /student/schedule: each child's class timetable (the schedule records of
// the class: day, times, subject, teacher, room), or plainly that there is none yet.

import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PORTAL_PATHS, type ChildSchedule } from '../../shared/api/portal';
import { usePortalGet } from './portalCalls';
import { LoadedBody, Panel } from './PortalParts';
import { PortalPage, type Narrow } from './PortalPage';

function Timetable({ narrow }: { narrow: Narrow }) {
  const translate = useTranslate();
  const loaded = usePortalGet<ChildSchedule[]>(PORTAL_PATHS.schedule, narrow);
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(groups) => (
        <Stack spacing={2}>
          {groups.map((group) => {
            const days = [...new Set(group.rows.map((r) => r.day))];
            return (
              <Panel key={group.student_id} title={group.classname ? `${group.student_name} · ${group.classname}` : group.student_name} testId="schedule-group">
                {group.rows.length === 0 ? (
                  <Typography color="text.secondary" data-testid="portal-empty">
                    {translate(group.classname ? 'portal.empty.schedule' : 'portal.empty.no_class')}
                  </Typography>
                ) : (
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(240px, 1fr))' } }}>
                    {days.map((day) => (
                      <Box key={day}>
                        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                          {translate(`portal.days.${day}`)}
                        </Typography>
                        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                          {group.rows
                            .filter((r) => r.day === day)
                            .map((r) => (
                              <Box component="li" key={r.id} data-testid="schedule-row" sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1 }}>
                                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                                  {r.start_time} – {r.end_time} · {r.subject}
                                </Typography>
                                <Typography variant="caption" color="text.secondary">
                                  {[r.teacher, r.room].filter(Boolean).join(' · ')}
                                </Typography>
                              </Box>
                            ))}
                        </Stack>
                      </Box>
                    ))}
                  </Box>
                )}
              </Panel>
            );
          })}
        </Stack>
      )}
    </LoadedBody>
  );
}

export function SchedulePage({ path }: { path: string }) {
  return <PortalPage path={path}>{(narrow) => <Timetable narrow={narrow} />}</PortalPage>;
}
