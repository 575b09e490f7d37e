// The create / edit form of an entity: one input per field shown in forms, validated as a
// whole by checkBody in the user's language; the server's 422 messages land under their
// fields the same way (pessimistic save, HttpError body.errors).

import { useMemo } from 'react';
import { FormDataConsumer, SaveButton, SimpleForm, Toolbar, usePermissions, useRecordContext, useTranslate, type RedirectionSideEffect } from 'react-admin';
import { fieldHiddenFor, fieldLockedFor } from '../shared/fieldAccessRules';
import { ImpactDeleteButton } from './history/ImpactDeleteButton';
import { conditionHolds, fieldApplies } from '../shared/conditions';
import type { EntityModule, FieldModel } from '../shared/entityModel';
import { fieldInputs, requiredMarker, SecretInput } from './fieldInputs';
import { FormGroups } from './FormGroups';
import { formValidator } from './formValidation';
import { useText, useUiLocale } from './useText';

export interface EntityFormProps {
  module: EntityModule;
  mode: 'create' | 'edit';
  /** edit: whether the delete button is offered (roles and record rules allow it). */
  canDelete?: boolean;
  /** edit: where a deletion leads (the list unless the record lives in a parent's page). */
  deleteRedirect?: RedirectionSideEffect;
  /** Fields shown but not changeable (a detail's parent, set by the page it was added from). */
  locked?: readonly string[];
}

function FormToolbar({ canDelete, deleteRedirect }: { canDelete: boolean; deleteRedirect: RedirectionSideEffect }) {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && <ImpactDeleteButton redirect={deleteRedirect} />}
    </Toolbar>
  );
}

/** The fields of the form: read-only fields only on edit, where they are shown disabled. */
export function formFields(module: EntityModule, mode: 'create' | 'edit'): FieldModel[] {
  return module.entity.fields.filter((f) => f.in.form && (mode === 'edit' || !f.readOnly));
}

const NO_ROLES: readonly string[] = [];

function defaultValuesOf(fields: FieldModel[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.default !== undefined && field.default !== null) values[field.name] = field.default;
  }
  return values;
}

/** The stored record as the edit form starts from it: write-only fields empty, whatever an answer carried. */
function withoutSecrets(record: Record<string, unknown> | undefined, fields: FieldModel[]) {
  if (!record) return record;
  const copy = { ...record };
  for (const field of fields) if (field.writeOnly) delete copy[field.name];
  return copy;
}

export function EntityForm({ module, mode, canDelete = false, deleteRedirect = 'list', locked = [] }: EntityFormProps) {
  const locale = useUiLocale();
  const text = useText();
  const translate = useTranslate();
  const validate = useMemo(() => formValidator(module, locale, mode), [module, locale, mode]);
  // Fields hidden from the user's roles are left out; those read-only for them are shown disabled (issue 16).
  const { permissions } = usePermissions<string[]>();
  const roles = Array.isArray(permissions) ? permissions : NO_ROLES;
  const allFields = formFields(module, mode);
  const fields = allFields.filter((f) => !fieldHiddenFor(f, roles, module.entity.access));
  const lockedFor = (field: FieldModel) => fieldLockedFor(field, roles, mode, module.entity.access);
  const defaultValues = useMemo(() => (mode === 'create' ? defaultValuesOf(fields) : undefined), [mode, fields]);
  const stored = useRecordContext();
  const record = useMemo(() => (mode === 'edit' ? withoutSecrets(stored, fields) : undefined), [mode, stored, fields]);
  const resource = module.entity.resource;

  return (
    <SimpleForm
        validate={validate}
        defaultValues={defaultValues}
        record={record}
        toolbar={<FormToolbar canDelete={mode === 'edit' && canDelete} deleteRedirect={deleteRedirect} />}
        // Leaving with changes not saved (a link, back, closing the tab) asks first; saving does not.
        warnWhenUnsavedChanges
        sx={{ maxWidth: 720 }}
      >
        {module.entity.form ? <FormGroups layout={module.entity.form} fields={fields} render={renderField} id={`${resource}-form`} /> : fields.map(renderField)}
    </SimpleForm>
  );

  function renderField(field: FieldModel) {
          const Input = field.writeOnly ? SecretInput : fieldInputs[field.kind];
          // A stored secret is kept when its input is left empty (the data provider leaves it out).
          const keeps = field.writeOnly && mode === 'edit';
          const keepText = field.kind === 'password' ? 'app.form.password_keep' : 'app.form.write_only_keep';
          const input = (required: boolean) => (
            <Input
              key={field.name}
              field={field}
              source={field.name}
              label={`resources.${resource}.fields.${field.name}`}
              helperText={keeps ? translate(keepText) : field.help ? text(field.help) : undefined}
              validate={required && !field.readOnly && !keeps ? requiredMarker : undefined}
              disabled={field.readOnly || lockedFor(field)}
              readOnly={locked.includes(field.name)}
            />
          );
          if (!field.allowedWhen && !field.requiredWhen) return input(field.required);
          // Shown only while it applies (saved empty otherwise), marked required while its condition holds.
          return (
            <FormDataConsumer key={field.name}>
              {({ formData }) =>
                fieldApplies(field, formData, module.entity.fields)
                  ? input(field.required || (field.requiredWhen !== undefined && conditionHolds(field.requiredWhen, formData, module.entity.fields)))
                  : null
              }
            </FormDataConsumer>
          );
  }
}
