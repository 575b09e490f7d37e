// /subject-selection and /interest-selection (spec 3 §2.4, §2.5; issue 15): in the staff shell an
// admin picks a student and chooses on their behalf (?student_id= keeps the pick); in the
// student area (/student/subject-selection, /student/interest-selection) a student chooses for
// themself. useSelection() holds the state and calls; SelectionView draws.

import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Autocomplete, Box, Button, Chip, CircularProgress, Grid, Paper, TextField, Typography } from '@mui/material';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { useLocale, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { usePageCalls } from '../../app/pageCalls';
import { SELECTION_PATHS, type SelectionCard, type SelectionKind, type SelectionStudent, type SelectionStudentsAnswer } from '../../shared/api/selection';
import { SelectionCardView } from './SelectionCardView';
import { useSelection, type SelectionData, type SelectionState } from './useSelection';

export function SelectionPage({ kind, path, forAdmin }: { kind: SelectionKind; path: string; forAdmin: boolean }) {
  const title = useRouteTitle(path);
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const picked = forAdmin ? Number(params.get('student_id')) || null : null;
  const state = useSelection(kind, picked, !forAdmin || picked !== null);
  return (
    <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', width: '100%', p: { xs: 1, sm: 2 } }} data-testid={`selection-page-${kind}`}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {forAdmin ? (
        <StudentPicker
          studentId={picked}
          current={state.data?.student ?? null}
          onPick={(id) => setParams(id ? { student_id: String(id) } : {}, { replace: true })}
        />
      ) : null}
      {forAdmin && picked === null ? <NoStudent /> : <SelectionView state={state} forAdmin={forAdmin} />}
    </Box>
  );
}

function NoStudent() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('selection.noStudent')}</Alert>;
}

function StudentPicker({ studentId, current, onPick }: { studentId: number | null; current: SelectionStudent | null; onPick(id: number | null): void }) {
  const translate = useTranslate();
  const calls = usePageCalls();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<SelectionStudent[]>([]);
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      calls
        .get<SelectionStudentsAnswer>(SELECTION_PATHS.students, { q: input })
        .then((answer) => live && setOptions(answer.data))
        .catch(() => live && setOptions([]));
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [calls, input]);
  const value = current && current.id === studentId ? current : null;
  return (
    <Autocomplete
      sx={{ mb: 2, maxWidth: 480 }}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      filterOptions={(all) => all}
      getOptionLabel={(s) => `${s.nis} - ${s.name}${s.class_name ? ` (${s.class_name})` : ''}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      onChange={(_, student) => onPick(student?.id ?? null)}
      renderInput={(params) => <TextField {...params} label={translate('selection.pickStudent')} helperText={translate('selection.pickStudentHelp')} />}
    />
  );
}

function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The window ends at a moment no longer in it (the next day's 00:00): people read its last minute. */
const lastMinute = (iso: string | null): string | null => (iso ? new Date(Date.parse(iso) - 60_000).toISOString() : null);

function useDateTime(): (iso: string | null) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'id' ? 'id-ID' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Jakarta' });
    return (iso) => (iso ? format.format(new Date(iso)) : '');
  }, [locale]);
}

function WindowBar({ data, left, forAdmin, busy, onFinalize }: { data: SelectionData; left: number | null; forAdmin: boolean; busy: boolean; onFinalize(): void }) {
  const translate = useTranslate();
  const when = useDateTime();
  const w = data.window;
  const status = w.open
    ? translate('selection.window.open', { end: when(lastMinute(w.end)) })
    : translate(`selection.window.${w.closed_reason ?? 'none'}`, { start: when(w.start), end: when(lastMinute(w.end)), date: when(w.finalized_at) });
  const needs =
    data.kind === 'subject'
      ? translate('selection.needsSubjects', { majorMin: w.min_major, major: w.chosen_major, crossMin: w.min_cross, cross: w.chosen_cross })
      : translate('selection.needsExtra', { min: w.min_choices, max: w.max_choices ?? '–', count: w.chosen_total });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }} data-testid="selection-window">
      <Box sx={{ flex: '1 1 320px' }}>
        {forAdmin ? (
          <Typography variant="subtitle2" data-testid="selection-student">
            {translate('selection.onBehalf', { name: data.student.name, nis: data.student.nis })}
            {data.student.class_name ? ` · ${translate('selection.classOf', { name: data.student.class_name })}` : ''}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ fontWeight: 500 }} color={w.open ? 'success.main' : 'text.secondary'}>
          {status}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {needs}
        </Typography>
      </Box>
      {w.open && left !== null && !forAdmin ? (
        <Chip
          icon={<TimerOutlined />}
          color={left < 5 * 60_000 ? 'warning' : 'default'}
          label={`${translate('selection.window.left')} ${clock(left)}`}
          data-testid="selection-countdown"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        />
      ) : null}
      <Button variant="contained" color="secondary" disabled={!w.open || busy} onClick={onFinalize}>
        {translate('selection.finish')}
      </Button>
    </Paper>
  );
}

interface Section {
  key: string;
  heading: string;
  tag?: string;
  groups: { key: string; heading: string; cards: SelectionCard[] }[];
}

function sectionsOf(data: SelectionData, tags: { own: string; cross: string }): Section[] {
  if (data.kind === 'subject' && 'major' in data) {
    return data.major
      .map((major) => ({
        key: `m${major.id}`,
        heading: major.description,
        tag: major.own ? tags.own : tags.cross,
        groups: data.subjectGroup
          .map((group) => ({ key: `g${group.id}`, heading: group.group_name, cards: data.data.filter((c) => c.major_id === major.id && c.subject_group_id === group.id) }))
          .filter((group) => group.cards.length),
      }))
      .filter((section) => section.groups.length);
  }
  if ('department' in data) {
    return data.department.map((department) => {
      const cards = data.data.filter((c) => c.department_id === department.id);
      const names = [...new Set(cards.map((c) => c.group_name))];
      return {
        key: `d${department.id}`,
        heading: department.department_name,
        groups: names.map((name) => ({ key: name, heading: name, cards: cards.filter((c) => c.group_name === name) })),
      };
    });
  }
  return [];
}

export function SelectionView({ state, forAdmin }: { state: SelectionState; forAdmin: boolean }) {
  const translate = useTranslate();
  const { data, loading, error, busy, left, toggle, finalize } = state;
  const sections = useMemo(
    () => (data ? sectionsOf(data, { own: translate('selection.ownMajor'), cross: translate('selection.crossMajor') }) : []),
    [data, translate],
  );
  if (loading && !data) return <CircularProgress aria-label="loading" />;
  if (!data) return <Alert severity="error">{error}</Alert>;
  const open = data.window.open;
  return (
    <>
      <WindowBar data={data} left={left} forAdmin={forAdmin} busy={busy === 'final'} onFinalize={() => void finalize()} />
      {error ? <Alert severity="warning" sx={{ mb: 2 }}>{error}</Alert> : null}
      {sections.length === 0 ? <Typography color="text.secondary">{translate('selection.empty')}</Typography> : null}
      {sections.map((section) => (
        <Box component="section" key={section.key} sx={{ mb: 3 }} aria-label={section.heading}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography component="h2" variant="h6">
              {section.heading}
            </Typography>
            {section.tag ? <Chip size="small" variant="outlined" label={section.tag} /> : null}
          </Box>
          {section.groups.map((group) => (
            <Box key={group.key} sx={{ mb: 2 }}>
              {group.heading ? (
                <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
                  {group.heading}
                </Typography>
              ) : null}
              <Grid container spacing={2}>
                {group.cards.map((card) => (
                  <Grid key={card.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                    <SelectionCardView card={card} open={open} busy={busy !== null} onToggle={() => void toggle(card.id, card.chosen)} />
                  </Grid>
                ))}
              </Grid>
            </Box>
          ))}
        </Box>
      ))}
      <Typography variant="caption" color="text.secondary">
        {translate('selection.refreshed')}
      </Typography>
    </>
  );
}
