// The list's import button; its dialog (./ImportDialog.tsx) is fetched when first pressed.

import { Suspense, useState } from 'react';
import { Button } from 'react-admin';
import UploadIcon from '@mui/icons-material/Upload';
import type { EntityModel } from '../../shared/entityModel';
import { lazyPart } from '../lazyPart';
import './masterDataTexts';

const ImportDialog = lazyPart(() => import('./ImportDialog').then((m) => m.default));

export function ImportButton({ entity, resource }: { entity: EntityModel; resource: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="masterData.import" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog entity={entity} resource={resource} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
