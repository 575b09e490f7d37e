// The table of field kinds: ONE entry per schema field kind, giving how its value is shown
// (list column, show page), how it is edited (form input) and how a list is filtered by it.
// Adding a kind is adding an entry here (and in the codegen's JSON Schema table).

import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  DateInput,
  DateTimeInput,
  EmailField,
  FileField,
  FileInput,
  ImageField,
  ImageInput,
  LinearProgress,
  NullableBooleanInput,
  NumberInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  RichTextField,
  SelectInput,
  TextField,
  TextInput,
  TimeInput,
  UrlField,
  useRecordContext,
  type Validator,
} from 'react-admin';
import { Box, InputAdornment, Typography } from '@mui/material';
import { representRecord, type FieldKind, type FieldModel } from '../shared/entityModel';
import { formatDate, formatDateTime, formatNumber, formatRupiah } from './format';
import { targetEntry } from './registryLookup';
import { useText, useUiLocale } from './useText';

// Tiptap is ~145 KiB gzip: loaded only when a form with a rich text field opens.
const RichTextInput = lazy(() => import('ra-input-rich-text').then((m) => ({ default: m.RichTextInput })));

/** Props of a kind's display: rendered inside a record context (list row, show page). */
export interface KindFieldProps {
  field: FieldModel;
  /** = field.name; SimpleShowLayout and DataTable read it for the label. */
  source: string;
  /** The label's translation key; read by SimpleShowLayout from its children. */
  label?: string;
}

/** Props of a kind's form input. */
export interface KindInputProps {
  field: FieldModel;
  source: string;
  /** The label's translation key, `resources.<resource>.fields.<field>`. */
  label: string;
  helperText?: string;
  /** A marker validator (see `requiredMarker`): the form validates as a whole. */
  validate?: Validator;
  disabled?: boolean;
}

/** Props of a kind's list filter inputs. */
export interface KindFilterProps {
  field: FieldModel;
  /** The label's translation key. */
  label: string;
  /** Labels of the range filters' two ends ("… from", "… to"), already translated. */
  fromLabel: string;
  toLabel: string;
}

export interface FieldKindEntry {
  Field: ComponentType<KindFieldProps>;
  Input: ComponentType<KindInputProps>;
  /** The inputs this kind adds to a list's filters (none: not filterable). */
  filters?: (props: KindFilterProps) => ReactElement[];
  /** Whether a list column of this kind can be sorted. */
  sortable: boolean;
}

/**
 * Marks an input as required (the asterisk) without validating: the whole form is
 * validated at once by checkBody, with the generated validator (src/views/formValidation.ts).
 */
export const requiredMarker: Validator = Object.assign(() => undefined, { isRequired: true });

function useValue(source: string): unknown {
  const record = useRecordContext();
  return record?.[source];
}

function Plain({ children }: { children: string }) {
  return (
    <Typography component="span" variant="body2">
      {children}
    </Typography>
  );
}

function MoneyField({ source }: KindFieldProps) {
  return <Plain>{formatRupiah(useValue(source))}</Plain>;
}

function NumberText({ source }: KindFieldProps) {
  return <Plain>{formatNumber(useValue(source), useUiLocale())}</Plain>;
}

function DateText({ source }: KindFieldProps) {
  return <Plain>{formatDate(useValue(source), useUiLocale())}</Plain>;
}

function DateTimeText({ source }: KindFieldProps) {
  return <Plain>{formatDateTime(useValue(source), useUiLocale())}</Plain>;
}

function MultilineText({ source }: KindFieldProps) {
  return <TextField source={source} sx={{ whiteSpace: 'pre-line' }} />;
}

function EnumText({ field, source }: KindFieldProps) {
  const text = useText();
  const value = useValue(source);
  const option = field.options?.find((o) => o.value === value);
  return <Plain>{option ? text(option.label) : value == null ? '' : String(value)}</Plain>;
}

function ColorSwatch({ source }: KindFieldProps) {
  const value = useValue(source);
  if (typeof value !== 'string' || !value) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 20, height: 20, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: value }}
      />
      <Typography component="span" variant="body2">
        {value}
      </Typography>
    </Box>
  );
}

function ReferenceText({ field, source }: KindFieldProps) {
  const target = targetEntry(field.to);
  if (!target) return <TextField source={source} />;
  return <ReferenceField source={source} reference={target.resource} link="show" />;
}

function ReferencesText({ field, source }: KindFieldProps) {
  const target = targetEntry(field.to);
  if (!target) return <TextField source={source} />;
  return <ReferenceArrayField source={source} reference={target.resource} />;
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

function EnumInput({ field, ...props }: KindInputProps) {
  return <SelectInput {...props} choices={useChoices(field)} translateChoice={false} />;
}

function ReferenceSelect({ field, source, label, helperText, validate, disabled }: KindInputProps) {
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

function ReferencesSelect({ field, source, label, helperText, validate, disabled }: KindInputProps) {
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

function acceptOf(field: FieldModel) {
  return field.accept?.length ? Object.fromEntries(field.accept.map((type) => [type, []])) : undefined;
}

const richTextFallback = <LinearProgress />;

/** Keeps 'HH:MM' as it is (react-admin's TimeInput would make a Date of it). */
const keepTime = (value: string) => value || null;
/** The browser's local date-time → ISO, as the API stores it. */
const toIso = (value: string) => (value ? new Date(value).toISOString() : null);

function textFilter({ field, label }: KindFilterProps): ReactElement[] {
  return [<TextInput key={field.name} source={field.name} label={label} />];
}

function numberFilter({ field, label }: KindFilterProps): ReactElement[] {
  return [<NumberInput key={field.name} source={field.name} label={label} />];
}

export const fieldKinds: Record<FieldKind, FieldKindEntry> = {
  string: {
    Field: ({ source }) => <TextField source={source} />,
    Input: ({ field: _field, ...props }) => <TextInput {...props} />,
    filters: textFilter,
    sortable: true,
  },
  text: {
    Field: MultilineText,
    Input: ({ field: _field, ...props }) => <TextInput {...props} multiline minRows={3} />,
    filters: textFilter,
    sortable: false,
  },
  richtext: {
    Field: ({ source }) => <RichTextField source={source} />,
    Input: ({ field: _field, ...props }) => (
      <Suspense fallback={richTextFallback}>
        <RichTextInput {...props} fullWidth />
      </Suspense>
    ),
    sortable: false,
  },
  integer: {
    Field: NumberText,
    Input: ({ field, ...props }) => <NumberInput {...props} step={1} min={field.min} max={field.max} />,
    filters: numberFilter,
    sortable: true,
  },
  number: {
    Field: NumberText,
    Input: ({ field, ...props }) => <NumberInput {...props} min={field.min} max={field.max} />,
    filters: numberFilter,
    sortable: true,
  },
  money: {
    Field: MoneyField,
    Input: ({ field, ...props }) => (
      <NumberInput
        {...props}
        step={1}
        min={field.min}
        max={field.max}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">Rp</InputAdornment> } }}
      />
    ),
    filters: numberFilter,
    sortable: true,
  },
  boolean: {
    Field: ({ source }) => <BooleanField source={source} />,
    Input: ({ field: _field, ...props }) => <BooleanInput {...props} />,
    filters: ({ field, label }) => [<NullableBooleanInput key={field.name} source={field.name} label={label} />],
    sortable: true,
  },
  date: {
    Field: DateText,
    Input: ({ field: _field, ...props }) => <DateInput {...props} />,
    filters: ({ field, fromLabel, toLabel }) => [
      <DateInput key={`${field.name}_gte`} source={`${field.name}_gte`} label={fromLabel} />,
      <DateInput key={`${field.name}_lte`} source={`${field.name}_lte`} label={toLabel} />,
    ],
    sortable: true,
  },
  datetime: {
    Field: DateTimeText,
    Input: ({ field: _field, ...props }) => <DateTimeInput {...props} parse={toIso} />,
    filters: ({ field, fromLabel, toLabel }) => [
      <DateTimeInput key={`${field.name}_gte`} source={`${field.name}_gte`} label={fromLabel} parse={toIso} />,
      <DateTimeInput key={`${field.name}_lte`} source={`${field.name}_lte`} label={toLabel} parse={toIso} />,
    ],
    sortable: true,
  },
  time: {
    Field: ({ source }) => <TextField source={source} />,
    Input: ({ field: _field, ...props }) => <TimeInput {...props} parse={keepTime} />,
    sortable: true,
  },
  email: {
    Field: ({ source }) => <EmailField source={source} />,
    Input: ({ field: _field, ...props }) => <TextInput {...props} type="email" />,
    filters: textFilter,
    sortable: true,
  },
  url: {
    Field: ({ source }) => <UrlField source={source} target="_blank" rel="noopener noreferrer" />,
    Input: ({ field: _field, ...props }) => <TextInput {...props} type="url" />,
    filters: textFilter,
    sortable: true,
  },
  enum: {
    Field: EnumText,
    Input: EnumInput,
    filters: ({ field, label }) => [<EnumInput key={field.name} field={field} source={field.name} label={label} />],
    sortable: true,
  },
  reference: {
    Field: ReferenceText,
    Input: ReferenceSelect,
    filters: ({ field, label }) => [<ReferenceSelect key={field.name} field={field} source={field.name} label={label} />],
    sortable: true,
  },
  references: {
    Field: ReferencesText,
    Input: ReferencesSelect,
    sortable: false,
  },
  file: {
    Field: ({ source }) => <FileField source={`${source}.src`} title={`${source}.title`} target="_blank" />,
    Input: ({ field, ...props }) => (
      <FileInput {...props} accept={acceptOf(field)}>
        <FileField source="src" title="title" target="_blank" />
      </FileInput>
    ),
    sortable: false,
  },
  image: {
    Field: ({ source }) => <ImageField source={`${source}.src`} title={`${source}.title`} />,
    Input: ({ field, ...props }) => (
      <ImageInput {...props} accept={acceptOf(field)}>
        <ImageField source="src" title="title" />
      </ImageInput>
    ),
    sortable: false,
  },
  color: {
    Field: ColorSwatch,
    Input: ({ field: _field, ...props }) => <TextInput {...props} type="color" sx={{ maxWidth: 200 }} />,
    sortable: false,
  },
};
