// The table of a list: one column per field, sortable headers, a row opens the record, and
// check boxes to select rows for bulk actions (whose toolbar is ListBulkBar). It replaces
// react-admin's Datagrid, which imports its default bulk delete button with the confirmation
// dialog: here those arrive only when a row is first selected. The check boxes are the
// browser's own in the theme's colour (Material UI's Checkbox would add ~1.5 KiB gzip).

import { useMemo, type MouseEvent, type ReactElement } from 'react';
import { InTableCell } from '../inTableCell';
import { plainSvgIconStyle } from '../plainSvgIcon';
import { TableReferencesProvider } from './tableReferences';
import { RecordContextProvider, useCreatePath, useListContext, useNavigate, useTranslate, type RaRecord } from 'react-admin';
import { useTheme, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';

export interface TableColumn {
  source: string;
  /** The header's translation key. */
  label: string;
  /** Its text when the key has no translation (the field's label in the UI language). */
  fallback: string;
  sortable: boolean;
  /** The cell, drawn inside the row's record context. */
  cell: ReactElement;
  /** For a reference field: the resource its values point to (fetched once for the table). */
  reference?: string;
}

const stopPropagation = (event: MouseEvent) => event.stopPropagation();

// The body's cells are plain <td>s styled once by the table, as Material UI's small body
// TableCell styles itself (TableCell.mjs: body2 type, the divider line, 6px 16px), rather than
// a TableCell each: a page of 25 rows and 9 columns is 225 cells, and each TableCell is some
// five components of its own (about a third of a list page's components and of its heap).
// Their displays (src/views/fieldDisplay.tsx) draw plain text in them (InTableCell).
const CELL = 'MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall';
const CHECKBOX_CELL = `${CELL} MuiTableCell-paddingCheckbox`;
/** A body row: Material UI's TableRow classes (its hover and selected looks are the table's, below). */
const ROW = 'MuiTableRow-root';

function tableSx(theme: Theme) {
  const border =
    theme.palette.mode === 'light'
      ? theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)
      : theme.darken(theme.alpha(theme.palette.divider, 1), 0.68);
  return {
    '& .MuiTableCell-head': { fontWeight: 500, whiteSpace: 'nowrap' as const },
    '& td.MuiTableCell-body': {
      fontFamily: theme.typography.body2.fontFamily,
      fontWeight: theme.typography.body2.fontWeight,
      fontSize: theme.typography.body2.fontSize,
      lineHeight: theme.typography.body2.lineHeight,
      letterSpacing: theme.typography.body2.letterSpacing,
      display: 'table-cell' as const,
      verticalAlign: 'inherit' as const,
      borderBottom: `1px solid ${border}`,
      textAlign: 'left' as const,
      padding: '6px 16px',
      color: theme.palette.text.primary,
    },
    // The body's rows are plain <tr>s too, as Material UI's TableRow styles itself (hover, selected).
    '& tbody > tr': { color: 'inherit', display: 'table-row', verticalAlign: 'middle', outline: 0 },
    '& tbody > tr.MuiTableRow-hover': { cursor: 'pointer' },
    '& tbody > tr.MuiTableRow-hover:hover': { backgroundColor: theme.palette.action.hover },
    '& tbody > tr.Mui-selected': {
      backgroundColor: theme.alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
      '&:hover': {
        backgroundColor: theme.alpha(theme.palette.primary.main, `${theme.palette.action.selectedOpacity} + ${theme.palette.action.hoverOpacity}`),
      },
    },
    // A reference's link in a cell: Typography's body2 with the links' look (src/views/fieldDisplay.tsx).
    '& td a.RecordTable-link': {
      margin: 0,
      ...theme.typography.body2,
      color: theme.palette.primary.main,
      textDecoration: 'none',
      '&:hover': { textDecoration: 'underline' },
    },
    // A yes/no icon in a cell: Material UI's small SvgIcon, middle-aligned (src/views/fieldDisplay.tsx).
    '& td svg.RecordTable-icon': { ...plainSvgIconStyle(theme), verticalAlign: 'middle' },
    '& td.MuiTableCell-paddingCheckbox': { width: 24, padding: '0 12px 0 16px', '& > *': { padding: 0 } },
    '& td.MuiTableCell-alignRight': { textAlign: 'right' as const, whiteSpace: 'nowrap' as const },
  };
}

function SortableHeader({ column }: { column: TableColumn }) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const text = translate(column.label, { _: column.fallback });
  if (!column.sortable) return <TableCell>{text}</TableCell>;
  const active = sort?.field === column.source;
  const direction = active && sort.order === 'DESC' ? 'desc' : 'asc';
  return (
    <TableCell sortDirection={active ? direction : false}>
      <TableSortLabel
        active={active}
        direction={direction}
        onClick={() => setSort({ field: column.source, order: active && sort.order === 'ASC' ? 'DESC' : 'ASC' })}
        title={translate('ra.sort.sort_by', {
          field: text,
          field_lower_first: text.charAt(0).toLowerCase() + text.slice(1),
          order: translate(active && sort.order === 'ASC' ? 'ra.sort.DESC' : 'ra.sort.ASC'),
          _: text,
        })}
      >
        {text}
      </TableSortLabel>
    </TableCell>
  );
}

export function RecordTable({
  columns,
  selectable,
  rowClick,
  rowActions,
}: {
  columns: TableColumn[];
  /** Check boxes for bulk actions. */
  selectable: boolean;
  /** Clicking a row opens the record's show page. */
  rowClick: boolean;
  /** Buttons at the end of each row (edit, delete), drawn in the row's record context. */
  rowActions?: ReactElement;
}) {
  const translate = useTranslate();
  const { data, resource, selectedIds, onSelect, onToggleItem } = useListContext();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const theme = useTheme();
  const records: RaRecord[] = data ?? [];
  const pageIds = records.map((record) => record.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id));
  const allSelected = pageIds.length > 0 && selectedOnPage.length === pageIds.length;
  const sx = useMemo(() => tableSx(theme), [theme]);
  const checkboxStyle = { width: 18, height: 18, margin: '4px 12px', accentColor: theme.palette.primary.main, cursor: 'pointer' };

  function toggleAll() {
    onSelect(
      allSelected
        ? selectedIds.filter((id) => !pageIds.includes(id))
        : [...selectedIds, ...pageIds.filter((id) => !selectedIds.includes(id))],
    );
  }

  return (
    <Table size="small" sx={sx}>
      <TableHead>
        <TableRow>
          {selectable && (
            <TableCell padding="checkbox">
              <input
                type="checkbox"
                style={checkboxStyle}
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = selectedOnPage.length > 0 && !allSelected;
                }}
                onChange={toggleAll}
                disabled={pageIds.length === 0}
                aria-label={translate('ra.action.select_all', { _: 'Select all' })}
              />
            </TableCell>
          )}
          {columns.map((column) => (
            <SortableHeader key={column.source} column={column} />
          ))}
          {rowActions && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        <InTableCell.Provider value={true}>
        <TableReferencesProvider columns={columns} records={records}>
        {records.map((record) => {
          const selected = selectedIds.includes(record.id);
          return (
            <RecordContextProvider key={record.id} value={record}>
              <tr
                className={`${ROW}${rowClick ? ' MuiTableRow-hover' : ''}${selected ? ' Mui-selected' : ''}`}
                onClick={rowClick ? () => navigate(createPath({ resource, id: record.id, type: 'show' })) : undefined}
              >
                {selectable && (
                  <td className={CHECKBOX_CELL} onClick={stopPropagation}>
                    <input
                      type="checkbox"
                      style={checkboxStyle}
                      checked={selected}
                      onChange={() => onToggleItem(record.id)}
                      aria-label={translate('ra.action.select_row', { _: 'Select this row' })}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td key={column.source} className={CELL}>
                    {column.cell}
                  </td>
                ))}
                {rowActions && (
                  <td className={`${CELL} MuiTableCell-alignRight`} onClick={stopPropagation}>
                    {rowActions}
                  </td>
                )}
              </tr>
            </RecordContextProvider>
          );
        })}
        </TableReferencesProvider>
        </InTableCell.Provider>
      </TableBody>
    </Table>
  );
}
