// Which changes of a batch each subscriber may see, for every distinct claim set in one round trip to
// the database worker (`realtime.local_as_each`). As the subscriber's role and claims, the table's
// SELECT policies (and its column privileges on the primary key) are evaluated on each row AS IT WAS
// COMMITTED: the new row of an INSERT or UPDATE, the old row of a DELETE. Checking the row as it is
// now instead would leak: a comment hidden, edited and withdrawn in quick succession would reach
// readers with its hidden text, because by the time the edit is delivered the row is a visible
// tombstone. Hosted Supabase sends every DELETE; the product's rule that hidden comments reach no one
// asks for the check there too. A failed call is retried once; a claim set that still fails is
// reported on its own, so the others are served.
import type { Claims, Database } from '../../db/database.ts';
import { quoteIdent, quoteQualified } from '../../db/sql.ts';
import type { Shaped } from './shape.ts';
import type { ApiRole, TableInfo } from './tables.ts';

export type VisibilityResult = Set<Shaped> | { error: string };

const NOTHING = `select '[]'::jsonb`;

/** Ordinals of the records in $1 that `role` may select. */
export function visibilityStatement(info: TableInfo, role: ApiRole): string {
  const selectable = new Set(info.selectable[role]);
  const key = info.primaryKey.length > 0 ? info.primaryKey : info.columns.map((c) => c.name);
  if (key.length === 0 || !key.every((name) => selectable.has(name))) return NOTHING;
  const all = `select coalesce(jsonb_agg(e.ord - 1), '[]'::jsonb)
    from jsonb_array_elements($1) with ordinality as e(rec, ord)`;
  if (!info.rls) return all;
  const applies = info.selectPolicies.filter(
    (policy) => policy.roles.includes(role) || policy.roles.includes('public'),
  );
  const permissive = applies.filter((policy) => policy.permissive).map((p) => `(${p.using})`);
  const restrictive = applies.filter((policy) => !policy.permissive).map((p) => `(${p.using})`);
  if (permissive.length === 0) return NOTHING;
  const condition = [`(${permissive.join(' or ')})`, ...restrictive].join(' and ');
  // The record is named after the table, so policy expressions that qualify columns still resolve.
  const rowType = quoteQualified(info.schema, info.table);
  return `${all}
    where exists (select 1 from jsonb_populate_record(null::${rowType}, e.rec)
                  as ${quoteIdent(info.table)} where ${condition})`;
}

type RawResult = unknown[] | { error: string };

async function runAsEach(
  db: Database,
  info: TableInfo,
  claimSets: readonly Claims[],
  input: string,
): Promise<RawResult[]> {
  const statements: Partial<Record<ApiRole, string[]>> = {};
  for (const { role } of claimSets) statements[role] ??= [visibilityStatement(info, role)];
  const { rows } = await db.query<{ results: string }>(
    'select realtime.local_as_each($1::jsonb, $2::jsonb, $3::jsonb)::text as results',
    [JSON.stringify(claimSets), JSON.stringify(statements), input],
  );
  return JSON.parse(rows[0]?.results ?? '[]') as RawResult[];
}

/** The items each claim set may see, in the order of `claimSets`. */
export async function checkVisibility(
  db: Database,
  info: TableInfo,
  items: readonly Shaped[],
  claimSets: readonly Claims[],
): Promise<VisibilityResult[]> {
  if (claimSets.length === 0) return [];
  const input = JSON.stringify(
    items.map((item) => (item.type === 'DELETE' ? item.deleted : item.change.record) ?? {}),
  );
  const toResult = (raw: RawResult | undefined): VisibilityResult => {
    if (!Array.isArray(raw)) return { error: raw?.error ?? 'no result' };
    const [visible] = raw as [number[]];
    return new Set(visible.map((index) => items[index]).filter((item) => item !== undefined));
  };
  let results: VisibilityResult[];
  try {
    results = (await runAsEach(db, info, claimSets, input)).map(toResult);
  } catch {
    results = claimSets.map(() => ({ error: 'retry' }));
  }
  // Retry once what failed: the whole call, or single claim sets.
  const failed = results.flatMap((result, index) => ('error' in result ? [index] : []));
  if (failed.length === 0) return results;
  try {
    const retried = await runAsEach(
      db,
      info,
      failed.map((index) => claimSets[index] as Claims),
      input,
    );
    failed.forEach((index, position) => {
      results[index] = toResult(retried[position]);
    });
  } catch (error) {
    for (const index of failed) results[index] = { error: (error as Error).message };
  }
  return results;
}
