// The parts of a PostgreSQL error the server acts on; pg and PGlite both report them.

export interface DatabaseError {
  /** SQLSTATE, e.g. 23505 unique_violation, 23503 foreign_key_violation. */
  code: string;
  constraint?: string;
  table?: string;
}

export function databaseErrorOf(error: unknown): DatabaseError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, table } = error as Record<string, unknown>;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  return {
    code,
    constraint: typeof constraint === 'string' ? constraint : undefined,
    table: typeof table === 'string' ? table : undefined,
  };
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
