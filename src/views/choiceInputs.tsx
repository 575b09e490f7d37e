// The inputs that choose among values: an enum's options, a reference's records. Used by
// forms (fieldInputs.tsx) and by list filters (filterInputs.tsx), both loaded on demand.

import {
  AutocompleteArrayInput,
  AutocompleteInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  type Validator,
} from 'react-admin';
import type { FieldModel } from '../shared/entityModel';
import { recordText, representField } from './represent';
import { targetEntry } from './registryLookup';
import { useText } from './useText';

/** Props of a kind's form input. */
export interface KindInputProps {
  field: FieldModel;
  source: string;
  /** The label's translation key, `resources.<resource>.fields.<field>`. */
  label: string;
  helperText?: string;
  /** A marker validator (see `requiredMarker` in fieldInputs.tsx): the form validates as a whole. */
  validate?: Validator;
  disabled?: boolean;
  /** Shown but not changeable (a detail's parent, set by the page it was added from). */
  readOnly?: boolean;
}

function useOptionText(field: FieldModel) {
  const target = targetEntry(field.to);
  return (record: Record<string, unknown>) => (target ? recordText(target, record) : String(record?.id ?? ''));
}

/** Choices of a reference input, in the order a person looks for them: by their represented text. */
function choiceSort(represent: string): { field: string; order: 'ASC' } {
  return { field: representField(represent), order: 'ASC' };
}

function useChoices(field: FieldModel) {
  const text = useText();
  return (field.options ?? []).map((o) => ({ id: o.value, name: text(o.label) }));
}

export function EnumInput({ field, ...props }: KindInputProps) {
  return <SelectInput {...props} choices={useChoices(field)} translateChoice={false} />;
}

export function ReferenceSelect({ field, source, label, helperText, validate, disabled, readOnly }: KindInputProps) {
  const target = targetEntry(field.to);
  const autocomplete = { label, optionText: useOptionText(field), helperText, validate, disabled, readOnly };
  if (!target) return <NumberInput source={source} label={label} disabled={disabled} readOnly={readOnly} />;
  return (
    <ReferenceInput source={source} reference={target.resource} sort={choiceSort(target.represent)}>
      <AutocompleteInput {...autocomplete} />
    </ReferenceInput>
  );
}

export function ReferencesSelect({ field, source, label, helperText, validate, disabled, readOnly }: KindInputProps) {
  const target = targetEntry(field.to);
  const autocomplete = { label, optionText: useOptionText(field), helperText, validate, disabled, readOnly };
  if (!target) return null;
  return (
    <ReferenceArrayInput source={source} reference={target.resource} sort={choiceSort(target.represent)}>
      <AutocompleteArrayInput {...autocomplete} />
    </ReferenceArrayInput>
  );
}
