// An announcement's files and its carousel (spec 2 §2.1): the file list downloads each file
// through the checked download call (the bearer token, so a file is never a public URL); the
// carousel shows the video link first, then the images, fetched as blobs the same way. The
// app's Content-Security-Policy allows frames only from itself, so the video is a link card.

import { useEffect, useState } from 'react';
import { Box, Button, IconButton, Link, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { useNotify, useTranslate } from 'react-admin';
import { COMBOARD_PATHS, type ComboardFile } from '../../shared/api/comboard';
import { saveFile } from '../../views/saveFile';
import { useComboardCalls } from './comboardCalls';

export function useDownload() {
  const calls = useComboardCalls();
  const notify = useNotify();
  return async (file: ComboardFile) => {
    try {
      saveFile(await calls.file(COMBOARD_PATHS.download, { id: file.id }), file.file_name);
    } catch {
      notify('comboard.card.download_failed', { type: 'error', autoHideDuration: 5000 });
    }
  };
}

export function FileList({ files }: { files: readonly ComboardFile[] }) {
  const translate = useTranslate();
  const download = useDownload();
  if (files.length === 0) return null;
  return (
    <Box component="section" aria-label={translate('comboard.card.files')}>
      <List dense disablePadding>
        {files.map((file) => (
          <ListItem key={file.id} disablePadding>
            <ListItemButton onClick={() => void download(file)} aria-label={translate('comboard.card.download', { name: file.file_name })}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <AttachFileIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={file.title || file.file_name} secondary={file.title ? file.file_name : undefined} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** An image attachment as an object URL of its bytes (null while loading, 'failed' when refused). */
export function useImageUrl(id: number | null): string | null | 'failed' {
  const calls = useComboardCalls();
  const [url, setUrl] = useState<string | null | 'failed'>(null);
  useEffect(() => {
    if (id === null) return;
    let made: string | null = null;
    let live = true;
    setUrl(null);
    calls.file(COMBOARD_PATHS.download, { id }).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        if (live) setUrl(made);
      },
      () => live && setUrl('failed'),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [calls, id]);
  return url;
}

export function ImageOf({ file, height = 220 }: { file: ComboardFile; height?: number }) {
  const translate = useTranslate();
  const url = useImageUrl(file.id);
  if (url === 'failed') return <Typography color="text.secondary">{translate('comboard.card.image_failed')}</Typography>;
  if (url === null) return <Box sx={{ height, bgcolor: 'action.hover' }} />;
  return <Box component="img" src={url} alt={file.title || file.file_name} sx={{ maxWidth: '100%', maxHeight: height, objectFit: 'contain', display: 'block', mx: 'auto' }} />;
}

type Slide = { kind: 'video'; url: string } | { kind: 'image'; file: ComboardFile };

export function Carousel({ link, images, title }: { link: string | null; images: readonly ComboardFile[]; title: string }) {
  const translate = useTranslate();
  const slides: Slide[] = [...(link ? [{ kind: 'video', url: link } as const] : []), ...images.map((file) => ({ kind: 'image', file }) as const)];
  const [at, setAt] = useState(0);
  if (slides.length === 0) return null;
  const index = Math.min(at, slides.length - 1);
  const slide = slides[index]!;
  return (
    <Box component="section" aria-roledescription="carousel" aria-label={title} sx={{ my: 1 }}>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minHeight: 80, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {slide.kind === 'video' ? (
          <Stack spacing={1} sx={{ alignItems: 'center', py: 2 }}>
            <OndemandVideoIcon fontSize="large" color="action" aria-hidden />
            <Link href={slide.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
              {translate('comboard.card.open_video')}
            </Link>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {slide.url}
            </Typography>
          </Stack>
        ) : (
          <ImageOf file={slide.file} />
        )}
      </Box>
      {slides.length > 1 && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'center' }} spacing={1}>
          <IconButton aria-label={translate('comboard.card.previous')} onClick={() => setAt((index - 1 + slides.length) % slides.length)}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="caption" aria-live="polite">
            {translate('comboard.card.slide', { n: index + 1, total: slides.length })}
          </Typography>
          <IconButton aria-label={translate('comboard.card.next')} onClick={() => setAt((index + 1) % slides.length)}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      )}
    </Box>
  );
}

export function DownloadButton({ file }: { file: ComboardFile }) {
  const translate = useTranslate();
  const download = useDownload();
  return (
    <Button size="small" onClick={() => void download(file)}>
      {translate('comboard.attachment.download')}
    </Button>
  );
}
