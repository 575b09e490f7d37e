// A feed of announcement cards with their comments, paged by 5 (spec 2 §2.1, §4, §9): the
// staff list and /home-comboard use it, and the parent home of a later issue can drop it in
// (`path="comboard-parent"`). Four skeleton cards while loading, "No Data" when empty, an
// error with a retry, "Show more" until the server says all is shown. Full width on a phone.

import './texts/register';
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ComboardCardView, type CardActions } from './ComboardCardView';
import type { useComboardFeed } from './useComboardFeed';

export const SKELETON_CARDS = 4;

export function FeedSkeleton() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} role="status" aria-label={translate('comboard.loading')}>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <Card key={i} data-testid="comboard-skeleton">
          <CardContent>
            <Skeleton variant="text" width="60%" height={32} />
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="rectangular" height={60} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

export function ComboardFeed({ feed, actions }: { feed: ReturnType<typeof useComboardFeed>; actions?: CardActions }) {
  const translate = useTranslate();
  const [openId, setOpenId] = useState<number | null>(null);
  if (feed.status === 'loading') return <FeedSkeleton />;
  if (feed.status === 'error') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void feed.reload()}>
            {translate('comboard.retry')}
          </Button>
        }
      >
        {translate('comboard.load_failed')}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} data-testid="comboard-feed">
      {feed.shown.length === 0 && (
        <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
          {translate('comboard.empty')}
        </Typography>
      )}
      {feed.shown.map((card) => (
        <ComboardCardView
          key={card.id}
          card={card}
          comments={feed.comments[card.id]}
          open={openId === card.id}
          onToggle={() => setOpenId((id) => (id === card.id ? null : card.id))}
          actions={actions}
        />
      ))}
      <Box sx={{ textAlign: 'center' }}>
        {feed.ended ? (
          feed.cards.length > 0 && (
            <Typography color="text.secondary" role="status" data-testid="comboard-all-shown">
              {translate('comboard.all_shown')}
            </Typography>
          )
        ) : (
          <Button variant="outlined" onClick={() => void feed.loadMore()} disabled={feed.loadingMore}>
            {translate('comboard.show_more_cards')}
          </Button>
        )}
        {feed.error !== null && feed.status === 'ready' && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate('comboard.load_failed')}
          </Alert>
        )}
      </Box>
    </Stack>
  );
}
