// /uploadincome (issue 12; spec 3 §2.10, §8): invoices from a CSV or XLSX file. The file is
// read first as a dry run (each row's status and errors, the counts, nothing written); Commit,
// after a confirmation, writes the rows that are fine, and the result is shown. A template CSV
// with the columns the upload reads is made here, in the browser.

import './texts/register';
import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { FINANCE_PATHS, formatRupiah, type UploadInvoicesAnswer, type UploadInvoicesRequest, type UploadRowStatus } from '../../shared/api/finance';
import { ConfirmDialog } from './ConfirmDialog';
import { messageOf, unplacedMessage, useFinanceCalls } from './financeCalls';
import { dateText } from './financeFormat';

/**
 * The columns of an invoice upload, in the template's order (the server's UPLOAD_HEADER in
 * server/finance/invoices/uploadInvoices.ts): the party (a student's NIS or a candidate's
 * registration number), the income type's code, the financial year's description, the dates
 * as YYYY-MM-DD, whole-rupiah value and discount, remarks.
 */
export const UPLOAD_INVOICE_COLUMNS = ['party_number', 'income_type_code', 'financial_year', 'invoice_date', 'due_date', 'value', 'discount', 'remarks'] as const;

/** The template CSV: the header and one example row. */
export function templateCsv(): string {
  return `${UPLOAD_INVOICE_COLUMNS.join(',')}\n20260001,SPP,TB 2026/2027,2026-08-01,2026-08-10,1250000,0,SPP Agustus\n`;
}

const STATUS_COLOR: Record<UploadRowStatus, 'success' | 'default' | 'error'> = { ok: 'success', exists: 'default', error: 'error' };

/** A file's bytes as base64 (the request's `file`). */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

type Stage = { kind: 'empty' } | { kind: 'checked' | 'committed'; answer: UploadInvoicesAnswer };

export function useUploadInvoices() {
  const calls = useFinanceCalls();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const send = async (chosen: File, dryRun: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const body: UploadInvoicesRequest = { file_name: chosen.name, file: await fileBase64(chosen), dry_run: dryRun };
      const answer = await calls.post<UploadInvoicesAnswer>(FINANCE_PATHS.uploadInvoices, body);
      setStage({ kind: dryRun ? 'checked' : 'committed', answer });
      if (!dryRun) notify(answer.message, { type: answer.data.created > 0 ? 'success' : 'info', autoHideDuration: 5000 });
    } catch (error) {
      // A refused file's reason (columns missing, unreadable) comes under `file`.
      setFailure(unplacedMessage(error, []) ?? messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return {
    file,
    stage,
    failure,
    busy,
    confirming,
    setConfirming,
    choose: (chosen: File | null) => {
      setFile(chosen);
      setStage({ kind: 'empty' });
      setFailure(null);
      if (chosen) void send(chosen, true);
    },
    commit: async () => {
      if (file) await send(file, false);
      setConfirming(false);
    },
  };
}

export function UploadInvoicesPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = useRouteTitle('/uploadincome');
  useDocumentTitle(title);
  const state = useUploadInvoices();
  const input = useRef<HTMLInputElement>(null);
  const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv())}`;
  const answer = state.stage.kind === 'empty' ? null : state.stage.answer;
  const counts = answer?.data;
  return (
    <Box sx={{ maxWidth: 1100, width: '100%', p: { xs: 0, sm: 1 } }} data-testid="finance-upload-page">
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2">{translate('finance.invoices.upload.hint', { columns: UPLOAD_INVOICE_COLUMNS.join(', ') })}</Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={state.busy}>
                {translate('finance.invoices.upload.choose')}
                <input
                  ref={input}
                  hidden
                  type="file"
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  aria-label={translate('finance.invoices.upload.file')}
                  onChange={(e) => {
                    state.choose(e.target.files?.[0] ?? null);
                    if (input.current) input.current.value = '';
                  }}
                />
              </Button>
              {state.file && <Typography variant="body2">{state.file.name}</Typography>}
              <Link href={templateHref} download="template-upload-tagihan.csv">
                {translate('finance.invoices.upload.template')}
              </Link>
            </Stack>
            {state.busy && <Typography role="status">{translate('finance.invoices.upload.reading')}</Typography>}
            {state.failure && <Alert severity="error">{state.failure}</Alert>}
          </Stack>
        </CardContent>
      </Card>
      {answer && counts && (
        <Card sx={{ mt: 2 }} component="section" aria-label={translate(state.stage.kind === 'checked' ? 'finance.invoices.upload.checked' : 'finance.invoices.upload.committed')}>
          <CardContent>
            <Stack spacing={2}>
              <Alert severity={state.stage.kind === 'committed' ? (counts.created > 0 ? 'success' : 'info') : counts.errors > 0 ? 'warning' : 'info'}>
                {state.stage.kind === 'committed' ? answer.message : translate('finance.invoices.upload.dry_run_note')}
              </Alert>
              <Typography data-testid="upload-counts">
                {translate('finance.invoices.upload.counts', { ok: counts.ok, exists: counts.exists, errors: counts.errors })}
                {state.stage.kind === 'committed' && ` · ${translate('finance.invoices.upload.created', { count: counts.created, smart_count: counts.created })}`}
              </Typography>
              <TableContainer component={Paper} variant="outlined">
                <Table size="small" aria-label={translate('finance.invoices.upload.rows')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('finance.invoices.upload.line')}</TableCell>
                      <TableCell>{translate('finance.invoices.fields.state')}</TableCell>
                      <TableCell>{translate('finance.invoices.fields.party_number')}</TableCell>
                      <TableCell>{translate('finance.invoices.fields.party')}</TableCell>
                      <TableCell>{translate('finance.invoices.fields.income_type')}</TableCell>
                      <TableCell align="right">{translate('finance.invoices.fields.value')}</TableCell>
                      <TableCell>{translate('finance.invoices.fields.invoice_date')}</TableCell>
                      <TableCell>{translate('finance.invoices.fields.due_date')}</TableCell>
                      <TableCell>{translate('finance.invoices.upload.errors')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {answer.data.rows.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={9} align="center">
                          {translate('finance.invoices.common.no_data')}
                        </TableCell>
                      </TableRow>
                    )}
                    {answer.data.rows.map((row) => (
                      <TableRow key={row.line} data-testid="upload-row">
                        <TableCell>{row.line}</TableCell>
                        <TableCell>
                          <Chip size="small" color={STATUS_COLOR[row.status]} label={translate(`finance.invoices.upload.status.${row.status}`)} />
                        </TableCell>
                        <TableCell>{row.party_number}</TableCell>
                        <TableCell>{row.party_name ?? ''}</TableCell>
                        <TableCell>{row.income_type_code}</TableCell>
                        <TableCell align="right">{formatRupiah(row.value)}</TableCell>
                        <TableCell>{dateText(row.invoice_date, locale)}</TableCell>
                        <TableCell>{dateText(row.due_date, locale)}</TableCell>
                        <TableCell sx={{ color: 'error.main' }}>{row.errors.join(' ')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              {state.stage.kind === 'checked' && (
                <Box>
                  <Button variant="contained" disabled={state.busy || counts.ok === 0} onClick={() => state.setConfirming(true)}>
                    {translate('finance.invoices.upload.commit')}
                  </Button>
                </Box>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        open={state.confirming}
        title={translate('finance.invoices.upload.commit')}
        message={translate('finance.invoices.upload.commit_confirm', { count: counts?.ok ?? 0, smart_count: counts?.ok ?? 0 })}
        confirmLabel={translate('finance.invoices.upload.commit')}
        onCancel={() => state.setConfirming(false)}
        onConfirm={state.commit}
      />
    </Box>
  );
}
