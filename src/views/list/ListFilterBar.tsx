// The list's toolbar: the search box, the other filters shown, the actions (react-admin's
// ListToolbar, made lighter). react-admin puts every filter, the always-shown search box
// included, in one react-hook-form form: ~20 KiB gzip the first list would fetch for a
// search box. Here the search box is a plain field bound to `q` (react-admin's own resettable
// field, so it looks the same), and react-admin's filter form is fetched only when another
// filter shows: chosen in the "add filter" menu, or given in the address.

import { isValidElement, Suspense, useEffect, useRef, useState, type ChangeEvent, type ReactElement, type ReactNode } from 'react';
import { FilterContext, ResettableTextField, useListContext, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { lazyPart } from '../lazyPart';

const FilterForm = lazyPart(() => import('./filterForm').then((m) => m.FilterForm));

/** What the toolbar reads from a filter input element. */
interface FilterProps {
  source: string;
  alwaysOn?: boolean;
}

/** How long typing pauses before the list searches (react-admin's filter form waits as long). */
const SEARCH_DELAY_MS = 500;

function isEmpty(value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return true;
  if (typeof value === 'object') return Object.values(value).every(isEmpty);
  return false;
}

/**
 * The search icon, passed the way react-admin's SearchInput passes it (`InputProps`, which
 * MUI 9's types no longer list): the field shows it while empty, its clear button otherwise.
 */
const searchIcon: object = {
  InputProps: {
    endAdornment: (
      <InputAdornment position="end">
        <SearchIcon color="disabled" />
      </InputAdornment>
    ),
  },
};

/** The search box: what is typed becomes the list's `q` filter after a pause; a change from elsewhere (clear filters, a saved query) shows in it. */
function SearchBox() {
  const translate = useTranslate();
  const list = useListContext();
  const applied = typeof list.filterValues?.q === 'string' ? list.filterValues.q : '';
  const [text, setText] = useState(applied);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(list);
  latest.current = list;

  useEffect(() => {
    if (pending.current === undefined) setText(applied);
  }, [applied]);
  useEffect(() => () => clearTimeout(pending.current), []);

  function change(value: string) {
    setText(value);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = undefined;
      const { filterValues, setFilters } = latest.current;
      const { q: _previous, ...others } = filterValues ?? {};
      // As react-admin's filter form does: the other filters and the shown ones stay.
      setFilters(value ? { ...others, q: value } : others);
    }, SEARCH_DELAY_MS);
  }

  const placeholder = translate('ra.action.search');
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', flexShrink: 0, width: { xs: '100%', sm: 'auto' }, pb: 0.5 }}>
      <ResettableTextField
        name="q"
        value={text}
        // Typing gives an event; the clear button gives ''.
        onChange={(event: ChangeEvent<HTMLInputElement> | string) => change(typeof event === 'string' ? event : event.target.value)}
        resettable
        hiddenLabel
        label=""
        placeholder={placeholder}
        size="small"
        margin="dense"
        sx={{ mt: 1 }}
        // Ctrl+K comes here (src/app/keyboard/shortcutKeys.ts).
        slotProps={{ htmlInput: { 'aria-label': placeholder, 'data-shortcut': 'search' } }}
        {...searchIcon}
      />
      {/* react-admin's gap after a filter input */}
      <Box sx={{ width: 16 }}>&nbsp;</Box>
    </Box>
  );
}

export function ListFilterBar({ filters, actions }: { filters: ReactElement[]; actions: ReactNode }) {
  const { displayedFilters = {}, filterValues = {} } = useListContext();
  const elements = filters.filter((f): f is ReactElement<FilterProps> => isValidElement(f));
  const search = elements.some((f) => f.props.source === 'q');
  const others = elements.filter((f) => f.props.source !== 'q');
  // react-admin's filter form shows a filter always on, chosen, or with a value.
  const formShown = others.some(
    (f) => f.props.alwaysOn || displayedFilters[f.props.source] || !isEmpty(filterValues[f.props.source]),
  );
  return (
    <FilterContext.Provider value={filters}>
      <Box
        sx={{
          display: 'flex',
          position: 'relative',
          justifyContent: 'space-between',
          alignItems: 'flex-end',
          width: '100%',
          flexWrap: { xs: 'inherit', sm: 'wrap', md: 'nowrap' },
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          bgcolor: { xs: 'background.paper', sm: 'transparent' },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            flex: { xs: '0 1 auto', md: '0 1 100%' },
            width: { xs: '100%', sm: 'auto' },
            minHeight: { sm: 64 },
            // The filter form (which has the search box's bottom gap too) wraps its own inputs, beside the search box.
            flexWrap: { xs: 'wrap', md: 'nowrap' },
            alignItems: 'flex-end',
          }}
        >
          {search && <SearchBox />}
          {formShown && (
            // The form reads its filters from the context: the other filters only.
            <FilterContext.Provider value={others}>
              <Suspense fallback={null}>
                <FilterForm />
              </Suspense>
            </FilterContext.Provider>
          )}
        </Box>
        <span />
        {actions}
      </Box>
    </FilterContext.Provider>
  );
}
