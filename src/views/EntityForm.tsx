// The create / edit form of an entity: one input per field shown in forms, validated as a
// whole by checkBody in the user's language; the server's 422 messages land under their
// fields the same way (pessimistic save, HttpError body.errors).

import { useMemo } from 'react';
import { DeleteButton, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import type { EntityModule, FieldModel } from '../shared/entityModel';
import { fieldInputs, requiredMarker } from './fieldInputs';
import { formValidator } from './formValidation';
import { useText, useUiLocale } from './useText';

export interface EntityFormProps {
  module: EntityModule;
  mode: 'create' | 'edit';
  /** edit: whether the delete button is offered (roles and record rules allow it). */
  canDelete?: boolean;
}

function FormToolbar({ canDelete }: { canDelete: boolean }) {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && <DeleteButton mutationMode="pessimistic" redirect="list" />}
    </Toolbar>
  );
}

/** The fields of the form: read-only fields only on edit, where they are shown disabled. */
export function formFields(module: EntityModule, mode: 'create' | 'edit'): FieldModel[] {
  return module.entity.fields.filter((f) => f.in.form && (mode === 'edit' || !f.readOnly));
}

function defaultValuesOf(fields: FieldModel[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.default !== undefined && field.default !== null) values[field.name] = field.default;
  }
  return values;
}

export function EntityForm({ module, mode, canDelete = false }: EntityFormProps) {
  const locale = useUiLocale();
  const text = useText();
  const validate = useMemo(() => formValidator(module, locale), [module, locale]);
  const fields = formFields(module, mode);
  const defaultValues = useMemo(() => (mode === 'create' ? defaultValuesOf(fields) : undefined), [mode, fields]);
  const resource = module.entity.resource;

  return (
    <SimpleForm
      validate={validate}
      defaultValues={defaultValues}
      toolbar={<FormToolbar canDelete={mode === 'edit' && canDelete} />}
      sx={{ maxWidth: 720 }}
    >
      {fields.map((field) => {
        const Input = fieldInputs[field.kind];
        return (
          <Input
            key={field.name}
            field={field}
            source={field.name}
            label={`resources.${resource}.fields.${field.name}`}
            helperText={field.help ? text(field.help) : undefined}
            validate={field.required && !field.readOnly ? requiredMarker : undefined}
            disabled={field.readOnly}
          />
        );
      })}
    </SimpleForm>
  );
}
