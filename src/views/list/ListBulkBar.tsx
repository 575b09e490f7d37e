// What can be done with the selected rows: shown only while rows are selected, with the
// bulk delete button (and its confirmation dialog) fetched when a row is first selected.

import { Suspense } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lighten } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { lazyPart } from '../lazyPart';
import type { EntityModel } from '../../shared/entityModel';

const BulkDelete = lazyPart(() => import('./BulkDelete').then((m) => m.default));
const BulkEdit = lazyPart(() => import('./BulkEdit').then((m) => m.default));

/** `edit`: the entity whose selected records may be edited together (./BulkEdit.tsx), when the user may edit. */
export function ListBulkBar({ canDelete = true, edit }: { canDelete?: boolean; edit?: EntityModel }) {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  if (selectedIds.length === 0) return null;
  return (
    <Toolbar
      variant="dense"
      // react-admin's bulk actions toolbar colours.
      sx={{ gap: 1, bgcolor: (theme) => lighten(theme.palette.primary.light, 0.8), color: 'primary.main', minHeight: 48 }}
    >
      <IconButton
        size="small"
        color="inherit"
        onClick={() => onUnselectItems()}
        aria-label={translate('ra.action.unselect')}
        title={translate('ra.action.unselect')}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="subtitle1" component="span" sx={{ flex: 1 }}>
        {translate('ra.action.bulk_actions', { smart_count: selectedIds.length, _: '%{smart_count} selected' })}
      </Typography>
      <Suspense fallback={null}>
        {edit && <BulkEdit entity={edit} />}
        {canDelete && <BulkDelete />}
      </Suspense>
    </Toolbar>
  );
}
