// The list filter inputs of the field kinds that have them (fieldFilters.tsx says which, and
// whether as one input or a from / to pair): loaded when a list first shows a filter.

import type { ComponentType } from 'react';
import { DateInput, DateTimeInput, NullableBooleanInput, NumberInput, TextInput } from 'react-admin';
import type { FieldKind, FieldModel } from '../shared/entityModel';
import { localDateTimeToIso } from './format';
import { EnumInput, ReferenceSelect } from './choiceInputs';

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

const inputs: Partial<Record<FieldKind, ComponentType<FilterInputProps>>> = {
  string: text,
  text,
  email: text,
  url: text,
  integer: number,
  number,
  money: number,
  boolean: ({ field: _field, alwaysOn: _on, ...props }) => <NullableBooleanInput {...props} />,
  date: ({ field: _field, alwaysOn: _on, ...props }) => <DateInput {...props} />,
  datetime: ({ field: _field, alwaysOn: _on, ...props }) => <DateTimeInput {...props} parse={localDateTimeToIso} />,
  enum: ({ alwaysOn: _on, ...props }) => <EnumInput {...props} />,
  reference: ({ field, source, label }) => <ReferenceSelect field={field} source={source} label={label} />,
};

export default function FilterInput(props: FilterInputProps) {
  const Input = inputs[props.field.kind];
  return Input ? <Input {...props} /> : null;
}
