// /parent/coursework and /student/coursework: the lesson plans of each child's class (date,
// subject, meeting, topic, teacher) as the school entered them (/lessonplan); plainly "none yet"
// otherwise. Assignments and their scores are not recorded by this app yet.

import { Box, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { PORTAL_PATHS, type ChildCoursework } from '../../shared/api/portal';
import { dateText, usePortalGet } from './portalCalls';
import { ChildGroup, LoadedBody, Panel } from './PortalParts';
import { PortalPage, type Narrow } from './PortalPage';

function Plans({ narrow }: { narrow: Narrow }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const loaded = usePortalGet<ChildCoursework[]>(PORTAL_PATHS.coursework, narrow);
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(groups) => (
        <Stack spacing={2}>
          {groups.map((group) => (
            <Panel key={group.student_id} title={group.student_name} testId="coursework-group">
              {group.rows.length === 0 ? (
                <Typography color="text.secondary" data-testid="portal-empty">
                  {translate('portal.empty.coursework')}
                </Typography>
              ) : (
                <ChildGroup
                  name=""
                  rows={group.rows}
                  initial={10}
                  render={(row) => (
                    <Box component="li" key={row.id} data-testid="coursework-row" sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {row.topic}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {[row.subject, row.meeting !== null ? `${translate('portal.fields.meeting')} ${row.meeting}` : null, dateText(row.lesson_date, locale), row.teacher].filter(Boolean).join(' · ')}
                      </Typography>
                    </Box>
                  )}
                />
              )}
            </Panel>
          ))}
        </Stack>
      )}
    </LoadedBody>
  );
}

export function CourseworkPage({ path }: { path: string }) {
  return <PortalPage path={path}>{(narrow) => <Plans narrow={narrow} />}</PortalPage>;
}
