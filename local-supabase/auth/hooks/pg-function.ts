// A `pg-functions://postgres/<schema>/<function>` hook as GoTrue's hookpgfunc calls it: the function
// gets the input as jsonb, as `supabase_auth_admin` with a 2 s statement timeout, and answers jsonb.
// Given the request's transaction it runs inside it, as GoTrue passes its own: what the function
// writes commits or rolls back with the request, and a function that raises fails the request.
import type { Database, Tx } from '../../db/database.ts';
import { quoteQualified } from '../../db/sql.ts';

function target(uri: string): [string, string] {
  const [, , , schema = '', fn = ''] = uri.split('/');
  return [schema, fn];
}

async function call(tx: Tx, uri: string, input: unknown): Promise<unknown> {
  await tx.exec(`set local role supabase_auth_admin; set local statement_timeout = '2s'`);
  const { rows } = await tx.query<{ output: string | null }>(
    `select ${quoteQualified(...target(uri))}($1::jsonb)::text as output`,
    [JSON.stringify(input)],
  );
  // The rest of the request's transaction goes on as before the call (GoTrue resets the timeout).
  await tx.exec('set local role none; set local statement_timeout to default');
  return JSON.parse(rows[0]?.output ?? 'null') as unknown;
}

/**
 * The function's answer (null when it answered null); throws when the call fails. With `tx` the call
 * is part of that transaction, else it has one of its own.
 */
export async function callPgFunctionHook(
  db: Database,
  uri: string,
  input: unknown,
  tx?: Tx,
): Promise<unknown> {
  return tx ? call(tx, uri, input) : db.transaction((own) => call(own, uri, input));
}
