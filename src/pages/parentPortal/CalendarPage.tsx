// /parent/calendar and /student/calendar: the public school events of the children's units and
// the holidays, by month, from the school's records (/listschoolevents, /holidays); plainly
// "nothing" when the period holds none.

import { Box, Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import dayjs from 'dayjs';
import { PORTAL_PATHS, type CalendarItem } from '../../shared/api/portal';
import { dateText, usePortalGet } from './portalCalls';
import { LoadedBody, Panel } from './PortalParts';
import { PortalPage, type Narrow } from './PortalPage';

function Items({ narrow }: { narrow: Narrow }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const loaded = usePortalGet<CalendarItem[]>(PORTAL_PATHS.calendar, narrow);
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(items) => {
        if (items.length === 0) return <Typography color="text.secondary" data-testid="portal-empty">{translate('portal.empty.calendar')}</Typography>;
        const months = [...new Set(items.map((i) => i.start_date.slice(0, 7)))];
        return (
          <Stack spacing={2}>
            {months.map((month) => (
              <Panel key={month} title={dayjs(`${month}-01`).locale(locale === 'id' ? 'id' : 'en').format('MMMM YYYY')} testId="calendar-month">
                <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {items
                    .filter((i) => i.start_date.startsWith(month))
                    .map((i) => (
                      <Box component="li" key={`${i.kind}-${i.name}-${i.start_date}`} data-testid="calendar-item" sx={{ borderLeft: 4, borderColor: i.color ?? 'error.main', pl: 1 }}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {i.name}
                          </Typography>
                          <Chip size="small" variant="outlined" label={translate(i.kind === 'holiday' ? 'portal.fields.holiday' : 'portal.fields.event')} />
                        </Stack>
                        <Typography variant="caption" color="text.secondary">
                          {dateText(i.start_date, locale, true)}
                          {i.end_date !== i.start_date ? ` – ${dateText(i.end_date, locale, true)}` : ''}
                          {i.start_time ? ` · ${i.start_time}${i.end_time ? ` – ${i.end_time}` : ''}` : ''}
                          {i.location ? ` · ${i.location}` : ''}
                        </Typography>
                      </Box>
                    ))}
                </Stack>
              </Panel>
            ))}
          </Stack>
        );
      }}
    </LoadedBody>
  );
}

export function CalendarPage({ path }: { path: string }) {
  return <PortalPage path={path}>{(narrow) => <Items narrow={narrow} />}</PortalPage>;
}
