// /student/portofolio (spec 1 §2.5): the school keeps no portfolio records in this app yet, and
// the page says so plainly rather than showing made-up work.

import '../parentPortal/texts/register';
import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';

export function PortfolioPage() {
  const translate = useTranslate();
  const title = useRouteTitle('/student/portofolio');
  useDocumentTitle(title);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', width: '100%' }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Alert severity="info" data-testid="portal-empty">
        {translate('portal.empty.portfolio')}
      </Alert>
    </Box>
  );
}
