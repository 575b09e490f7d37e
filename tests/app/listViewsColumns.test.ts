// Which columns a list shows (issue 16): the user's choice as far as the schema's
// `list.choosable` offers it, else the schema's `list.columns`.

import { describe, expect, it } from 'vitest';
import type { EntityModel, FieldModel } from '../../src/shared/entityModel';
import { choosableColumns, shownColumns } from '../../src/views/list/ListViewsMenu';

const field = (name: string, extra: Partial<FieldModel> = {}): FieldModel =>
  ({ name, kind: 'string', label: { en: name, id: name }, required: false, unique: false, readOnly: false, in: { list: true, form: true, show: true }, ...extra }) as FieldModel;

const entity = {
  name: 'room',
  resource: 'room',
  fields: [field('code'), field('name'), field('notes'), field('pin', { writeOnly: true }), field('secret_note')],
  list: { columns: ['name', 'code'], sort: { field: 'code', order: 'ASC' }, search: [], filters: [], perPage: 25, choosable: ['code', 'name', 'notes', 'pin'] },
} as unknown as EntityModel;

describe('list columns', () => {
  it('offers the declared fields the user can read, the list’s own first', () => {
    // pin is a secret (never sent back); secret_note is not offered by the schema.
    expect(choosableColumns(entity, [])).toEqual(['name', 'code', 'notes']);
  });

  it('shows the schema’s columns until the user chose, then the choice as far as it is still offered', () => {
    expect(shownColumns(entity, [], { columns: null, views: [] })).toEqual(['name', 'code']);
    expect(shownColumns(entity, [], { columns: ['notes', 'code'], views: [] })).toEqual(['notes', 'code']);
    expect(shownColumns(entity, [], { columns: ['secret_note', 'notes'], views: [] })).toEqual(['notes']);
    // Nothing of the choice is offered any more: the schema's columns.
    expect(shownColumns(entity, [], { columns: ['secret_note'], views: [] })).toEqual(['name', 'code']);
  });
});
