// Filters of a batch, evaluated once per distinct filter however many subscriptions share it, in
// bounded groups: each query carries at most FILTERS_PER_QUERY filters and PARAMETERS_PER_QUERY
// parameters, so no number of subscriptions reaches a Postgres limit (100 function arguments, 65,535
// parameters). A group that fails is retried filter by filter, so a failure is confined to the
// filter that causes it.
import type { Database } from '../../db/database.ts';
import { quoteQualified } from '../../db/sql.ts';
import { compileFilter, type FilterCondition } from './filters.ts';
import type { TableInfo } from './tables.ts';

export const FILTERS_PER_QUERY = 100;
export const PARAMETERS_PER_QUERY = 2000;

const filterKeys = new WeakMap<readonly FilterCondition[], string>();

/** Identical filters share one key (and one evaluation); a binding's key is made once. */
export function filterKey(conditions: readonly FilterCondition[]): string {
  let key = filterKeys.get(conditions);
  if (key === undefined) {
    key = JSON.stringify(conditions.map((c) => [c.column, c.operator, c.negate, c.values]));
    filterKeys.set(conditions, key);
  }
  return key;
}

export interface FilterResults {
  /** For each filter key: whether each subject passes. */
  passes: Map<string, boolean[]>;
  /** Filter keys that could not be evaluated, with the reason. */
  failed: Map<string, string>;
}

function parameterCount(conditions: readonly FilterCondition[]): number {
  return conditions.length + 1;
}

/** Splits filters into groups within both bounds. */
export function groupFilters<T extends readonly FilterCondition[]>(filters: T[]): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let parameters = 1;
  for (const filter of filters) {
    const cost = parameterCount(filter);
    if (
      group.length > 0 &&
      (group.length >= FILTERS_PER_QUERY || parameters + cost > PARAMETERS_PER_QUERY)
    ) {
      groups.push(group);
      group = [];
      parameters = 1;
    }
    group.push(filter);
    parameters += cost;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

async function evaluateGroup(
  db: Database,
  info: TableInfo,
  subjects: string,
  group: readonly (readonly FilterCondition[])[],
): Promise<boolean[][]> {
  const params: unknown[] = [subjects];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const columns = group.map((conditions) => compileFilter([...conditions], info, param));
  // An ARRAY constructor, not a function call: it takes any number of elements.
  const { rows } = await db.query<{ results: string }>(
    `select coalesce(json_agg(array[${columns.join(', ')}]::boolean[] order by e.ord), '[]')::text
       as results
     from jsonb_array_elements($1::jsonb) with ordinality as e(rec, ord)
     cross join lateral jsonb_populate_record(null::${quoteQualified(info.schema, info.table)}, e.rec) as r`,
    params,
  );
  const matrix = JSON.parse(rows[0]?.results ?? '[]') as (boolean | null)[][];
  return group.map((_, column) => matrix.map((row) => row[column] === true));
}

/** Evaluates every distinct filter over the subjects. */
export async function evaluateFilters(
  db: Database,
  info: TableInfo,
  subjects: readonly Record<string, unknown>[],
  filters: readonly (readonly FilterCondition[])[],
): Promise<FilterResults> {
  const results: FilterResults = { passes: new Map(), failed: new Map() };
  const distinct = new Map<string, readonly FilterCondition[]>();
  for (const conditions of filters) {
    if (conditions.length > 0) distinct.set(filterKey(conditions), conditions);
  }
  if (distinct.size === 0) return results;
  const json = JSON.stringify(subjects);
  for (const group of groupFilters([...distinct.values()])) {
    try {
      const matrix = await evaluateGroup(db, info, json, group);
      group.forEach((conditions, index) => {
        results.passes.set(filterKey(conditions), matrix[index] ?? []);
      });
    } catch {
      for (const conditions of group) {
        try {
          const [passes] = await evaluateGroup(db, info, json, [conditions]);
          results.passes.set(filterKey(conditions), passes ?? []);
        } catch (error) {
          results.failed.set(filterKey(conditions), (error as Error).message);
        }
      }
    }
  }
  return results;
}
