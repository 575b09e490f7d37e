// What the portal pages share: a panel with its loading and failure states, a child's group
// with "Show all" and "No Data!" (spec 2 §2.5), the child filter, the status chip coloured per
// spec 2 §4, label/value lists for the detail dialogs, and the Set Period dialog (the end date's
// minimum is the start date; Search is refused while the end is before the start).

import './texts/register';
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { statusTone, type AttendanceStatus, type Child } from '../../shared/api/portal';
import type { Loaded } from './portalCalls';

/** spec 2 §4: Present green, Permission and Sick blue, Absent red, Off Day grey. */
export const TONE_COLOURS = {
  present: 'success',
  leave: 'info',
  absent: 'error',
  off: 'default',
  none: 'default',
} as const;

/** A day's attendance; a day still to come (the home's week ends tomorrow, spec 2 §9) reads as upcoming, not as missing. */
export function StatusChip({ status, offDay = false, upcoming = false }: { status: AttendanceStatus | null; offDay?: boolean; upcoming?: boolean }) {
  const translate = useTranslate();
  const tone = statusTone(status, offDay);
  const label = status ? translate(`portal.status.${status}`) : translate(offDay ? 'portal.status.off' : upcoming ? 'portal.status.upcoming' : 'portal.status.none');
  return <Chip size="small" label={label} color={TONE_COLOURS[tone]} variant={tone === 'none' ? 'outlined' : 'filled'} data-tone={tone} sx={{ minWidth: 86 }} />;
}

export function Panel({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId} component="section" aria-label={title}>
      <CardHeader title={title} action={action} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A panel's body while loading (skeleton rows), on failure (retry), else `children(data)`. */
export function LoadedBody<T>({ loaded, reload, children }: { loaded: Loaded<T>; reload: () => void; children: (data: T) => ReactNode }) {
  const translate = useTranslate();
  if (loaded.status === 'loading') {
    return (
      <Stack spacing={1} role="status" aria-label={translate('portal.loading')}>
        <Skeleton variant="text" width="70%" />
        <Skeleton variant="text" width="50%" />
      </Stack>
    );
  }
  if (loaded.status === 'error') {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={reload}>{translate('portal.retry')}</Button>}>
        {translate('portal.load_failed')}
      </Alert>
    );
  }
  return <>{children(loaded.data)}</>;
}

/**
 * One child's rows in a panel: the child's name, the first `initial` rows and "Show all" when
 * there are more (spec 2 §2.5), or "No Data!" when there are none.
 */
export function ChildGroup<R>({
  name,
  rows,
  initial,
  summary,
  empty,
  render,
}: {
  name: string;
  rows: readonly R[];
  initial: number;
  summary?: ReactNode;
  /** What an empty group says (the portals' "no data" unless given). */
  empty?: ReactNode;
  render: (row: R, index: number) => ReactNode;
}) {
  const translate = useTranslate();
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, initial);
  return (
    <Box component="section" aria-label={name || undefined} data-testid="child-group" data-child={name} sx={{ '& + &': { mt: 2 } }}>
      {(name || summary) && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          {summary}
        </Stack>
      )}
      {rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-data" sx={{ py: 1 }}>
          {empty ?? translate('portal.no_data')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
          {shown.map((row, index) => render(row, index))}
        </Stack>
      )}
      {rows.length > initial && (
        <Button size="small" onClick={() => setAll(!all)} sx={{ mt: 0.5 }}>
          {all ? translate('portal.show_less') : translate('portal.show_all', { count: rows.length })}
        </Button>
      )}
    </Box>
  );
}

/** Narrows the page to one child, or all (only when there are several). */
export function ChildFilter({ items, value, onChange }: { items: readonly Child[]; value: number | ''; onChange: (id: number | '') => void }) {
  const translate = useTranslate();
  if (items.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('portal.child')}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      fullWidth
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate('portal.all_children')}</MenuItem>
      {items.map((child) => (
        <MenuItem key={child.id} value={child.id}>
          {child.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A detail dialog's label/value pairs, two columns on a wide screen. */
export function Facts({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, auto) 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.75 }, m: 0 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" variant="body2" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A detail dialog: full screen on a phone. */
export function DetailDialog({ title, open, onClose, children, testId }: { title: string; open: boolean; onClose: () => void; children: ReactNode; testId: string }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('portal.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export interface Period {
  from: string;
  to: string;
}

/** spec 2 §2.5 Set Period: Start Date and End Date (its minimum the start), Cancel and Search. */
export function SetPeriodDialog({ open, value, onClose, onSearch }: { open: boolean; value: Period; onClose: () => void; onSearch: (period: Period) => void }) {
  const translate = useTranslate();
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const wrong = Boolean(from && to && to < from);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="set-period-title" data-testid="set-period-dialog" fullWidth maxWidth="xs">
      <DialogTitle id="set-period-title">{translate('portal.set_period')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField type="date" label={translate('portal.start_date')} value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
          <TextField
            type="date"
            label={translate('portal.end_date')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
            error={wrong}
            helperText={wrong ? translate('portal.end_before_start') : ' '}
            required
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('portal.cancel')}</Button>
        <Button variant="contained" disabled={!from || !to || wrong} onClick={() => onSearch({ from, to })}>
          {translate('portal.search')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
