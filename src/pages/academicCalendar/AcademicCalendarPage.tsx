// The staff calendar (/calendar, spec 1 §2.7 "Calendar and periods"): a month of the school's
// events and the active holiday lists' days (GET academic-calendar; src/shared/api/academicHome.ts),
// as a grid of weeks from Monday, today marked; on a phone, the month's days that hold something,
// as a list. The previous and next month and back to this one by buttons; the month shown is in
// the address (?month=YYYY-MM), so it survives a reload and can be shared. The records
// themselves are kept at /listschoolevents and /holidays-detail.

import './texts/register';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, IconButton, Link, Paper, Skeleton, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/id';
import { messageOf, usePageCalls } from '../../app/pageCalls';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { ACADEMIC_HOME_PATHS, type AcademicCalendarAnswer } from '../../shared/api/academicHome';
import type { CalendarItem } from '../../shared/api/portal';
import { schoolToday } from '../../shared/schoolCalendar';

/** How many items a day's cell lists before "+n more". */
const CELL_ITEMS = 3;

function monthOf(param: string | null, today: string): string {
  return param && /^\d{4}-(0[1-9]|1[0-2])$/.test(param) ? param : today.slice(0, 7);
}

/** The Monday-first weeks that hold the month: its first and last day shown, and every day between. */
function gridOf(month: string): Dayjs[] {
  const first = dayjs(`${month}-01`);
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const last = first.endOf('month');
  const end = last.add((7 - ((last.day() + 6) % 7) - 1) % 7, 'day');
  const days: Dayjs[] = [];
  for (let d = start; !d.isAfter(end, 'day'); d = d.add(1, 'day')) days.push(d);
  return days;
}

const on = (item: CalendarItem, date: string) => item.start_date <= date && item.end_date >= date;

function ItemChip({ item, translate, dense }: { item: CalendarItem; translate: (key: string) => string; dense?: boolean }) {
  const holiday = item.kind === 'holiday';
  const time = item.start_time ? `${item.start_time}${item.end_time ? `–${item.end_time}` : ''} ` : '';
  const title = `${translate(holiday ? 'academicCalendar.holiday' : 'academicCalendar.event')}: ${time}${item.name}${item.location ? ` · ${item.location}` : ''}`;
  return (
    <Tooltip title={title}>
      <Box
        data-testid="calendar-entry"
        aria-label={title}
        sx={{
          borderLeft: 3,
          borderColor: holiday ? 'error.main' : (item.color ?? 'primary.main'),
          bgcolor: holiday ? 'error.light' : 'action.hover',
          color: holiday ? 'error.contrastText' : 'text.primary',
          px: 0.5,
          borderRadius: 0.5,
          fontSize: dense ? 12 : 14,
          lineHeight: 1.5,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {time}
        {item.name}
      </Box>
    </Tooltip>
  );
}

export function AcademicCalendarPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const calls = usePageCalls();
  const title = useRouteTitle('/calendar');
  useDocumentTitle(title);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const today = schoolToday();
  const month = monthOf(params.get('month'), today);
  const days = useMemo(() => gridOf(month), [month]);
  const from = days[0].format('YYYY-MM-DD');
  const to = days[days.length - 1].format('YYYY-MM-DD');
  const [state, setState] = useState<{ items: CalendarItem[] | null; error: string | null; key: string }>({ items: null, error: null, key: '' });
  const [tick, setTick] = useState(0);
  const key = `${from}/${to}/${tick}`;
  useEffect(() => {
    let live = true;
    calls.get<AcademicCalendarAnswer>(ACADEMIC_HOME_PATHS.calendar, { date_from: from, date_to: to }).then(
      (answer) => live && setState({ items: answer.data, error: null, key }),
      (error: unknown) => live && setState({ items: null, error: messageOf(error), key }),
    );
    return () => {
      live = false;
    };
  }, [calls, from, to, key]);
  const go = useCallback((next: string) => setParams(next === today.slice(0, 7) ? {} : { month: next }), [setParams, today]);
  const shift = (months: number) => go(dayjs(`${month}-01`).add(months, 'month').format('YYYY-MM'));
  const lang = locale === 'id' ? 'id' : 'en';
  const monthName = dayjs(`${month}-01`).locale(lang).format('MMMM YYYY');
  const loaded = state.key === key ? state : { items: null, error: null };
  const weekdays = days.slice(0, 7).map((d) => d.locale(lang).format(phone ? 'dd' : 'ddd'));
  const inMonth = (loaded.items ?? []).filter((i) => i.end_date >= `${month}-01` && i.start_date <= `${month}-31`);

  return (
    <Stack spacing={2} data-testid="academic-calendar">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Link component={RouterLink} to="/listschoolevents" variant="body2">
          {translate('academicCalendar.manage')}
        </Link>
        <Link component={RouterLink} to="/holidays-detail" variant="body2">
          {translate('academicCalendar.holidays')}
        </Link>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <IconButton aria-label={translate('academicCalendar.previous')} onClick={() => shift(-1)}>
          <Box component="span" aria-hidden sx={{ fontSize: 24, lineHeight: 1 }}>
            ‹
          </Box>
        </IconButton>
        <Typography component="h2" variant="h6" aria-live="polite" sx={{ minWidth: 180, textAlign: 'center' }}>
          {monthName}
        </Typography>
        <IconButton aria-label={translate('academicCalendar.next')} onClick={() => shift(1)}>
          <Box component="span" aria-hidden sx={{ fontSize: 24, lineHeight: 1 }}>
            ›
          </Box>
        </IconButton>
        <Button size="small" variant="outlined" disabled={month === today.slice(0, 7)} onClick={() => go(today.slice(0, 7))}>
          {translate('academicCalendar.thisMonth')}
        </Button>
      </Stack>
      {loaded.error && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => setTick((t) => t + 1)}>{translate('academicCalendar.retry')}</Button>}>
          {loaded.error}
        </Alert>
      )}
      {!loaded.items && !loaded.error && <Skeleton variant="rounded" height={phone ? 240 : 480} aria-label={translate('academicCalendar.loading')} />}
      {loaded.items && inMonth.length === 0 && (
        <Typography color="text.secondary" data-testid="calendar-empty">
          {translate('academicCalendar.empty', { month: monthName })}
        </Typography>
      )}
      {loaded.items && phone && inMonth.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {days
            .filter((d) => d.format('YYYY-MM') === month && inMonth.some((i) => on(i, d.format('YYYY-MM-DD'))))
            .map((d) => {
              const date = d.format('YYYY-MM-DD');
              return (
                <Paper component="li" key={date} variant="outlined" sx={{ p: 1 }} data-testid="calendar-day" aria-current={date === today ? 'date' : undefined}>
                  <Typography variant="subtitle2" color={date === today ? 'primary' : undefined}>
                    {d.locale(lang).format('dddd, D MMMM')}
                    {date === today ? ` · ${translate('academicCalendar.today')}` : ''}
                  </Typography>
                  <Stack spacing={0.5} sx={{ mt: 0.5 }}>
                    {inMonth.filter((i) => on(i, date)).map((i) => (
                      <ItemChip key={`${i.kind}-${i.name}-${i.start_date}`} item={i} translate={translate} />
                    ))}
                  </Stack>
                </Paper>
              );
            })}
        </Stack>
      )}
      {loaded.items && !phone && (
        <Paper variant="outlined" role="grid" aria-label={monthName} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
          {weekdays.map((name) => (
            <Box key={name} role="columnheader" sx={{ px: 1, py: 0.5, fontWeight: 500, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
              {name}
            </Box>
          ))}
          {days.map((d, index) => {
            const date = d.format('YYYY-MM-DD');
            const items = (loaded.items ?? []).filter((i) => on(i, date));
            const outside = d.format('YYYY-MM') !== month;
            const weekend = index % 7 >= 5;
            return (
              <Box
                key={date}
                role="gridcell"
                data-testid="calendar-cell"
                data-date={date}
                aria-current={date === today ? 'date' : undefined}
                aria-label={`${d.locale(lang).format('dddd, D MMMM YYYY')}${items.length ? `: ${items.map((i) => i.name).join(', ')}` : ''}`}
                sx={{
                  minHeight: 104,
                  p: 0.5,
                  borderRight: (index + 1) % 7 ? 1 : 0,
                  borderBottom: index < days.length - 7 ? 1 : 0,
                  borderColor: 'divider',
                  bgcolor: outside ? 'action.hover' : undefined,
                  opacity: outside ? 0.6 : 1,
                  minWidth: 0,
                }}
              >
                <Typography
                  variant="body2"
                  sx={{
                    mb: 0.5,
                    width: 26,
                    height: 26,
                    lineHeight: '26px',
                    textAlign: 'center',
                    borderRadius: '50%',
                    color: date === today ? 'primary.contrastText' : weekend || items.some((i) => i.kind === 'holiday') ? 'error.main' : undefined,
                    bgcolor: date === today ? 'primary.main' : undefined,
                    fontWeight: date === today ? 600 : undefined,
                  }}
                >
                  {d.date()}
                </Typography>
                <Stack spacing={0.25}>
                  {items.slice(0, CELL_ITEMS).map((i) => (
                    <ItemChip key={`${i.kind}-${i.name}-${i.start_date}`} item={i} translate={translate} dense />
                  ))}
                  {items.length > CELL_ITEMS && (
                    <Typography variant="caption" color="text.secondary">
                      {translate('academicCalendar.more', { smart_count: items.length - CELL_ITEMS })}
                    </Typography>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Paper>
      )}
      {loaded.items && (
        <Stack direction="row" sx={{ gap: 1 }}>
          <Chip size="small" variant="outlined" sx={{ borderLeft: 3, borderLeftColor: 'primary.main' }} label={translate('academicCalendar.event')} />
          <Chip size="small" variant="outlined" sx={{ borderLeft: 3, borderLeftColor: 'error.main' }} label={translate('academicCalendar.holiday')} />
        </Stack>
      )}
    </Stack>
  );
}
