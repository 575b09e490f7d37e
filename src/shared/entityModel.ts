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
  /** file / image: the largest accepted file, in bytes. */
  maxSize?: number;
  /** file / image: accepted MIME types (e.g. image/png, application/pdf). */
  accept?: string[];
  /**
   * A secret (e.g. the accounting system's password): written by a client, never sent back;
   * on update an empty or absent value keeps the stored one. Always set on a `password` field.
   */
  writeOnly?: true;
  /** Where the field appears. */
  in: Record<View, boolean>;
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
}

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
}

export interface ListModel {
  columns: string[];
  sort: { field: string; order: 'ASC' | 'DESC' };
  search: string[];
  filters: string[];
  perPage: number;
}

export interface EntityModel {
  /** snake_case entity id, e.g. `academic_year`. */
  name: string;
  /** The TypeScript record type, e.g. `AcademicYearRecord`. */
  typeName: string;
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
  /** One record edited in place, no list (the settings pages). */
  singleton?: true;
  /** A detail table, edited inside its parent's show and edit views. */
  parent?: { entity: string; field: string };
  /** The field referencing the same entity: records form a tree, shown as a path. */
  tree?: string;
  lookups?: LookupModel[];
  /** What a refused delete of a record still in use says (spec 3 §8), instead of the generic message. */
  deleteMessage?: Text;
  /** The schema file it came from, relative to the project root. */
  source: string;
}

/** The columns every table has besides the schema's fields. */
export const SYSTEM_FIELDS = ['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by'] as const;

/** The fields a client may send on create / update. */
export function writableFields(entity: Pick<EntityModel, 'fields'>): FieldModel[] {
  return entity.fields.filter((f) => !f.readOnly);
}

/** Render a record the way `represent` says, e.g. `{code} - {name}` or just `name`. */
export function representRecord(represent: string, record: Record<string, unknown> | undefined | null): string {
  if (!record) return '';
  if (!represent.includes('{')) return String(record[represent] ?? '');
  return represent.replace(/\{([a-z0-9_]+)\}/g, (_, key: string) => String(record[key] ?? ''));
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
}

/**
 * One entry of `src/generated/registry.ts`: what the shell needs before any view of the
 * entity is opened (menus, routes, reference labels, the data provider's mapping). It loads
 * with the first page for every entity, so it holds nothing a view can take from the
 * entity's own module; the route is `/` + `resource`.
 */
export interface ResourceEntry
  extends Pick<
    EntityModel,
    'name' | 'resource' | 'endpoint' | 'label' | 'labelPlural' | 'modules' | 'represent' | 'access' | 'singleton' | 'parent' | 'tree'
  > {
  load: () => Promise<EntityModule>;
}
