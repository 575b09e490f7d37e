// /invoicetransaction (issue 12; spec 3 §2.7, §2.10, §4, §5): the invoices with the spec's
// filters (reloaded 500 ms after a change, spec 3 §9), a paged grid with a totals row, state
// chips and the published flag; for those who may operate, a multi-select with Publish and
// Unpublish (after a confirmation) and Merge (a dialog with the new invoice and due dates; the
// server refuses invoices of different VA numbers and its message is shown). A row opens the
// invoice's detail (./InvoiceDetailDialog.tsx); `?invoice=<id>` opens it directly, which is
// where a notification about an invoice leads. `?student_id=<id>` or `?candidate_id=<id>` starts
// the list at that party's invoices (the finance dashboard's overdue cards open it so, issue 13),
// shown as a chip that clears it.

import './texts/register';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import {
  FINANCE_PATHS,
  formatRupiah,
  type CountAnswer,
  type InvoiceDetailAnswer,
  type InvoiceFilter,
  type InvoiceListAnswer,
  type InvoiceRow,
  type InvoiceState,
  type MergeRequest,
  type PublishRequest,
} from '../../shared/api/finance';
import { ConfirmDialog } from './ConfirmDialog';
import { fieldErrorsOf, messageOf, unplacedMessage, useFinanceCalls, type Query } from './financeCalls';
import { dateText, today } from './financeFormat';
import { InvoiceDetailDialog } from './InvoiceDetailDialog';
import { useFinanceRoles } from './useFinanceRoles';
import { useLookup, type Choice } from './useLookup';

export const INVOICE_STATES: readonly InvoiceState[] = ['open', 'paid', 'merged', 'reversed'];
const STATE_COLOR: Record<InvoiceState, 'warning' | 'success' | 'default' | 'error'> = {
  open: 'warning',
  paid: 'success',
  merged: 'default',
  reversed: 'error',
};

/** The filter as the list's query: only what is set. */
export function filterQuery(filter: InvoiceFilter): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined || value === '' || value === null) continue;
    query[name] = value as string | number | boolean;
  }
  return query;
}

export interface InvoiceListState {
  rows: InvoiceRow[];
  total: number;
  totals: { value: number; outstanding: number };
  loading: boolean;
  failure: string | null;
}

/** A value that follows `value` once it has stayed unchanged for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The invoices a filter finds, a page at a time; a changed filter is read 500 ms after the last change. */
export function useInvoiceList(filter: InvoiceFilter, page: number, perPage: number) {
  const calls = useFinanceCalls();
  const [state, setState] = useState<InvoiceListState>({ rows: [], total: 0, totals: { value: 0, outstanding: 0 }, loading: true, failure: null });
  const [tick, setTick] = useState(0);
  const key = useSettled(JSON.stringify(filter), 500);
  useEffect(() => {
    let live = true;
    setState((old) => ({ ...old, loading: true, failure: null }));
    calls
      .get<InvoiceListAnswer>(FINANCE_PATHS.invoices, { ...filterQuery(JSON.parse(key) as InvoiceFilter), page: page + 1, per_page: perPage })
      .then(
        (answer) => live && setState({ rows: answer.data, total: answer.total, totals: answer.totals, loading: false, failure: null }),
        (error: unknown) => live && setState((old) => ({ ...old, rows: [], loading: false, failure: messageOf(error) })),
      );
    return () => {
      live = false;
    };
  }, [calls, key, page, perPage, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

function FilterSelect({ label, value, choices, onChange }: { label: string; value: string; choices: Array<Pick<Choice, 'id' | 'label'>> | Array<{ id: string; label: string }>; onChange: (value: string) => void }) {
  const translate = useTranslate();
  return (
    <TextField fullWidth={false} select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 170 }}>
      <MenuItem value="">{translate('finance.invoices.common.all')}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The filters of the invoice list (issue 12, spec 3 §2.10); `reversing` leaves out what a reversal may not pick. */
export function InvoiceFilters({ filter, onChange, reversing = false }: { filter: InvoiceFilter; onChange: (filter: InvoiceFilter) => void; reversing?: boolean }) {
  const translate = useTranslate();
  const years = useLookup('financialyear', 'description');
  const incomeTypes = useLookup('income', 'label');
  const groups = useLookup('incomecategory', 'label');
  const departments = useLookup('department', 'name');
  const classes = useLookup('class', 'name', { department_id: filter.department_id }, filter.department_id !== undefined);
  const set = (patch: Partial<InvoiceFilter>) => {
    const next: InvoiceFilter = { ...filter, ...patch };
    if ('department_id' in patch) delete next.class_id;
    for (const [name, value] of Object.entries(next)) if (value === undefined || value === '') delete next[name as keyof InvoiceFilter];
    onChange(next);
  };
  const num = (text: string) => (text === '' ? undefined : Number(text));
  const str = (value: number | string | undefined) => (value === undefined ? '' : String(value));
  const date = (name: keyof InvoiceFilter, label: string) => (
    <TextField
      key={name}
      fullWidth={false}
      type="date"
      size="small"
      label={label}
      value={str(filter[name] as string | undefined)}
      onChange={(e) => set({ [name]: e.target.value || undefined })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', py: 1 }} role="search">
      <TextField fullWidth={false} type="search" size="small" label={translate('finance.invoices.fields.search')} value={filter.q ?? ''} onChange={(e) => set({ q: e.target.value })} />
      <FilterSelect label={translate('finance.invoices.fields.financial_year')} value={str(filter.financial_year_id)} choices={years} onChange={(v) => set({ financial_year_id: num(v) })} />
      <FilterSelect label={translate('finance.invoices.fields.income_type')} value={str(filter.income_type_id)} choices={incomeTypes} onChange={(v) => set({ income_type_id: num(v) })} />
      <FilterSelect label={translate('finance.invoices.fields.income_group')} value={str(filter.income_group_id)} choices={groups} onChange={(v) => set({ income_group_id: num(v) })} />
      <FilterSelect label={translate('finance.invoices.fields.department')} value={str(filter.department_id)} choices={departments} onChange={(v) => set({ department_id: num(v) })} />
      <FilterSelect label={translate('finance.invoices.fields.class')} value={str(filter.class_id)} choices={classes} onChange={(v) => set({ class_id: num(v) })} />
      <FilterSelect
        label={translate('finance.invoices.fields.kind')}
        value={filter.kind ?? ''}
        choices={[
          { id: 'student', label: translate('finance.invoices.common.student') },
          { id: 'candidate', label: translate('finance.invoices.common.candidate') },
        ]}
        onChange={(v) => set({ kind: (v || undefined) as InvoiceFilter['kind'] })}
      />
      {!reversing && (
        <FilterSelect
          label={translate('finance.invoices.fields.state')}
          value={filter.state ?? ''}
          choices={INVOICE_STATES.map((s) => ({ id: s, label: translate(`finance.invoices.states.${s}`) }))}
          onChange={(v) => set({ state: (v || undefined) as InvoiceState | undefined })}
        />
      )}
      <FilterSelect
        label={translate('finance.invoices.fields.published')}
        value={filter.is_published === undefined ? '' : String(filter.is_published)}
        choices={[
          { id: 'true', label: translate('finance.invoices.common.published') },
          { id: 'false', label: translate('finance.invoices.common.unpublished') },
        ]}
        onChange={(v) => set({ is_published: v === '' ? undefined : v === 'true' })}
      />
      {!reversing && date('overdue_on', translate('finance.invoices.fields.overdue_on'))}
      {date('invoice_date_gte', translate('finance.invoices.fields.invoice_date_gte'))}
      {date('invoice_date_lte', translate('finance.invoices.fields.invoice_date_lte'))}
      {date('due_date_gte', translate('finance.invoices.fields.due_date_gte'))}
      {date('due_date_lte', translate('finance.invoices.fields.due_date_lte'))}
      <TextField fullWidth={false} size="small" label={translate('finance.invoices.fields.va_no')} value={filter.va_no ?? ''} onChange={(e) => set({ va_no: e.target.value })} />
      {Object.keys(filter).length > (reversing ? 1 : 0) && (
        <Button onClick={() => onChange(reversing ? { state: 'open' } : {})}>{translate('finance.invoices.common.clear_filters')}</Button>
      )}
    </Stack>
  );
}

export function periodText(row: Pick<InvoiceRow, 'period_no' | 'period_start' | 'installment_no' | 'installment_count'>, locale: string, translate: (key: string, options?: object) => string): string {
  const parts: string[] = [];
  if (row.period_start) parts.push(dateText(row.period_start, locale).replace(/^\d+\s/, ''));
  else if (row.period_no > 1) parts.push(translate('finance.invoices.list.period_n', { n: row.period_no }));
  if (row.installment_count > 1) parts.push(translate('finance.invoices.list.installment_n', { n: row.installment_no, count: row.installment_count }));
  return parts.join(' · ');
}

export function StateChip({ state }: { state: InvoiceState }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATE_COLOR[state]} label={translate(`finance.invoices.states.${state}`)} />;
}

/** The invoice grid: rows with a checkbox when `selectable`, a skeleton while loading, "No Data" when empty, the totals row. */
export function InvoiceGrid({
  list,
  selected,
  onSelect,
  onOpen,
  selectable,
  page,
  perPage,
  onPage,
  onPerPage,
}: {
  list: InvoiceListState;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onOpen?: (row: InvoiceRow) => void;
  selectable: boolean;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const ids = list.rows.map((r) => r.id);
  const allOnPage = ids.length > 0 && ids.every((id) => selected.includes(id));
  const toggle = (id: number) => onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const columns = 11 + (selectable ? 1 : 0);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={translate('finance.invoices.list.grid')}>
          <TableHead>
            <TableRow>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    indeterminate={!allOnPage && ids.some((id) => selected.includes(id))}
                    onChange={() => onSelect(allOnPage ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])])}
                    slotProps={{ input: { 'aria-label': translate('finance.invoices.list.select_page') } }}
                  />
                </TableCell>
              )}
              <TableCell>{translate('finance.invoices.fields.number')}</TableCell>
              <TableCell>{translate('finance.invoices.fields.party')}</TableCell>
              <TableCell>{translate('finance.invoices.fields.class')}</TableCell>
              <TableCell>{translate('finance.invoices.fields.income_type')}</TableCell>
              <TableCell>{translate('finance.invoices.fields.period')}</TableCell>
              <TableCell>{translate('finance.invoices.fields.invoice_date')}</TableCell>
              <TableCell>{translate('finance.invoices.fields.due_date')}</TableCell>
              <TableCell align="right">{translate('finance.invoices.fields.value')}</TableCell>
              <TableCell align="right">{translate('finance.invoices.fields.outstanding')}</TableCell>
              <TableCell>{translate('finance.invoices.fields.state')}</TableCell>
              <TableCell>{translate('finance.invoices.fields.published')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.loading &&
              list.rows.length === 0 &&
              Array.from({ length: 5 }, (_, i) => (
                <TableRow key={i} data-testid="invoice-skeleton">
                  <TableCell colSpan={columns}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))}
            {!list.loading && list.rows.length === 0 && !list.failure && (
              <TableRow>
                <TableCell colSpan={columns} align="center">
                  {translate('finance.invoices.common.no_data')}
                </TableCell>
              </TableRow>
            )}
            {list.rows.map((row) => (
              <TableRow
                key={row.id}
                hover
                selected={selected.includes(row.id)}
                onClick={onOpen ? () => onOpen(row) : undefined}
                sx={{ cursor: onOpen ? 'pointer' : undefined }}
                data-testid="invoice-row"
              >
                {selectable && (
                  <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                    <Checkbox checked={selected.includes(row.id)} onChange={() => toggle(row.id)} slotProps={{ input: { 'aria-label': translate('finance.invoices.list.select_one', { number: row.transaction_no }) } }} />
                  </TableCell>
                )}
                <TableCell>
                  {onOpen ? (
                    <Button
                      size="small"
                      sx={{ p: 0, minWidth: 0, textTransform: 'none' }}
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(row);
                      }}
                    >
                      {row.transaction_no}
                    </Button>
                  ) : (
                    row.transaction_no
                  )}
                </TableCell>
                <TableCell>
                  {row.party_name}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {row.party_number}
                    {row.va_no ? ` · VA ${row.va_no}` : ''}
                  </Typography>
                </TableCell>
                <TableCell>{row.class_name ?? ''}</TableCell>
                <TableCell>{row.income_type_name}</TableCell>
                <TableCell>{periodText(row, locale, translate)}</TableCell>
                <TableCell>{dateText(row.invoice_date, locale)}</TableCell>
                <TableCell>{dateText(row.due_date, locale)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(row.value)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(row.outstanding)}</TableCell>
                <TableCell>
                  <StateChip state={row.state} />
                </TableCell>
                <TableCell>{translate(row.is_published ? 'finance.invoices.common.published' : 'finance.invoices.common.unpublished')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          {list.rows.length > 0 && (
            <TableFooter>
              <TableRow data-testid="invoice-totals">
                <TableCell colSpan={columns - 4}>{translate('finance.invoices.list.totals', { count: list.total, smart_count: list.total })}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(list.totals.value)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRupiah(list.totals.outstanding)}</TableCell>
                <TableCell colSpan={2} />
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={list.total}
        page={page}
        onPageChange={(_, next) => onPage(next)}
        rowsPerPage={perPage}
        onRowsPerPageChange={(e) => onPerPage(Number(e.target.value))}
        rowsPerPageOptions={[10, 25, 50, 100]}
        labelRowsPerPage={translate('finance.invoices.list.per_page')}
      />
    </Paper>
  );
}

function MergeDialog({ ids, onClose, onMerged }: { ids: number[] | null; onClose: () => void; onMerged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useFinanceCalls();
  const [form, setForm] = useState({ invoice_date: today(), due_date: '', remarks: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const found: Record<string, string> = {};
    if (!form.invoice_date) found.invoice_date = translate('finance.invoices.common.required');
    if (!form.due_date) found.due_date = translate('finance.invoices.common.required');
    else if (form.invoice_date && form.due_date < form.invoice_date) found.due_date = translate('finance.invoices.generate.due_before_invoice');
    setErrors(found);
    if (!ids || Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const body: MergeRequest = { ids, invoice_date: form.invoice_date, due_date: form.due_date, remarks: form.remarks.trim() || null };
      const answer = await calls.post<InvoiceDetailAnswer>(FINANCE_PATHS.mergeInvoices, body);
      notify(translate('finance.invoices.list.merged', { number: answer.data.transaction_no }), { type: 'success', autoHideDuration: 5000 });
      onMerged();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(unplacedMessage(error, ['invoice_date', 'due_date', 'remarks']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={ids !== null} onClose={busy ? undefined : onClose} aria-labelledby="finance-merge-title" maxWidth="xs" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="finance-merge-title">{translate('finance.invoices.list.merge_title', { count: ids?.length ?? 0 })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{translate('finance.invoices.list.merge_hint')}</Typography>
            {(['invoice_date', 'due_date'] as const).map((field) => (
              <TextField
                key={field}
                type="date"
                required
                label={translate(`finance.invoices.fields.${field}`)}
                value={form[field]}
                onChange={(e) => setForm({ ...form, [field]: e.target.value })}
                error={Boolean(errors[field])}
                helperText={errors[field] || undefined}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
            <TextField
              label={translate('finance.invoices.fields.remarks')}
              value={form.remarks}
              onChange={(e) => setForm({ ...form, remarks: e.target.value })}
              error={Boolean(errors.remarks)}
              helperText={errors.remarks || undefined}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('finance.invoices.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('finance.invoices.list.merge')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The party the URL names (`?student_id=` or `?candidate_id=`), as the list's filter. */
export function partyFilterOf(params: URLSearchParams): InvoiceFilter {
  const id = (name: string) => {
    const value = Number(params.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  };
  const student = id('student_id');
  if (student !== undefined) return { student_id: student };
  const candidate = id('candidate_id');
  return candidate !== undefined ? { candidate_id: candidate } : {};
}

export function InvoiceListPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useFinanceCalls();
  const title = useRouteTitle('/invoicetransaction');
  useDocumentTitle(title);
  const { operate, administer } = useFinanceRoles();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<InvoiceFilter>(() => partyFilterOf(params));
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const list = useInvoiceList(filter, page, perPage);
  const [selected, setSelected] = useState<number[]>([]);
  const [publishing, setPublishing] = useState<boolean | null>(null);
  const [merging, setMerging] = useState<number[] | null>(null);
  const opened = Number(params.get('invoice'));
  const openId = Number.isInteger(opened) && opened > 0 ? opened : null;

  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('invoice');
    else next.set('invoice', String(id));
    setParams(next, { replace: id === null });
  };

  const publish = async (published: boolean) => {
    try {
      const body: PublishRequest = { ids: selected, published };
      const answer = await calls.post<CountAnswer>(FINANCE_PATHS.publishInvoices, body);
      notify(answer.message || translate('finance.invoices.list.published_count', { count: answer.data.count, smart_count: answer.data.count }), { type: 'success', autoHideDuration: 5000 });
      setSelected([]);
      list.reload();
    } catch (error) {
      notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
    }
    setPublishing(null);
  };

  return (
    <Box sx={{ width: '100%', p: { xs: 0, sm: 1 } }} data-testid="finance-invoices-page">
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <InvoiceFilters
        filter={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(0);
        }}
      />
      {(filter.student_id !== undefined || filter.candidate_id !== undefined) && (
        <Chip
          sx={{ mb: 1 }}
          data-testid="party-filter"
          label={`${translate(filter.student_id !== undefined ? 'finance.invoices.common.student' : 'finance.invoices.common.candidate')}: ${
            list.rows[0]?.party_name ?? `#${String(filter.student_id ?? filter.candidate_id)}`
          }`}
          onDelete={() => {
            const { student_id: _s, candidate_id: _c, ...rest } = filter;
            setFilter(rest);
            setPage(0);
            const next = new URLSearchParams(params);
            next.delete('student_id');
            next.delete('candidate_id');
            setParams(next, { replace: true });
          }}
        />
      )}
      {operate && (
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }} role="toolbar" aria-label={translate('finance.invoices.list.bulk')}>
          <Typography variant="body2" sx={{ mr: 1 }}>
            {translate('finance.invoices.list.selected', { count: selected.length })}
          </Typography>
          <Button variant="outlined" size="small" disabled={selected.length === 0} onClick={() => setPublishing(true)}>
            {translate('finance.invoices.list.publish')}
          </Button>
          <Button variant="outlined" size="small" disabled={selected.length === 0} onClick={() => setPublishing(false)}>
            {translate('finance.invoices.list.unpublish')}
          </Button>
          <Button variant="outlined" size="small" disabled={selected.length < 2} onClick={() => setMerging(selected)}>
            {translate('finance.invoices.list.merge')}
          </Button>
        </Stack>
      )}
      {list.failure && (
        <Alert severity="error" action={<Button onClick={list.reload}>{translate('finance.invoices.common.retry')}</Button>} sx={{ mb: 1 }}>
          {list.failure}
        </Alert>
      )}
      <InvoiceGrid
        list={list}
        selected={selected}
        onSelect={setSelected}
        onOpen={(row) => open(row.id)}
        selectable={operate}
        page={page}
        perPage={perPage}
        onPage={setPage}
        onPerPage={(n) => {
          setPerPage(n);
          setPage(0);
        }}
      />
      <ConfirmDialog
        open={publishing !== null}
        title={translate(publishing ? 'finance.invoices.list.publish' : 'finance.invoices.list.unpublish')}
        message={translate(publishing ? 'finance.invoices.list.publish_confirm' : 'finance.invoices.list.unpublish_confirm', { count: selected.length, smart_count: selected.length })}
        onCancel={() => setPublishing(null)}
        onConfirm={() => publish(publishing === true)}
      />
      <MergeDialog
        key={merging?.join(',') ?? 'none'}
        ids={merging}
        onClose={() => setMerging(null)}
        onMerged={() => {
          setMerging(null);
          setSelected([]);
          list.reload();
        }}
      />
      <InvoiceDetailDialog id={openId} onClose={() => open(null)} onChanged={list.reload} canOperate={operate} canEdit={administer} />
    </Box>
  );
}
