// Loads a `db:dump` file into a running local backend (another data directory, a fresh test target).
// psql gives the file a connection of its own; here the database is the server's one shared PGlite
// session, so the file's session settings (`row_security = off`, an empty search_path,
// `session_replication_role = replica`) must not outlive it: it runs as one transaction with each
// setting made transaction-local.
import type { Database } from '../db/database.ts';

export function asOneTransaction(sql: string): string {
  const local = sql
    .replace(/^SET (?!LOCAL )/gm, 'SET LOCAL ')
    .replace(/set_config\('([\w.]+)', ('[^']*'), false\)/g, "set_config('$1', $2, true)");
  return `BEGIN;\n${local}\nCOMMIT;\n`;
}

export async function loadDump(db: Database, sql: string): Promise<void> {
  await db.exec(asOneTransaction(sql));
}
