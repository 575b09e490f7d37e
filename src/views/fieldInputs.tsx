// How each schema field kind is EDITED: its form input. One entry per kind (see
// fieldDisplay.tsx for how it is shown, fieldFilters.tsx for how a list is filtered by it).
// Loaded with the create / edit forms only; rich text (Tiptap, ~145 KiB gzip) and file
// uploads (a drop zone) arrive when a form that has such a field opens.

import { Suspense, type ComponentType } from 'react';
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  TextInput,
  TimeInput,
  type Validator,
} from 'react-admin';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import type { FieldKind } from '../shared/entityModel';
import { localDateTimeToIso } from './format';
import { lazyPart } from './lazyPart';
import { EnumInput, ReferenceSelect, ReferencesSelect, type KindInputProps } from './choiceInputs';

export type { KindInputProps } from './choiceInputs';

const RichTextInput = lazyPart(() => import('ra-input-rich-text').then((m) => m.RichTextInput));
const FileUpload = lazyPart(() => import('./fileInputs').then((m) => m.FileUpload));
const ImageUpload = lazyPart(() => import('./fileInputs').then((m) => m.ImageUpload));

/**
 * Marks an input as required (the asterisk) without validating: the whole form is
 * validated at once by checkBody, with the generated validator (src/views/formValidation.ts).
 */
export const requiredMarker: Validator = Object.assign(() => undefined, { isRequired: true });

const loading = <LinearProgress sx={{ my: 2 }} />;

/** Keeps 'HH:MM' as it is (react-admin's TimeInput would make a Date of it). */
const keepTime = (value: string) => value || null;

export const fieldInputs: Record<FieldKind, ComponentType<KindInputProps>> = {
  string: ({ field: _field, ...props }) => <TextInput {...props} />,
  text: ({ field: _field, ...props }) => <TextInput {...props} multiline minRows={3} />,
  richtext: ({ field: _field, ...props }) => (
    <Suspense fallback={loading}>
      <RichTextInput {...props} fullWidth />
    </Suspense>
  ),
  integer: ({ field, ...props }) => <NumberInput {...props} step={1} min={field.min} max={field.max} />,
  number: ({ field, ...props }) => <NumberInput {...props} min={field.min} max={field.max} />,
  money: ({ field, ...props }) => (
    <NumberInput
      {...props}
      step={1}
      min={field.min}
      max={field.max}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">Rp</InputAdornment> } }}
    />
  ),
  boolean: ({ field: _field, ...props }) => <BooleanInput {...props} />,
  date: ({ field: _field, ...props }) => <DateInput {...props} />,
  datetime: ({ field: _field, ...props }) => <DateTimeInput {...props} parse={localDateTimeToIso} />,
  time: ({ field: _field, ...props }) => <TimeInput {...props} parse={keepTime} />,
  email: ({ field: _field, ...props }) => <TextInput {...props} type="email" />,
  url: ({ field: _field, ...props }) => <TextInput {...props} type="url" />,
  enum: EnumInput,
  reference: ReferenceSelect,
  references: ReferencesSelect,
  file: (props) => (
    <Suspense fallback={loading}>
      <FileUpload {...props} />
    </Suspense>
  ),
  image: (props) => (
    <Suspense fallback={loading}>
      <ImageUpload {...props} />
    </Suspense>
  ),
  color: ({ field: _field, ...props }) => <TextInput {...props} type="color" sx={{ maxWidth: 200 }} />,
  password: SecretInput,
};

/**
 * The input of a write-only field (a password), whatever its kind: hidden as it is typed,
 * never filled in by the browser's saved logins, and empty on edit (the value is never sent back).
 */
export function SecretInput({ field: _field, ...props }: KindInputProps) {
  return <PasswordInput {...props} autoComplete="new-password" />;
}
