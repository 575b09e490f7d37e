// A record of a tree where its represent text appears: the path from the root down to it,
// ancestors muted (`Yayasan › Kepala Sekolah › Guru`). Without a path (a record of no tree,
// an answer without `tree_path`) the field's usual display.

import type { ReactElement } from 'react';
import { useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ResourceEntry } from '../shared/entityModel';
import { TREE_SEPARATOR, treePathOf } from './represent';

export function TreePathText({ entry, otherwise }: { entry: Pick<ResourceEntry, 'tree'>; otherwise: ReactElement }) {
  const path = treePathOf(entry, useRecordContext());
  if (!path) return otherwise;
  return (
    <Typography component="span" variant="body2">
      {path.slice(0, -1).map((text, index) => (
        <Box component="span" key={index} sx={{ color: 'text.secondary' }}>
          {text}
          {TREE_SEPARATOR}
        </Box>
      ))}
      {path.at(-1)}
    </Typography>
  );
}
