// The board's confirmation (spec 2 §2.1, §4 "Delete flow", §5): a title, a warning, the
// message, Confirm and Cancel. Confirm waits for the action; Escape or the backdrop cancels.

import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function ConfirmDialog({
  open,
  title,
  warning,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  warning?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
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
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="comboard-confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="comboard-confirm-title">{title}</DialogTitle>
      <DialogContent>
        {warning && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {warning}
          </Alert>
        )}
        <Typography>{message}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel ?? translate('comboard.delete.cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={busy} color="error" variant="contained" autoFocus>
          {confirmLabel ?? translate('comboard.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
