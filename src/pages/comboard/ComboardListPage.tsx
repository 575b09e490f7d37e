// /comboardlist (spec 2 §2.1): the staff's announcement list. Title, Add, the filter panel
// (a toggle on a phone): search, month, year and date; the feed of cards; and the dialogs:
// the form, the detail, the recipients and the delete confirmation. After a save or a delete
// the feed starts again at its first page.

import './texts/register';
import { useState } from 'react';
import {
  Box,
  Button,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useDocumentTitle } from '../../app/frame/useRouteTitle';
import { COMBOARD_PATHS, type ComboardCard, type ComboardFilter } from '../../shared/api/comboard';
import type { Envelope } from '../../shared/api/envelope';
import { messageOf, useComboardCalls } from './comboardCalls';
import { monthNames } from './comboardDates';
import { ComboardDetailDialog } from './ComboardDetailDialog';
import { ComboardFeed } from './ComboardFeed';
import { ComboardFormDialog } from './ComboardFormDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { RecipientsPanel } from './RecipientsPanel';
import { useComboardFeed } from './useComboardFeed';

export function FilterPanel({ filter, onChange }: { filter: ComboardFilter; onChange: (filter: ComboardFilter) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 8 }, (_, i) => thisYear + 1 - i);
  const months = monthNames(locale);
  const set = (patch: Partial<ComboardFilter>) => onChange({ ...filter, ...patch });
  const fields = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ py: 1 }} role="search">
      <TextField
        label={translate('comboard.filter.search')}
        type="search"
        size="small"
        value={filter.search ?? ''}
        onChange={(e) => set({ search: e.target.value })}
        sx={{ minWidth: 200 }}
      />
      <TextField
        select
        label={translate('comboard.filter.month')}
        size="small"
        value={filter.month ?? ''}
        onChange={(e) => set({ month: e.target.value === '' ? undefined : Number(e.target.value) })}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">{translate('comboard.filter.all')}</MenuItem>
        {months.map((name, i) => (
          <MenuItem key={name} value={i + 1}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={translate('comboard.filter.year')}
        size="small"
        value={filter.year ?? ''}
        onChange={(e) => set({ year: e.target.value === '' ? undefined : Number(e.target.value) })}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value="">{translate('comboard.filter.all')}</MenuItem>
        {years.map((year) => (
          <MenuItem key={year} value={year}>
            {year}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={translate('comboard.filter.date')}
        type="date"
        size="small"
        value={filter.date ?? ''}
        onChange={(e) => set({ date: e.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {(filter.search || filter.month || filter.year || filter.date) && (
        <Button onClick={() => onChange({})}>{translate('comboard.filter.clear')}</Button>
      )}
    </Stack>
  );
  if (!phone) return fields;
  return (
    <Box>
      <Button startIcon={<FilterListIcon />} onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="comboard-filters">
        {translate('comboard.filter.toggle')}
      </Button>
      <Collapse in={open} id="comboard-filters">
        {fields}
      </Collapse>
    </Box>
  );
}

export function RecipientsDialog({ card, onClose }: { card: ComboardCard | null; onClose: () => void }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={card !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="comboard-recipients-title">
      <DialogTitle id="comboard-recipients-title">{card && translate('comboard.recipients.of', { title: card.title })}</DialogTitle>
      <DialogContent dividers>{card && <RecipientsPanel comboardId={card.id} toStudent={card.to_student} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('comboard.form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The board with its dialogs: the list page, and /home-comboard without its Add button. */
export function ComboardBoard({ title, canAdd, testId }: { title: string; canAdd: boolean; testId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useComboardCalls();
  useDocumentTitle(title);
  const [filter, setFilter] = useState<ComboardFilter>({});
  const feed = useComboardFeed(COMBOARD_PATHS.admin, filter);
  const [form, setForm] = useState<{ open: boolean; card: ComboardCard | null }>({ open: false, card: null });
  const [detailAt, setDetailAt] = useState<number | null>(null);
  const [recipientsOf, setRecipientsOf] = useState<ComboardCard | null>(null);
  const [deleting, setDeleting] = useState<ComboardCard | null>(null);

  const remove = async () => {
    if (!deleting) return;
    try {
      const answer = await calls.del<Envelope>(COMBOARD_PATHS.headerOne(deleting.id));
      notify(answer.message || 'ra.notification.deleted', { type: 'success', autoHideDuration: 5000, messageArgs: { smart_count: 1 } });
      void feed.reload();
    } catch (error) {
      notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
    }
    setDeleting(null);
  };

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', width: '100%', p: { xs: 0, sm: 1 } }} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        {canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({ open: true, card: null })}>
            {translate('comboard.add')}
          </Button>
        )}
      </Stack>
      <FilterPanel filter={filter} onChange={setFilter} />
      <ComboardFeed
        feed={feed}
        actions={{
          edit: (card) => setForm({ open: true, card }),
          remove: setDeleting,
          recipients: setRecipientsOf,
          detail: (card) => setDetailAt(feed.shown.findIndex((c) => c.id === card.id)),
        }}
      />
      <ComboardFormDialog
        open={form.open}
        card={form.card}
        onClose={() => setForm({ open: false, card: null })}
        onSaved={() => {
          setForm({ open: false, card: null });
          void feed.reload();
        }}
      />
      <ComboardDetailDialog cards={feed.shown} at={detailAt} onMove={setDetailAt} onClose={() => setDetailAt(null)} />
      <RecipientsDialog card={recipientsOf} onClose={() => setRecipientsOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={translate('comboard.delete.title')}
        warning={translate('comboard.delete.warning')}
        message={deleting ? translate('comboard.delete.message', { title: deleting.title }) : ''}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}

export function ComboardListPage() {
  const translate = useTranslate();
  return <ComboardBoard title={translate('comboard.title')} canAdd testId="comboard-list-page" />;
}
