// The "add filter" button of a list: react-admin's FilterButton (which filters to show,
// saved queries, remove all filters) with its two saved-query dialogs fetched when one is
// first opened rather than with the list.

import { isValidElement, Suspense, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import {
  Button,
  extractValidSavedQueries,
  FieldTitle,
  useFilterContext,
  useListContext,
  useNavigate,
  useResourceContext,
  useSavedQueries,
  useTranslate,
} from 'react-admin';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import BookmarkRemoveIcon from '@mui/icons-material/BookmarkRemove';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ClearIcon from '@mui/icons-material/Clear';
import FilterListIcon from '@mui/icons-material/FilterList';
import { lazyPart } from '../lazyPart';

const AddSavedQueryDialog = lazyPart(() => import('./savedQueryDialogs').then((m) => m.AddSavedQueryDialog));
const RemoveSavedQueryDialog = lazyPart(() => import('./savedQueryDialogs').then((m) => m.RemoveSavedQueryDialog));

type Dialog = 'add' | 'remove' | null;

/** Deep equality of JSON-like values (list parameters, saved queries), key order aside. */
function isEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((k) => isEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** A list's parameters as the query string react-admin reads them from. */
function searchOf(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

/** What the menu reads from a filter input element. */
interface FilterProps {
  source: string;
  label?: string;
  disabled?: boolean;
  alwaysOn?: boolean;
}

export function FilterMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const resource = useResourceContext() ?? '';
  const filters = useFilterContext() ?? [];
  const [savedQueries] = useSavedQueries(resource);
  const { displayedFilters = {}, filterValues, perPage, setFilters, showFilter, hideFilter, sort } = useListContext();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogUsed, setDialogUsed] = useState(false);
  const anchor = useRef<HTMLElement | null>(null);

  const current = { filter: filterValues, sort, perPage, displayedFilters };
  const hasFilterValues = !isEqual(filterValues, {});
  const validSavedQueries = extractValidSavedQueries(savedQueries);
  const hasSavedCurrentQuery = validSavedQueries.some((query) => isEqual(query.value, current));
  const togglable = filters.filter(
    (filter): filter is ReactElement<FilterProps> => isValidElement(filter) && !(filter.props as FilterProps).alwaysOn,
  );
  if (togglable.length === 0 && validSavedQueries.length === 0 && !hasFilterValues) return null;

  function openDialog(which: Dialog) {
    setOpen(false);
    setDialog(which);
    setDialogUsed(true);
  }

  function show(source: string) {
    showFilter(source, undefined);
    // The input appears once the form re-renders; focus it then (as react-admin does).
    setTimeout(() => document.querySelector<HTMLInputElement>(`input[name='${source}']`)?.focus(), 50);
    setOpen(false);
  }

  const items = [
    ...togglable.map((filter, index) => {
      const { source, label, disabled } = filter.props;
      const displayed = Boolean(displayedFilters[source]);
      return (
        <MenuItem
          key={source}
          className="new-filter-item"
          data-key={source}
          onClick={() => (displayed ? (hideFilter(source), setOpen(false)) : show(source))}
          autoFocus={index === 0}
          disabled={disabled}
          role="menuitemcheckbox"
          aria-checked={displayed}
          divider={index === togglable.length - 1 && (hasFilterValues || validSavedQueries.length > 0)}
        >
          <ListItemIcon>
            {displayed ? <CheckBoxIcon fontSize="small" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}
          </ListItemIcon>
          <ListItemText>
            <FieldTitle label={label} source={source} resource={resource} />
          </ListItemText>
        </MenuItem>
      );
    }),
    ...validSavedQueries.map((query, index) =>
      isEqual(query.value, current) ? (
        <MenuItem key={`saved-${index}`} onClick={() => openDialog('remove')}>
          <ListItemIcon>
            <BookmarkRemoveIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            {translate('ra.saved_queries.remove_label_with_name', { _: 'Remove query "%{name}"', name: query.label })}
          </ListItemText>
        </MenuItem>
      ) : (
        <MenuItem
          key={`saved-${index}`}
          onClick={() => {
            navigate({
              search: searchOf({
                filter: JSON.stringify(query.value.filter),
                sort: query.value.sort?.field,
                order: query.value.sort?.order,
                page: 1,
                perPage: query.value.perPage,
                displayedFilters: JSON.stringify(query.value.displayedFilters),
              }),
            });
            setOpen(false);
          }}
        >
          <ListItemIcon>
            <BookmarkBorderIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{query.label}</ListItemText>
        </MenuItem>
      ),
    ),
  ];
  if (hasFilterValues && !hasSavedCurrentQuery) {
    items.push(
      <MenuItem key="save" onClick={() => openDialog('add')}>
        <ListItemIcon>
          <BookmarkAddIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('ra.saved_queries.new_label', { _: 'Save current query...' })}</ListItemText>
      </MenuItem>,
    );
  }
  if (hasFilterValues) {
    items.push(
      <MenuItem
        key="clear"
        onClick={() => {
          setFilters({}, {});
          setOpen(false);
        }}
      >
        <ListItemIcon>
          <ClearIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('ra.action.remove_all_filters', { _: 'Remove all filters' })}</ListItemText>
      </MenuItem>,
    );
  }

  return (
    <>
      <Button
        className="add-filter"
        label="ra.action.add_filter"
        aria-haspopup="true"
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          event.preventDefault();
          anchor.current = event.currentTarget;
          setOpen(true);
        }}
      >
        <FilterListIcon />
      </Button>
      <Menu open={open} anchorEl={anchor.current} onClose={() => setOpen(false)}>
        {items}
      </Menu>
      {dialogUsed && (
        <Suspense fallback={null}>
          <AddSavedQueryDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
          <RemoveSavedQueryDialog open={dialog === 'remove'} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
