// /parent/academic and /student/academic: what the school's records say of each child's year:
// unit, class, academic year, semester, homeroom teacher, and the subjects on the class's
// timetable with their KKM. Scores are not recorded by this app yet, so none are shown.

import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PORTAL_PATHS, type ChildAcademic } from '../../shared/api/portal';
import { usePortalGet } from './portalCalls';
import { Facts, LoadedBody, Panel } from './PortalParts';
import { PortalPage, type Narrow } from './PortalPage';

function Summary({ narrow }: { narrow: Narrow }) {
  const translate = useTranslate();
  const loaded = usePortalGet<ChildAcademic[]>(PORTAL_PATHS.academic, narrow);
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(groups) => (
        <Stack spacing={2}>
          {groups.map((child) => (
            <Panel key={child.student_id} title={child.student_name} testId="academic-group">
              <Facts
                items={[
                  [translate('portal.fields.nis'), child.nis],
                  [translate('portal.fields.department'), child.departname],
                  [translate('portal.fields.class'), child.classname],
                  [translate('portal.fields.academic_year'), child.academic_year],
                  [translate('portal.fields.semester'), child.semester],
                  [translate('portal.fields.homeroom'), child.homeroom_teacher],
                ]}
              />
              {child.subjects.length === 0 ? (
                <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="portal-empty">
                  {translate(child.classname ? 'portal.empty.academic_subjects' : 'portal.empty.no_class')}
                </Typography>
              ) : (
                <Table size="small" sx={{ mt: 2 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('portal.fields.subject')}</TableCell>
                      <TableCell align="right">{translate('portal.fields.kkm')}</TableCell>
                      <TableCell align="right">{translate('portal.fields.lessons_per_week')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {child.subjects.map((s) => (
                      <TableRow key={s.code}>
                        <TableCell>{s.name}</TableCell>
                        <TableCell align="right">{s.kkm ?? '—'}</TableCell>
                        <TableCell align="right">{s.lessons_per_week}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Panel>
          ))}
        </Stack>
      )}
    </LoadedBody>
  );
}

export function AcademicPage({ path }: { path: string }) {
  return <PortalPage path={path}>{(narrow) => <Summary narrow={narrow} />}</PortalPage>;
}
