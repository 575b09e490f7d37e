// `workflow:` (issue 14): the checks the meta-schema cannot make, and the model it builds.
// An approval is declared once in the document's schema (states, transitions, who acts in
// each, where the approvers come from, the approver rows) and enforced by one server
// mechanism, server/workflow/. Every mistake names its place in the file.

import { APPROVER_ROW_STATES, WORKFLOW_STATES, type WorkflowModel } from '../src/shared/entityModel';
import type { RawEntity, RawField } from './rawEntity';

type Path = Array<string | number>;
type Add = (path: Path, message: string, key?: boolean) => void;

/** What an approver row must hold, by field name: the kinds it may be. */
const ROW_FIELDS: Record<string, readonly string[]> = {
  seq: ['integer'],
  user_id: ['reference'],
  state: ['enum'],
  action_date: ['datetime'],
  reason: ['text', 'string'],
};

const OWNER_ENTITIES = ['employee', 'student'] as const;

function missingStates(field: RawField, wanted: readonly string[]): string[] {
  const values = new Set((field.options ?? []).map((o) => o.value));
  return wanted.filter((state) => !values.has(state));
}

/** The checks inside one file. */
export function checkWorkflow(raw: RawEntity, add: Add): void {
  const workflow = raw.workflow;
  if (!workflow) return;
  const fields = raw.fields;
  const state = fields[workflow.state];
  if (!state) add(['workflow', 'state'], `workflow.state names "${workflow.state}", which is not a declared field`);
  else if (state.type !== 'enum') add(['workflow', 'state'], `workflow.state "${workflow.state}" must be an enum field, not ${state.type}`);
  else {
    const missing = missingStates(state, WORKFLOW_STATES);
    if (missing.length) add(['fields', workflow.state, 'options'], `"${workflow.state}" holds the workflow's state: its options must include ${WORKFLOW_STATES.join(', ')} (missing: ${missing.join(', ')})`);
    else if (state.default !== 'draft') add(['fields', workflow.state], `"${workflow.state}" holds the workflow's state: a new document is a draft (default: draft)`, true);
  }
  const owner = fields[workflow.owner];
  if (!owner) add(['workflow', 'owner'], `workflow.owner names "${workflow.owner}", which is not a declared field`);
  else if (owner.type !== 'reference' || !OWNER_ENTITIES.includes(owner.to as (typeof OWNER_ENTITIES)[number])) {
    add(['workflow', 'owner'], `workflow.owner "${workflow.owner}" must be a reference to ${OWNER_ENTITIES.join(' or ')}`);
  } else if (!owner.required) add(['fields', workflow.owner], `"${workflow.owner}" names the document's owner (workflow.owner): it must be required`, true);
  workflow.approvers.forEach((source, i) => {
    const at = (key: string) => ['workflow', 'approvers', i, key];
    if (source.source === 'superiors') {
      if (source.path !== undefined) add(at('path'), 'path applies to source: field, not superiors', true);
      if (owner && owner.to !== 'employee') add(['workflow', 'approvers', i, 'source'], `superiors walk up from the owner employee's position: workflow.owner must refer to employee, not ${owner.to ?? owner.type}`);
    } else {
      if (source.levels !== undefined) add(at('levels'), 'levels applies to source: superiors, not field', true);
      if (source.path === undefined) add(['workflow', 'approvers', i], 'source: field needs path: a reference to employee, or references followed to one', true);
      else {
        const first = source.path.split('.')[0];
        if (!fields[first]) add(at('path'), `path starts at "${first}", which is not a declared field`);
        else if (fields[first].type !== 'reference') add(at('path'), `path starts at "${first}", which is ${fields[first].type}, not a reference`);
      }
    }
  });
  const seen = new Map<string, number>();
  workflow.transitions.forEach((t, i) => {
    const at = (key: string) => ['workflow', 'transitions', i, key];
    if (seen.has(t.action)) add(at('action'), `the action "${t.action}" is declared twice (first at transitions[${String(seen.get(t.action))}])`);
    seen.set(t.action, i);
    const by = t.action === 'send' ? 'owner' : 'approver';
    if (t.by !== by) add(at('by'), `"${t.action}" is done by the ${by}, not the ${t.by}`);
    if (t.from === t.to) add(at('to'), `"${t.action}" must move the document to another state than "${t.from}"`);
    if (t.action === 'send' && t.from !== 'draft') add(at('from'), `"send" hands in a draft: from must be draft, not ${t.from}`);
    if (t.action !== 'send' && t.from === 'draft') add(at('from'), `"${t.action}" decides a sent document: from cannot be draft`);
    if (t.action === 'reject' && t.to !== 'rejected') add(at('to'), `"reject" ends in rejected, not ${t.to}`);
    if (t.action === 'approve' && t.to !== 'approved') add(at('to'), `"approve" ends in approved (once every approver has approved), not ${t.to}`);
  });
  for (const action of ['send', 'approve', 'reject'] as const) {
    if (!seen.has(action)) add(['workflow', 'transitions'], `the workflow has no "${action}" transition; it needs send, approve and reject`);
  }
  const send = workflow.transitions.find((t) => t.action === 'send');
  const decided = workflow.transitions.filter((t) => t.action !== 'send');
  if (send && decided.some((t) => t.from !== send.to)) {
    const i = workflow.transitions.findIndex((t) => t.action !== 'send' && t.from !== send.to);
    add(['workflow', 'transitions', i, 'from'], `approvers decide a document that "send" left in ${send.to}: from must be ${send.to}`);
  }
}

/** The checks that read other files: the approver rows' entity and the approver paths. */
export function checkWorkflowAcross(raw: RawEntity, rawOf: (name: string) => RawEntity | undefined, add: Add): void {
  const workflow = raw.workflow;
  if (!workflow) return;
  const rows = rawOf(workflow.rows.entity);
  if (!rows) add(['workflow', 'rows', 'entity'], `workflow.rows.entity names "${workflow.rows.entity}", which has no schema`);
  else {
    if (rows.screen !== false) add(['workflow', 'rows', 'entity'], `the approver rows "${rows.name}" are shown by the workflow's screens: the entity must say screen: false`);
    const document = rows.fields[workflow.rows.document];
    if (!document) add(['workflow', 'rows', 'document'], `"${rows.name}" has no field "${workflow.rows.document}"`);
    else if (document.type !== 'reference' || document.to !== raw.name || !document.required) {
      add(['workflow', 'rows', 'document'], `"${rows.name}.${workflow.rows.document}" must be a required reference to ${raw.name}`);
    }
    for (const [name, kinds] of Object.entries(ROW_FIELDS)) {
      const field = rows.fields[name];
      if (!field || !kinds.includes(field.type)) add(['workflow', 'rows', 'entity'], `the approver rows "${rows.name}" need a ${kinds.join(' or ')} field "${name}"`);
    }
    const user = rows.fields.user_id;
    if (user?.type === 'reference' && user.to !== 'users') add(['workflow', 'rows', 'entity'], `"${rows.name}.user_id" must refer to users (the approver's login), not ${user.to ?? ''}`);
    const rowState = rows.fields.state;
    if (rowState?.type === 'enum') {
      const missing = missingStates(rowState, APPROVER_ROW_STATES);
      if (missing.length) add(['workflow', 'rows', 'entity'], `"${rows.name}.state" must offer ${APPROVER_ROW_STATES.join(', ')} (missing: ${missing.join(', ')})`);
    }
  }
  workflow.approvers.forEach((source, i) => {
    if (source.source !== 'field' || !source.path) return;
    let entity: RawEntity | undefined = raw;
    const steps = source.path.split('.');
    for (const [n, step] of steps.entries()) {
      const field: RawField | undefined = entity?.fields[step];
      if (!entity || !field) {
        add(['workflow', 'approvers', i, 'path'], `path step "${step}" is not a field of ${entity?.name ?? 'an unknown entity'}`);
        return;
      }
      if (field.type !== 'reference' || !field.to) {
        add(['workflow', 'approvers', i, 'path'], `path step "${entity.name}.${step}" is ${field.type}, not a reference`);
        return;
      }
      if (n === steps.length - 1 && field.to !== 'employee') add(['workflow', 'approvers', i, 'path'], `path must end at an employee; "${entity.name}.${step}" refers to ${field.to}`);
      entity = rawOf(field.to);
    }
  });
}

/** The model of a checked declaration. */
export function buildWorkflow(raw: RawEntity): WorkflowModel | undefined {
  const workflow = raw.workflow;
  if (!workflow) return undefined;
  return {
    state: workflow.state,
    owner: { field: workflow.owner, entity: raw.fields[workflow.owner].to as WorkflowModel['owner']['entity'] },
    approvers: workflow.approvers.map((s) => (s.source === 'superiors' ? { source: 'superiors', levels: s.levels ?? 1 } : { source: 'field', path: (s.path ?? '').split('.') })),
    rows: { entity: workflow.rows.entity, document: workflow.rows.document },
    transitions: workflow.transitions.map((t) => ({ action: t.action, from: t.from, to: t.to, by: t.by, reason: t.reason ?? 'none' })),
    notify: { ...workflow.notify },
  };
}
