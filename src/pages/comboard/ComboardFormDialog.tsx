// The announcement form (spec 2 §2.2) in a dialog: create when no card is given, else edit.
// The rules of §5 are checked before sending (comboardFormRules.ts); the server's refusal (422)
// puts each message under its field; an edit sends the version it read, and when someone saved
// in between (409) the form says so above its fields and keeps what was typed. Success closes,
// refreshes the list and resets. Closing a form with unsaved changes asks first. The rich text
// editor (Tiptap) loads when the form opens.

import { Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, TextField, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput,
  HttpError,
  DateInput,
  DateTimeInput,
  Form,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { COMBOARD_PATHS, type ComboardCard, type ComboardSaveAnswer } from '../../shared/api/comboard';
import { lazyPart } from '../../views/lazyPart';
import { fieldErrorsOf, messageOf, useComboardCalls } from './comboardCalls';
import { checkValues, emptyValues, inputOf, valuesOf, type ComboardFormValues } from './comboardFormRules';
import { ConfirmDialog } from './ConfirmDialog';

const RichTextInput = lazyPart(() => import('ra-input-rich-text').then((m) => m.RichTextInput));

export interface Category {
  id: number;
  name: string;
}

/**
 * The categories to choose from, `undefined` while they load. An edited announcement's own
 * category is always among them (even when the list cannot be read), so the select is never
 * given a value it has no option for.
 */
function useCategories(open: boolean, card: ComboardCard | null): Category[] | undefined {
  const calls = useComboardCalls();
  const [categories, setCategories] = useState<Category[] | undefined>(undefined);
  useEffect(() => {
    if (!open) return;
    setCategories(undefined);
    let current = true;
    calls.get<{ success: true; data: Category[] }>('comboard-category').then(
      (answer) => current && setCategories(answer.data ?? []),
      () => current && setCategories([]),
    );
    return () => {
      current = false;
    };
  }, [calls, open]);
  if (!categories || !card || categories.some((c) => c.id === card.comboard_category_id)) return categories;
  return [...categories, { id: card.comboard_category_id, name: card.category_name }];
}

function FormFields({ categories, dirty, initial }: { categories: Category[] | undefined; dirty: { current: boolean }; initial: ComboardFormValues }) {
  const translate = useTranslate();
  const { isDirty } = useFormState();
  const { reset } = useFormContext();
  dirty.current = isDirty;
  const isEvent = useWatch({ name: 'is_event' }) as boolean;
  const recalled = useWatch({ name: 'is_recalled' }) as string;
  const yesNo = [
    { id: '1', name: translate('comboard.form.yes') },
    { id: '0', name: translate('comboard.form.no') },
  ];
  return (
    <>
      <TextInput source="title" label="comboard.form.title" fullWidth isRequired />
      <DateTimeInput source="show_date" label="comboard.form.show_date" isRequired />
      <RadioButtonGroupInput source="is_priority" label="comboard.form.is_priority" choices={yesNo} isRequired />
      {categories ? (
        <SelectInput source="comboard_category_id" label="comboard.form.category" choices={categories} isRequired fullWidth />
      ) : (
        // Until the categories come, no select: it would hold a value it has no option for.
        <TextField
          label={translate('comboard.form.category')}
          value={translate('comboard.form.categories_loading')}
          disabled
          fullWidth
          size="small"
          margin="dense"
          slotProps={{ input: { endAdornment: <CircularProgress size={16} /> } }}
        />
      )}
      <Suspense fallback={<LinearProgress sx={{ my: 2 }} />}>
        <RichTextInput source="info" label="comboard.form.info" fullWidth />
      </Suspense>
      <BooleanInput source="is_event" label="comboard.form.is_event" />
      {isEvent && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <DateInput source="datetime_1" label="comboard.form.datetime_1" isRequired />
          <DateInput source="datetime_2" label="comboard.form.datetime_2" isRequired />
        </Stack>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
        <BooleanInput source="to_parent" label="comboard.form.to_parent" />
        <BooleanInput source="to_student" label="comboard.form.to_student" />
        <BooleanInput source="to_teacher" label="comboard.form.to_teacher" />
        <BooleanInput source="add_to_calendar" label="comboard.form.add_to_calendar" />
      </Stack>
      <RadioButtonGroupInput source="is_recalled" label="comboard.form.is_recalled" choices={yesNo} isRequired />
      {recalled === '1' && (
        <>
          <DateTimeInput source="recall_time" label="comboard.form.recall_time" isRequired />
          <TextInput source="reason" label="comboard.form.reason" fullWidth multiline isRequired />
        </>
      )}
      <TextInput source="link_url" label="comboard.form.link_url" fullWidth type="url" />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button type="button" onClick={() => reset({ ...initial, recall_time: emptyValues().recall_time })}>
          {translate('comboard.form.reset')}
        </Button>
        <Button type="submit" variant="contained">
          {translate('comboard.form.submit')}
        </Button>
      </Stack>
    </>
  );
}

export function ComboardFormDialog({ open, card, onClose, onSaved }: { open: boolean; card: ComboardCard | null; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useComboardCalls();
  const categories = useCategories(open, card);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const [initial, setInitial] = useState<ComboardFormValues>(() => emptyValues());
  const [formKey, setFormKey] = useState(0);
  /** The server's 409 on an edit: someone saved the announcement after this form read it. */
  const [conflict, setConflict] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setConflict(null);
    // In create mode nothing of an earlier record stays (§2.2: the id is cleared).
    setInitial(card ? valuesOf(card) : emptyValues());
    setFormKey((k) => k + 1);
    dirty.current = false;
  }, [open, card]);

  const close = () => {
    if (dirty.current) setAsking(true);
    else onClose();
  };

  const submit = async (values: Record<string, unknown>) => {
    // An edit sends back the version it read: the server refuses it (409) when someone saved in between.
    const body = inputOf(values as unknown as ComboardFormValues, card?.version);
    try {
      const answer = card
        ? await calls.put<ComboardSaveAnswer>(COMBOARD_PATHS.headerOne(card.id), body)
        : await calls.post<ComboardSaveAnswer>(COMBOARD_PATHS.header, body);
      notify(answer.message || 'comboard.form.saved', { type: 'success', autoHideDuration: 5000 });
      dirty.current = false;
      onSaved();
      return undefined;
    } catch (error) {
      notify(messageOf(error), { type: 'error', autoHideDuration: 5000 });
      if (error instanceof HttpError && error.status === 409) setConflict(messageOf(error));
      const errors = fieldErrorsOf(error);
      return Object.keys(errors).length ? errors : undefined;
    }
  };

  return (
    <>
      <Dialog open={open} onClose={close} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="comboard-form-title">
        <DialogTitle id="comboard-form-title">{translate(card ? 'comboard.form.edit_title' : 'comboard.form.add_title')}</DialogTitle>
        <DialogContent dividers>
          {conflict && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="comboard-form-conflict">
              {conflict}
            </Alert>
          )}
          <Form key={formKey} record={initial as never} defaultValues={initial} onSubmit={submit} validate={(values) => checkValues(values as Partial<ComboardFormValues>)} noValidate>
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              <FormFields categories={categories} dirty={dirty} initial={initial} />
            </Box>
          </Form>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('comboard.form.close')}</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={asking}
        title={translate('comboard.form.discard_title')}
        message={translate('comboard.form.discard_message')}
        confirmLabel={translate('comboard.form.discard')}
        cancelLabel={translate('comboard.form.keep')}
        onConfirm={() => {
          setAsking(false);
          dirty.current = false;
          onClose();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
