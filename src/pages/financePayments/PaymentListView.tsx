// The payments list drawn: the filters, the grid (payment no, student, class, date, amount,
// method, journal), the total, paging, and the detail dialog. State: usePaymentList().

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatRupiah, type PartyKind, type PaymentMethod } from '../../shared/api/finance';
import { payDateText } from '../../shared/finance/payFormat';
import { payIconState } from '../../shared/finance/payStates';
import { PaymentDetailDialog, PaymentIcon } from './PaymentDetailDialog';
import { PER_PAGE_CHOICES, type LookupOption, type PaymentList } from './usePaymentList';

const METHODS: readonly PaymentMethod[] = ['va', 'cash', 'transfer'];
const KINDS: readonly PartyKind[] = ['student', 'candidate'];

export function PaymentListView({ title, list, locale }: { title: string; list: PaymentList; locale: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`finance.payments.${key}`, options);
  const { form, change } = list;
  const withIcons = (list.rows ?? []).some((row) => row.allocated_outstanding !== undefined && row.allocated_outstanding !== null);
  const lookup = (label: string, value: number | '', options: LookupOption[], onChange: (value: number | '') => void) => (
    <TextField fullWidth={false} select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))} sx={{ minWidth: 160 }}>
      <MenuItem value="">{t('filter.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Card data-testid="payment-list">
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} role="search">
          <TextField fullWidth={false} size="small" label={t('filter.search')} placeholder={t('filter.search_help')} value={form.q} onChange={(event) => change('q', event.target.value)} sx={{ minWidth: 240 }} />
          <TextField fullWidth={false} select size="small" label={t('filter.kind')} value={form.kind} onChange={(event) => change('kind', event.target.value as PartyKind | '')} sx={{ minWidth: 140 }}>
            <MenuItem value="">{t('filter.all')}</MenuItem>
            {KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(`kind.${kind}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField fullWidth={false} select size="small" label={t('filter.method')} value={form.method} onChange={(event) => change('method', event.target.value as PaymentMethod | '')} sx={{ minWidth: 160 }}>
            <MenuItem value="">{t('filter.all')}</MenuItem>
            {METHODS.map((method) => (
              <MenuItem key={method} value={method}>
                {t(`method.${method}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField fullWidth={false} size="small" type="date" label={t('filter.from')} value={form.payment_date_gte} onChange={(event) => change('payment_date_gte', event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField fullWidth={false} size="small" type="date" label={t('filter.to')} value={form.payment_date_lte} onChange={(event) => change('payment_date_lte', event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          {lookup(t('filter.unit'), form.department_id, list.units, (value) => change('department_id', value))}
          {lookup(t('filter.class'), form.class_id, list.classes, (value) => change('class_id', value))}
          {lookup(t('filter.income_type'), form.income_type_id, list.incomeTypes, (value) => change('income_type_id', value))}
          {list.filtered && <Button onClick={list.clear}>{t('filter.clear')}</Button>}
        </Stack>
        {list.error && (
          <Alert severity="error" action={<Button onClick={list.retry}>{t('retry')}</Button>}>
            {t('load_failed')} {list.error}
          </Alert>
        )}
        {!list.rows && !list.error && <Skeleton variant="rectangular" height={160} aria-label={t('loading')} />}
        {list.rows && (
          <Box sx={{ overflowX: 'auto' }}>
            {/* The status icon needs the server's allocated_outstanding (optional in the contract): without it on any row, no empty column. */}
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  {withIcons && <TableCell padding="checkbox">{t('column.status')}</TableCell>}
                  <TableCell>{t('column.payment_no')}</TableCell>
                  <TableCell>{t('column.party')}</TableCell>
                  <TableCell>{t('column.class')}</TableCell>
                  <TableCell>{t('column.date')}</TableCell>
                  <TableCell align="right">{t('column.amount')}</TableCell>
                  <TableCell>{t('column.method')}</TableCell>
                  <TableCell>{t('column.journal')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={withIcons ? 8 : 7} align="center" data-testid="payments-empty">
                      {t('empty')}
                    </TableCell>
                  </TableRow>
                )}
                {list.rows.map((row) => (
                  <TableRow
                    key={row.id}
                    hover
                    tabIndex={0}
                    aria-label={t('open', { number: row.payment_no })}
                    sx={{ cursor: 'pointer' }}
                    onClick={() => list.open(row.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        list.open(row.id);
                      }
                    }}
                    data-testid="payment-row"
                  >
                    {withIcons && (
                      <TableCell padding="checkbox">
                        {row.allocated_outstanding !== undefined && row.allocated_outstanding !== null && (
                          <PaymentIcon state={payIconState(row.amount - row.deposit_amount, row.allocated_outstanding)} t={t} />
                        )}
                      </TableCell>
                    )}
                    <TableCell>{row.payment_no}</TableCell>
                    <TableCell>
                      {row.party_number} · {row.party_name}
                    </TableCell>
                    <TableCell>{row.class_name ?? ''}</TableCell>
                    <TableCell>{payDateText(row.payment_date, locale)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(row.amount)}</TableCell>
                    <TableCell>{t(`method.${row.method}`)}</TableCell>
                    <TableCell>{row.journal_type_name ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={withIcons ? 5 : 4}>{t('total', { count: list.total, smart_count: list.total })}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="payments-total">
                    {formatRupiah(list.totalAmount)}
                  </TableCell>
                  <TableCell colSpan={2} />
                </TableRow>
              </TableFooter>
            </Table>
            <TablePagination
              component="div"
              count={list.total}
              page={list.page}
              rowsPerPage={list.perPage}
              rowsPerPageOptions={[...PER_PAGE_CHOICES]}
              onPageChange={(_, page) => list.setPage(page)}
              onRowsPerPageChange={(event) => list.setPerPage(Number(event.target.value))}
              labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
              labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            />
          </Box>
        )}
        <PaymentDetailDialog list={list} t={t} locale={locale} />
      </CardContent>
    </Card>
  );
}
