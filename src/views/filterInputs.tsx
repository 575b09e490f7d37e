// The list filter input of each field kind: one for every kind the shared table lets a list
// filter by (src/shared/fieldKinds.ts, which also says whether as one input or a from / to
// pair; fieldFilters.tsx places them), null for the others. Loaded when a list first shows a
// filter.

import type { ComponentType } from 'react';
import { DateInput, DateTimeInput, NullableBooleanInput, NumberInput, TextInput, TimeInput } from 'react-admin';
import type { FieldKind, FieldModel } from '../shared/entityModel';
import { localDateTimeToIso } from './format';
import { EnumInput, ReferenceSelect, ReferencesSelect } from './choiceInputs';

export interface FilterInputProps {
  field: FieldModel;
  /** The field's name, or `<name>_gte` / `<name>_lte` for the ends of a range. */
  source: string;
  label: string;
  alwaysOn?: boolean;
}

// Besides these props, react-admin's filter form gives each input its own (size, helperText…),
// passed on to the react-admin input.
const text = ({ field: _field, alwaysOn: _on, ...props }: FilterInputProps) => <TextInput {...props} />;
const number = ({ field: _field, alwaysOn: _on, ...props }: FilterInputProps) => <NumberInput {...props} />;

/** Keeps 'HH:MM' as it is (react-admin's TimeInput would make a Date of it), as the form does. */
const keepTime = (value: string) => value || null;

export const filterInputs: Record<FieldKind, ComponentType<FilterInputProps> | null> = {
  string: text,
  text: null,
  richtext: null,
  email: text,
  url: text,
  color: null,
  integer: number,
  number,
  money: number,
  boolean: ({ field: _field, alwaysOn: _on, ...props }) => <NullableBooleanInput {...props} />,
  date: ({ field: _field, alwaysOn: _on, ...props }) => <DateInput {...props} />,
  datetime: ({ field: _field, alwaysOn: _on, ...props }) => <DateTimeInput {...props} parse={localDateTimeToIso} />,
  time: ({ field: _field, alwaysOn: _on, ...props }) => <TimeInput {...props} parse={keepTime} />,
  enum: ({ alwaysOn: _on, ...props }) => <EnumInput {...props} />,
  reference: ({ field, source, label }) => <ReferenceSelect field={field} source={source} label={label} />,
  // Records whose list holds any of the chosen ones.
  references: ({ field, source, label }) => <ReferencesSelect field={field} source={source} label={label} />,
  file: null,
  image: null,
  password: null,
};

export default function FilterInput(props: FilterInputProps) {
  const Input = filterInputs[props.field.kind];
  return Input ? <Input {...props} /> : null;
}
