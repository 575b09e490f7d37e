// The VA number generation drawn: the VA code, unit and class, Preview and "Generate VA
// Number", the counts, the numbers that would be (or were) given and who cannot get one.

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
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
import { useTranslate } from 'react-admin';
import type { GenerateVa, LookupOption } from './useGenerateVa';

export function GenerateVaView({ title, state }: { title: string; state: GenerateVa }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`finance.va.${key}`, options);
  const error = (field: string) => (state.errors[field] ? translate(state.errors[field], { _: state.errors[field] }) : undefined);
  const result = state.result;
  const codeLabel = state.vaCodes.find((code) => code.id === state.vaCodeId)?.label ?? '';
  const select = (label: string, value: number | '', options: LookupOption[], onChange: (value: number | '') => void, field: string, required = false) => (
    <TextField
      fullWidth={false}
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      error={Boolean(error(field))}
      helperText={error(field)}
      required={required}
      sx={{ minWidth: 220 }}
    >
      {!required && <MenuItem value="">{t('all')}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Card data-testid="generate-va">
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Box
          component="form"
          noValidate
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            void state.preview();
          }}
        >
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            {select(t('va_code'), state.vaCodeId, state.vaCodes, state.setVaCodeId, 'va_code_id', true)}
            {select(t('unit'), state.departmentId, state.units, state.setDepartmentId, 'department_id')}
            {select(t('class'), state.classId, state.classes, state.setClassId, 'class_id')}
            <Button type="submit" variant="outlined" disabled={state.busy}>
              {t('preview')}
            </Button>
            <Button variant="contained" disabled={state.busy} onClick={state.askToGenerate}>
              {t('generate')}
            </Button>
          </Stack>
        </Box>
        {state.busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('working')} />}
        {state.failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('failed')} {translate(state.failure, { _: state.failure })}
          </Alert>
        )}
        {result && (
          <Box sx={{ mt: 2 }} data-testid="va-result">
            <Alert severity={result.dry_run ? 'info' : 'success'} sx={{ mb: 1 }} data-testid="va-counts">
              {result.message && <Typography variant="body2">{result.message}</Typography>}
              <Typography variant="body2">{result.dry_run ? t('would_create', { count: result.would_create, smart_count: result.would_create }) : t('created', { count: result.created, smart_count: result.created })}</Typography>
              <Typography variant="body2">{t('existing', { count: result.existing, smart_count: result.existing })}</Typography>
            </Alert>
            <Table size="small" aria-label={t('column.va')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('column.number')}</TableCell>
                  <TableCell>{t('column.name')}</TableCell>
                  <TableCell>{t('column.va')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={3} align="center">
                      {t('empty')}
                    </TableCell>
                  </TableRow>
                )}
                {result.rows.map((row) => (
                  <TableRow key={row.party_id} data-testid="va-row">
                    <TableCell>{row.party_number}</TableCell>
                    <TableCell>{row.party_name}</TableCell>
                    <TableCell>{row.va_no}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {result.errors.length > 0 && (
              <>
                <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
                  {t('errors')}
                </Typography>
                <Table size="small" aria-label={t('errors')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('column.number')}</TableCell>
                      <TableCell>{t('column.message')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.errors.map((row) => (
                      <TableRow key={row.party_number} data-testid="va-error">
                        <TableCell>{row.party_number}</TableCell>
                        <TableCell>{row.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
          </Box>
        )}
        <Dialog open={state.confirming} onClose={state.busy ? undefined : state.cancelGenerate} aria-labelledby="va-confirm-title" maxWidth="xs" fullWidth>
          <DialogTitle id="va-confirm-title">{t('confirm.title')}</DialogTitle>
          <DialogContent>
            <Typography>
              {result?.dry_run ? t('confirm.message', { count: result.would_create, smart_count: result.would_create, code: codeLabel }) : t('confirm.message_all', { code: codeLabel })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={state.cancelGenerate} disabled={state.busy}>
              {t('confirm.cancel')}
            </Button>
            <Button onClick={() => void state.generate()} disabled={state.busy} variant="contained" autoFocus>
              {t('confirm.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  );
}
