// Import of a CSV or XLSX file into a list: choosing the file runs the dry run (POST
// {endpoint}/import, nothing written), whose report shows every row's outcome (new, changed,
// unchanged, error with its field and message in the user's language); the import button
// commits the same file, all rows or none. Loaded when the import button is first pressed.

import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { EntityModel } from '../../shared/entityModel';
import type { ImportOutcome, ImportReport, ImportRowReport } from '../../shared/api/bulk';
import { useUiLocale } from '../useText';
import './masterDataTexts';

/** Rows drawn at once: the counts tell about the rest. */
const SHOWN_ROWS = 200;

const COLORS: Record<ImportOutcome, 'success' | 'info' | 'default' | 'error'> = { new: 'success', changed: 'info', unchanged: 'default', error: 'error' };

type ImportAnswer = { message: string; report: ImportReport };

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export default function ImportDialog({ entity, resource, onClose }: { entity: EntityModel; resource: string; onClose: () => void }) {
  const translate = useTranslate();
  const locale = useUiLocale();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'checking' | 'committing' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const labelOf = useMemo(() => {
    const labels = new Map(entity.fields.map((f) => [f.name, f.label[locale]]));
    return (name: string) => (name === '_row' ? translate('masterData.row') : (labels.get(name) ?? name));
  }, [entity, locale, translate]);

  const send = (chosen: { name: string; content: string }, dryRun: boolean) =>
    dataProvider.importFile(resource, { filename: chosen.name, content: chosen.content, dryRun }) as Promise<ImportAnswer>;

  const check = async (chosen: { name: string; content: string }) => {
    setBusy('checking');
    setFailure(null);
    try {
      const answer = await send(chosen, true);
      setReport(answer.report);
      setOnlyErrors(answer.report.counts.error > 0);
    } catch (error) {
      setReport(null);
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const loaded = { name: chosen.name, content: await base64Of(chosen) };
    setFile(loaded);
    await check(loaded);
  };

  const commit = async () => {
    if (!file) return;
    setBusy('committing');
    try {
      const answer = await send(file, false);
      notify(answer.message, { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      // The records changed since the dry run: say why and show the rows as they are now.
      setBusy(null);
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      await check(file);
    } finally {
      setBusy(null);
    }
  };

  const rows = report ? report.rows.filter((r) => !onlyErrors || r.outcome === 'error') : [];
  const writes = report ? report.counts.new + report.counts.changed : 0;
  const details = (row: ImportRowReport) =>
    row.errors
      ? Object.entries(row.errors).map(([field, list]) => (
          <Typography key={field} variant="body2" color="error">
            {labelOf(field)}: {list.join(' ')}
          </Typography>
        ))
      : row.changes?.length
        ? translate('masterData.changes', { fields: row.changes.map(labelOf).join(', ') })
        : '';

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="import-title">
      <DialogTitle id="import-title">{translate('masterData.import_title', { entity: entity.labelPlural[locale] })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('masterData.import_hint', { key: translate('masterData.import_key_id') })}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 2, flexWrap: 'wrap' }}>
          <input ref={input} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" hidden onChange={(e) => void choose(e)} data-testid="import-file" />
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy !== null}>
            {translate('masterData.choose_file')}
          </Button>
          {file && <Typography variant="body2">{file.name}</Typography>}
        </Box>
        {busy && <LinearProgress aria-label={translate(busy === 'checking' ? 'masterData.checking' : 'masterData.committing')} />}
        {failure && <Alert severity="error">{failure}</Alert>}
        {report && (
          <>
            <Alert severity={report.counts.error ? 'error' : writes ? 'success' : 'info'} sx={{ mb: 1 }}>
              <strong>{translate('masterData.counts', report.counts)}</strong>
              {report.counts.error > 0 && <div>{translate('masterData.fix_first')}</div>}
              {report.counts.error === 0 && writes === 0 && <div>{translate('masterData.nothing_to_do')}</div>}
            </Alert>
            <Typography variant="caption" component="p" color="text.secondary">
              {report.key.length > 0 && translate('masterData.matched_by', { key: report.key.map(labelOf).join(' + ') })}
              {report.ignored.length > 0 && ` · ${translate('masterData.ignored', { columns: report.ignored.join(', ') })}`}
            </Typography>
            {report.counts.error > 0 && (
              <FormControlLabel control={<Switch checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />} label={translate('masterData.only_errors')} />
            )}
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={translate('masterData.outcome')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('masterData.line')}</TableCell>
                    <TableCell>{translate('masterData.outcome')}</TableCell>
                    <TableCell>{translate('masterData.key')}</TableCell>
                    <TableCell>{translate('masterData.details')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.slice(0, SHOWN_ROWS).map((row) => (
                    <TableRow key={row.line} data-outcome={row.outcome}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell>
                        <Chip size="small" color={COLORS[row.outcome]} label={translate(`masterData.outcome_${row.outcome}`)} />
                      </TableCell>
                      <TableCell>{row.key}</TableCell>
                      <TableCell>{details(row)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {rows.length > SHOWN_ROWS && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('masterData.more_rows', { count: rows.length - SHOWN_ROWS })}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy !== null}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void commit()} disabled={busy !== null || !report || report.counts.error > 0 || writes === 0}>
          {translate(writes === 1 ? 'masterData.commit_one' : 'masterData.commit', { count: writes })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
