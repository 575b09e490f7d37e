// The data dictionary's shape: what the generator writes (src/generated/dataDictionary.ts and
// data-dictionary.md) for every entity, in both languages, and the admins' page reads.
// No React, no DOM.

import type { Action, FieldKind, Text } from './entityModel';

export interface DictionaryField {
  name: string;
  label: Text;
  kind: FieldKind;
  help?: Text;
  /** Its rules in words: required, unique, bounds, options, conditions. */
  rules: Text[];
  /** A reference's or references' target entity. */
  to?: string;
}

export interface DictionaryEntity {
  name: string;
  label: Text;
  /** The screen's path ('' for a table without a screen) and the menus it is in. */
  route: string;
  endpoint: string;
  modules: string[];
  source: string;
  fields: DictionaryField[];
  /** Rules of the record as a whole: checks, unique keys, record rules, workflow. */
  rules: Text[];
  /** Entities whose fields refer to this one: `entity.field`. */
  referencedBy: Array<{ entity: string; field: string }>;
  /** Roles allowed per action. */
  access: Record<Action, string[]>;
}
