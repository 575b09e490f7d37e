// Paging under a list: rows per page, "1-25 of 120" ("of about 12,000" when the server
// estimated the total), previous and next. A light stand-in for react-admin's Pagination
// (Material UI's TablePagination with numbered page buttons).

import { useId } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { formatCount } from '../format';
import { useUiLocale } from '../useText';

const ROWS_PER_PAGE = [5, 10, 25, 50, 100];

export function ListPagination() {
  const translate = useTranslate();
  const locale = useUiLocale();
  const { isPending, page, perPage, total, hasNextPage, setPage, setPerPage, meta } = useListContext();
  const labelId = useId();
  if (isPending || !total || page < 1) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  const options = ROWS_PER_PAGE.includes(perPage) ? ROWS_PER_PAGE : [...ROWS_PER_PAGE, perPage].sort((a, b) => a - b);
  const rowsLabel = translate('ra.navigation.page_rows_per_page');
  return (
    <Box
      component="nav"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 2, px: 2, py: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" component="span" id={labelId}>
          {rowsLabel}
        </Typography>
        <Select
          size="small"
          variant="standard"
          disableUnderline
          value={perPage}
          onChange={(event) => setPerPage(Number(event.target.value))}
          labelId={labelId}
          sx={{ fontSize: 14 }}
        >
          {options.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </Select>
      </Box>
      <Typography variant="body2" component="span">
        {meta?.totalEstimated === true
          ? translate('app.list.range_estimated', { offsetBegin: first, offsetEnd: last, total: formatCount(total, locale) })
          : translate('ra.navigation.page_range_info', { offsetBegin: first, offsetEnd: last, total })}
      </Typography>
      <Box>
        <IconButton
          size="small"
          onClick={() => setPage(page - 1)}
          disabled={page <= 1}
          aria-label={translate('ra.navigation.previous')}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          size="small"
          onClick={() => setPage(page + 1)}
          disabled={page >= pages && !hasNextPage}
          aria-label={translate('ra.navigation.next')}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
