// The staff shell's keyboard shortcuts (./shortcutKeys.ts) and their help dialog on `?`
// (issue 16), mounted once in the admin layout.

import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { focusSearch, leaveField, saveForm, SHORTCUTS, shortcutOf } from './shortcutKeys';
import { useOpenedOnce } from '../../views/openedOnce';

export function KeyboardShortcuts() {
  const translate = useTranslate();
  const [helpOpen, setHelpOpen] = useState(false);
  const helpOpened = useOpenedOnce(helpOpen);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const active = document.activeElement;
      const action = shortcutOf(event, active);
      if (action === 'search') {
        if (focusSearch()) event.preventDefault();
      } else if (action === 'save') {
        // The browser's "save page" never helps here: a form on the page is saved, or nothing is.
        event.preventDefault();
        saveForm(active);
      } else if (action === 'leave') {
        leaveField(active);
      } else if (action === 'help') {
        event.preventDefault();
        setHelpOpen(true);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!helpOpened) return null;
  return (
    <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} aria-labelledby="keyboard-help-title" fullWidth maxWidth="xs">
      <DialogTitle id="keyboard-help-title">{translate('app.keyboard.title')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {SHORTCUTS.map(({ action, keys }) => (
              <TableRow key={action}>
                <TableCell sx={{ whiteSpace: 'nowrap', width: '1%' }}>
                  <Box component="kbd" sx={{ fontFamily: 'monospace', px: 0.75, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover' }}>
                    {translate(`app.keyboard.${keys}`)}
                  </Box>
                </TableCell>
                <TableCell>{translate(`app.keyboard.${action}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setHelpOpen(false)}>{translate('app.keyboard.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
