// A confirmation before a bulk or lasting action (publish, merge, reverse, commit, generate):
// the title, what will happen, Confirm and Cancel. Confirm waits for the action; Escape or
// the backdrop cancels while nothing runs.

import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="finance-confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="finance-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <Typography component="div">{message}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('finance.invoices.common.cancel')}
        </Button>
        {/* Closing (after the action, during its fade): a second press does nothing. */}
        <Button onClick={() => void confirm()} disabled={busy || !open} variant="contained" autoFocus>
          {confirmLabel ?? translate('finance.invoices.common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
