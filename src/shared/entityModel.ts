// The runtime description of one entity, as the codegen emits it from schemas/<name>.yaml.
// It is the contract between the generated files, the app and the server: no React, no DOM.

export type Locale = 'en' | 'id';
export const LOCALES: readonly Locale[] = ['id', 'en'];

/** A text in both languages of the UI. */
export interface Text {
  en: string;
  id: string;
}

export type FieldKind =
  | 'string'
  | 'text'
  | 'richtext'
  | 'integer'
  | 'number'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'email'
  | 'url'
  | 'enum'
  | 'reference'
  | 'references'
  | 'file'
  | 'image'
  | 'color'
  | 'password';

export type View = 'list' | 'form' | 'show';
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete';
export const ACTIONS: readonly Action[] = ['list', 'show', 'create', 'edit', 'delete'];

/**
 * A condition on another field of the same record: its value equals `equals`, or is one of
 * `in`. An empty boolean counts as false.
 */
export interface FieldCondition {
  field: string;
  equals?: string | number | boolean;
  in?: Array<string | number | boolean>;
}

export interface EnumOption {
  value: string;
  label: Text;
}

export interface FieldModel {
  name: string;
  kind: FieldKind;
  label: Text;
  help?: Text;
  required: boolean;
  unique: boolean;
  /**
   * Text that is unique on its own or part of a unique key: compared as a person reads it
   * (Unicode NFC, trimmed, case ignored; server/db/normalizedText.ts), and refused when it holds
   * an invisible character (src/shared/invisibleCharacters.ts).
   */
  uniqueText?: true;
  readOnly: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Shown when `pattern` does not match; a generic message otherwise. */
  patternMessage?: Text;
  default?: string | number | boolean | null;
  /** enum: the allowed values with their labels. */
  options?: EnumOption[];
  /** reference / references: the target entity's name. */
  to?: string;
  /** references: the most ids a value may hold (DEFAULT_MAX_ITEMS when the schema is silent). */
  maxItems?: number;
  /** file / image: the largest accepted file, in bytes. */
  maxSize?: number;
  /** file / image: accepted MIME types (e.g. image/png, application/pdf). */
  accept?: string[];
  /**
   * A secret (e.g. the accounting system's password): written by a client, never sent back;
   * on update an empty or absent value keeps the stored one. Always set on a `password` field.
   */
  writeOnly?: true;
  /** Must be filled in while the condition holds (e.g. the fine percentage when the fine is a percentage). */
  requiredWhen?: FieldCondition;
  /** May be filled in only while the condition holds: hidden in the form, cleared on save and refused by the server otherwise. */
  allowedWhen?: FieldCondition;
  /** Where the field appears. */
  in: Record<View, boolean>;
  /**
   * Field-level access by role (server/fieldAccess/): `hidden` roles are never sent the field
   * and may not send it; `readOnly` roles are sent it but may not set or change it.
   */
  access?: FieldAccess;
}

export interface FieldAccess {
  hidden?: string[];
  readOnly?: string[];
}

/** A record rule: while `if` is truthy on a stored record, the actions in `deny` are refused. */
export interface RecordRule {
  if: string;
  deny: Array<'edit' | 'delete'>;
  message: Text;
}

/** A cross-field check: `to` must not be before / less than `from`. */
export interface CrossCheck {
  kind: 'dateOrder' | 'numberOrder';
  from: string;
  to: string;
  message: Text;
  /** Applies only while the condition holds (a shift's times are in order unless it crosses midnight). */
  when?: FieldCondition;
}

/**
 * Fields whose values no two records share together (e.g. a class code per academic year),
 * checked by a unique index. A record with an empty field in the key never clashes (PostgreSQL
 * treats NULLs as distinct). The message, built from the labels, appears under the last field.
 */
export interface UniqueKey {
  fields: string[];
  message: Text;
}

/**
 * A check that compares a record with the other records of its group (the records sharing
 * the values of `groupBy`; an empty value is a group of its own; no groupBy: every record).
 * Run by the server inside the write transaction, with the group locked.
 * - sumAtMost: the group's `field` values, this record's included, add up to at most `max`;
 *   the message may use %{total}, %{max} and %{left}.
 * - noOverlap: the range [from, to] meets no other record's range (ends included, except
 *   that time and datetime ranges may touch); the message may use %{other}, %{from}, %{to}.
 */
export type GroupCheck =
  | { kind: 'sumAtMost'; field: string; max: number; groupBy: string[]; message: Text }
  | { kind: 'noOverlap'; from: string; to: string; groupBy: string[]; message: Text };

/** A lookup list of spec 1 §7.3: `GET /api/v1/{name}` answers `{ data }` for selection controls. */
export interface LookupModel {
  name: string;
  /** The key each row carries its label under (spec 1 §7.3: label, name, description, year_description…). */
  labelField: string;
  /** How the label is made: a field or a template such as `{code} - {name}`. */
  template: string;
  /** An ALL entry in front (the shift list, the course department list). */
  all: boolean;
  /** Fields the caller may narrow the list by (`?department_id=2`). */
  filters: string[];
  /** Fields pinned to a value: the list holds only such records (journaltypepayment: category = payment). */
  where?: Record<string, string | number | boolean>;
}

/** One group of a long form: its title, an optional line under it, its fields in order. */
export interface FormGroup {
  label: Text;
  help?: Text;
  fields: string[];
}

/** Sections one under another, or tabs; every field of the form is in exactly one group. */
export interface FormLayout {
  layout: 'sections' | 'tabs';
  groups: FormGroup[];
}

export interface ListModel {
  columns: string[];
  sort: { field: string; order: 'ASC' | 'DESC' };
  search: string[];
  filters: string[];
  /** The fields the column chooser offers (`list.choosable`; default every field not hidden in lists and not secret); [] offers none. */
  choosable?: string[];
  perPage: number;
}

/**
 * `numbering: { field, date }` (issue 12): the number comes from the transaction_type record
 * whose `domain` is the entity's name (prefix, format with {PREFIX} {YYYY} {YY} {MM} {NO},
 * width, last_no), reserved by the write door (server/records/numbering.ts).
 */
export interface NumberingModel {
  /** A string field, filled when a create leaves it empty. */
  field: string;
  /** A date field whose year and month the format's {YYYY}, {YY} and {MM} show; today when absent or empty. */
  date?: string;
}

/** The states every declared workflow uses (spec 3 §4: Draft, Waiting for Approval, Approved, Rejected). */
export const WORKFLOW_STATES = ['draft', 'waiting', 'approved', 'rejected'] as const;
export type WorkflowState = (typeof WORKFLOW_STATES)[number];
/** The states of one approver row. */
export const APPROVER_ROW_STATES = ['waiting', 'approved', 'rejected'] as const;
export type ApproverRowState = (typeof APPROVER_ROW_STATES)[number];

/**
 * Where approvers come from, in the order they act:
 * - superiors: walking up the structural positions (hr_position) from the owner employee's
 *   position and work unit, `levels` approvers whose login holds an approver role of the
 *   transaction type (any login, when the type names no role);
 * - field: the employee a path of references names (`student_id.class_id.homeroom_teacher_1_id`).
 */
export type ApproverSource = { source: 'superiors'; levels: number } | { source: 'field'; path: string[] };

export interface WorkflowTransition {
  action: 'send' | 'approve' | 'reject';
  from: WorkflowState;
  to: WorkflowState;
  by: 'owner' | 'approver';
  reason: 'required' | 'optional' | 'none';
}

/**
 * `workflow:` (issue 14): an approval declared once and enforced by server/workflow/. The
 * document's number and its transaction type (need_approval, approver roles) come from the
 * transaction type whose domain is the entity's name.
 */
export interface WorkflowModel {
  /** The enum field holding the document's state (draft, waiting, approved, rejected). */
  state: string;
  /** The reference field naming whose document it is, and the entity it refers to. */
  owner: { field: string; entity: 'employee' | 'student' };
  approvers: ApproverSource[];
  /** The approver rows: an entity without a screen and its reference to the document. */
  rows: { entity: string; document: string };
  transitions: WorkflowTransition[];
  /** doc_name of the notifications: the next approver's, and the owner's on the final decision. */
  notify: { approver?: string; owner?: string };
}

export interface EntityModel {
  /** snake_case entity id, e.g. `academic_year`. */
  name: string;
  /** The TypeScript record type, e.g. `AcademicYearRecord`. */
  typeName: string;
  /**
   * false: a table behind a bespoke screen (comments, attachments, payments). It has its
   * table, validation, access and types, but no route, endpoint, menu entry, generated views
   * or generic HTTP routes: `resource`, `route` and `endpoint` are '' and `modules` is empty.
   * Bespoke code reads it with typed queries and writes it through server/records/.
   */
  screen?: false;
  /** The react-admin resource name: the route without its leading slash (`mleave`). */
  resource: string;
  /** The existing product's route, e.g. `/mleave`. */
  route: string;
  /** The v1 API path segment, e.g. `leave-type`. */
  endpoint: string;
  label: Text;
  labelPlural: Text;
  modules: string[];
  /** A field name, or a template such as `{code} - {name}`. */
  represent: string;
  /** Roles allowed per action. */
  access: Record<Action, string[]>;
  fields: FieldModel[];
  list: ListModel;
  rules: RecordRule[];
  checks: CrossCheck[];
  /** Composite unique keys (`unique: [[academic_year_id, code]]` in the schema). */
  uniqueKeys?: UniqueKey[];
  /** Checks against the other records of a group (sumAtMost, noOverlap). */
  groupChecks?: GroupCheck[];
  /** One record edited in place, no list (the settings pages). */
  singleton?: true;
  /** A detail table, edited inside its parent's show and edit views. */
  parent?: { entity: string; field: string };
  /** The field referencing the same entity: records form a tree, shown as a path. */
  tree?: string;
  lookups?: LookupModel[];
  /** What a refused delete of a record still in use says (spec 3 §8), instead of the generic message. */
  deleteMessage?: Text;
  /** Document numbering: a create that leaves `field` empty gets the next number of the entity's transaction type. */
  numbering?: NumberingModel;
  /** An approval workflow over the entity's records (server/workflow/). */
  workflow?: WorkflowModel;
  /** The form's and show page's groups of fields (`sections:` or `tabs:` in the schema). */
  form?: FormLayout;
  /** The schema file it came from, relative to the project root. */
  source: string;
}

/** The columns every table has besides the schema's fields. */
export const SYSTEM_FIELDS = ['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by'] as const;

/** Whether the entity has generated views, a menu entry and HTTP routes (`screen: false` has none). */
export function hasScreen(entity: Pick<EntityModel, 'screen'>): boolean {
  return entity.screen !== false;
}

/** The fields a client may send on create / update. */
export function writableFields(entity: Pick<EntityModel, 'fields'>): FieldModel[] {
  return entity.fields.filter((f) => !f.readOnly);
}

/**
 * Render a record the way `represent` says, e.g. `{code} - {name}` or just `name`. A
 * placeholder through a reference, `{employee_id.name}`, reads the key `employee_id.name`,
 * which the server's answers carry next to the record's own fields.
 */
export function representRecord(represent: string, record: Record<string, unknown> | undefined | null): string {
  if (!record) return '';
  if (!represent.includes('{')) return String(record[represent] ?? '');
  return represent.replace(/\{([a-z0-9_]+(?:\.[a-z0-9_]+)?)\}/g, (_, key: string) => String(record[key] ?? ''));
}

/** The names a represent or lookup template reads: fields, and `reference.field` paths. */
export function templateNames(template: string): string[] {
  return template.includes('{') ? [...template.matchAll(/\{([a-z0-9_]+(?:\.[a-z0-9_]+)?)\}/g)].map((m) => m[1]) : [template];
}

/** An ajv error, as the generated standalone validators report it. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A generated validator: validates a write body (writable fields only, strict). */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

/** What `src/generated/entities/<name>.ts` exports: loaded on demand by the app. */
export interface EntityModule {
  entity: EntityModel;
  validate: ValidateFunction;
  /** The registry entries of the entities its views draw: reference targets, details, parent. */
  related: ResourceEntry[];
}

/**
 * One registry entry (`src/generated/registry/<module>.ts`): what the shell needs before any
 * view of the entity is opened (menus, routes, reference labels, the data provider's
 * mapping). A menu module's entries load together, so an entry holds nothing a view can take
 * from the entity's own module; the route is `/` + `resource`.
 */
export interface ResourceEntry
  extends Pick<
    EntityModel,
    'name' | 'resource' | 'endpoint' | 'label' | 'labelPlural' | 'modules' | 'represent' | 'access' | 'singleton' | 'parent' | 'tree'
  > {
  /** The list's default sort and page size (the entity's `list`), to ask for its first page before its module is here. */
  listDefaults?: Pick<ListModel, 'sort' | 'perPage'>;
  load: () => Promise<EntityModule>;
}
