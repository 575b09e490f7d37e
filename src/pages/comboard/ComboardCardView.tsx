// One announcement as a card (spec 2 §2.1, §4): title, creator, dates, category in its colour,
// the recalled state (warning icon, red title, the tag with its reason), the text with Show
// more / Less (only when the text is taller than its collapsed height), files, the carousel and
// the comments. The managing actions show only when the server says the caller may manage it
// (creator or admin, §6).

import { Box, Button, Card, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useLayoutEffect, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ComboardCard, ComboardComment } from '../../shared/api/comboard';
import { purifyRichText } from '../../views/richTextPurifier';
import { cardDates } from './comboardDates';
import { Carousel, FileList } from './CardMedia';
import { CommentThread } from './CommentThread';

export interface CardActions {
  edit(card: ComboardCard): void;
  remove(card: ComboardCard): void;
  recipients(card: ComboardCard): void;
  detail(card: ComboardCard): void;
}

/**
 * Whether the collapsed text is cut off (its content is taller than the collapsed box), measured
 * while it is collapsed and again whenever the box changes size (a narrower window, an image
 * that loads). While it is open the last measurement stands, so "Less" stays.
 */
function useOverflows(open: boolean, html: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || open) return;
    const measure = () => setOverflows(box.scrollHeight > box.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const watcher = new ResizeObserver(measure);
    watcher.observe(box);
    return () => watcher.disconnect();
  }, [open, html]);
  return { ref, overflows };
}

/** White or black text, whichever reads on the category's colour. */
function textOn(color: string): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return '#fff';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150 ? '#000' : '#fff';
}

export function ComboardCardView({
  card,
  comments,
  open,
  onToggle,
  actions,
}: {
  card: ComboardCard;
  comments?: readonly ComboardComment[];
  /** Its text is shown whole (one card at a time). */
  open: boolean;
  onToggle: () => void;
  actions?: CardActions;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const titleId = `comboard-card-${card.id}-title`;
  const textId = `comboard-card-${card.id}-text`;
  const color = card.category_color ?? undefined;
  const html = purifyRichText(card.info ?? '');
  const text = useOverflows(open, html);
  return (
    <Card component="article" aria-labelledby={titleId} data-testid="comboard-card" sx={{ width: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              {card.is_recalled && <WarningAmberIcon color="error" titleAccess={translate('comboard.card.recalled')} data-testid="recalled-icon" />}
              <Typography id={titleId} variant="h6" component="h2" sx={{ color: card.is_recalled ? 'error.main' : undefined, overflowWrap: 'anywhere' }}>
                {card.title}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {translate('comboard.card.by', { name: card.creator })} · {cardDates(card, locale)}
            </Typography>
          </Box>
          {actions && card.can_manage && (
            <Stack direction="row" role="group" aria-label={translate('comboard.card.actions', { title: card.title })} sx={{ flexShrink: 0 }}>
              <Tooltip title={translate('comboard.card.detail')}>
                <IconButton aria-label={translate('comboard.card.detail')} onClick={() => actions.detail(card)} size="small">
                  <InfoOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate('comboard.card.recipients')}>
                <IconButton aria-label={translate('comboard.card.recipients')} onClick={() => actions.recipients(card)} size="small">
                  <GroupAddIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate('comboard.card.edit')}>
                <IconButton aria-label={translate('comboard.card.edit')} onClick={() => actions.edit(card)} size="small">
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate('comboard.card.delete')}>
                <IconButton aria-label={translate('comboard.card.delete')} onClick={() => actions.remove(card)} size="small" color="error">
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 0.5, my: 1 }} useFlexGap>
          <Chip size="small" label={card.category_name} sx={color ? { bgcolor: color, color: textOn(color) } : undefined} />
          {card.is_priority && <Chip size="small" color="primary" variant="outlined" label={translate('comboard.card.priority')} />}
          {!card.is_published && <Chip size="small" variant="outlined" label={translate('comboard.card.not_published')} />}
          {card.is_recalled && (
            <Chip
              size="small"
              color="error"
              data-testid="recalled-tag"
              label={card.reason ? translate('comboard.card.recalled_reason', { reason: card.reason }) : translate('comboard.card.recalled')}
              sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
            />
          )}
        </Stack>
        <Box
          ref={text.ref}
          id={textId}
          className="RaRichTextField-root"
          // Collapsed, three whole lines show (no half line cut off at the bottom).
          sx={{
            overflowWrap: 'anywhere',
            lineHeight: 1.5,
            '& > :first-child': { mt: 0 },
            '& > :last-child': { mb: 0 },
            ...(open ? {} : { maxHeight: '4.5em', overflow: 'hidden' }),
            '& img': { maxWidth: '100%' },
          }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {(open || text.overflows) && (
          <Button size="small" onClick={onToggle} aria-expanded={open} aria-controls={textId} sx={{ px: 0 }}>
            {translate(open ? 'comboard.card.less' : 'comboard.card.show_more')}
          </Button>
        )}
        <FileList files={card.file_1} />
        <Carousel link={card.link_url} images={card.file_img} title={card.title} />
        <CommentThread card={card} initial={comments} />
      </CardContent>
    </Card>
  );
}
