// /parent/home-comboard and /student/home-comboard: the announcements a parent or a student
// may see (the `comboard-parent` feed, paged by 5), with the search and date filters and the
// comment threads. Where their notifications of an announcement lead (src/shared/
// notificationTarget.ts): they cannot open the staff /home-comboard. The parent home of the
// portals issue can use the same feed.

import './texts/register';
import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { COMBOARD_PATHS, type ComboardFilter } from '../../shared/api/comboard';
import { ComboardFeed } from './ComboardFeed';
import { FilterPanel } from './ComboardListPage';
import { useComboardFeed } from './useComboardFeed';

export function ComboardAreaPage({ path }: { path: string }) {
  const title = useRouteTitle(path);
  useDocumentTitle(title);
  const [filter, setFilter] = useState<ComboardFilter>({});
  const feed = useComboardFeed(COMBOARD_PATHS.parentFeed, filter);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', width: '100%' }} data-testid="comboard-area-page">
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <FilterPanel filter={filter} onChange={setFilter} />
      <ComboardFeed feed={feed} />
    </Box>
  );
}
