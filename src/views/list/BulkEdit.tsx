// Bulk edit of the selected rows: the user picks the fields to set and their values (the
// fields' own inputs), and the data provider's updateMany (PATCH {endpoint}) sets them on every selected record, each checked
// as its form's save would be, all or none. A refusal lists each record and field that
// cannot take the values. Loaded when a row is first selected (./ListBulkBar.tsx).

import { useMemo, useState } from 'react';
import { Button, Form, FormDataConsumer, HttpError, SaveButton, SelectArrayInput, useListContext, useNotify, useRefresh, useTranslate, useUpdateMany } from 'react-admin';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import EditIcon from '@mui/icons-material/Edit';
import { bulkEditableFields } from '../../shared/bulkEditable';
import { representRecord, type EntityModel } from '../../shared/entityModel';
import { fieldInputs } from '../fieldInputs';
import { useUiLocale } from '../useText';
import './masterDataTexts';

const CHOSEN = '_bulk_fields';

function BulkEditDialog({ entity, onClose }: { entity: EntityModel; onClose: () => void }) {
  const translate = useTranslate();
  const locale = useUiLocale();
  const notify = useNotify();
  const refresh = useRefresh();
  const [updateMany] = useUpdateMany();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { selectedIds, onUnselectItems, resource, data: shown } = useListContext();
  const fields = useMemo(() => bulkEditableFields(entity), [entity]);
  const one = selectedIds.length === 1;
  const [refusal, setRefusal] = useState<{ message: string; lines: string[] } | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    const chosen = (values[CHOSEN] as string[] | undefined) ?? [];
    const data: Record<string, unknown> = {};
    for (const name of chosen) {
      const field = fields.find((f) => f.name === name);
      data[name] = values[name] === undefined || values[name] === '' ? (field?.kind === 'boolean' ? false : null) : values[name];
    }
    try {
      await updateMany(resource, { ids: selectedIds, data }, { mutationMode: 'pessimistic', returnPromise: true });
      notify(one ? 'masterData.bulk_done_one' : 'masterData.bulk_done', { type: 'success', messageArgs: { count: selectedIds.length } });
      onUnselectItems();
      refresh();
      onClose();
    } catch (error) {
      const errors = error instanceof HttpError ? ((error.body as { errors?: Record<string, string> } | null)?.errors ?? {}) : {};
      const labels = new Map(entity.fields.map((f) => [f.name, f.label[locale]]));
      const lines = Object.entries(errors).map(([key, text]) => {
        const [id, field] = key.split('.');
        // The record as the list shows it (its represent text), else its id.
        const record = shown?.find((r) => String(r.id) === id);
        const name = (record && representRecord(entity.represent, record)) || `#${id}`;
        return `${name} · ${field === '_row' || !field ? '' : `${labels.get(field) ?? field}: `}${text}`;
      });
      setRefusal({ message: error instanceof Error ? error.message : String(error), lines });
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="bulk-edit-title">
      <Form onSubmit={(values: Record<string, unknown>) => submit(values)} noValidate>
        <DialogTitle id="bulk-edit-title">{translate(one ? 'masterData.bulk_title_one' : 'masterData.bulk_title', { count: selectedIds.length })}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('masterData.bulk_hint')}
          </Typography>
          <SelectArrayInput
            source={CHOSEN}
            label="masterData.bulk_fields"
            choices={fields.map((f) => ({ id: f.name, name: f.label[locale] }))}
            translateChoice={false}
            fullWidth
          />
          <FormDataConsumer>
            {({ formData }) =>
              ((formData[CHOSEN] as string[] | undefined) ?? []).map((name) => {
                const field = fields.find((f) => f.name === name);
                if (!field) return null;
                const Input = fieldInputs[field.kind];
                return <Input key={name} field={field} source={name} label={`resources.${entity.resource}.fields.${name}`} />;
              })
            }
          </FormDataConsumer>
          {refusal && (
            <Alert severity="error" sx={{ mt: 1 }}>
              <strong>{refusal.message}</strong>
              {refusal.lines.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <SaveButton label={translate(one ? 'masterData.bulk_apply_one' : 'masterData.bulk_apply', { count: selectedIds.length })} icon={<EditIcon />} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export default function BulkEdit({ entity }: { entity: EntityModel }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="masterData.bulk_edit" onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      {open && <BulkEditDialog entity={entity} onClose={() => setOpen(false)} />}
    </>
  );
}
