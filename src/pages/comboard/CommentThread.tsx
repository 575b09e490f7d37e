// An announcement's comment thread (spec 2 §4): each reply indented 30 px per level of depth,
// one reply box open per level (Reply again closes it), deleting asks first ("Warning"), the
// thread is read again every 85 s and when the window regains focus, text is plain (React
// escapes it), and a recalled announcement takes no new comments: the box says why.

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  COMBOARD_PATHS,
  COMMENT_REFRESH_MS,
  REPLY_INDENT_PX,
  type ComboardCard,
  type ComboardComment,
  type CommentInput,
  type CommentListAnswer,
  type CommentSaveAnswer,
} from '../../shared/api/comboard';
import type { Envelope } from '../../shared/api/envelope';
import { fieldErrorsOf, messageOf, useComboardCalls } from './comboardCalls';
import { momentText } from './comboardDates';
import { ConfirmDialog } from './ConfirmDialog';

export function useCommentThread(comboardId: number, initial: readonly ComboardComment[] | undefined) {
  const calls = useComboardCalls();
  const [comments, setComments] = useState<readonly ComboardComment[]>(initial ?? []);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (initial) setComments(initial);
  }, [initial]);
  const reload = useCallback(async () => {
    try {
      const answer = await calls.get<CommentListAnswer>(COMBOARD_PATHS.comments, { comboard_id: comboardId });
      setComments(answer.data ?? []);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [calls, comboardId]);
  useEffect(() => {
    const timer = setInterval(() => void reload(), COMMENT_REFRESH_MS);
    const onFocus = () => void reload();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [reload]);
  return { comments, failed, reload, calls };
}

function CommentBox({
  label,
  disabled,
  onSend,
  autoFocus,
}: {
  label: string;
  disabled?: boolean;
  onSend: (text: string) => Promise<Record<string, string> | null>;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    const errors = await onSend(text);
    setBusy(false);
    if (errors === null) {
      setText('');
      setError(undefined);
    } else {
      setError(errors.comment ?? Object.values(errors)[0]);
    }
  };
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
      <TextField
        size="small"
        fullWidth
        multiline
        maxRows={6}
        label={label}
        value={text}
        disabled={disabled}
        autoFocus={autoFocus}
        error={Boolean(error)}
        helperText={error}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" variant="contained" disabled={disabled || busy || !text.trim()}>
        {translate('comboard.comment.send')}
      </Button>
    </Box>
  );
}

export function CommentThread({ card, initial }: { card: ComboardCard; initial?: readonly ComboardComment[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { comments, failed, reload, calls } = useCommentThread(card.id, initial);
  /** The comment whose reply box is open, per depth level. */
  const [openAt, setOpenAt] = useState<Record<number, number>>({});
  const [deleting, setDeleting] = useState<ComboardComment | null>(null);
  const closed = !card.can_comment || card.is_recalled;
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const toggleReply = (comment: ComboardComment) =>
    setOpenAt((open) => {
      const next = { ...open };
      if (next[comment.reply] === comment.id) delete next[comment.reply];
      else next[comment.reply] = comment.id;
      return next;
    });

  const send = async (text: string, replyTo: ComboardComment | null): Promise<Record<string, string> | null> => {
    const body: CommentInput = { comboard_id: card.id, comment: text, detail_id: replyTo?.id ?? null };
    try {
      await calls.post<CommentSaveAnswer>(COMBOARD_PATHS.detail, body);
      if (replyTo) setOpenAt((open) => Object.fromEntries(Object.entries(open).filter(([, id]) => id !== replyTo.id)));
      await reload();
      return null;
    } catch (error) {
      notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
      const errors = fieldErrorsOf(error);
      return Object.keys(errors).length ? errors : { comment: messageOf(error) };
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      const answer = await calls.del<Envelope>(COMBOARD_PATHS.comment(deleting.id));
      notify(answer.message || 'ra.notification.deleted', { type: 'success', autoHideDuration: 5000, messageArgs: { smart_count: 1 } });
      await reload();
    } catch (error) {
      notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
    } finally {
      if (mounted.current) setDeleting(null);
    }
  };

  const count = comments.length;
  return (
    <Box component="section" aria-label={translate('comboard.comment.title')} sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {translate('comboard.comment.title')} ({translate('comboard.comment.count', { smart_count: count })})
      </Typography>
      {failed && <Alert severity="warning" sx={{ my: 1 }}>{translate('comboard.comment.load_failed')}</Alert>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {comments.map((comment) => (
          <Box
            component="li"
            key={comment.id}
            data-testid="comment"
            data-depth={comment.reply}
            sx={{ ml: `${comment.reply * REPLY_INDENT_PX}px`, py: 0.75, borderLeft: comment.reply ? 2 : 0, borderColor: 'divider', pl: comment.reply ? 1 : 0 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {comment.name}
              </Typography>
              {comment.reply_name && (
                <Typography variant="caption" color="text.secondary">
                  {translate('comboard.comment.replying_to', { name: comment.reply_name })}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {momentText(comment.created_at, locale)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.comment}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {!closed && (
                <Button
                  size="small"
                  aria-expanded={openAt[comment.reply] === comment.id}
                  aria-label={translate('comboard.comment.reply_to', { name: comment.name })}
                  onClick={() => toggleReply(comment)}
                >
                  {translate('comboard.comment.reply')}
                </Button>
              )}
              {comment.can_delete && (
                <Tooltip title={translate('comboard.comment.delete')}>
                  <IconButton size="small" aria-label={translate('comboard.comment.delete')} onClick={() => setDeleting(comment)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
            {!closed && openAt[comment.reply] === comment.id && (
              <CommentBox autoFocus label={translate('comboard.comment.reply_to', { name: comment.name })} onSend={(text) => send(text, comment)} />
            )}
          </Box>
        ))}
      </Box>
      {count === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('comboard.comment.none')}
        </Typography>
      )}
      {closed ? (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="comments-closed">
          {card.is_recalled ? translate('comboard.comment.closed', { reason: card.reason ?? '' }) : translate('comboard.comment.closed_no_reason')}
        </Alert>
      ) : (
        <CommentBox label={translate('comboard.comment.write')} onSend={(text) => send(text, null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('comboard.comment.delete_title')}
        message={translate('comboard.comment.delete_message')}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
