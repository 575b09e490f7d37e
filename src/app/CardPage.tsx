// The page of the login and password forms (no admin shell): the language button at the
// top right and one card in the middle, with a full-width submit button that shows a
// spinner while the form is sent.

import type { ReactNode } from 'react';
import { LocalesMenuButton } from 'react-admin';
import { Box, Button, Card, CardContent, CircularProgress } from '@mui/material';

export function CardPage({ maxWidth, children }: { maxWidth: number; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LocalesMenuButton />
      </Box>
      <Card sx={{ width: '100%', maxWidth }} elevation={2}>
        <CardContent sx={{ p: 4 }}>{children}</CardContent>
      </Card>
    </Box>
  );
}

export function SubmitButton({ submitting, disabled, children }: { submitting: boolean; disabled: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      fullWidth
      size="large"
      sx={{ mt: 2 }}
      disabled={submitting || disabled}
      startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}
