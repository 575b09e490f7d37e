// File and image uploads (a drop zone): loaded when a form with such a field opens.

import { FileField, FileInput, ImageField, ImageInput } from 'react-admin';
import type { FieldModel } from '../shared/entityModel';
import type { KindInputProps } from './choiceInputs';

function acceptOf(field: FieldModel) {
  return field.accept?.length ? Object.fromEntries(field.accept.map((type) => [type, []])) : undefined;
}

export function FileUpload({ field, ...props }: KindInputProps) {
  return (
    <FileInput {...props} accept={acceptOf(field)}>
      <FileField source="src" title="title" target="_blank" />
    </FileInput>
  );
}

export function ImageUpload({ field, ...props }: KindInputProps) {
  return (
    <ImageInput {...props} accept={acceptOf(field)}>
      <ImageField source="src" title="title" />
    </ImageInput>
  );
}
