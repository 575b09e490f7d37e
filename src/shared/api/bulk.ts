// Request and answer types of import, export and bulk edit on every entity (server/bulk/).

/** POST {endpoint}/import: the file, base64, and whether only to try (the dry run). */
export interface ImportRequest {
  filename: string;
  /** The file's bytes, base64. */
  content: string;
  dryRun: boolean;
}

export type ImportOutcome = 'new' | 'changed' | 'unchanged' | 'error';

export interface ImportRowReport {
  /** The row's line in the file (the header is line 1). */
  line: number;
  outcome: ImportOutcome;
  /** The row's key as the file gives it (its code, or its id), for a person to find it. */
  key: string;
  /** The fields a changed row changes. */
  changes?: string[];
  /** Messages per field (field names; `_row` for the row as a whole), in the caller's language. */
  errors?: Record<string, string[]>;
}

export interface ImportReport {
  dryRun: boolean;
  /** Whether the records were written (a commit without errors). */
  committed: boolean;
  /** File header → field name, for the headers that matched a field. */
  columns: Record<string, string>;
  /** Headers that match no importable field: left out. */
  ignored: string[];
  /** The fields a row is matched with a stored record by. */
  key: string[];
  counts: Record<ImportOutcome, number>;
  rows: ImportRowReport[];
}

/** PATCH {endpoint}: the same values set on each of the records. */
export interface BulkEditRequest {
  ids: number[];
  data: Record<string, unknown>;
}

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
