// The detail's "Attachment Detail" tab (spec 2 §2.3): every version of every attachment in a
// paginated grid (row number, file name, version, actions) with Add; the attachment form
// (title and file, the type and size checked here with §5's messages naming the server's real
// limit, the server's refusal shown too); the attachment's detail with a thumbnail; the preview
// (a PDF downloads, an image shows); and on a 409 `file_exists` the "file already exists"
// dialog: Create (a new version), Replace (asks first: the old file is gone) or View.

import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  ATTACHMENT_TYPES,
  COMBOARD_PATHS,
  type AttachmentInput,
  type AttachmentListAnswer,
  type AttachmentSaveAnswer,
  type ComboardFile,
  type ReplaceFileInput,
  type UploadLimitAnswer,
} from '../../shared/api/comboard';
import type { Envelope } from '../../shared/api/envelope';
import { blobToDataUrl } from '../../providers/writeBody';
import { fieldErrorsOf, fileExistsOf, messageOf, useComboardCalls } from './comboardCalls';
import { momentText } from './comboardDates';
import { DownloadButton, ImageOf, useDownload } from './CardMedia';
import { ConfirmDialog } from './ConfirmDialog';

const ROWS_PER_PAGE = 5;

/** Whether the browser's type of a file is one of §5's (the server checks the bytes again). */
export function allowedType(file: File): boolean {
  if ((ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return true;
  // Browsers leave some types empty (CSV on Windows): go by the extension then.
  return !file.type && /\.(pdf|xlsx?|csv|docx?|pptx?|jpe?g|png|gif|bmp|webp)$/i.test(file.name);
}

export const isImage = (file: Pick<ComboardFile, 'mime'>) => file.mime.startsWith('image/');

function useUploadLimit(): number | null {
  const calls = useComboardCalls();
  const [limit, setLimit] = useState<number | null>(null);
  useEffect(() => {
    calls.get<UploadLimitAnswer>(COMBOARD_PATHS.uploadLimit).then(
      (answer) => setLimit(Number(answer.data) || null),
      () => setLimit(null),
    );
  }, [calls]);
  return limit;
}

interface Pending {
  title: string;
  file: File;
  existing: ComboardFile;
}

function AttachmentForm({
  open,
  comboardId,
  editing,
  limit,
  onClose,
  onSaved,
  onExists,
}: {
  open: boolean;
  comboardId: number;
  editing: ComboardFile | null;
  limit: number | null;
  onClose: () => void;
  onSaved: () => void;
  onExists: (pending: Pending) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useComboardCalls();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setTitle(editing?.title ?? '');
    setFile(null);
    setErrors({});
  }, [open, editing]);

  const choose = (chosen: File | undefined) => {
    setErrors({});
    if (!chosen) return setFile(null);
    if (!allowedType(chosen)) {
      setFile(null);
      return setErrors({ file: translate('comboard.attachment.bad_type', { name: chosen.name }) });
    }
    if (limit !== null && chosen.size > limit * 1024 * 1024) {
      setFile(null);
      return setErrors({ file: translate('comboard.attachment.too_big', { n: limit }) });
    }
    setFile(chosen);
  };

  const save = async () => {
    if (!file && !editing) return setErrors({ file: translate('comboard.attachment.no_file') });
    if (!title.trim()) return setErrors({ title: translate('comboard.form.required') });
    setBusy(true);
    try {
      if (editing) {
        const body: Record<string, unknown> = { title: title.trim() };
        if (file) Object.assign(body, { file_name: file.name, file_1: await blobToDataUrl(file) });
        await calls.put<AttachmentSaveAnswer>(COMBOARD_PATHS.attachment(editing.id), body);
      } else {
        const body: AttachmentInput = { comboard_id: comboardId, title: title.trim(), file_name: file!.name, file_1: await blobToDataUrl(file!) };
        await calls.post<AttachmentSaveAnswer>(COMBOARD_PATHS.attachments, body);
      }
      notify('comboard.attachment.saved', { type: 'success', autoHideDuration: 5000 });
      onSaved();
    } catch (error) {
      const existing = fileExistsOf(error);
      if (existing && file) {
        onExists({ title: title.trim(), file, existing });
      } else {
        notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
        const fields = fieldErrorsOf(error);
        setErrors({ ...fields, ...(fields.file_1 ? { file: fields.file_1 } : {}), ...(Object.keys(fields).length ? {} : { file: messageOf(error) }) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="comboard-attachment-form-title">
      <DialogTitle id="comboard-attachment-form-title">{translate(editing ? 'comboard.attachment.edit_title' : 'comboard.attachment.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={translate('comboard.attachment.title')}
            value={title}
            required
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(errors.title)}
            helperText={errors.title}
          />
          <Box>
            <Button component="label" variant="outlined">
              {translate('comboard.attachment.choose')}
              <input
                type="file"
                hidden
                aria-label={translate('comboard.attachment.file')}
                accept={ATTACHMENT_TYPES.join(',')}
                onChange={(e) => choose(e.target.files?.[0])}
              />
            </Button>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {file?.name ?? editing?.file_name ?? ''}
            </Typography>
            {errors.file && (
              <Alert severity="error" sx={{ mt: 1 }} role="alert">
                {errors.file}
              </Alert>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('comboard.attachment.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {translate('comboard.attachment.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FileExistsDialog({ pending, onClose, onDone, onView }: { pending: Pending | null; onClose: () => void; onDone: () => void; onView: (file: ComboardFile) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useComboardCalls();
  const [askReplace, setAskReplace] = useState(false);
  const send = async (status: 'create' | 'replace') => {
    if (!pending) return;
    const body: ReplaceFileInput = { id_file: pending.existing.id, status, name: pending.file.name, base64: await blobToDataUrl(pending.file), title: pending.title };
    try {
      await calls.post<AttachmentSaveAnswer>(COMBOARD_PATHS.replaceFile, body);
      notify('comboard.attachment.saved', { type: 'success', autoHideDuration: 5000 });
      onDone();
    } catch (error) {
      notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
    }
  };
  return (
    <>
      <Dialog open={pending !== null && !askReplace} onClose={onClose} aria-labelledby="comboard-exists-title" maxWidth="xs" fullWidth>
        <DialogTitle id="comboard-exists-title">{translate('comboard.attachment.exists_title')}</DialogTitle>
        <DialogContent>
          <Typography>{pending && translate('comboard.attachment.exists_message', { name: pending.existing.file_name, version: pending.existing.version })}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('comboard.attachment.create')}: {translate('comboard.attachment.create_hint')}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap' }}>
          <Button onClick={onClose}>{translate('comboard.attachment.cancel')}</Button>
          <Button onClick={() => pending && onView(pending.existing)}>{translate('comboard.attachment.view')}</Button>
          <Button color="warning" onClick={() => setAskReplace(true)}>
            {translate('comboard.attachment.replace')}
          </Button>
          <Button variant="contained" onClick={() => void send('create')}>
            {translate('comboard.attachment.create')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={pending !== null && askReplace}
        title={translate('comboard.attachment.replace')}
        message={translate('comboard.attachment.replace_confirm')}
        onConfirm={async () => {
          await send('replace');
          setAskReplace(false);
        }}
        onCancel={() => setAskReplace(false)}
      />
    </>
  );
}

/** An attachment's detail with a thumbnail (§2.3), which is also the preview: an image shows, a PDF or other file downloads. */
function AttachmentDetail({ file, onClose }: { file: ComboardFile | null; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Dialog open={file !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="comboard-attachment-detail-title">
      <DialogTitle id="comboard-attachment-detail-title">{translate('comboard.attachment.detail_title')}</DialogTitle>
      {file && (
        <DialogContent>
          {isImage(file) ? <ImageOf file={file} height={320} /> : <DownloadButton file={file} />}
          <Table size="small" sx={{ mt: 2 }}>
            <TableBody>
              {[
                ['comboard.attachment.title', file.title],
                ['comboard.attachment.file_name', file.file_name],
                ['comboard.attachment.version', String(file.version)],
                ['comboard.attachment.size', `${Math.ceil(file.size / 1024)} KB`],
                ['comboard.attachment.created', translate('comboard.detail.at_by', { at: momentText(file.created_at, locale), by: file.created_by })],
              ].map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th">{translate(label!)}</TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{translate('comboard.form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function AttachmentTab({ comboardId, canManage }: { comboardId: number; canManage: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useComboardCalls();
  const limit = useUploadLimit();
  const download = useDownload();
  const [files, setFiles] = useState<ComboardFile[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(0);
  const [form, setForm] = useState<{ open: boolean; editing: ComboardFile | null }>({ open: false, editing: null });
  const [pending, setPending] = useState<Pending | null>(null);
  const [shown, setShown] = useState<ComboardFile | null>(null);
  const [deleting, setDeleting] = useState<ComboardFile | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await calls.get<AttachmentListAnswer>(COMBOARD_PATHS.attachments, { comboard_id: comboardId });
      setFiles(answer.data ?? []);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [calls, comboardId]);
  useEffect(() => {
    setPage(0);
    void load();
  }, [load]);

  const saved = () => {
    setForm({ open: false, editing: null });
    setPending(null);
    void load();
  };
  const preview = (file: ComboardFile) => (isImage(file) ? setShown(file) : void download(file));
  const rows = files ?? [];
  return (
    <Box>
      {canManage && (
        <Button variant="contained" onClick={() => setForm({ open: true, editing: null })} sx={{ mb: 1 }}>
          {translate('comboard.attachment.add')}
        </Button>
      )}
      {failed && <Alert severity="error">{translate('comboard.attachment.load_failed')}</Alert>}
      {files !== null && rows.length === 0 && <Typography color="text.secondary">{translate('comboard.attachment.none')}</Typography>}
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('comboard.detail.tab_attachments')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('comboard.attachment.number')}</TableCell>
                <TableCell>{translate('comboard.attachment.file_name')}</TableCell>
                <TableCell>{translate('comboard.attachment.version')}</TableCell>
                <TableCell>{translate('comboard.attachment.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE).map((file, i) => (
                <TableRow key={file.id} data-testid="attachment-row">
                  <TableCell>{page * ROWS_PER_PAGE + i + 1}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {file.file_name}
                    {file.title && file.title !== file.file_name && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                        {file.title}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{file.version}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
                      <Button size="small" onClick={() => setShown(file)} aria-label={`${translate('comboard.attachment.view')} ${file.file_name} v${file.version}`}>
                        {translate('comboard.attachment.view')}
                      </Button>
                      <Button size="small" onClick={() => preview(file)}>
                        {translate(isImage(file) ? 'comboard.attachment.preview' : 'comboard.attachment.download')}
                      </Button>
                      {canManage && (
                        <>
                          <Button size="small" onClick={() => setForm({ open: true, editing: file })}>
                            {translate('comboard.attachment.edit')}
                          </Button>
                          <Button size="small" color="error" onClick={() => setDeleting(file)}>
                            {translate('comboard.attachment.delete')}
                          </Button>
                        </>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={rows.length}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={ROWS_PER_PAGE}
            rowsPerPageOptions={[ROWS_PER_PAGE]}
            labelDisplayedRows={({ from, to, count }) => translate('comboard.attachment.rows', { from, to, count })}
          />
        </Box>
      )}
      <AttachmentForm
        open={form.open && pending === null}
        comboardId={comboardId}
        editing={form.editing}
        limit={limit}
        onClose={() => setForm({ open: false, editing: null })}
        onSaved={saved}
        onExists={setPending}
      />
      <FileExistsDialog pending={pending} onClose={() => setPending(null)} onDone={saved} onView={setShown} />
      <AttachmentDetail file={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={translate('comboard.delete.title')}
        warning={translate('comboard.delete.warning')}
        message={deleting ? translate('comboard.attachment.delete_message', { name: deleting.file_name, version: deleting.version }) : ''}
        onConfirm={async () => {
          try {
            const answer = await calls.del<Envelope>(COMBOARD_PATHS.attachment(deleting!.id));
            notify(answer.message || 'comboard.attachment.saved', { type: 'success', autoHideDuration: 5000 });
            void load();
          } catch (error) {
            notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
          }
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
