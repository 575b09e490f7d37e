// The "add filter" button of a list: which filters to show, and remove all filters. Saving
// the current filter is the list's views menu (./ListViewsMenu.tsx), kept per user on the
// server; react-admin's own saved queries (kept in one browser only) are not offered beside it.

import { isValidElement, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { Button, FieldTitle, useFilterContext, useListContext, useResourceContext, useTranslate } from 'react-admin';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ClearIcon from '@mui/icons-material/Clear';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useOpenedOnce } from '../openedOnce';

/** What the menu reads from a filter input element. */
interface FilterProps {
  source: string;
  label?: string;
  disabled?: boolean;
  alwaysOn?: boolean;
}

export function FilterMenu() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const filters = useFilterContext() ?? [];
  const { displayedFilters = {}, filterValues, setFilters, showFilter, hideFilter } = useListContext();
  const [open, setOpen] = useState(false);
  const menuOpened = useOpenedOnce(open);
  const anchor = useRef<HTMLElement | null>(null);

  const hasFilterValues = Object.values(filterValues ?? {}).some((value) => value !== undefined);
  const togglable = filters.filter(
    (filter): filter is ReactElement<FilterProps> => isValidElement(filter) && !(filter.props as FilterProps).alwaysOn,
  );
  if (togglable.length === 0 && !hasFilterValues) return null;

  function show(source: string) {
    showFilter(source, undefined);
    // The input appears once the form re-renders; focus it then (as react-admin does).
    setTimeout(() => document.querySelector<HTMLInputElement>(`input[name='${source}']`)?.focus(), 50);
    setOpen(false);
  }

  const items = togglable.map((filter, index) => {
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
        divider={index === togglable.length - 1 && hasFilterValues}
      >
        <ListItemIcon>
          {displayed ? <CheckBoxIcon fontSize="small" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}
        </ListItemIcon>
        <ListItemText>
          <FieldTitle label={label} source={source} resource={resource} />
        </ListItemText>
      </MenuItem>
    );
  });
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
      {menuOpened && (
        <Menu open={open} anchorEl={anchor.current} onClose={() => setOpen(false)}>
          {items}
        </Menu>
      )}
    </>
  );
}
