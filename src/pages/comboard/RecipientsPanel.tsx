// An announcement's recipients (spec 2 §2.4): multi-selects Department → Level → Class →
// Students, each narrowing the next through the lookups (levelall?department_id=,
// classall?level_id=; students through the students list by class, as no student lookup
// exists), Students only when the announcement goes to students; Submit and Reset; the grid of
// recipient rows, each deleted after a confirmation.

import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  COMBOARD_PATHS,
  type RecipientInput,
  type RecipientListAnswer,
  type RecipientRow,
  type RecipientSaveAnswer,
} from '../../shared/api/comboard';
import type { Envelope } from '../../shared/api/envelope';
import { fieldErrorsOf, messageOf, useComboardCalls, type ComboardCalls } from './comboardCalls';
import { momentText } from './comboardDates';
import { ConfirmDialog } from './ConfirmDialog';

export interface Choice {
  id: number;
  name: string;
}

type Rows = { success: true; data: Array<Record<string, unknown>> };

/** The choices of one list narrowed by each chosen parent id (one call per parent, merged). */
async function choicesUnder(calls: ComboardCalls, path: string, filter: string | null, parents: readonly number[], label = 'name'): Promise<Choice[]> {
  const asks = filter === null ? [undefined] : parents.map((id) => ({ [filter]: id }));
  const answers = await Promise.all(asks.map((query) => calls.get<Rows>(path, query)));
  const byId = new Map<number, Choice>();
  for (const row of answers.flatMap((a) => a.data ?? [])) {
    const id = Number(row.id);
    if (Number.isInteger(id)) byId.set(id, { id, name: String(row[label] ?? row.name ?? id) });
  }
  return [...byId.values()];
}

function useChoices(path: string, filter: string | null, parents: readonly number[], enabled = true, extra: Record<string, string | number> = {}) {
  const calls = useComboardCalls();
  const [choices, setChoices] = useState<Choice[]>([]);
  const key = parents.join(',');
  const extraKey = JSON.stringify(extra);
  useEffect(() => {
    if (!enabled || (filter !== null && key === '')) return setChoices([]);
    let live = true;
    const wrapped: ComboardCalls = { ...calls, get: (p, q) => calls.get(p, { ...q, ...(JSON.parse(extraKey) as Record<string, string | number>) }) };
    choicesUnder(wrapped, path, filter, key ? key.split(',').map(Number) : []).then(
      (list) => live && setChoices(list),
      () => live && setChoices([]),
    );
    return () => {
      live = false;
    };
  }, [calls, path, filter, key, enabled, extraKey]);
  return choices;
}

function MultiSelect({ label, choices, value, onChange }: { label: string; choices: Choice[]; value: number[]; onChange: (ids: number[]) => void }) {
  const chosen = choices.filter((c) => value.includes(c.id));
  return (
    <Autocomplete
      multiple
      options={choices}
      value={chosen}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next.map((c) => c.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
      fullWidth
    />
  );
}

export function RecipientsPanel({ comboardId, toStudent }: { comboardId: number; toStudent: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const calls = useComboardCalls();
  const [departments, setDepartments] = useState<number[]>([]);
  const [levels, setLevels] = useState<number[]>([]);
  const [classes, setClasses] = useState<number[]>([]);
  const [students, setStudents] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<RecipientRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState<RecipientRow | null>(null);

  const departmentChoices = useChoices('departmentall', null, []);
  const levelChoices = useChoices('levelall', 'department_id', departments);
  const classChoices = useChoices('classall', 'level_id', levels);
  const studentChoices = useChoices('students', 'class_id', classes, toStudent, { per_page: 100 });

  // A narrower choice goes when what it sat under is no longer chosen.
  useEffect(() => setLevels((ids) => ids.filter((id) => levelChoices.some((c) => c.id === id))), [levelChoices]);
  useEffect(() => setClasses((ids) => ids.filter((id) => classChoices.some((c) => c.id === id))), [classChoices]);
  useEffect(() => setStudents((ids) => ids.filter((id) => studentChoices.some((c) => c.id === id))), [studentChoices]);

  const load = useCallback(async () => {
    try {
      const answer = await calls.get<RecipientListAnswer>(COMBOARD_PATHS.recipients, { comboard_id: comboardId });
      setRows(answer.data ?? []);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [calls, comboardId]);
  useEffect(() => void load(), [load]);

  const reset = () => {
    setDepartments([]);
    setLevels([]);
    setClasses([]);
    setStudents([]);
    setError(null);
  };

  const submit = async () => {
    if (!departments.length && !levels.length && !classes.length && !students.length) return setError(translate('comboard.recipients.choose_one'));
    // The narrowest choice says who: a level chosen under a department addresses that level, not the whole department.
    const body: RecipientInput = { comboard_id: comboardId };
    if (toStudent && students.length) body.student_id = students;
    else if (classes.length) body.class_id = classes;
    else if (levels.length) body.level_id = levels;
    else body.department_id = departments;
    try {
      const answer = await calls.post<RecipientSaveAnswer>(COMBOARD_PATHS.recipients, body);
      notify(answer.message || 'comboard.recipients.saved', { type: 'success', autoHideDuration: 5000 });
      reset();
      void load();
    } catch (failure) {
      notify(messageOf(failure), { type: 'error', autoHideDuration: 5000 });
      setError(Object.values(fieldErrorsOf(failure))[0] ?? messageOf(failure));
    }
  };

  return (
    <Box>
      <Stack spacing={2} sx={{ mb: 2 }}>
        <MultiSelect label={translate('comboard.recipients.department')} choices={departmentChoices} value={departments} onChange={setDepartments} />
        <MultiSelect label={translate('comboard.recipients.level')} choices={levelChoices} value={levels} onChange={setLevels} />
        <MultiSelect label={translate('comboard.recipients.class')} choices={classChoices} value={classes} onChange={setClasses} />
        {toStudent && <MultiSelect label={translate('comboard.recipients.student')} choices={studentChoices} value={students} onChange={setStudents} />}
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={reset}>{translate('comboard.recipients.reset')}</Button>
          <Button variant="contained" onClick={() => void submit()}>
            {translate('comboard.recipients.submit')}
          </Button>
        </Stack>
      </Stack>
      {failed && <Alert severity="error">{translate('comboard.recipients.load_failed')}</Alert>}
      {rows !== null && rows.length === 0 && <Typography color="text.secondary">{translate('comboard.recipients.none')}</Typography>}
      {rows !== null && rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('comboard.recipients.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('comboard.recipients.info')}</TableCell>
                <TableCell>{translate('comboard.recipients.department')}</TableCell>
                <TableCell>{translate('comboard.recipients.level')}</TableCell>
                <TableCell>{translate('comboard.recipients.class')}</TableCell>
                <TableCell>{translate('comboard.recipients.student')}</TableCell>
                <TableCell>{translate('comboard.recipients.created_at')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-testid="recipient-row">
                  <TableCell>{row.info}</TableCell>
                  <TableCell>{row.department_name ?? ''}</TableCell>
                  <TableCell>{row.level_name ?? ''}</TableCell>
                  <TableCell>{row.class_name ?? ''}</TableCell>
                  <TableCell>{row.student_name ?? ''}</TableCell>
                  <TableCell>{momentText(row.created_at, locale)}</TableCell>
                  <TableCell>
                    <IconButton aria-label={`${translate('comboard.recipients.delete')} ${row.info}`} color="error" onClick={() => setDeleting(row)}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('comboard.delete.title')}
        warning={translate('comboard.delete.warning')}
        message={deleting ? translate('comboard.recipients.delete_message', { info: deleting.info }) : ''}
        onConfirm={async () => {
          try {
            const answer = await calls.del<Envelope>(COMBOARD_PATHS.recipient(deleting!.id));
            notify(answer.message || 'comboard.recipients.saved', { type: 'success', autoHideDuration: 5000 });
            void load();
          } catch (failure) {
            notify(messageOf(failure), { type: 'error', autoHideDuration: 5000 });
          }
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
