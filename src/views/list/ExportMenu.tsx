// The list's export: CSV, XLSX or PDF of every row the current filters, search and sort find
// (the server streams them all, not one page nor the first 1,000), with the columns the list
// shows. The file comes from GET {endpoint}/export (the data provider's exportFile) and is
// saved under the resource's name.

import { useState, type MouseEvent } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import type { ExportFormat } from '../../shared/api/bulk';
import './masterDataTexts';
import { saveFile } from '../saveFile';
import { useOpenedOnce } from '../openedOnce';

const FORMATS: ReadonlyArray<{ format: ExportFormat; name: string }> = [
  { format: 'xlsx', name: 'Excel (XLSX)' },
  { format: 'csv', name: 'CSV' },
  { format: 'pdf', name: 'PDF' },
];

export function ExportMenu({ columns }: { columns: readonly string[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { filterValues, sort, resource, total } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuOpened = useOpenedOnce(anchor !== null);
  const [busy, setBusy] = useState(false);

  const download = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const blob = (await dataProvider.exportFile(resource, { format, columns, sort, filter: filterValues })) as Blob;
      saveFile(blob, `${resource}.${format}`);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        label={busy ? 'masterData.exporting' : 'masterData.export'}
        disabled={busy || total === 0}
        aria-haspopup="menu"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <DownloadIcon />
      </Button>
      {menuOpened && (
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, name }) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            <ListItemText primary={translate('masterData.export_as', { format: name })} secondary={format === 'xlsx' ? translate('masterData.export_hint') : undefined} />
          </MenuItem>
        ))}
      </Menu>
      )}
    </>
  );
}
