// A record's History tab (issue 16): its creates, changes and delete, newest first, each with
// who and when and its fields before and after (GET {endpoint}/{id}/history; secrets only as
// changed, fields hidden from the user's roles left out by the server). Whoever may edit the
// record restores a field's earlier value from a change, after a confirmation, through the
// server's write door (checked, versioned, itself recorded); the record then reloads.

import { useCallback, useEffect, useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/Restore';
import { failureText as messageOf, useRecordCalls } from './recordCalls';
import type { HistoryChange, HistoryEntry } from '../../shared/api/recordHistory';
import { fieldLockedFor } from '../../shared/fieldAccessRules';
import { useUiLocale } from '../useText';
import type { EntityViewProps } from '../viewProps';

const ACTION_COLOR = { create: 'success', update: 'info', delete: 'error' } as const;

interface Restoring {
  entry: HistoryEntry;
  change: HistoryChange;
  text: string;
}

export function HistoryPanel({ entry, module, can, roles }: Pick<EntityViewProps, 'entry' | 'module' | 'can' | 'roles'>) {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useUiLocale();
  const calls = useRecordCalls();
  const notify = useNotify();
  const refresh = useRefresh();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<Restoring | null>(null);
  const id = record?.id;

  const load = useCallback(() => {
    if (id === undefined) return;
    calls
      .history(entry.resource, id)
      .then(setEntries)
      .catch((error: unknown) => setFailure(messageOf(error)));
  }, [calls, entry.resource, id]);
  // The record's version changes with every save: the history follows it.
  useEffect(load, [load, record?.version]);

  const fields = new Map(module.entity.fields.map((f) => [f.name, f]));
  const label = (name: string) => translate(`resources.${entry.resource}.fields.${name}`, { _: name });
  const show = (change: HistoryChange, side: 'before' | 'after'): string => {
    if (change.secret) return translate('app.recordHistory.secret');
    const text = change[`${side}_text`];
    if (text !== undefined) return text;
    const value = change[side];
    if (value === null || value === undefined || value === '') return translate('app.recordHistory.blank');
    if (typeof value === 'boolean') return translate(value ? 'app.recordHistory.yes' : 'app.recordHistory.no');
    const options = fields.get(change.field)?.options;
    const option = options?.find((o) => o.value === value);
    if (option) return option.label[locale];
    if (typeof value === 'number' && fields.get(change.field)?.kind === 'money') return `Rp ${value.toLocaleString('id-ID')}`;
    return Array.isArray(value) ? value.join(', ') : String(value);
  };
  const restorable = (item: HistoryEntry, change: HistoryChange) => {
    const field = fields.get(change.field);
    return can.edit && item.action === 'update' && !change.secret && field !== undefined && !field.readOnly && !fieldLockedFor(field, roles, 'edit', module.entity.access);
  };

  const restore = async () => {
    if (!restoring || !record) return;
    const { entry: item, change } = restoring;
    setRestoring(null);
    try {
      const answer = await calls.restore(entry.resource, record.id, item.id, change.field, record.version);
      notify(answer.message ?? 'ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      refresh();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
  };

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (entries === null) return <Typography sx={{ p: 2 }}>{translate('app.recordHistory.loading')}</Typography>;
  if (entries.length === 0) return <Typography sx={{ p: 2 }}>{translate('app.recordHistory.empty')}</Typography>;
  const when = (iso: string) => new Date(iso).toLocaleString(locale === 'id' ? 'id-ID' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }} component="ol" aria-label={translate('app.recordHistory.tab_history')} style={{ listStyle: 'none', margin: 0 }}>
      {entries.map((item) => (
        <Box component="li" key={item.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1, sm: 2 } }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1, alignItems: "center", flexWrap: "wrap" }}>
            <Chip size="small" color={ACTION_COLOR[item.action]} label={translate(`app.recordHistory.action_${item.action}`)} />
            <Typography variant="body2">{when(item.changed_at)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.recordHistory.by', { user: item.changed_by })}
            </Typography>
          </Stack>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.recordHistory.field')}</TableCell>
                  {item.action !== 'create' && <TableCell>{translate('app.recordHistory.before')}</TableCell>}
                  {item.action !== 'delete' && <TableCell>{translate('app.recordHistory.after')}</TableCell>}
                  {item.action === 'update' && can.edit && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {item.changes.map((change) => (
                  <TableRow key={change.field}>
                    <TableCell component="th" scope="row">
                      {label(change.field)}
                    </TableCell>
                    {item.action !== 'create' && <TableCell sx={{ wordBreak: 'break-word' }}>{show(change, 'before')}</TableCell>}
                    {item.action !== 'delete' && <TableCell sx={{ wordBreak: 'break-word' }}>{show(change, 'after')}</TableCell>}
                    {item.action === 'update' && can.edit && (
                      <TableCell align="right">
                        {restorable(item, change) && (
                          <Button
                            size="small"
                            startIcon={<RestoreIcon />}
                            onClick={() => setRestoring({ entry: item, change, text: show(change, 'before') })}
                            aria-label={`${translate('app.recordHistory.restore')} ${label(change.field)}`}
                          >
                            {translate('app.recordHistory.restore')}
                          </Button>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      ))}
      <Dialog open={restoring !== null} onClose={() => setRestoring(null)} aria-labelledby="restore-title">
        <DialogTitle id="restore-title">{restoring && translate('app.recordHistory.restore_title', { field: label(restoring.change.field) })}</DialogTitle>
        <DialogContent>{restoring && translate('app.recordHistory.restore_body', { field: label(restoring.change.field), value: restoring.text })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setRestoring(null)}>{translate('app.recordHistory.cancel')}</Button>
          <Button variant="contained" onClick={() => void restore()} startIcon={<RestoreIcon />}>
            {translate('app.recordHistory.restore')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
