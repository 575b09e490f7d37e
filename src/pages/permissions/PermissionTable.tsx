// A page of permission requests: number, student, class, type, dates, state ("Your turn" where
// the caller decides now); Detail opens the request.

import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Skeleton, Table, TableBody, TableCell, TableHead, TablePagination, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { messageOf, usePageCalls } from '../../app/pageCalls';
import { PERMISSION_PATHS, type PermissionListAnswer, type PermissionRow } from '../../shared/api/permissions';
import { dateText, STATE_COLOUR } from './PermissionDetailDialog';

const PER_PAGE = 10;

export function usePermissionList() {
  const calls = usePageCalls();
  const [page, setPage] = useState(0);
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ rows: PermissionRow[] | null; total: number; error: string | null }>({ rows: null, total: 0, error: null });
  useEffect(() => {
    let live = true;
    calls.get<PermissionListAnswer>(PERMISSION_PATHS.permissions, { page: page + 1, per_page: PER_PAGE }).then(
      (answer) => live && setState({ rows: answer.data, total: answer.total, error: null }),
      (error: unknown) => live && setState({ rows: null, total: 0, error: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [calls, page, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, page, setPage, reload };
}

export function PermissionTable({ list, onDetail }: { list: ReturnType<typeof usePermissionList>; onDetail: (id: number) => void }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`permissions.${key}`);
  const [locale] = useLocaleState();
  if (list.error) return <Alert severity="error" action={<Button onClick={list.reload}>{t('retry')}</Button>}>{list.error}</Alert>;
  if (!list.rows) return <Skeleton variant="rectangular" height={120} aria-label={t('loading')} />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="permission-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('number')}</TableCell>
            <TableCell>{t('student')}</TableCell>
            <TableCell>{t('class')}</TableCell>
            <TableCell>{t('type')}</TableCell>
            <TableCell>{t('dates')}</TableCell>
            <TableCell>{t('state')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {list.rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={7} align="center">
                {t('no_data')}
              </TableCell>
            </TableRow>
          )}
          {list.rows.map((row) => (
            <TableRow key={row.id} hover data-testid={`permission-row-${row.permission_no}`}>
              <TableCell>{row.permission_no}</TableCell>
              <TableCell>{row.student_name}</TableCell>
              <TableCell>{row.class_name}</TableCell>
              <TableCell>{row.type}</TableCell>
              <TableCell>{row.start_date === row.end_date ? dateText(row.start_date, locale) : `${dateText(row.start_date, locale)} – ${dateText(row.end_date, locale)}`}</TableCell>
              <TableCell>
                <Chip size="small" color={STATE_COLOUR[row.state]} label={t(`states.${row.state}`)} />
                {row.is_approve && <Chip size="small" variant="outlined" color="primary" label={t('your_turn')} sx={{ ml: 0.5 }} />}
              </TableCell>
              <TableCell>
                <Button size="small" onClick={() => onDetail(row.id)}>
                  {t('detail')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={list.total} page={list.page} onPageChange={(_, next) => list.setPage(next)} rowsPerPage={PER_PAGE} rowsPerPageOptions={[PER_PAGE]} />
    </Box>
  );
}
