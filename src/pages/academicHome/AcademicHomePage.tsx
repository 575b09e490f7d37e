// The academic home (/home-academic, spec 1 §2.1, §2.3): where every staff user without the
// finance role lands. The school day of the caller, as the server narrows it
// (src/shared/api/academicHome.ts): today (the term, a holiday), their lessons today with
// whether attendance was taken, their homeroom class's attendance today, the students'
// permission requests waiting for their decision, the next two weeks' events and holidays,
// and for the academic admin and the foundation the school's figures. Each part says so when
// it is empty; a failed call shows its message with a way to try again.

import './texts/register';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Grid, Link, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { messageOf, usePageCalls } from '../../app/pageCalls';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { ACADEMIC_HOME_PATHS, type AcademicHome, type AcademicHomeAnswer, type DayAttendance, type TodayLesson } from '../../shared/api/academicHome';
import { schoolClock, schoolToday } from '../../shared/schoolCalendar';

type Translate = (key: string, options?: Record<string, unknown>) => string;

function dayText(value: string, locale: string, format = 'D MMMM YYYY'): string {
  const day = dayjs(value);
  return day.isValid() ? day.locale(locale === 'id' ? 'id' : 'en').format(format) : value;
}

function Section({ title, testId, action, children }: { title: string; testId: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card data-testid={testId} component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography component="h2" variant="h6">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
      {children}
    </Typography>
  );
}

function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Link>
  );
}

function Figure({ label, value, tone }: { label: string; value: ReactNode; tone?: 'success.main' | 'warning.main' | 'error.main' | 'info.main' }) {
  return (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="h5" component="p" sx={{ color: tone, fontWeight: 500 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function AttendanceFigures({ day, translate }: { day: DayAttendance; translate: Translate }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
      <Figure label={`${translate('academicHome.homeroom.present')}${day.late ? ` (${day.late} ${translate('academicHome.homeroom.late')})` : ''}`} value={day.present} tone="success.main" />
      <Figure label={translate('academicHome.homeroom.permission')} value={day.permission} tone="info.main" />
      <Figure label={translate('academicHome.homeroom.sick')} value={day.sick} tone="warning.main" />
      <Figure label={translate('academicHome.homeroom.absent')} value={day.absent} tone="error.main" />
      <Figure label={translate('academicHome.homeroom.unrecorded')} value={day.unrecorded} />
    </Stack>
  );
}

/** What today is: its holidays, else a weekend day, else a school day. */
export function DayChips({ home, translate }: { home: Pick<AcademicHome, 'holidays' | 'weekend'>; translate: Translate }) {
  if (home.holidays.length) {
    return home.holidays.map((name) => <Chip key={name} color="warning" label={translate('academicHome.today.holiday', { name })} sx={{ mr: 1 }} />);
  }
  return <Chip variant="outlined" label={translate(home.weekend ? 'academicHome.today.weekend' : 'academicHome.today.schoolDay')} />;
}

function TodayCard({ home, locale, translate }: { home: AcademicHome; locale: string; translate: Translate }) {
  return (
    <Section title={translate('academicHome.today.title')} testId="academic-today">
      <Typography variant="h5" component="p">
        {dayText(home.date, locale, 'dddd, D MMMM YYYY')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {home.academic_year
          ? translate('academicHome.today.term', { year: home.academic_year, semester: home.semester ?? '' }).replace(/, $/, '')
          : translate('academicHome.today.noTerm')}
      </Typography>
      <DayChips home={home} translate={translate} />
    </Section>
  );
}

/**
 * A lesson of today: upcoming before it starts, going on until it ends, then whether its
 * attendance was taken; another day's lessons (?date) only the latter.
 */
export function LessonChip({ lesson, now, translate }: { lesson: TodayLesson; now: string | null; translate: Translate }) {
  if (!lesson.attendance_taken && now !== null && now < lesson.start_time) return <Chip size="small" variant="outlined" label={translate('academicHome.lessons.upcoming')} />;
  if (!lesson.attendance_taken && now !== null && now < lesson.end_time) return <Chip size="small" color="primary" label={translate('academicHome.lessons.now')} />;
  return (
    <Chip
      size="small"
      variant={lesson.attendance_taken ? 'filled' : 'outlined'}
      color={lesson.attendance_taken ? 'success' : 'warning'}
      label={translate(lesson.attendance_taken ? 'academicHome.lessons.taken' : 'academicHome.lessons.notTaken')}
    />
  );
}

function LessonsCard({ home, translate }: { home: AcademicHome; translate: Translate }) {
  // The school's clock, HH:MM, when the answer is today's.
  const now = home.date === schoolToday() ? schoolClock().slice(0, 5) : null;
  return (
    <Section title={translate('academicHome.lessons.title')} testId="academic-lessons" action={<MoreLink to="/schedule">{translate('academicHome.lessons.timetable')}</MoreLink>}>
      {!home.lessons.length && <Quiet>{translate('academicHome.lessons.none')}</Quiet>}
      <List dense disablePadding>
        {home.lessons.map((lesson) => (
          <ListItem key={lesson.id} disableGutters divider>
            <ListItemText
              primary={`${lesson.start_time}–${lesson.end_time} · ${lesson.class_name}`}
              secondary={[lesson.subject, lesson.room].filter(Boolean).join(' · ')}
            />
            <LessonChip lesson={lesson} now={now} translate={translate} />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}

function HomeroomCard({ home, translate }: { home: AcademicHome; translate: Translate }) {
  return (
    <Section title={translate('academicHome.homeroom.title')} testId="academic-homeroom" action={<MoreLink to="/reportattendancedaily">{translate('academicHome.homeroom.report')}</MoreLink>}>
      {!home.homeroom.length && <Quiet>{translate('academicHome.homeroom.none')}</Quiet>}
      <Stack spacing={2}>
        {home.homeroom.map((room) => (
          <Box key={room.class_id} data-testid="homeroom-class">
            <Typography variant="subtitle1" component="h3">
              {room.class_name}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                · {translate('academicHome.homeroom.students', { smart_count: room.students })}
              </Typography>
            </Typography>
            <AttendanceFigures day={room} translate={translate} />
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

function ApprovalsCard({ home, locale, translate }: { home: AcademicHome; locale: string; translate: Translate }) {
  const { count, items } = home.approvals;
  return (
    <Section
      title={translate('academicHome.approvals.title')}
      testId="academic-approvals"
      action={
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          {count > 0 && <Chip size="small" color="warning" label={count} aria-hidden />}
          <MoreLink to="/permissions">{translate('academicHome.approvals.all')}</MoreLink>
        </Stack>
      }
    >
      {!count && <Quiet>{translate('academicHome.approvals.none')}</Quiet>}
      <List dense disablePadding>
        {items.map((item) => (
          <ListItemButton key={item.id} component={RouterLink} to={`/permission/${item.id}`} divider sx={{ px: 0 }}>
            <ListItemText
              primary={`${item.student_name} · ${item.class_name}`}
              secondary={`${item.reason} · ${
                item.start_date === item.end_date
                  ? dayText(item.start_date, locale)
                  : translate('academicHome.approvals.period', { from: dayText(item.start_date, locale), to: dayText(item.end_date, locale) })
              } · ${item.permission_no}`}
            />
          </ListItemButton>
        ))}
      </List>
      {count > items.length && <Quiet>{translate('academicHome.approvals.more', { shown: items.length, count })}</Quiet>}
    </Section>
  );
}

function AgendaCard({ home, locale, translate }: { home: AcademicHome; locale: string; translate: Translate }) {
  return (
    <Section title={translate('academicHome.agenda.title')} testId="academic-agenda" action={<MoreLink to="/calendar">{translate('academicHome.agenda.calendar')}</MoreLink>}>
      {!home.agenda.length && <Quiet>{translate('academicHome.agenda.none')}</Quiet>}
      <List dense disablePadding>
        {home.agenda.map((item, i) => (
          <ListItem key={`${item.kind}-${item.start_date}-${item.name}-${i}`} disableGutters divider>
            <ListItemText
              primary={item.name}
              secondary={[
                item.start_date === item.end_date ? dayText(item.start_date, locale, 'ddd, D MMM') : `${dayText(item.start_date, locale, 'D MMM')} – ${dayText(item.end_date, locale, 'D MMM YYYY')}`,
                item.start_time ? `${item.start_time}${item.end_time ? `–${item.end_time}` : ''}` : null,
                item.location,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            <Chip size="small" variant="outlined" color={item.kind === 'holiday' ? 'warning' : 'primary'} label={translate(item.kind === 'holiday' ? 'academicHome.agenda.holiday' : 'academicHome.agenda.event')} />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}

function SchoolCard({ school, translate }: { school: NonNullable<AcademicHome['school']>; translate: Translate }) {
  const recorded = school.attendance.students - school.attendance.unrecorded;
  return (
    <Section title={translate('academicHome.school.title')} testId="academic-school">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, mb: 2 }}>
        <Figure label={translate('academicHome.school.students')} value={school.students} />
        <Figure label={translate('academicHome.school.classes')} value={school.classes} />
        <Figure label={translate('academicHome.school.teachers')} value={school.teachers} />
        <Figure label={translate('academicHome.school.withoutHomeroom')} value={school.classes_without_homeroom} tone={school.classes_without_homeroom ? 'warning.main' : undefined} />
        <Figure label={translate('academicHome.school.attendance')} value={translate('academicHome.school.recorded', { recorded, students: school.attendance.students })} />
      </Stack>
      <AttendanceFigures day={school.attendance} translate={translate} />
    </Section>
  );
}

export function AcademicHomePage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const calls = usePageCalls();
  const title = useRouteTitle('/home-academic');
  useDocumentTitle(title);
  const [home, setHome] = useState<{ data: AcademicHome | null; error: string | null }>({ data: null, error: null });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => {
    setHome({ data: null, error: null });
    setTick((t) => t + 1);
  }, []);
  useEffect(() => {
    let live = true;
    calls.get<AcademicHomeAnswer>(ACADEMIC_HOME_PATHS.home).then(
      (answer) => live && setHome({ data: answer.data, error: null }),
      (error: unknown) => live && setHome({ data: null, error: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [calls, tick]);

  // Someone who teaches nothing (no teacher record, no lesson) is spared an empty timetable.
  const teaches = home.data != null && (home.data.is_teacher || home.data.lessons.length > 0);
  return (
    <Box data-testid="academic-home">
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {home.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('academicHome.retry')}
            </Button>
          }
        >
          {home.error}
        </Alert>
      )}
      {!home.data && !home.error && (
        <Grid container spacing={2} aria-busy="true" aria-label={translate('academicHome.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={160} />
            </Grid>
          ))}
        </Grid>
      )}
      {home.data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: teaches ? 4 : 12 }}>
            <TodayCard home={home.data} locale={locale} translate={translate} />
          </Grid>
          {teaches && (
            <Grid size={{ xs: 12, md: 8 }}>
              <LessonsCard home={home.data} translate={translate} />
            </Grid>
          )}
          {home.data.school && (
            <Grid size={12}>
              <SchoolCard school={home.data.school} translate={translate} />
            </Grid>
          )}
          {(home.data.homeroom.length > 0 || teaches) && (
            <Grid size={{ xs: 12, md: 6 }}>
              <HomeroomCard home={home.data} translate={translate} />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <ApprovalsCard home={home.data} locale={locale} translate={translate} />
          </Grid>
          <Grid size={{ xs: 12, md: home.data.homeroom.length > 0 || teaches ? 12 : 6 }}>
            <AgendaCard home={home.data} locale={locale} translate={translate} />
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
