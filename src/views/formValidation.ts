// A form's `validate`: the values the form would send, checked by the same checkBody
// (generated validator + cross-field checks) the server runs, in the user's language.

import { withoutInapplicable } from '../shared/conditions';
import { checkBody, leftOut, type FieldErrors } from '../shared/validation';
import { formatBytes, message } from '../shared/messages';
import { writableFields, type EntityModule, type FieldModel, type Locale } from '../shared/entityModel';

type Values = Record<string, unknown>;

interface NewFile {
  rawFile: { size: number; type: string; name?: string };
  title?: string;
}

function isNewFile(value: unknown): value is NewFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as NewFile).rawFile === 'object' &&
    typeof (value as NewFile).rawFile?.size === 'number'
  );
}

function mimeAccepted(mime: string, accept: string[] | undefined): boolean {
  if (!accept || accept.length === 0) return true;
  return accept.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));
}

/**
 * A new file is read into a data URL only when the form is saved (the data provider does
 * it); until then the validator is given a stand-in of the same type, and the size and type
 * are checked here from the File itself.
 */
function checkNewFile(field: FieldModel, file: NewFile, locale: Locale): string | null {
  if (field.maxSize !== undefined && file.rawFile.size > field.maxSize) {
    return message(locale, 'fileTooLarge', { limit: formatBytes(field.maxSize) });
  }
  if (!mimeAccepted(file.rawFile.type, field.accept)) return message(locale, 'fileType');
  return null;
}

function standIn(file: NewFile): { title: string; data: string } {
  return { title: file.title ?? file.rawFile.name ?? '', data: `data:${file.rawFile.type || 'application/octet-stream'};base64,AA==` };
}

/**
 * The body the data provider would send for these form values (new files stood in for,
 * write-only fields left empty left out).
 */
export function bodyOf(fields: FieldModel[], values: Values): Values {
  const body: Values = {};
  for (const field of fields) {
    const value = values[field.name];
    if (leftOut(field, value)) continue;
    body[field.name] = isNewFile(value) ? standIn(value) : value;
  }
  return body;
}

/** react-admin wants one message per field. */
function joined(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(errors)) {
    if (field !== '_body' && list.length > 0) out[field] = list.join(' ');
  }
  return out;
}

/**
 * The `validate` of a create or edit form. Only the writable fields are checked: an edit
 * form's values also hold the stored record's id, version, timestamps and read-only fields.
 */
export function formValidator({ entity, validate }: EntityModule, locale: Locale, mode: 'create' | 'edit' = 'create') {
  const fields = writableFields(entity);
  return (given: Values): Record<string, string> => {
    // A field the form hides (its allowedWhen does not hold) is saved empty: checked empty.
    const values = withoutInapplicable(entity, given);
    // On edit an empty write-only field keeps the stored secret: not missing.
    const errors = checkBody(entity, validate, bodyOf(fields, values), locale, { mode: mode === 'edit' ? 'update' : 'create' }) ?? {};
    for (const field of fields) {
      const value = values[field.name];
      if (errors[field.name] || !isNewFile(value)) continue;
      const problem = checkNewFile(field, value, locale);
      if (problem) errors[field.name] = [problem];
    }
    return joined(errors);
  };
}
