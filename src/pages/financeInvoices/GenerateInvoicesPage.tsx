// /income, "Generate invoices" (issue 12; spec 3 §2.10, §5; spec 1 §5): for a financial year
// and an income type, invoices for students or candidates, narrowed by unit, level, class and
// batch. Preview is a dry run (the parties found, the invoices it would write, those that exist
// already, the periods of a recurring type, and who has no VA number with spec 1 §5's warning);
// Generate asks first, then writes and shows the server's message and counts. The date rules
// of spec 3 §5 are checked here as well as by the server, whose field messages show under
// their fields. Tenor shows only for an income type with installments, at most its maximum.

import './texts/register';
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import {
  FINANCE_PATHS,
  type GenerateInvoicesAnswer,
  type GenerateInvoicesAnswerData,
  type GenerateInvoicesRequest,
  type PartyKind,
} from '../../shared/api/finance';
import { ConfirmDialog } from './ConfirmDialog';
import { fieldErrorsOf, unplacedMessage, useFinanceCalls } from './financeCalls';
import { dateText, parseMoney } from './financeFormat';
import { MoneyField } from './MoneyField';
import { useFinanceRoles } from './useFinanceRoles';
import { useLookup, type Choice } from './useLookup';

export interface GenerateForm {
  financial_year_id: string;
  income_type_id: string;
  kind: PartyKind;
  department_id: string;
  level_id: string;
  class_id: string;
  batch_id: string;
  invoice_date: string;
  due_date: string;
  income_date: string;
  value: string;
  discount: string;
  tenor: string;
  remarks: string;
}

const EMPTY: GenerateForm = {
  financial_year_id: '',
  income_type_id: '',
  kind: 'student',
  department_id: '',
  level_id: '',
  class_id: '',
  batch_id: '',
  invoice_date: '',
  due_date: '',
  income_date: '',
  value: '',
  discount: '',
  tenor: '1',
  remarks: '',
};

type Errors = Partial<Record<keyof GenerateForm, string>>;

const idOrNull = (text: string) => (text === '' ? null : Number(text));

/** The form's own checks (spec 3 §5), as translation keys by field. */
export function checkGenerateForm(form: GenerateForm, year: Choice | undefined, maxTenor: number | null): Errors {
  const errors: Errors = {};
  const required = 'finance.invoices.common.required';
  if (!form.financial_year_id) errors.financial_year_id = required;
  if (!form.income_type_id) errors.income_type_id = required;
  if (!form.invoice_date) errors.invoice_date = required;
  if (!form.due_date) errors.due_date = required;
  if (parseMoney(form.value) === null || parseMoney(form.value) === 0) errors.value = 'finance.invoices.generate.value_required';
  if (form.discount && parseMoney(form.discount) === null) errors.discount = 'finance.invoices.generate.money_invalid';
  else if (form.discount && (parseMoney(form.discount) ?? 0) > (parseMoney(form.value) ?? 0)) errors.discount = 'finance.invoices.generate.discount_above_value';
  const start = typeof year?.row.start_date === 'string' ? year.row.start_date : null;
  const end = typeof year?.row.end_date === 'string' ? year.row.end_date : null;
  // Spec 3 §5: the invoice date lies within the financial year; a candidate's due date too.
  for (const field of form.kind === 'candidate' ? (['invoice_date', 'due_date'] as const) : (['invoice_date'] as const)) {
    if (!form[field] || errors[field]) continue;
    if (start && form[field] < start) errors[field] = 'finance.invoices.generate.before_year_start';
    else if (end && form[field] > end) errors[field] = 'finance.invoices.generate.after_year_end';
  }
  if (form.invoice_date && form.due_date && !errors.due_date && form.due_date < form.invoice_date) {
    errors.due_date = 'finance.invoices.generate.due_before_invoice';
  }
  if (form.invoice_date && form.income_date && form.income_date < form.invoice_date) {
    errors.income_date = 'finance.invoices.generate.income_before_invoice';
  }
  if (maxTenor !== null) {
    const tenor = Number(form.tenor);
    if (!Number.isInteger(tenor) || tenor < 1) errors.tenor = required;
    else if (tenor > maxTenor) errors.tenor = 'finance.invoices.generate.tenor_max';
  }
  return errors;
}

export function requestOf(form: GenerateForm, maxTenor: number | null, dryRun: boolean): GenerateInvoicesRequest {
  return {
    financial_year_id: Number(form.financial_year_id),
    income_type_id: Number(form.income_type_id),
    kind: form.kind,
    department_id: idOrNull(form.department_id),
    level_id: idOrNull(form.level_id),
    class_id: form.kind === 'student' ? idOrNull(form.class_id) : null,
    batch_id: idOrNull(form.batch_id),
    invoice_date: form.invoice_date,
    due_date: form.due_date,
    income_date: form.income_date || null,
    value: parseMoney(form.value) ?? 0,
    discount: form.discount ? (parseMoney(form.discount) ?? 0) : 0,
    tenor: maxTenor !== null ? Number(form.tenor) : 1,
    remarks: form.remarks.trim() || null,
    dry_run: dryRun,
  };
}

export function useGenerateInvoices() {
  const calls = useFinanceCalls();
  const notify = useNotify();
  const [form, setForm] = useState<GenerateForm>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<GenerateInvoicesAnswerData | null>(null);
  const [result, setResult] = useState<{ message: string; data: GenerateInvoicesAnswerData } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const years = useLookup('financialyear', 'description');
  const incomeTypes = useLookup('income', 'label');
  const departments = useLookup('department', 'name');
  const levels = useLookup('level', 'name', { department_id: form.department_id }, form.department_id !== '');
  const classes = useLookup(
    'class',
    'name',
    { department_id: form.department_id, level_id: form.level_id },
    form.kind === 'student' && form.department_id !== '',
  );
  // A student's batch is the academic batch (lookup `batch`, by unit); a candidate's the
  // registration batch, which has no lookup: its list, one page of the most recent.
  const batches = useLookup(form.kind === 'student' ? 'batch' : 'registration-batch', 'name', form.kind === 'student' ? { department_id: form.department_id } : { per_page: 100 });

  const year = years.find((c) => String(c.id) === form.financial_year_id);
  const incomeType = incomeTypes.find((c) => String(c.id) === form.income_type_id);
  const maxTenor = incomeType?.row.is_installment === true ? Math.max(1, Number(incomeType.row.max_installment_tenor ?? 1) || 1) : null;

  const set = (patch: Partial<GenerateForm>) => {
    setForm((old) => {
      const next = { ...old, ...patch };
      // A narrower choice belongs to the wider one it was picked under.
      if ('department_id' in patch) Object.assign(next, { level_id: '', class_id: '', batch_id: '' });
      if ('level_id' in patch) next.class_id = '';
      if ('kind' in patch) Object.assign(next, { class_id: '', batch_id: '' });
      return next;
    });
    setErrors((old) => {
      const next = { ...old };
      for (const key of Object.keys(patch)) delete next[key as keyof GenerateForm];
      return next;
    });
    setServerErrors({});
    setPreview(null);
  };

  const run = async (dryRun: boolean): Promise<void> => {
    const found = checkGenerateForm(form, year, maxTenor);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await calls.post<GenerateInvoicesAnswer>(FINANCE_PATHS.generateInvoices, requestOf(form, maxTenor, dryRun));
      if (dryRun) {
        setPreview(answer.data);
        setResult(null);
      } else {
        setResult({ message: answer.message, data: answer.data });
        setPreview(null);
        notify(answer.message, { type: answer.data.created > 0 ? 'success' : 'info', autoHideDuration: 5000 });
      }
    } catch (error) {
      setServerErrors(fieldErrorsOf(error));
      setFailure(unplacedMessage(error, Object.keys(EMPTY)));
    } finally {
      setBusy(false);
    }
  };

  return {
    form,
    set,
    errors,
    serverErrors,
    preview,
    result,
    failure,
    busy,
    confirming,
    setConfirming,
    run,
    lookups: { years, incomeTypes, departments, levels, classes, batches },
    year,
    maxTenor,
  };
}

function Select({
  label,
  value,
  choices,
  onChange,
  error,
  required,
  optional,
  allLabel,
}: {
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  optional?: boolean;
  allLabel?: string;
}) {
  return (
    <TextField
      select
      label={label}
      value={choices.some((c) => String(c.id) === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      required={required}
      error={Boolean(error)}
      helperText={error || undefined}
      sx={{ minWidth: 220 }}
    >
      {optional && <MenuItem value="">{allLabel}</MenuItem>}
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Counts({ data, dryRun }: { data: GenerateInvoicesAnswerData; dryRun: boolean }) {
  const translate = useTranslate();
  const rows: Array<[string, number]> = [
    [translate('finance.invoices.generate.parties'), data.parties],
    dryRun ? [translate('finance.invoices.generate.would_create'), data.would_create] : [translate('finance.invoices.generate.created'), data.created],
    [translate('finance.invoices.generate.existing'), data.existing],
    [translate('finance.invoices.generate.without_va_count'), data.without_va.length],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 3, rowGap: 0.5, m: 0 }}>
      {rows.map(([label, count]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid={`count-${label}`}>
            {count}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Outcome({ data, dryRun }: { data: GenerateInvoicesAnswerData; dryRun: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack spacing={2}>
      <Counts data={data} dryRun={dryRun} />
      {/* A one-off income type has one period numbered 0: nothing to show beyond the form's dates. */}
      {data.periods.some((p) => p.period_no > 0) && (
        <Box>
          <Typography variant="subtitle1" component="h3">
            {translate('finance.invoices.generate.periods')}
          </Typography>
          <Table size="small" aria-label={translate('finance.invoices.generate.periods')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('finance.invoices.generate.period_no')}</TableCell>
                <TableCell>{translate('finance.invoices.generate.period_start')}</TableCell>
                <TableCell>{translate('finance.invoices.fields.invoice_date')}</TableCell>
                <TableCell>{translate('finance.invoices.fields.due_date')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.periods.map((p) => (
                <TableRow key={p.period_no}>
                  <TableCell>{p.period_no}</TableCell>
                  <TableCell>{dateText(p.period_start, locale)}</TableCell>
                  <TableCell>{dateText(p.invoice_date, locale)}</TableCell>
                  <TableCell>{dateText(p.due_date, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {data.without_va.length > 0 && (
        <Box>
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate('finance.invoices.generate.without_va_warning')}
          </Alert>
          <Table size="small" aria-label={translate('finance.invoices.generate.without_va_title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('finance.invoices.fields.party_number')}</TableCell>
                <TableCell>{translate('finance.invoices.fields.party')}</TableCell>
                <TableCell>{translate('finance.invoices.fields.class')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.without_va.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{p.number}</TableCell>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>{p.class_name ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}

export function GenerateInvoicesView({ state, canGenerate, title }: { state: ReturnType<typeof useGenerateInvoices>; canGenerate: boolean; title: string }) {
  const translate = useTranslate();
  const { form, set, errors, serverErrors, lookups, maxTenor, preview, result } = state;
  const errorOf = (field: keyof GenerateForm): string | undefined => {
    const key = errors[field];
    if (key) return translate(key, { max: maxTenor ?? 1 });
    return serverErrors[field];
  };
  const all = translate('finance.invoices.common.all');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canGenerate) void state.run(true);
  };
  return (
    <Box sx={{ maxWidth: 1000, width: '100%', p: { xs: 0, sm: 1 } }} data-testid="finance-generate-page">
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Card>
        <CardContent>
          <Box component="form" onSubmit={submit} noValidate aria-label={title}>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <Select
                  label={translate('finance.invoices.fields.financial_year')}
                  value={form.financial_year_id}
                  choices={lookups.years}
                  onChange={(v) => set({ financial_year_id: v })}
                  error={errorOf('financial_year_id')}
                  required
                />
                <Select
                  label={translate('finance.invoices.fields.income_type')}
                  value={form.income_type_id}
                  choices={lookups.incomeTypes}
                  onChange={(v) => set({ income_type_id: v })}
                  error={errorOf('income_type_id')}
                  required
                />
                <TextField
                  select
                  label={translate('finance.invoices.fields.kind')}
                  value={form.kind}
                  onChange={(e) => set({ kind: e.target.value as PartyKind })}
                  sx={{ minWidth: 180 }}
                >
                  <MenuItem value="student">{translate('finance.invoices.common.student')}</MenuItem>
                  <MenuItem value="candidate">{translate('finance.invoices.common.candidate')}</MenuItem>
                </TextField>
              </Stack>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <Select label={translate('finance.invoices.fields.department')} value={form.department_id} choices={lookups.departments} onChange={(v) => set({ department_id: v })} error={errorOf('department_id')} optional allLabel={all} />
                <Select label={translate('finance.invoices.fields.level')} value={form.level_id} choices={lookups.levels} onChange={(v) => set({ level_id: v })} error={errorOf('level_id')} optional allLabel={all} />
                {form.kind === 'student' && (
                  <Select label={translate('finance.invoices.fields.class')} value={form.class_id} choices={lookups.classes} onChange={(v) => set({ class_id: v })} error={errorOf('class_id')} optional allLabel={all} />
                )}
                <Select
                  label={translate(form.kind === 'student' ? 'finance.invoices.fields.batch' : 'finance.invoices.fields.registration_batch')}
                  value={form.batch_id}
                  choices={lookups.batches}
                  onChange={(v) => set({ batch_id: v })}
                  error={errorOf('batch_id')}
                  optional
                  allLabel={all}
                />
              </Stack>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                {(['invoice_date', 'due_date', 'income_date'] as const).map((field) => (
                  <TextField
                    key={field}
                    type="date"
                    label={translate(`finance.invoices.fields.${field}`)}
                    value={form[field]}
                    onChange={(e) => set({ [field]: e.target.value })}
                    required={field !== 'income_date'}
                    error={Boolean(errorOf(field))}
                    helperText={errorOf(field) || undefined}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                ))}
              </Stack>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <MoneyField label={translate('finance.invoices.fields.value')} value={form.value} onChange={(v) => set({ value: v })} error={errorOf('value')} required />
                <MoneyField label={translate('finance.invoices.fields.discount')} value={form.discount} onChange={(v) => set({ discount: v })} error={errorOf('discount')} />
                {maxTenor !== null && (
                  <TextField
                    type="number"
                    label={translate('finance.invoices.fields.tenor')}
                    value={form.tenor}
                    onChange={(e) => set({ tenor: e.target.value })}
                    error={Boolean(errorOf('tenor'))}
                    helperText={errorOf('tenor') || translate('finance.invoices.generate.tenor_hint', { max: maxTenor })}
                    slotProps={{ htmlInput: { min: 1, max: maxTenor, step: 1 } }}
                  />
                )}
              </Stack>
              <TextField
                label={translate('finance.invoices.fields.remarks')}
                value={form.remarks}
                onChange={(e) => set({ remarks: e.target.value })}
                multiline
                minRows={2}
                error={Boolean(errorOf('remarks'))}
                helperText={errorOf('remarks') || undefined}
              />
              {state.failure && <Alert severity="error">{state.failure}</Alert>}
              {canGenerate ? (
                <Stack direction="row" spacing={1}>
                  <Button type="submit" variant="outlined" disabled={state.busy}>
                    {translate('finance.invoices.generate.preview')}
                  </Button>
                  <Button
                    variant="contained"
                    disabled={state.busy}
                    onClick={() => {
                      const found = checkGenerateForm(form, state.year, maxTenor);
                      if (Object.keys(found).length > 0) void state.run(false);
                      else state.setConfirming(true);
                    }}
                  >
                    {translate('finance.invoices.generate.generate')}
                  </Button>
                </Stack>
              ) : (
                <Alert severity="info">{translate('finance.invoices.generate.read_only')}</Alert>
              )}
            </Stack>
          </Box>
        </CardContent>
      </Card>
      {preview && (
        <Card sx={{ mt: 2 }} component="section" aria-label={translate('finance.invoices.generate.preview_title')}>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('finance.invoices.generate.preview_title')}
            </Typography>
            <Outcome data={preview} dryRun />
          </CardContent>
        </Card>
      )}
      {result && (
        <Card sx={{ mt: 2 }} component="section" aria-label={translate('finance.invoices.generate.result_title')}>
          <CardContent>
            <Alert severity={result.data.created > 0 ? 'success' : 'info'} sx={{ mb: 2 }}>
              {result.message}
            </Alert>
            <Outcome data={result.data} dryRun={false} />
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        open={state.confirming}
        title={translate('finance.invoices.generate.confirm_title')}
        message={translate('finance.invoices.generate.confirm_message')}
        confirmLabel={translate('finance.invoices.generate.generate')}
        onCancel={() => state.setConfirming(false)}
        onConfirm={async () => {
          await state.run(false);
          state.setConfirming(false);
        }}
      />
    </Box>
  );
}

export function GenerateInvoicesPage() {
  const title = useRouteTitle('/income');
  useDocumentTitle(title);
  const state = useGenerateInvoices();
  const { operate } = useFinanceRoles();
  return <GenerateInvoicesView state={state} canGenerate={operate} title={title} />;
}
