// Identifier quoting for SQL that code builds (REST's statements, realtime's filters and row types):
// the one place that knows Postgres's rule, a double quote doubled inside double quotes. Values never
// go this way: they travel as parameters.

/** `comments` → `"comments"`, `a"b` → `"a""b"`. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `"public"."comments"`. */
export function quoteQualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}
