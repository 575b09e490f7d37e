// `workflow:` in a schema (issue 14): the model it builds, and each kind of mistake reported
// at its place in the file, as a developer sees it.

import { describe, expect, it } from 'vitest';
import { formatProblem, loadSchemas } from '../../generators/load';
import { schemaDir } from './schemaFixture';

const EMPLOYEE = `name: employee
label: { en: Employee, id: Pegawai }
route: /employee
endpoint: employee
modules: [HUCAP]
represent: name
fields:
  name: { type: string, label: { en: Name, id: Nama }, required: true }
`;

const USERS = `name: users
label: { en: User, id: Pengguna }
route: /users
endpoint: users
modules: [ACA]
represent: name
fields:
  name: { type: string, label: { en: Name, id: Nama }, required: true }
  employee_id: { type: reference, to: employee, label: { en: Employee, id: Pegawai } }
`;

const STATES = `    options:
      - { value: draft, label: { en: Draft, id: Draf } }
      - { value: waiting, label: { en: Waiting, id: Menunggu } }
      - { value: approved, label: { en: Approved, id: Disetujui } }
      - { value: rejected, label: { en: Rejected, id: Ditolak } }
`;

const WORKFLOW = `workflow:
  state: state
  owner: employee_id
  approvers:
    - { source: superiors, levels: 2 }
  rows: { entity: request_row, document: request_id }
  transitions:
    - { action: send, from: draft, to: waiting, by: owner }
    - { action: approve, from: waiting, to: approved, by: approver }
    - { action: reject, from: waiting, to: rejected, by: approver, reason: required }
  notify: { approver: tr_request, owner: tr_request }
`;

const REQUEST = `name: request
label: { en: Request, id: Pengajuan }
screen: false
represent: '{state}'
${WORKFLOW}fields:
  employee_id: { type: reference, to: employee, label: { en: Employee, id: Pegawai }, required: true }
  state:
    type: enum
    label: { en: State, id: Status }
    required: true
    default: draft
${STATES}`;

const ROW = `name: request_row
label: { en: Approver, id: Pemberi persetujuan }
screen: false
represent: '{seq}'
fields:
  request_id: { type: reference, to: request, label: { en: Request, id: Pengajuan }, required: true }
  seq: { type: integer, label: { en: Order, id: Urutan }, required: true }
  user_id: { type: reference, to: users, label: { en: Approver, id: Pemberi }, required: true }
  state:
    type: enum
    label: { en: State, id: Status }
    default: waiting
    options:
      - { value: waiting, label: { en: Waiting, id: Menunggu } }
      - { value: approved, label: { en: Approved, id: Disetujui } }
      - { value: rejected, label: { en: Rejected, id: Ditolak } }
  action_date: { type: datetime, label: { en: Date, id: Tanggal } }
  reason: { type: text, label: { en: Reason, id: Alasan } }
`;

const files = (request: string, row = ROW) => ({ 'employee.yaml': EMPLOYEE, 'users.yaml': USERS, 'request.yaml': request, 'request_row.yaml': row });

function problemsOf(given: Record<string, string>): string[] {
  const dir = schemaDir(given);
  return loadSchemas(dir, dir).problems.map(formatProblem);
}

describe('workflow declarations', () => {
  it('builds the model: states field, owner, approver sources, rows, transitions, notifications', () => {
    const dir = schemaDir(files(REQUEST));
    const { entities, problems } = loadSchemas(dir, dir);
    expect(problems).toEqual([]);
    expect(entities.find((e) => e.name === 'request')?.workflow).toEqual({
      state: 'state',
      owner: { field: 'employee_id', entity: 'employee' },
      approvers: [{ source: 'superiors', levels: 2 }],
      rows: { entity: 'request_row', document: 'request_id' },
      transitions: [
        { action: 'send', from: 'draft', to: 'waiting', by: 'owner', reason: 'none' },
        { action: 'approve', from: 'waiting', to: 'approved', by: 'approver', reason: 'none' },
        { action: 'reject', from: 'waiting', to: 'rejected', by: 'approver', reason: 'required' },
      ],
      notify: { approver: 'tr_request', owner: 'tr_request' },
    });
  });

  const cases: Array<[string, { given: Record<string, string>; want: string[] }]> = [
    ['an unknown action', { given: files(REQUEST.replace('action: reject', 'action: cancel')), want: ['request.yaml:14:17: "workflow.transitions.2.action" must be one of: send, approve, reject'] }],
    ['a state field that is not an enum, an owner that is no person', {
      given: files(REQUEST.replace('  state: state\n  owner: employee_id', '  state: employee_id\n  owner: state')),
      want: ['request.yaml:6:10: workflow.state "employee_id" must be an enum field, not reference', 'request.yaml:7:10: workflow.owner "state" must be a reference to employee or student', 'request.yaml:9:17: superiors walk up from the owner employee\'s position: workflow.owner must refer to employee, not enum'],
    }],
    ['a state field missing a state', { given: files(REQUEST.replace("      - { value: rejected, label: { en: Rejected, id: Ditolak } }\n", '')), want: ['request.yaml:24:7: "state" holds the workflow\'s state: its options must include draft, waiting, approved, rejected (missing: rejected)'] }],
    ['approve done by the owner, reject from draft, no send', {
      given: files(REQUEST.replace('    - { action: send, from: draft, to: waiting, by: owner }\n', '').replace('to: approved, by: approver', 'to: approved, by: owner').replace('{ action: reject, from: waiting', '{ action: reject, from: draft')),
      want: [
        'request.yaml:12:5: the workflow has no "send" transition; it needs send, approve and reject',
        'request.yaml:12:59: "approve" is done by the approver, not the owner',
        'request.yaml:13:31: "reject" decides a sent document: from cannot be draft',
      ],
    }],
    ['an action declared twice', { given: files(REQUEST.replace('    - { action: reject', '    - { action: approve, from: waiting, to: approved, by: approver }\n    - { action: reject')), want: ['request.yaml:14:17: the action "approve" is declared twice (first at transitions[1])'] }],
    ['rows that are not the document\'s, lacking fields', {
      given: files(REQUEST, ROW.replace('to: request, label', 'to: employee, label').replace("  reason: { type: text, label: { en: Reason, id: Alasan } }\n", '')),
      want: ['request.yaml:10:19: the approver rows "request_row" need a text or string field "reason"', 'request.yaml:10:42: "request_row.request_id" must be a required reference to request'],
    }],
    ['rows with a screen', {
      given: files(REQUEST, ROW.replace('screen: false', 'route: /request-row\nendpoint: request-row\nmodules: [HUCAP]')),
      want: [
        'request.yaml:10:19: the approver rows "request_row" are shown by the workflow\'s screens: the entity must say screen: false',
        'request_row.yaml:8:38: "request_id" refers to "request", an entity without a screen (screen: false): only entities without a screen may refer to it',
      ],
    }],
    ['a field path that starts at no reference', { given: files(REQUEST.replace('    - { source: superiors, levels: 2 }', '    - { source: field, path: state }')), want: ['request.yaml:9:30: path starts at "state", which is enum, not a reference'] }],
    ['a field path that does not end at an employee', { given: files(REQUEST.replace('    - { source: superiors, levels: 2 }', '    - { source: field, path: employee_id.name }')), want: ['request.yaml:9:30: path step "employee.name" is string, not a reference'] }],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(problemsOf(given).sort()).toEqual([...want].sort());
  });
});
