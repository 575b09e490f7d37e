// A schema file as written in YAML, before load.ts checks it and builds the model: what the
// meta-schema (schema-format.json) lets through. Its own file so that load.ts and the checks it
// calls (checkConditions.ts) both read it without importing each other.

import type { Action, CrossCheck, FieldKind, FieldModel, FormGroup, LookupModel, NumberingModel, Text, View, WorkflowState, WorkflowTransition } from '../src/shared/entityModel';
import type { GroupCheckSource } from './groupRules';

/**
 * A field as written in YAML: the model's options, with the flags optional, `type` for the
 * kind, and `hidden` instead of the normalised `in`.
 */
export type RawField = Omit<FieldModel, 'name' | 'kind' | 'in' | 'required' | 'unique' | 'uniqueText' | 'readOnly' | 'writeOnly'> & {
  type: FieldKind;
  required?: boolean;
  unique?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  hidden?: View[];
};

export interface RawEntity {
  name: string;
  label: Text;
  labelPlural?: Text;
  /** false: a table behind a bespoke screen; route, endpoint and modules are then not given. */
  screen?: boolean;
  route?: string;
  endpoint?: string;
  modules?: string[];
  represent: string;
  singleton?: boolean;
  parent?: { entity: string; field: string };
  tree?: string;
  lookups?: Array<Partial<Omit<LookupModel, 'name'>> & { name: string }>;
  deleteMessage?: Text;
  numbering?: NumberingModel;
  workflow?: RawWorkflow;
  access?: Partial<Record<Action | 'read' | 'write', string[]>>;
  fields: Record<string, RawField>;
  list?: { columns?: string[]; sort?: { field: string; order?: 'ASC' | 'DESC' }; search?: string[]; filters?: string[]; choosable?: string[]; perPage?: number };
  rules?: Array<{ if: string; deny: Array<'edit' | 'delete'>; message?: Text }>;
  checks?: Array<{ kind: 'dateOrder' | 'numberOrder'; from: string; to: string; message?: Text; when?: CrossCheck['when'] } | GroupCheckSource>;
  unique?: string[][];
  sections?: FormGroup[];
  tabs?: FormGroup[];
}

/** `workflow:` as written (schema-format.json); load.ts checks it and builds the WorkflowModel. */
export interface RawWorkflow {
  state: string;
  owner: string;
  approvers: Array<{ source: 'superiors' | 'field'; levels?: number; path?: string }>;
  rows: { entity: string; document: string };
  transitions: Array<{ action: WorkflowTransition['action']; from: WorkflowState; to: WorkflowState; by: 'owner' | 'approver'; reason?: 'required' | 'optional' }>;
  notify?: { approver?: string; owner?: string };
}
