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
import { representRecord, type FieldModel } from '../shared/entityModel';
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
}

function useOptionText(field: FieldModel) {
  const target = targetEntry(field.to);
  return (record: Record<string, unknown>) => (target ? representRecord(target.represent, record) : String(record?.id ?? ''));
}

/** Choices of a reference input, in the order a person looks for them: by their represented text. */
function choiceSort(represent: string): { field: string; order: 'ASC' } {
  const first = represent.includes('{') ? /\{([a-z0-9_]+)\}/.exec(represent)?.[1] : represent;
  return { field: first ?? 'id', order: 'ASC' };
}

function useChoices(field: FieldModel) {
  const text = useText();
  return (field.options ?? []).map((o) => ({ id: o.value, name: text(o.label) }));
}

export function EnumInput({ field, ...props }: KindInputProps) {
  return <SelectInput {...props} choices={useChoices(field)} translateChoice={false} />;
}

export function ReferenceSelect({ field, source, label, helperText, validate, disabled }: KindInputProps) {
  const target = targetEntry(field.to);
  const optionText = useOptionText(field);
  if (!target) return <NumberInput source={source} label={label} disabled={disabled} />;
  return (
    <ReferenceInput source={source} reference={target.resource} sort={choiceSort(target.represent)}>
      <AutocompleteInput
        label={label}
        optionText={optionText}
        helperText={helperText}
        validate={validate}
        disabled={disabled}
      />
    </ReferenceInput>
  );
}

export function ReferencesSelect({ field, source, label, helperText, validate, disabled }: KindInputProps) {
  const target = targetEntry(field.to);
  const optionText = useOptionText(field);
  if (!target) return null;
  return (
    <ReferenceArrayInput source={source} reference={target.resource} sort={choiceSort(target.represent)}>
      <AutocompleteArrayInput
        label={label}
        optionText={optionText}
        helperText={helperText}
        validate={validate}
        disabled={disabled}
      />
    </ReferenceArrayInput>
  );
}
