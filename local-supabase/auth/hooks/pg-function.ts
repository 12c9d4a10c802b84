// A `pg-functions://postgres/<schema>/<function>` hook as GoTrue's v0pgfunc calls it: the function
// gets the input as jsonb, as `supabase_auth_admin` with a 2 s statement timeout, and answers jsonb.
import type { Database } from '../../db/database.ts';
import { quoteQualified } from '../../db/sql.ts';

function target(uri: string): [string, string] {
  const [, , , schema = '', fn = ''] = uri.split('/');
  return [schema, fn];
}

/** The function's answer (null when it answered null); throws when the call fails. */
export async function callPgFunctionHook(
  db: Database,
  uri: string,
  input: unknown,
): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local role supabase_auth_admin; set local statement_timeout = '2s'`);
    const { rows } = await tx.query<{ output: string | null }>(
      `select ${quoteQualified(...target(uri))}($1::jsonb)::text as output`,
      [JSON.stringify(input)],
    );
    return JSON.parse(rows[0]?.output ?? 'null') as unknown;
  });
}
