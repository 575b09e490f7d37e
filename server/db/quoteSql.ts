// Quoting for the DDL the migration writes (identifiers come from validated schemas, but are
// quoted anyway so a name that is also an SQL keyword, such as "position", still works).

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
