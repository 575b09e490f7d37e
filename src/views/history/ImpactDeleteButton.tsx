// The delete button of a record's show and edit pages (issue 16): its confirmation first asks
// the server what uses the record (GET {endpoint}/{id}/impact) and lists it per entity, the
// count and the first records as links; while anything uses the record the delete is not
// offered (the server would refuse it, naming the same records). Pessimistic: the record goes
// when the server says so.

import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDelete, useNotify, useRecordContext, useRedirect, useResourceContext, useTranslate, type RedirectionSideEffect } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import DeleteIcon from '@mui/icons-material/Delete';
import { failureText as messageOf, useRecordCalls } from './recordCalls';
import type { ImpactEntry } from '../../shared/api/recordHistory';
import { entryOfResource } from '../registryLookup';

export function ImpactDeleteButton({ redirect = 'list' }: { redirect?: RedirectionSideEffect }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const calls = useRecordCalls();
  const notify = useNotify();
  const redirectTo = useRedirect();
  const [remove, { isPending }] = useDelete();
  const [open, setOpen] = useState(false);
  const [impact, setImpact] = useState<ImpactEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const entry = entryOfResource(resource);

  useEffect(() => {
    if (!open || !record || !entry) return;
    let live = true;
    setImpact(null);
    setFailure(null);
    calls
      .impact(resource, record.id)
      .then((answer) => live && setImpact(answer))
      .catch((error: unknown) => live && setFailure(translate(messageOf(error), { _: messageOf(error) })));
    return () => {
      live = false;
    };
  }, [open, record, entry, resource, calls, translate]);

  if (!record || !entry) return null;
  const used = (impact ?? []).length > 0;
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
          if (redirect !== false) redirectTo(redirect, resource, record.id, record);
        },
        onError: (error) => {
          setOpen(false);
          notify(messageOf(error), { type: 'error' });
        },
      },
    );

  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} aria-label={translate('app.recordHistory.delete')}>
        {translate('app.recordHistory.delete')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="impact-title" fullWidth maxWidth="sm">
        <DialogTitle id="impact-title">{translate('app.recordHistory.impact_title', { entity: translate(`resources.${resource}.name`, { smart_count: 1, _: entry.label.en }).toLowerCase() })}</DialogTitle>
        <DialogContent>
          {failure && <Alert severity="error">{failure}</Alert>}
          {!failure && impact === null && (
            <Alert severity="info" icon={<CircularProgress size={18} />}>
              {translate('app.recordHistory.impact_loading')}
            </Alert>
          )}
          {impact !== null && !used && <Alert severity="warning">{translate('app.recordHistory.impact_none')}</Alert>}
          {used && (
            <Alert severity="error" role="alert">
              {translate('app.recordHistory.impact_used')}
              <ul style={{ margin: '8px 0 0', paddingLeft: 20 }} aria-label={translate('app.recordHistory.impact_used')}>
                {impact!.map((use) => (
                  <li key={use.entity}>
                    <strong>{translate('app.recordHistory.impact_count', { count: use.count, entity: use.label })}</strong>
                    {use.records.length > 0 && ': '}
                    {use.records.map((r, i) => (
                      <span key={r.id}>
                        {i > 0 && ', '}
                        {use.resource ? <Link to={`/${use.resource}/${r.id}/show`}>{r.label}</Link> : r.label}
                      </span>
                    ))}
                    {use.count > use.records.length && use.records.length > 0 && ` ${translate('app.recordHistory.impact_more', { count: use.count - use.records.length })}`}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('app.recordHistory.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={impact === null || used || isPending} startIcon={<DeleteIcon />}>
            {translate('app.recordHistory.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
