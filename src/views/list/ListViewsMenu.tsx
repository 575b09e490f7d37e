// The list's column chooser and saved views (issue 16), in its toolbar. Both are the user's
// own and kept on the server (./useListViews.ts): the columns shown, and named views, each the
// filter, the sort and the columns of a moment, applied again with one click on any device.

import { useState, type MouseEvent } from 'react';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MuiButton from '@mui/material/Button';
import BookmarkIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import RestoreIcon from '@mui/icons-material/RestartAlt';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import { MAX_VIEW_NAME, type ListViewSettings, type SavedListView, type ViewFilterValue } from '../../shared/api/listViews';
import type { EntityModel, Locale } from '../../shared/entityModel';
import { fieldReadable } from '../access';
import type { ListViews } from './useListViews';
import { useOpenedOnce } from '../openedOnce';

/** The fields the user may show as columns (the schema's `list.choosable` they can read), the list's own first. */
export function choosableColumns(entity: EntityModel, roles: readonly string[]): string[] {
  const offered = entity.list.choosable;
  const readable = entity.fields.filter((f) => fieldReadable(f, roles, entity.access) && (offered ? offered.includes(f.name) : true)).map((f) => f.name);
  return [...entity.list.columns.filter((name) => readable.includes(name)), ...readable.filter((name) => !entity.list.columns.includes(name))];
}

/** The columns a list shows: the user's choice (what of it they may still see), else the schema's. */
export function shownColumns(entity: EntityModel, roles: readonly string[], settings: ListViewSettings): string[] {
  const choosable = choosableColumns(entity, roles);
  const chosen = settings.columns?.filter((name) => choosable.includes(name)) ?? [];
  return chosen.length ? chosen : entity.list.columns;
}

interface Props {
  entity: EntityModel;
  roles: readonly string[];
  locale: Locale;
  views: ListViews;
}

function ColumnChooser({ entity, roles, locale, views }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuOpened = useOpenedOnce(anchor !== null);
  const choosable = choosableColumns(entity, roles);
  const shown = shownColumns(entity, roles, views.settings);
  const labelOf = (name: string) =>
    translate(`resources.${entity.resource}.fields.${name}`, { _: entity.fields.find((f) => f.name === name)?.label[locale] ?? name });

  function toggle(name: string) {
    const next = shown.includes(name) ? shown.filter((n) => n !== name) : choosable.filter((n) => n === name || shown.includes(n));
    if (next.length === 0) {
      notify('app.listViews.columns_one', { type: 'warning' });
      return;
    }
    void views.save({ ...views.settings, columns: next }).catch(() => undefined);
  }

  return (
    <>
      <Button label="app.listViews.columns" onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        <ViewColumnIcon />
      </Button>
{menuOpened && (
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 420 } } }}>
        <ListSubheader>{translate('app.listViews.columns_title')}</ListSubheader>
        {choosable.map((name) => (
          <MenuItem key={name} dense onClick={() => toggle(name)} role="menuitemcheckbox" aria-checked={shown.includes(name)}>
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={shown.includes(name)} tabIndex={-1} disableRipple sx={{ p: 0 }} />
            </ListItemIcon>
            <ListItemText>{labelOf(name)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          dense
          disabled={views.settings.columns === null}
          onClick={() => void views.save({ ...views.settings, columns: null }).catch(() => undefined)}
        >
          <ListItemIcon>
            <RestoreIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.listViews.columns_reset')}</ListItemText>
        </MenuItem>
      </Menu>
      )}
    </>
  );
}

function SaveViewDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (name: string) => Promise<void> }) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  async function submit() {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(translate('ra.validation.required'));
      return;
    }
    setSaving(true);
    try {
      await onSave(trimmed);
      setName('');
      setError('');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>{translate('app.listViews.save_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('app.listViews.save_hint')}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('app.listViews.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(error)}
            helperText={error || ' '}
            slotProps={{ htmlInput: { maxLength: MAX_VIEW_NAME } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('app.listViews.cancel')}</MuiButton>
          <MuiButton type="submit" variant="contained" disabled={saving}>
            {translate('app.listViews.save')}
          </MuiButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function SavedViews({ entity, roles, views }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, setFilters, setSort } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState(false);
  const menuOpened = useOpenedOnce(anchor !== null);
  const dialogOpened = useOpenedOnce(dialog);
  const { settings } = views;

  function apply(view: SavedListView) {
    setAnchor(null);
    setSort(view.sort);
    // The view's filters show in the filter bar, as a filter given in the address does.
    setFilters(view.filter, Object.fromEntries(Object.keys(view.filter).map((k) => [k, true])));
    if (view.columns && view.columns.join() !== shownColumns(entity, roles, settings).join()) {
      void views.save({ ...settings, columns: view.columns }).catch(() => undefined);
    }
    notify('app.listViews.applied', { type: 'info', messageArgs: { name: view.name } });
  }

  async function saveCurrent(name: string) {
    const view: SavedListView = {
      name,
      filter: Object.fromEntries(Object.entries(filterValues ?? {}).filter(([, v]) => v !== undefined && v !== '')) as Record<string, ViewFilterValue>,
      sort: { field: sort.field, order: sort.order === 'DESC' ? 'DESC' : 'ASC' },
      columns: shownColumns(entity, roles, settings),
    };
    // A view of the same name is replaced.
    const others = settings.views.filter((v) => v.name.toLowerCase() !== name.toLowerCase());
    await views.save({ ...settings, views: [...others, view] });
    notify('app.listViews.saved', { type: 'success', messageArgs: { name } });
  }

  function remove(view: SavedListView) {
    void views
      .save({ ...settings, views: settings.views.filter((v) => v !== view) })
      .then(() => notify('app.listViews.deleted', { type: 'info', messageArgs: { name: view.name } }))
      .catch(() => undefined);
  }

  return (
    <>
      <Button label="app.listViews.views" onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        <BookmarkIcon />
      </Button>
{menuOpened && (
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>{translate('app.listViews.views_title')}</ListSubheader>
        {settings.views.length === 0 && (
          <MenuItem dense disabled>
            <ListItemText>{translate('app.listViews.views_none')}</ListItemText>
          </MenuItem>
        )}
        {settings.views.map((view) => (
          <MenuItem key={view.name} dense onClick={() => apply(view)} sx={{ pr: 1 }}>
            <ListItemText>{view.name}</ListItemText>
            <IconButton
              size="small"
              edge="end"
              sx={{ ml: 2 }}
              aria-label={translate('app.listViews.delete', { name: view.name })}
              onClick={(e) => {
                e.stopPropagation();
                remove(view);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          dense
          onClick={() => {
            setAnchor(null);
            setDialog(true);
          }}
        >
          <ListItemIcon>
            <SaveIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.listViews.save_current')}</ListItemText>
        </MenuItem>
      </Menu>
      )}
      {dialogOpened && <SaveViewDialog open={dialog} onClose={() => setDialog(false)} onSave={saveCurrent} />}
    </>
  );
}

/** The toolbar's two buttons: columns, and saved views. */
export function ListViewsMenu(props: Props) {
  return (
    <>
      {props.entity.list.choosable?.length !== 0 && <ColumnChooser {...props} />}
      <SavedViews {...props} />
    </>
  );
}
