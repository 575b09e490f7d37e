// The shell's message pages (not found, not built yet, a public page not built yet): a
// heading, one sentence, and what the user can do next, in one card. Inside the admin
// layout the card sits in the content; outside it (`standalone`) it is the page, centred.
// The browser tab's title follows the heading.

import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useDocumentTitle } from './useRouteTitle';

export interface ShellMessagePageProps {
  title: string;
  message: string;
  /** Links or buttons under the message. */
  actions?: ReactNode;
  /** Outside the admin layout: the card is the whole page. */
  standalone?: boolean;
  testId: string;
}

export function ShellMessagePage({ title, message, actions, standalone = false, testId }: ShellMessagePageProps) {
  useDocumentTitle(title);
  const card = (
    <Card sx={standalone ? { maxWidth: 480 } : { mt: 2 }} data-testid={testId}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" gutterBottom={Boolean(actions)}>
          {message}
        </Typography>
        {actions}
      </CardContent>
    </Card>
  );
  if (!standalone) return card;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      {card}
    </Box>
  );
}
