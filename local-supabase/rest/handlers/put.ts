// PUT: PostgREST's single-row upsert. `PUT /items?id=eq.1` with the row in the body inserts it, or
// merges it into the row with that primary key. supabase-js never sends it; other clients do.
import { restError } from '../errors.ts';
import type { LevelParams, ParsedQuery } from '../parse/query.ts';
import { contentRange, type Reply } from '../response.ts';
import { insertSql } from '../sql/mutate.ts';
import type { Relation } from '../snapshot.ts';
import type { Scope } from './scope.ts';
import { countOrStar, execute, readInsertPayload, reply, wantsRepresentation } from './write.ts';

/** PostgREST's `getRanges`: a PUT addresses one row, so any window over it is refused (PGRST114). */
function refuseRange(root: LevelParams | undefined): void {
  if (root?.limit !== undefined || (root?.offset ?? 0) > 0) {
    throw restError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  }
}

/**
 * PostgREST's `mutatePlan` for PUT: no `or`/`and`, and the top-level filters are `eq` (not negated,
 * without `any`/`all`) on exactly the primary key's columns; otherwise 405 PGRST105.
 */
function requirePrimaryKeyFilters(query: ParsedQuery, relation: Relation): void {
  const root = query.levels.get('');
  const filters = root?.filters ?? [];
  const logic = [...query.levels.values()].some((level) => level.logic.length > 0);
  const fields = new Set(filters.map((filter) => filter.field.name));
  const key = relation.primaryKey;
  const onlyEq = filters.every(
    (filter) =>
      !filter.negate &&
      filter.field.jsonPath.length === 0 &&
      filter.operation.kind === 'op' &&
      filter.operation.op === 'eq' &&
      filter.operation.quantifier === undefined,
  );
  const wholeKey =
    key.length > 0 && fields.size === key.length && key.every((column) => fields.has(column));
  if (logic || !wholeKey || !onlyEq) {
    throw restError(
      405,
      'PGRST105',
      "Filters must include all and only primary key columns with 'eq' operators",
    );
  }
}

export async function putRow(scope: Scope, relation: Relation): Promise<Reply> {
  const { query } = scope;
  refuseRange(query.levels.get(''));
  requirePrimaryKeyFilters(query, relation);
  const { columns, level, params, rowsParam } = await readInsertPayload(scope, relation);
  const mutation = insertSql(
    {
      relation,
      columns,
      rowsParam,
      onConflict: { columns: relation.primaryKey, action: 'merge' },
      payloadFilters: level.filters,
    },
    wantsRepresentation(scope) ? level : null,
  );
  // PostgREST's `failPut` (its only check on PUT: no singular or max-affected one): anything but
  // one row means the body's key is not the URL's, and the transaction is rolled back.
  const outcome = await execute(scope, level, mutation, params, (result) => {
    if (result.affected !== 1) {
      throw restError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
    }
  });
  const range = contentRange(0, outcome.affected - 1, countOrStar(scope, outcome.affected));
  return reply(scope, outcome, { withBody: 200, without: 204 }, range);
}
